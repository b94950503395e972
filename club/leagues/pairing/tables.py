"""Table Swiss for 3-10-player games: the players split into tables of allowed sizes by a seeded,
deterministic local search.

Table sizes: the fewest players left out (byes), then the fewest tables, then sizes as even as
possible (least sum of squares), larger tables first. Byes go to the players with the fewest
previous pairing byes, the lowest scores among them (no second bye while a player has none).

A seating's cost, over every two players at one table: `REPEAT` times the tables they already
shared, plus the difference of their scores (in thousandths of a point). The search starts from
the tables sliced by standings, swaps two players of different tables while a swap lowers the
cost (in a seeded order), then `KICKS` times swaps a few players at random and keeps the result
when it is cheaper. The first seat goes to the player with the fewest first seats so far (then the
one not first last time, then the seed); the others follow in the same order.
"""

from __future__ import annotations

import copy
import random
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from functools import cache

from club.leagues.pairing.model import (
    History,
    Pairing,
    PlayerId,
    Reason,
    first_seats,
    fmt_points,
    last_first,
    meetings,
    mention,
    pairing_byes,
    scores,
)
from club.leagues.pairing.swiss import TABLES
from club.leagues.pairing.ties import tie

REPEAT = 10**9
"""Cost of two players sharing a table again: more than any seating's score spread."""
KICKS = 10
"""Random perturbations tried after the first local optimum."""
KICKED = 3
"""Swaps in one perturbation."""
EXACT = 2**53
"""Floats hold every integer up to this exactly."""


def table_sizes(count: int, sizes: Sequence[int]) -> tuple[int, ...]:
    """The sizes of the tables for `count` players (see the module's docstring); their sum is
    `count` less the byes."""
    allowed = tuple(sorted({size for size in sizes if size >= 2}, reverse=True))
    if not allowed:
        raise ValueError(f"table sizes must be 2 or more, not {tuple(sizes)}")
    for seated in range(count, -1, -1):
        best = _composition(seated, allowed)
        if best is not None:
            return best
    return ()


@cache
def _composition(total: int, allowed: tuple[int, ...]) -> tuple[int, ...] | None:
    """Fewest tables, then least sum of squares, summing to `total`; None when none does."""
    if total == 0:
        return ()
    options = []
    for size in allowed:
        if size <= total:
            rest = _composition(total - size, allowed)
            if rest is not None:
                found = tuple(sorted((size, *rest), reverse=True))
                options.append((len(found), sum(s * s for s in found), found))
    return min(options)[2] if options else None


class Seating:
    """A partition of players (0 to n - 1) into tables with each player's cost to every table,
    kept current under swaps."""

    def __init__(self, tables: list[list[int]], cost: list[list[float]]) -> None:
        self.tables = tables
        self.cost = cost
        self.where = [0] * len(cost)
        for t, table in enumerate(tables):
            for p in table:
                self.where[p] = t
        self.to = [[sum([row[q] for q in table]) for table in tables] for row in cost]

    def copy(self) -> Seating:
        """An independent seating with the same tables (the costs shared)."""
        twin = copy.copy(self)
        twin.tables = [list(table) for table in self.tables]
        twin.where = list(self.where)
        twin.to = [list(row) for row in self.to]
        return twin

    def total(self) -> float:
        """Sum of the pair costs within every table."""
        to = self.to
        return sum(to[p][t] for t, table in enumerate(self.tables) for p in table) // 2

    def swap(self, p: int, q: int) -> None:
        """Swap `p` and `q` between their tables."""
        where = self.where
        a, b = where[p], where[q]
        table_a, table_b = self.tables[a], self.tables[b]
        table_a[table_a.index(p)] = q
        table_b[table_b.index(q)] = p
        where[p], where[q] = b, a
        for to_x, row in zip(self.to, self.cost, strict=True):
            moved = row[q] - row[p]
            to_x[a] += moved
            to_x[b] -= moved

    def descend(self, order: list[int]) -> None:
        """Swap while any swap lowers the total, trying players in `order`. Swapping `p` and `q`
        (at tables a and b) lowers it by to[p][a] + to[q][b] + 2 cost[p][q] - to[p][b] - to[q][a].
        A pass that has swapped nothing yet stops after the row of the previous pass's last swap:
        the rows after it were tried in this very seating."""
        where, to, cost = self.where, self.to, self.cost
        last = len(order)
        while True:
            swapped = None
            for i, p in enumerate(order):
                if swapped is None and i > last:
                    return
                to_p, cost_p = to[p], cost[p]
                a = where[p]
                for q in order[i + 1 :]:
                    b = where[q]
                    if b != a:
                        to_q = to[q]
                        if to_p[a] + to_q[b] + cost_p[q] + cost_p[q] > to_p[b] + to_q[a]:
                            self.swap(p, q)
                            a = b
                            swapped = i
            if swapped is None:
                return
            last = swapped


def _search(start: list[list[int]], cost: list[list[int]], seed: int) -> list[list[int]]:
    """The cheapest seating found from `start` (see the module's docstring)."""
    rng = random.Random(seed)
    order = [p for table in start for p in table]
    rng.shuffle(order)
    seating = Seating([list(table) for table in start], _exact_floats(cost))
    if len(start) < 2:
        return seating.tables
    seating.descend(order)
    best, best_total = seating.copy(), seating.total()
    for _ in range(KICKS):
        for _ in range(KICKED):
            a, b = rng.sample(range(len(seating.tables)), 2)
            seating.swap(rng.choice(seating.tables[a]), rng.choice(seating.tables[b]))
        seating.descend(order)
        total = seating.total()
        if total < best_total:
            best, best_total = seating.copy(), total
        else:
            seating = best.copy()
    return best.tables


def _exact_floats(cost: list[list[int]]) -> list[list[float]]:
    """`cost` as floats, which Python adds faster than integers of over 30 bits, when every sum
    the search forms stays exact (below `EXACT`): a table's cost to a player is at most n costs, a
    swap's gain 6 n and the total n * n; else as integers."""
    n = len(cost)
    top = max((max(row) for row in cost), default=0)
    kind: Callable[[int], float] = float if 6 * n * n * top < EXACT else int
    return [[kind(c) for c in row] for row in cost]


def seat_tables(
    players: Sequence[PlayerId], history: History, *, seed: int, sizes: Sequence[int]
) -> Pairing:
    """One table-Swiss round of `players` (duplicates ignored, order irrelevant) at tables of the
    allowed `sizes` (Martian Merchants (3, 4); Mars vs. Earth 5 to 10)."""
    ordered = sorted(set(players))
    score = scores(history)
    byes_had = pairing_byes(history)
    layout = table_sizes(len(ordered), sizes)
    out = len(ordered) - sum(layout)
    ties = {p: tie(seed, p) for p in ordered}
    by_bye = sorted(ordered, key=lambda p: (byes_had[p], score[p], ties[p]))
    byes = sorted(by_bye[:out])
    seated = sorted((p for p in ordered if p not in byes), key=lambda p: (-score[p], ties[p]))
    met = meetings(history)
    index = {p: i for i, p in enumerate(seated)}
    cost = _pair_costs(seated, index, score, met)
    start, at = [], 0
    for size in layout:
        start.append([index[p] for p in seated[at : at + size]])
        at += size
    found = [[seated[i] for i in table] for table in _search(start, cost, seed)]
    first, games = first_seats(history)
    last = last_first(history)
    tables = [
        tuple(sorted(table, key=lambda p: (first[p], last.get(p, False), ties[p])))
        for table in found
    ]
    tables.sort(key=lambda table: (-max(score[p] for p in table), table))
    reasons = {
        player: _reason(table, player, score, met, first[player], games[player])
        for table in tables
        for player in table
    }
    for player in byes:
        why = "bye: the players cannot all sit at tables of the allowed sizes"
        reasons[player] = Reason(
            (f"score {fmt_points(score[player])}", f"{why}; fewest byes, then lowest score")
        )
    return Pairing(tables=tuple(tables), byes=tuple(byes), reasons=reasons)


def _pair_costs(
    seated: Sequence[PlayerId],
    index: Mapping[PlayerId, int],
    score: Mapping[PlayerId, float],
    met: Counter[tuple[PlayerId, PlayerId]],
) -> list[list[int]]:
    """The cost of each two of `seated` (see the module's docstring) by their `index`: the score
    differences, then `REPEAT` added for every table shared (0 for a player and themself)."""
    points = [score[p] for p in seated]
    cost = [
        [0 if i == j else round(1000 * abs(mine - theirs)) for j, theirs in enumerate(points)]
        for i, mine in enumerate(points)
    ]
    for (a, b), times in met.items():
        if a != b and a in index and b in index:
            cost[index[a]][index[b]] += REPEAT * times
            cost[index[b]][index[a]] += REPEAT * times
    return cost


def _reason(
    table: tuple[PlayerId, ...],
    player: PlayerId,
    score: Mapping[PlayerId, float],
    met: Counter[tuple[PlayerId, PlayerId]],
    first: int,
    games: int,
) -> Reason:
    """Why `player` sits at `table`."""
    low = min(score[p] for p in table)
    high = max(score[p] for p in table)
    parts = [
        f"score {fmt_points(score[player])}",
        f"table of scores {fmt_points(low)} to {fmt_points(high)}",
    ]
    again = [mention(p) for p in table if p != player and met[min(p, player), max(p, player)]]
    if again:
        parts.append(f"met {', '.join(again)} before: the seating with fewest repeats found")
    else:
        parts.append("no repeat opponent")
    seat = "first seat" if table[0] == player else f"seat {table.index(player) + 1}"
    parts.append(f"{seat} (first seat in {first} of {TABLES.of(games)} so far)")
    return Reason(tuple(parts))
