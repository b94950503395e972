"""Agents of M.A.R.S.: the moves a player makes.

Moves name squares as (column, row) pairs from a1 = (0, 0), so that a move reads the same on
either board. An objective is one value per colour, in palette order (`Rules.palette`).
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.grid import Square


@dataclass(frozen=True)
class SetObjectives:
    """Give the colours the values `values` (palette order): one's own objectives, or in Blind
    Agents the opponent's. A hidden move."""

    values: tuple[int, ...]


@dataclass(frozen=True)
class Reveal:
    """Reveal the objectives of colours `first` < `second` (palette indices) and swap their
    values, before the turn's action."""

    first: int
    second: int


@dataclass(frozen=True)
class Draw:
    """Draw a pyramid at random from the bag; the same player must then place it."""


@dataclass(frozen=True)
class Place:
    """Put the drawn pyramid on the empty square `square`."""

    square: Square


@dataclass(frozen=True)
class Shift:
    """Move the pyramid on `origin` exactly its pips in a straight line onto the empty `target`."""

    origin: Square
    target: Square


@dataclass(frozen=True)
class Swap:
    """Exchange the pyramids on `first` and `second` (in board order: `first` is the lower row,
    or the same row further left): one of them reaches the other's square by moving exactly its
    pips in a straight line."""

    first: Square
    second: Square


Action = Place | Shift | Swap
"""The actions that change the board (and so may be highlighted, and fall under the Ko rule)."""


def squares_of(action: Action) -> tuple[Square, ...]:
    """The squares a board action touches: a placement's one, a move's or a swap's two."""
    if isinstance(action, Place):
        return (action.square,)
    if isinstance(action, Shift):
        return (action.origin, action.target)
    return (action.first, action.second)


AgentsMove = SetObjectives | Reveal | Draw | Place | Shift | Swap
