"""What a game is worth to each seat, as a reward in [0, 1] per seat.

An ended game pays 1 to each winner and 0 to everyone else; a draw pays 0.5 to every seat (a
search may hold it in contempt: see `CONTEMPT`); a game that every player lost
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


CONTEMPT = {"agents": 0.4}
"""By game key: how much less than `DRAW` a search counts a draw for the seat it plays for (the
other seats count it that much more). Agents of M.A.R.S. ends in a draw whenever the scores are
equal, as they are whenever only colours both players value alike have scoring groups: at 0.5 a
search settles for that as soon as nothing better is in sight; held at 0.1 (nearly a loss) it
plays on for a win, as a tie lets a weaker opponent off."""


def drawn(game: Game[Any, Any], players: int, seat: Seat) -> Rewards:
    """What a draw pays each seat in a search for `seat`: `DRAW`, less the game's `CONTEMPT` for
    `seat` and more for the others."""
    contempt = CONTEMPT.get(game.key, 0.0)
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
