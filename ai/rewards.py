"""What a game is worth to each seat, as a reward in [0, 1] per seat.

An ended game pays 1 to each winner and 0 to everyone else; a draw pays 0.5 to every seat; a
game that every player lost (`Outcome.everyone_lost`) pays 0 to all. A rollout cut off at its
depth cap asks an `Evaluation` instead; the default, `even`, calls it 0.5 each, like a draw.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.core import Game, Outcome

Rewards = tuple[float, ...]
"""One reward in [0, 1] per seat, by seat number."""

Evaluation = Callable[[Game[Any, Any], Any, int], Rewards]
"""`(game, state, players) -> rewards` for a running game whose rollout reached its depth cap."""

DRAW = 0.5


def rewards(outcome: Outcome, players: int) -> Rewards:
    """The rewards of an ended game: 1 per winner, 0.5 each in a draw, else 0."""
    if outcome.is_draw:
        return (DRAW,) * players
    return tuple(1.0 if seat in outcome.winners else 0.0 for seat in range(players))


def even(game: Game[Any, Any], state: Any, players: int) -> Rewards:
    """The default evaluation at the depth cap: nobody is ahead, 0.5 each."""
    return (DRAW,) * players
