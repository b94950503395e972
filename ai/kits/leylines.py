"""Ley Lines of Mars for the computer players: open and certain, counted in points; a search
weighs the `WIDEST` moves worth most one move ahead (`ai.widest`), and its rollouts play to the
end of the game (`DEPTH`: all 35 pieces).

A random rollout scores little of what a greedy player grabs, and 600 simulations spread over
some 60 legal moves give each about 10: normal won 13 of 40 games against greedy. Weighing the 8
moves worth most, it won 21 of 24 (88%, 95% interval 69-96%). Cut-off rollouts judged by the
lead in points (a logistic, a lead of 5 points worth 0.73) did not help: 10 of 24 without
the shortlist and 16 of 24 with it (`python benchmark.py --strength` measures the levels).

Rollouts cut off after 20 moves (the levels' `Settings.depth`) told nothing of the first dozen
placements (a cut-off rollout is judged even), so both levels played them as the shortlist fell.
Rolled out to the end, in 40 games a pairing (`python benchmark.py --strength --strength-game
leylines`), normal beat greedy 38-0-2 and hard beat greedy 39-0-1, but hard beat normal only
22-2-16; with the widest moves weighed at every node visited often enough as well (the other
seat's likely replies: `ai.search.widest_at`), which deepens hard's larger tree more than
normal's, normal beat greedy 39-1-0, hard beat greedy 40-0-0 and normal 38-0-2 in the same
40 games a pairing."""

from __future__ import annotations

from typing import Any

from ai.kit import Kit, by_nature, lead
from engine.core import Game, Seat
from engine.leylines import GAME
from engine.leylines.state import PIECES, LeyLinesState


def points_lead(game: Game[Any, Any], before: Any, after: Any, seat: Seat) -> float:
    """The seat's points less the best other seat's (`state.scores`)."""
    assert isinstance(after, LeyLinesState)
    return lead([float(points) for points in after.scores], seat)


WIDEST = 8
DEPTH = PIECES
"""A rollout plays to the end of the game: no game has more placements than pieces."""

KIT = Kit(by_nature(GAME), score=points_lead, widest=WIDEST, depth=DEPTH)
