"""Event standings and the points a table's finishing places score.

Score: the event points of every table and bye. Swiss and round robin: 1 a win, 0.5 a draw, 0 a
loss, `BYE_POINTS` a pairing bye. Table Swiss: points by finishing place (`place_points`): the
finishing groups of a table (players tied share a group) score from 1 for the first group down to
0 for the last, evenly spaced: 4 players in 4 places score 1, 2/3, 1/3, 0; 3 players 1, 0.5, 0;
a team game's winners 1 and losers 0; a table where everyone ties 0.5 each.

Tie-breaks, in order, higher first:
- Swiss and round robin: Buchholz (the sum of the final scores of every opponent met), then
  Sonneborn-Berger (the sum, over the tables played, of the points earned times that opponent's
  final score: a win counts the opponent's score, a draw half of it). Byes add to neither.
- Table Swiss: firsts (tables finished in the first group), then opponents (the sum, over the
  tables played, of the mean final score of the others at the table).
Players equal on score and every tie-break share a rank (listed by id).
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Mapping, Sequence

from club.leagues.pairing.model import History, Played, PlayerId, Standing, scores

FORMATS = ("swiss", "round_robin", "table_swiss")


def place_points(places: Sequence[int]) -> tuple[float, ...]:
    """Points for each seat of a table from its finishing place (1 the best; equal places tie):
    see the module's docstring."""
    groups = sorted(set(places))
    if len(groups) == 1:
        return tuple(0.5 for _ in places)
    last = len(groups) - 1
    return tuple((last - groups.index(place)) / last for place in places)


def _seat(table: Played, player: PlayerId) -> tuple[float, list[PlayerId]]:
    """`player`'s points at `table` and the others seated there."""
    return table.points[table.seats.index(player)], [p for p in table.seats if p != player]


def _two_player(
    score: Mapping[PlayerId, float], table: Played, player: PlayerId
) -> dict[str, float]:
    """Buchholz and Sonneborn-Berger this table adds for `player`."""
    mine, others = _seat(table, player)
    return {
        "Buchholz": sum(score[p] for p in others),
        "Sonneborn-Berger": sum(mine * score[p] for p in others),
    }


def _multi_player(
    score: Mapping[PlayerId, float], table: Played, player: PlayerId
) -> dict[str, float]:
    """Firsts and opponents this table adds for `player`."""
    mine, others = _seat(table, player)
    return {
        "firsts": float(mine == max(table.points)),
        "opponents": sum(score[p] for p in others) / len(others) if others else 0.0,
    }


def standings(players: Sequence[PlayerId], history: History, *, fmt: str) -> list[Standing]:
    """The standings of `players` (dropped ones too if passed) after `history`, best first."""
    if fmt not in FORMATS:
        raise ValueError(f"unknown format {fmt!r}: one of {', '.join(FORMATS)}")
    score = scores(history)
    adds: Callable[[Mapping[PlayerId, float], Played, PlayerId], dict[str, float]] = (
        _multi_player if fmt == "table_swiss" else _two_player
    )
    names = ("firsts", "opponents") if fmt == "table_swiss" else ("Buchholz", "Sonneborn-Berger")
    adds_up: dict[PlayerId, dict[str, list[float]]] = {
        player: {name: [] for name in names} for player in set(players)
    }
    played: Counter[PlayerId] = Counter()
    for table in history.played:
        for player in table.seats:
            if player in adds_up:
                played[player] += 1
                for name, value in adds(score, table, player).items():
                    adds_up[player][name].append(value)
    # summed exactly rounded, so the order of the history never changes a figure
    breaks = {
        player: {name: math.fsum(values) for name, values in sums.items()}
        for player, sums in adds_up.items()
    }

    def key(player: PlayerId) -> tuple[float, ...]:
        return (-round(score[player], 9), *(-round(breaks[player][n], 9) for n in names))

    ordered = sorted(breaks, key=lambda player: (key(player), player))
    lines: list[Standing] = []
    for index, player in enumerate(ordered):
        shared = index and key(ordered[index - 1]) == key(player)
        rank = lines[-1].rank if shared else index + 1
        tiebreaks = tuple((name, breaks[player][name]) for name in names)
        lines.append(Standing(player, rank, score[player], tiebreaks, played[player]))
    return lines
