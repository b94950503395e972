"""What the pairing works from and gives back: the rounds played so far (`History`), one round's
tables (`Pairing`) with a one-line `Reason` per player, and the facts read from a history
(scores, who met whom, byes, first seats).

Player ids are Discord user ids. Points are event points: Swiss and round robin 1 for a win,
0.5 for a draw, 0 for a loss; table Swiss by finishing place (`tables.place_points`).
"""

from __future__ import annotations

import math
import re
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field

PlayerId = int

BYE_POINTS = 1.0
"""Points a pairing bye scores in Swiss and round robin (a win, as FIDE's pairing-allocated bye)."""


@dataclass(frozen=True)
class Played:
    """One finished table of a past round (ended by the game, the deadline or a forfeit)."""

    round: int
    """1-based."""
    seats: tuple[PlayerId, ...]
    """Seat order, first seat first."""
    points: tuple[float, ...]
    """Event points each seat earned, in seat order."""


@dataclass(frozen=True)
class Bye:
    """A round a player did not play. `points` > 0 is a pairing bye (it counts for the rule "no
    second bye"); 0 is an absence (a late join, a missed round), which does not."""

    round: int
    player: PlayerId
    points: float


@dataclass(frozen=True)
class History:
    """Every past round of an event."""

    played: tuple[Played, ...] = ()
    byes: tuple[Bye, ...] = ()


_MENTION = re.compile(r"\{p:(\d+)\}")


@dataclass(frozen=True)
class Reason:
    """Why a player got this pairing, for `/league why`: parts joined by "; ", in which `{p:ID}`
    stands for a player's name."""

    parts: tuple[str, ...]

    def text(self, name_of: Callable[[PlayerId], str]) -> str:
        """The line with every `{p:ID}` replaced by `name_of(ID)`."""
        return _MENTION.sub(lambda match: name_of(int(match.group(1))), "; ".join(self.parts))


@dataclass(frozen=True)
class Pairing:
    """One round: the tables (seat order, first seat first), the players with a bye, and one
    reason per player of either."""

    tables: tuple[tuple[PlayerId, ...], ...]
    byes: tuple[PlayerId, ...]
    reasons: Mapping[PlayerId, Reason] = field(default_factory=dict)


@dataclass(frozen=True)
class Standing:
    """One line of the standings: `rank` is shared by players equal on score and tie-breaks."""

    player: PlayerId
    rank: int
    score: float
    tiebreaks: tuple[tuple[str, float], ...]
    played: int
    """Tables played (byes not counted)."""


def mention(player: PlayerId) -> str:
    """The placeholder `Reason.text` fills with the player's name."""
    return f"{{p:{player}}}"


def fmt_points(points: float) -> str:
    """`3`, `2.5`, `0.333`: points as a person reads them."""
    return f"{points:.3f}".rstrip("0").rstrip(".")


def scores(history: History) -> defaultdict[PlayerId, float]:
    """Each player's event points: tables and byes (0 for anyone else). Summed exactly rounded
    (`math.fsum`), so the order of the history never changes a score in its last bit."""
    earned: defaultdict[PlayerId, list[float]] = defaultdict(list)
    for table in history.played:
        for player, points in zip(table.seats, table.points, strict=True):
            earned[player].append(points)
    for bye in history.byes:
        earned[bye.player].append(bye.points)
    total: defaultdict[PlayerId, float] = defaultdict(float)
    total.update((player, math.fsum(points)) for player, points in earned.items())
    return total


def meetings(history: History) -> Counter[tuple[PlayerId, PlayerId]]:
    """How often each pair (lower id first) shared a table."""
    met: Counter[tuple[PlayerId, PlayerId]] = Counter()
    for table in history.played:
        met.update(pairs(table.seats))
    return met


def pairs(seats: Iterable[PlayerId]) -> list[tuple[PlayerId, PlayerId]]:
    """Every pair of `seats`, lower id first."""
    ordered = sorted(seats)
    return [(a, b) for i, a in enumerate(ordered) for b in ordered[i + 1 :]]


def pairing_byes(history: History) -> Counter[PlayerId]:
    """Pairing byes (points > 0) per player."""
    return Counter(bye.player for bye in history.byes if bye.points > 0)


def first_seats(history: History) -> tuple[Counter[PlayerId], Counter[PlayerId]]:
    """Per player: tables played in the first seat, and tables played."""
    first: Counter[PlayerId] = Counter()
    games: Counter[PlayerId] = Counter()
    for table in history.played:
        first[table.seats[0]] += 1
        games.update(table.seats)
    return first, games


def last_first(history: History) -> dict[PlayerId, bool]:
    """Whether each player's latest table had them in the first seat."""
    last: dict[PlayerId, bool] = {}
    for table in sorted(history.played, key=lambda table: table.round):
        for seat, player in enumerate(table.seats):
            last[player] = seat == 0
    return last
