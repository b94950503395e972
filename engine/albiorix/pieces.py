"""Albiorix pieces: pyramids, the stacks they form, their names, notation and the set-up.

A piece is a stack of one pyramid (a Monad) or two (a Diad: a bottom pyramid under a top pyramid
no larger than it). Pyramids keep their owner's colour: seat 0's are blue (`b` in notation),
seat 1's orange (`o`). Sizes are pips: 1 small, 2 medium, 3 large.
"""

from __future__ import annotations

from typing import NamedTuple

from engine.core import Seat
from engine.grid import Grid

GRID = Grid(5, 5)

COLOUR_LETTERS = ("b", "o")
"""The letter of each seat's colour in notation: blue for seat 0, orange for seat 1."""
COLOUR_NAMES = ("blue", "orange")


class Pyramid(NamedTuple):
    """One pyramid: the seat whose colour it is and its size in pips (1-3)."""

    colour: Seat
    size: int


class Stack(NamedTuple):
    """A piece: `bottom` alone (a Monad) or under `top` (a Diad, top.size <= bottom.size)."""

    bottom: Pyramid
    top: Pyramid | None = None

    @property
    def upper(self) -> Pyramid:
        """The top pyramid, or the only one: its colour says who always controls the piece."""
        return self.bottom if self.top is None else self.top

    @property
    def is_monad(self) -> bool:
        return self.top is None

    @property
    def pyramids(self) -> tuple[Pyramid, ...]:
        return (self.bottom,) if self.top is None else (self.bottom, self.top)

    @property
    def shape(self) -> tuple[int, int]:
        """(bottom size, top size), top size 0 for a Monad: what decides how the piece moves."""
        return self.bottom.size, 0 if self.top is None else self.top.size


PIECE_NAMES = {
    (3, 3): "General",
    (3, 2): "Diplomat",
    (2, 2): "Bureaucrat",
    (3, 1): "Dancer",
    (2, 1): "Soldier",
    (1, 1): "Artist",
    (3, 0): "Queen",
    (2, 0): "Regent",
    (1, 0): "Princess",
}
"""What each shape is called; the three Monads move alike."""


def stack_text(stack: Stack) -> str:
    """Notation of a piece with colours: `3b-1o` (bottom first), `2b` for a Monad."""
    return "-".join(f"{p.size}{COLOUR_LETTERS[p.colour]}" for p in stack.pyramids)


def shape_text(stack: Stack) -> str:
    """The sizes alone, as the rule text writes them: `3-1`, or `2` for a Monad."""
    return "-".join(str(p.size) for p in stack.pyramids)


def describe(stack: Stack) -> str:
    """`Dancer 3b-1o`: the piece's name and its pyramids."""
    return f"{PIECE_NAMES[stack.shape]} {stack_text(stack)}"


HOME = (
    ("a1", (3,)),
    ("b1", (2, 2)),
    ("c1", (3, 2)),
    ("a2", (3, 1)),
    ("b2", (1, 1)),
    ("c2", (2, 1)),
    ("a3", (3, 3)),
    ("b3", (2, 1)),
)
"""Seat 0's set-up in the a1 corner, sizes bottom first; seat 1's mirrors it through c3."""


def mirror(index: int) -> int:
    """The square opposite `index` through the centre of the board (a1 <-> e5)."""
    column, row = GRID.square(index)
    return GRID.index((GRID.columns - 1 - column, GRID.rows - 1 - row))


def setup() -> tuple[Stack | None, ...]:
    """The starting board: each seat's eight monochrome pieces in its corner."""
    board: list[Stack | None] = [None] * GRID.size
    for name, sizes in HOME:
        for seat in (0, 1):
            pyramids = [Pyramid(seat, size) for size in sizes]
            square = GRID.parse(name) if seat == 0 else mirror(GRID.parse(name))
            board[square] = Stack(*pyramids)
    return tuple(board)
