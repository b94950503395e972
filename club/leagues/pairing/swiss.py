"""Two-player Swiss pairing by maximum-weight matching (networkx's blossom algorithm).

Every pair of players, and each player with the bye when the count is odd, is an edge whose cost
orders, most important first:

1. rematches: how often the two already met (so no rematch while a rematch-free pairing exists);
2. the bye: pairing byes the player already had (no second bye while avoidable), then how many
   score groups above the lowest the player is (the bye goes to the lowest score group);
3. score groups: the square of the distance between the two players' score groups (groups stay
   together; a floater goes to the next group rather than two away);
4. first seat: how far both players would be pushed the same way (both have had more first seats
   than second seats, or both fewer).

Each tier's unit is larger than the most every lower tier can add up to over a whole round, so the
matching of least total cost (the maximum-weight perfect matching, weight = a constant - cost) is
the best by tier 1, then 2, and so on. Ties are broken by the order the players are given to the
matching, shuffled by the seed (a per-edge random tie-break would make the matching 10 times
slower: it has to tell apart many more distinct weights). The first seat of a table goes to the
player with fewer first seats than second seats so far (then the one who was second last time,
then the seed).
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Final

from club.leagues.pairing.model import (
    History,
    Pairing,
    PlayerId,
    Reason,
    first_seats,
    fmt_points,
    last_first,
    mention,
    pairing_byes,
    scores,
)
from club.leagues.pairing.ties import mix, tie
from engine.words import Unit

TABLES = Unit("table")
BYE: Final = "bye"
"""The matching's node for the bye (players are ints)."""
Node = PlayerId | str
NEAR = 2
"""Score groups apart an edge may be in the second matching tried (see `_best`)."""
CANDIDATES = 3
"""Partners a player has in each score group in the first matching tried (see `_best`)."""


@dataclass(frozen=True)
class Field:
    """What the pairing knows of each player before the round."""

    players: tuple[PlayerId, ...]
    """Sorted."""
    score: dict[PlayerId, float]
    group: dict[PlayerId, int]
    """Score group, 0 the highest."""
    groups: int
    met: dict[PlayerId, Counter[PlayerId]]
    """Tables each player shared with each other player."""
    byes: Counter[PlayerId]
    first: Counter[PlayerId]
    """Tables played in the first seat."""
    balance: dict[PlayerId, int]
    """First seats minus second seats."""
    last_first: dict[PlayerId, bool]
    """Whether the player's latest table had them in the first seat."""

    @classmethod
    def read(cls, players: Sequence[PlayerId], history: History) -> Field:
        """The field of `players` after `history`."""
        ordered = tuple(sorted(set(players)))
        total = scores(history)
        score = {player: total[player] for player in ordered}
        levels = sorted(set(score.values()), reverse=True)
        first, games = first_seats(history)
        return cls(
            players=ordered,
            score=score,
            group={player: levels.index(score[player]) for player in ordered},
            groups=len(levels),
            met=_opponents(history),
            byes=pairing_byes(history),
            first=first,
            balance={player: 2 * first[player] - games[player] for player in ordered},
            last_first=last_first(history),
        )

    def rematches(self, a: PlayerId, b: PlayerId) -> int:
        """Tables `a` and `b` shared before."""
        met = self.met.get(a)
        return met.get(b, 0) if met else 0

    def bye_cost(self, player: PlayerId) -> int:
        """Previous pairing byes first, then score groups above the lowest."""
        return self.byes[player] * self.groups + (self.groups - 1 - self.group[player])

    def spread(self, a: PlayerId, b: PlayerId) -> int:
        """Square of the score groups between `a` and `b`."""
        return (self.group[a] - self.group[b]) ** 2

    def colour_cost(self, a: PlayerId, b: PlayerId) -> int:
        """How far both would be pushed the same way: 0 when one is due the first seat and the
        other the second (or either is even)."""
        return _pushed(self.balance[a], self.balance[b])


def _pushed(mine: int, theirs: int) -> int:
    """How far two players of first-seat balances `mine` and `theirs` would both be pushed the
    same way: the smaller excess when both are positive or both negative, else 0."""
    if mine > 0 and theirs > 0:
        return min(mine, theirs)
    if mine < 0 and theirs < 0:
        return -max(mine, theirs)
    return 0


def _opponents(history: History) -> dict[PlayerId, Counter[PlayerId]]:
    """Tables each player shared with each other player."""
    met: defaultdict[PlayerId, Counter[PlayerId]] = defaultdict(Counter)
    for table in history.played:
        for i, a in enumerate(table.seats):
            shared = met[a]
            for j, b in enumerate(table.seats):
                if i != j:
                    shared[b] += 1
    return dict(met)


@dataclass(frozen=True)
class Costs:
    """Each tier's unit (see the module's docstring)."""

    colour: int
    score: int
    bye: int
    rematch: int
    top: int
    """More than any one edge can cost: weight = top - cost."""

    @classmethod
    def of(cls, field: Field) -> Costs:
        """Units large enough for `field`'s round."""
        edges = (len(field.players) + 1) // 2
        most_colour = max((abs(value) for value in field.balance.values()), default=0)
        most_bye = max((field.bye_cost(player) for player in field.players), default=0)
        most_met = max((max(met.values()) for met in field.met.values()), default=0)
        colour = 1
        score = colour * (edges * most_colour + 1)
        bye = score * (edges * (field.groups - 1) ** 2 + 1)
        rematch = bye * (most_bye + 1)
        return cls(colour, score, bye, rematch, rematch * (most_met + 1))


def _cost(field: Field, costs: Costs, a: PlayerId, b: Node) -> int:
    """The cost of the edge `a`-`b` (`b` may be the bye)."""
    if b == BYE:
        return costs.bye * field.bye_cost(a)
    assert isinstance(b, int)
    return (
        costs.rematch * field.rematches(a, b)
        + costs.score * field.spread(a, b)
        + costs.colour * field.colour_cost(a, b)
    )


Edge = tuple[PlayerId, Node]


def _match(field: Field, rank: Mapping[PlayerId, int], edges: Iterable[Edge]) -> list[Edge] | None:
    """The least-cost perfect matching over `edges` (players and, with an odd count, the bye),
    each pair as (player, other) in a sorted list; None when `edges` have no perfect one.
    `rank`: each player's seeded tie-break."""
    costs = Costs.of(field)
    order = sorted(field.players, key=lambda player: (rank[player], player))
    nodes: list[Node] = list(order)
    if len(nodes) % 2:
        nodes.append(BYE)
    # float weights spare networkx its final check of the duals (kept for int weights), 15% of
    # the time; they are exact while every sum of weights stays below 2**53
    kind = float if costs.top * len(nodes) < 2**52 else int
    import networkx as nx  # here, not at import: it weighs about 20 MiB in every bot process

    graph: nx.Graph[Node] = nx.Graph()
    graph.add_nodes_from(nodes)
    graph.add_weighted_edges_from(
        (a, b, kind(costs.top - _cost(field, costs, a, b))) for a, b in dict.fromkeys(edges)
    )
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    if 2 * len(matching) < len(nodes):
        return None
    found: list[Edge] = []
    for a, b in matching:
        player, other = (a, b) if isinstance(a, int) else (b, a)
        assert isinstance(player, int)
        found.append(
            (other, player) if isinstance(other, int) and other < player else (player, other)
        )
    return sorted(found, key=lambda edge: edge[0])


def _all_edges(field: Field, near: int | None) -> Iterator[Edge]:
    """Every edge (`near` None), or the rematch-free ones at most `near` groups apart; with an
    odd count every bye edge."""
    group = field.group
    for i, a in enumerate(field.players):
        met: Mapping[PlayerId, int] = field.met.get(a, {})
        for b in field.players[i + 1 :]:
            if near is None or not (met.get(b) or abs(group[a] - group[b]) > near):
                yield a, b
    if len(field.players) % 2:
        yield from ((player, BYE) for player in field.players)


def _candidate_edges(field: Field, rank: Mapping[PlayerId, int]) -> Iterator[Edge]:
    """A few edges a player: in each score group at most one apart, to `CANDIDATES`
    rematch-free partners chosen by the seed (`rank`: each player's seeded tie-break) and to as
    many that balance first seats best; and the bye edges of the players with the least bye
    cost."""
    members: list[list[PlayerId]] = [[] for _ in range(field.groups)]
    for player in field.players:
        members[field.group[player]].append(player)
    balance = field.balance
    for a in field.players:
        met: Mapping[PlayerId, int] = field.met.get(a, {})
        mine, due = rank[a], balance[a]
        at = field.group[a]
        for group in members[max(at - 1, 0) : at + 2]:
            partners = [b for b in group if b != a and not met.get(b)]
            partners.sort(key=lambda b: (mix(mine ^ rank[b]), b))
            chosen = partners[:CANDIDATES]
            if due:  # else no partner pushes `a` either way: the seed's choice is as good
                chosen += sorted(partners, key=lambda b: _pushed(due, balance[b]))[:CANDIDATES]
            yield from ((min(a, b), max(a, b)) for b in chosen)
    if len(field.players) % 2:
        least = min(field.bye_cost(player) for player in field.players)
        yield from ((p, BYE) for p in field.players if field.bye_cost(p) == least)


def _spread(field: Field, matching: list[Edge]) -> int:
    """The matching's score tier: squared group distances summed."""
    return sum(field.spread(a, b) for a, b in matching if isinstance(b, int))


def _least_spread(field: Field, matching: list[Edge]) -> int:
    """A lower bound on the score tier of any pairing with the same bye: every cut between two
    neighbouring score groups with an odd count of players above it is crossed by an edge, and
    an edge d groups long costs d * d >= d."""
    counts = [0] * field.groups
    for player in field.players:
        counts[field.group[player]] += 1
    for a, b in matching:
        if b == BYE:
            counts[field.group[a]] -= 1
    return sum(sum(counts[: cut + 1]) % 2 for cut in range(field.groups - 1))


def _best(field: Field, rank: Mapping[PlayerId, int]) -> list[Edge]:
    """The least-cost pairing, from the first of three matchings that is certainly the best
    (`rank`: each player's seeded tie-break).

    1. Among `_candidate_edges`: kept when its score tier reaches `_least_spread` (it has no
       rematch and the least bye cost by construction, and a lower score tier is impossible).
    2. Among the rematch-free edges at most `NEAR` groups apart: kept when it has the least bye
       cost and a score tier lower than any pairing with a longer edge can have. An edge d
       groups long costs d * d, which is d + (d * d - d): such a pairing costs at least
       `_least_spread` + (NEAR + 1) * NEAR, and at least (NEAR + 1) ** 2.
    3. Among every edge.
    """
    found = _match(field, rank, _candidate_edges(field, rank))
    if found is not None and _spread(field, found) == _least_spread(field, found):
        return found
    found = _match(field, rank, _all_edges(field, NEAR))
    least_bye = min((field.bye_cost(player) for player in field.players), default=0)
    if found is not None and all(field.bye_cost(a) == least_bye for a, b in found if b == BYE):
        longer = max((NEAR + 1) ** 2, _least_spread(field, found) + (NEAR + 1) * NEAR)
        if _spread(field, found) < longer:
            return found
    found = _match(field, rank, _all_edges(field, None))
    assert found is not None, "a complete graph with an even node count has a perfect matching"
    return found


def _seated(
    field: Field, rank: Mapping[PlayerId, int], a: PlayerId, b: PlayerId
) -> tuple[PlayerId, PlayerId]:
    """The two in seat order: the one due the first seat first (`rank`: each player's seeded
    tie-break)."""

    def key(player: PlayerId) -> tuple[int, bool, int]:
        return (field.balance[player], field.last_first.get(player, False), rank[player])

    return (a, b) if key(a) <= key(b) else (b, a)


def pair_swiss(players: Sequence[PlayerId], history: History, *, seed: int) -> Pairing:
    """One Swiss round of `players` (duplicates ignored, order irrelevant) after `history`.

    Deterministic: the same players, history and seed give the same pairing (see `_best`).
    """
    field = Field.read(players, history)
    rank = {player: tie(seed, player) for player in field.players}
    found = _best(field, rank)
    tables: list[tuple[PlayerId, PlayerId]] = []
    byes: list[PlayerId] = []
    for a, b in found:
        assert isinstance(a, int)
        if isinstance(b, int):
            tables.append(_seated(field, rank, a, b))
        else:
            byes.append(a)
    tables.sort(key=lambda table: (min(field.group[p] for p in table), table))
    reasons = {
        **{player: _reason(field, table, player, byes) for table in tables for player in table},
        **{player: _bye_reason(field, player) for player in byes},
    }
    return Pairing(tables=tuple(tables), byes=tuple(byes), reasons=reasons)


def _group_part(field: Field, player: PlayerId) -> str:
    return f"score group {fmt_points(field.score[player])}"


def _avoided(field: Field, player: PlayerId, away: Sequence[PlayerId]) -> list[str]:
    """ "avoided a rematch with ..." for the players of the same score group already met (but
    those in `away`: the opponent and the bye)."""
    met: Mapping[PlayerId, int] = field.met.get(player, {})
    names = [
        mention(other)
        for other in sorted(met)
        if other != player
        and other not in away
        and field.group.get(other) == field.group[player]
        and met[other]
    ]
    return [f"avoided a rematch with {', '.join(names)}"] if names else []


def _reason(
    field: Field, table: tuple[PlayerId, PlayerId], player: PlayerId, byes: Sequence[PlayerId]
) -> Reason:
    """Why `player` sits at `table` (`byes`: who has the bye)."""
    opponent = table[1] if table[0] == player else table[0]
    parts = [_group_part(field, player)]
    if field.group[opponent] != field.group[player]:
        way = "down" if field.group[opponent] > field.group[player] else "up"
        parts.append(f"paired {way} against score group {fmt_points(field.score[opponent])}")
    times = field.rematches(player, opponent)
    if times:
        parts.append(f"rematch with {mention(opponent)}: no pairing without one exists")
    parts += _avoided(field, player, (opponent, *byes))
    first = field.first[player]
    tables = first * 2 - field.balance[player]
    seat = "first" if table[0] == player else "second"
    parts.append(f"{seat} seat (first seat in {first} of {TABLES.of(tables)} so far)")
    return Reason(tuple(parts))


def _bye_reason(field: Field, player: PlayerId) -> Reason:
    """Why `player` has the bye."""
    lowest = field.group[player] == field.groups - 1
    if field.byes[player]:
        why = "bye: every player who could take it without a rematch elsewhere already had one"
    elif lowest:
        why = "bye: lowest score without a previous bye"
    else:
        below = [p for p in field.players if field.group[p] > field.group[player]]
        if all(field.byes[p] for p in below):
            why = "bye: lowest score without a previous bye (everyone below had one)"
        else:
            why = "bye: a bye lower down would force a rematch"
    return Reason((_group_part(field, player), why))
