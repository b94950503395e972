"""What a running game is worth to each seat when a rollout stops at its depth cap, for games
where calling it even leaves the search blind.

Agents of M.A.R.S. scores only when the board is full, so a cut-off rollout is judged by the
scores the board would give now (each seat's objective values, as the sampled state has them).
How far the final scores may still move grows with the squares left to fill, like a random walk's
spread with the root of its steps: a lead of `AGENTS_SCALE` points is worth about 0.82 with one
empty square left, and a lead counts in proportion to 1 / sqrt(1 + empty squares). So the seat ahead
gains by filling the board (drawing and placing), most of all near its end, and the game moves
to its end. Other games use `even`.
"""

from __future__ import annotations

import math
from typing import Any

from ai.rewards import Evaluation, Rewards, even
from engine.agents.scoring import scored, total
from engine.agents.state import AgentsState
from engine.core import Game

AGENTS_SCALE = 6.0
"""Points of lead that make a seat's reward about 0.82 (1 / (1 + e^-1.5)) with one empty square."""


def agents_standing(game: Game[Any, Any], state: Any, players: int) -> Rewards:
    """Both players' scores if the board stood as it is, as rewards (even while either
    objective is unset)."""
    assert isinstance(state, AgentsState)
    if None in state.objectives:
        return even(game, state, players)
    _, points = scored(state)
    first, second = (total(points, values or ()) for values in state.objectives)
    empty = sum(piece is None for piece in state.board)
    weight = 1.5 / AGENTS_SCALE * math.sqrt(2 / (1 + empty))
    ahead = 1 / (1 + math.exp(-(first - second) * weight))
    return ahead, 1 - ahead


EVALUATIONS: dict[str, Evaluation] = {"agents": agents_standing}


def evaluation_for(game: Game[Any, Any]) -> Evaluation:
    """The game's own evaluation of cut-off rollouts, or `even`."""
    return EVALUATIONS.get(game.key, even)
