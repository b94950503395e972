"""The hard level's search decides the same in each game as when these were pinned: the move,
the simulations and the moves they applied, at the benchmark's mid-game positions
(`bench.search_speed`) with a fixed seed and budget of iterations. A change that only makes
simulations cheaper keeps every pin. A move that wins at once is played without searching (0
simulations, 0 moves: the third Albiorix position takes the other seat's last Monad). The
second Mars vs. Earth position's pin changed when the beliefs began to weigh earlier rounds'
records, the first Ley Lines position's moves when its rollouts began to play to the end, and
the third Agents position's when hard stopped weighing reveals that only pay on the board
(`ai.kits.agents.QUIET`), and all three Agents pins when hard began to read its opponent's
objective from the bonds it made (`ai.samplers.objectives`). The second Albiorix position's
move changed when the last check began to look two replies deep there (`ai.kit.Kit.loss_depth`):
the `b3-d3` pinned before lets the other seat take its last Monad for good (as do 80 of its 101
actions)."""

from __future__ import annotations

import pytest

from bench.search_speed import Plan, decisions
from club.catalogue import CATALOGUE

PLAN = Plan(positions=3, iterations=120)
PINNED = {
    "leylines": [("M f4", 3000), ("L b2", 2280), ("L b6", 1560)],
    "albiorix": [("d5xc4 1o/3o-2o", 2328), ("b3xa3 2b-2b/2o-2o", 2068), ("a1xa2 3b-2b/3o", 0)],
    "agents": [("draw", 2707), ("place c1", 2686), ("move c3 e3", 2696)],
    "merchants": [("launch 2,0", 2711), ("move 0,2 0,3 orange", 2700), ("move -1,1 0,1", 2736)],
    "marsvsearth": [("submit dip3-info t2", 2765), ("lead t3", 2861), ("done", 2637)],
}
"""Per game and position: the move's notation and the moves simulated."""


@pytest.mark.parametrize("key", PINNED)
def test_the_search_decides_as_pinned(key: str) -> None:
    game = CATALOGUE[key].game
    found = [(game.notation(d.move), d.iterations, d.simulated) for d in decisions(key, PLAN)]
    pinned = [(move, PLAN.iterations if moves else 0, moves) for move, moves in PINNED[key]]
    assert found == pinned
