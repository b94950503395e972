"""What a game is worth to each seat, as a reward in [0, 1] per seat.

An ended game pays 1 to each winner and 0 to everyone else; a draw pays 0.5 to every seat (a
search may hold it in contempt: see `drawn`); a game that every player lost
(`Outcome.everyone_lost`) pays 0 to all. A rollout cut off at its
depth cap asks an `Evaluation` instead; the default, `even`, calls it 0.5 each, like a draw.
A search fades each reward towards 0.5 by the moves it took to reach it (`discounted`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.core import Game, Outcome, Seat

Rewards = tuple[float, ...]
"""One reward in [0, 1] per seat, by seat number."""

Evaluation = Callable[[Game[Any, Any], Any, int], Rewards]
"""`(game, state, players) -> rewards` for a running game whose rollout reached its depth cap."""

DRAW = 0.5


def drawn(players: int, seat: Seat, contempt: float) -> Rewards:
    """What a draw pays each seat in a search for `seat` that holds a draw in `contempt` (a
    game's kit says how much, see `ai.kit`): `DRAW` less `contempt` for `seat`, more for the
    others."""
    return tuple(DRAW - contempt if n == seat else DRAW + contempt for n in range(players))


def rewards(outcome: Outcome, players: int, draw: Rewards | None = None) -> Rewards:
    """The rewards of an ended game: 1 per winner, `draw` (by default 0.5 each) in a draw, else
    0."""
    if outcome.is_draw:
        return (DRAW,) * players if draw is None else draw
    return tuple(1.0 if seat in outcome.winners else 0.0 for seat in range(players))


def even(game: Game[Any, Any], state: Any, players: int) -> Rewards:
    """The default evaluation at the depth cap: nobody is ahead, 0.5 each."""
    return (DRAW,) * players


def discounted(found: Rewards, depth: int, gamma: float) -> Rewards:
    """`found`, reached `depth` moves from the search's root, faded towards `DRAW` by
    `gamma ** depth`: with gamma just below 1 a win in 3 moves is worth a little more than a
    win in 9 and a loss in 9 costs a little less than a loss in 3, so a search takes the
    shorter win and, when lost, holds out longest (gamma 1 leaves rewards as they are)."""
    fade = gamma**depth
    return tuple(DRAW + (reward - DRAW) * fade for reward in found)
