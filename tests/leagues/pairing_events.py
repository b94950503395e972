"""Random two-player event histories for the pairing tests, and the facts a test checks a pairing
against, computed here from the history alone (not with the pairing's own helpers).

A history is made by a greedy pairer (the one Swiss programs are warned against): sort by score,
give the bye to the lowest player without one, pair each player with the next one not yet met.
Results are random (win, draw, loss); players drop and join late; a late joiner has 0-point
absences for the rounds missed.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from functools import cached_property

from club.leagues.pairing import BYE_POINTS, Bye, History, Pairing, Played, PlayerId

RESULTS = ((1.0, 0.0), (0.5, 0.5), (0.0, 1.0))


@dataclass(frozen=True)
class Facts:
    """What a pairing of `players` after a history is judged by."""

    players: tuple[PlayerId, ...]
    score: dict[PlayerId, float]
    met: Counter[frozenset[PlayerId]]
    byes: Counter[PlayerId]
    """Pairing byes (points > 0)."""
    due: Counter[PlayerId]
    """First seats less second seats."""

    @classmethod
    def of(cls, players: Sequence[PlayerId], history: History) -> Facts:
        score: dict[PlayerId, float] = dict.fromkeys(players, 0.0)
        met: Counter[frozenset[PlayerId]] = Counter()
        for table in history.played:
            met[frozenset(table.seats)] += 1
            for player, points in zip(table.seats, table.points, strict=True):
                if player in score:
                    score[player] += points
        due: Counter[PlayerId] = Counter()
        for table in history.played:
            due[table.seats[0]] += 1
            due[table.seats[1]] -= 1
        byes: Counter[PlayerId] = Counter()
        for bye in history.byes:
            if bye.player in score:
                score[bye.player] += bye.points
                byes[bye.player] += bye.points > 0
        return cls(tuple(sorted(players)), score, met, byes, due)

    def rematches(self, tables: Sequence[Sequence[PlayerId]]) -> int:
        return sum(self.met[frozenset(table)] for table in tables)

    def clash(self, a: PlayerId, b: PlayerId) -> int:
        """How far a table of `a` and `b` must push a player the wrong way: both had more first
        seats than second (or both fewer), by the smaller excess."""
        if self.due[a] > 0 and self.due[b] > 0:
            return min(self.due[a], self.due[b])
        if self.due[a] < 0 and self.due[b] < 0:
            return min(-self.due[a], -self.due[b])
        return 0

    def level(self, player: PlayerId) -> int:
        """Score groups above the lowest."""
        return len(self.groups) - 1 - self.group(player)

    def group(self, player: PlayerId) -> int:
        """Score group, 0 the highest."""
        return self.groups[self.score[player]]

    @cached_property
    def groups(self) -> dict[float, int]:
        """Each score a player has, and its score group: how many higher scores players have."""
        return {s: i for i, s in enumerate(sorted(set(self.score.values()), reverse=True))}


def greedy(players: Sequence[PlayerId], history: History) -> Pairing:
    """The greedy Swiss pairer described in the module's docstring."""
    facts = Facts.of(players, history)
    order = sorted(facts.players, key=lambda p: (-facts.score[p], p))
    byes: list[PlayerId] = []
    if len(order) % 2:
        fresh = [p for p in reversed(order) if not facts.byes[p]] or [order[-1]]
        byes.append(fresh[0])
        order.remove(fresh[0])
    tables = []
    while order:
        a = order.pop(0)
        b = next((p for p in order if not facts.met[frozenset((a, p))]), order[0])
        order.remove(b)
        tables.append((a, b))
    return Pairing(tuple(tables), tuple(byes), {})


def record(history: History, pairing: Pairing, round_number: int, rng: random.Random) -> History:
    """`history` with the round `pairing` played, random results, byes scoring `BYE_POINTS`."""
    played = tuple(Played(round_number, t, rng.choice(RESULTS)) for t in pairing.tables)
    byes = tuple(Bye(round_number, p, BYE_POINTS) for p in pairing.byes)
    return History(history.played + played, history.byes + byes)


Pairer = Callable[[Sequence[PlayerId], History], Pairing]


def event_rounds(
    rng: random.Random, low: int, high: int, pair: Pairer, share: float
) -> Iterator[tuple[list[PlayerId], History, Pairing]]:
    """Each round of a random event of `low` to `high` players at most (a few drop on the way,
    some join late with 0-point absences for the rounds they missed) and 3 to 9 rounds paired
    by `pair`: its players, the history before it and the pairing. A `share` of the rounds is
    paired by `greedy` instead (and not yielded), so that the histories have the rematches and
    byes a poor pairing leaves."""
    count = rng.randint(low, high)
    ids = rng.sample(range(10**17, 10**18), count)
    late = rng.randint(0, count // 4)
    active, waiting = ids[: count - late], ids[count - late :]
    history = History()
    for round_number in range(1, rng.randint(3, 9) + 1):
        if waiting and round_number > 1 and rng.random() < 0.5:
            active.append(waiting.pop())
            absent = tuple(Bye(r, active[-1], 0.0) for r in range(1, round_number))
            history = History(history.played, history.byes + absent)
        if len(active) > max(low, 4) and rng.random() < 0.2:
            active.remove(rng.choice(active))
        if rng.random() < share:
            pairing = greedy(active, history)
        else:
            pairing = pair(active, history)
            yield list(active), history, pairing
        history = record(history, pairing, round_number, rng)


def random_event(rng: random.Random, low: int, high: int) -> tuple[list[PlayerId], History]:
    """The players of the last round of a random event paired by `greedy` (see `event_rounds`)
    and the history before it: 2 to 8 rounds played."""
    *_, (players, history, _last) = event_rounds(rng, low, high, greedy, 0.0)
    return players, history


def matchings(nodes: Sequence[PlayerId | None]) -> Iterator[list[tuple[PlayerId | None, ...]]]:
    """Every perfect matching of `nodes` (None is the bye)."""
    if not nodes:
        yield []
        return
    first, rest = nodes[0], nodes[1:]
    for i, other in enumerate(rest):
        for tail in matchings(rest[:i] + rest[i + 1 :]):
            yield [(first, other), *tail]
