"""What a running game is worth to each seat when a rollout stops at its depth cap, for games
where calling it even leaves the search blind.

Agents of M.A.R.S. scores only when the board is full, and random play fills it slowly, so a
cut-off rollout is judged by the scores the board would give now (each seat's objective values,
as the sampled state has them): on a full board the seat ahead by `AGENTS_SCALE` points is worth
about 0.82. A lead counts less on an emptier board (half as much on an empty one), so the seat
ahead gains by filling the board (drawing and placing) and the game moves to its end. Other
games use `even`.
"""

from __future__ import annotations

import math
from typing import Any

from ai.rewards import Evaluation, Rewards, even
from engine.agents.scoring import scored, total
from engine.agents.state import AgentsState
from engine.core import Game

AGENTS_SCALE = 6.0
"""Points of lead that make a seat's reward 1 / (1 + e^-1.5), about 0.82, on a full board."""


def agents_standing(game: Game[Any, Any], state: Any, players: int) -> Rewards:
    """Both players' scores if the board stood as it is, as rewards (even while either
    objective is unset)."""
    assert isinstance(state, AgentsState)
    if None in state.objectives:
        return even(game, state, players)
    _, points = scored(state)
    first, second = (total(points, values or ()) for values in state.objectives)
    filled = sum(piece is not None for piece in state.board) / len(state.board)
    ahead = 1 / (1 + math.exp(-(first - second) / AGENTS_SCALE * (0.5 + filled)))
    return ahead, 1 - ahead


EVALUATIONS: dict[str, Evaluation] = {"agents": agents_standing}


def evaluation_for(game: Game[Any, Any]) -> Evaluation:
    """The game's own evaluation of cut-off rollouts, or `even`."""
    return EVALUATIONS.get(game.key, even)
