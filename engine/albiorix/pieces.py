"""Albiorix pieces: pyramids, the stacks they form, their names and text, the set-up, the
Monads on a board and the pieces a mix can build.

A piece is a stack of one pyramid (a Monad) or two (a Diad: a bottom pyramid under a top pyramid
no larger than it). Pyramids keep their owner's colour: seat 0's are blue (`b` in notation),
seat 1's orange (`o`). Sizes are pips: 1 small, 2 medium, 3 large. A board is a tuple of 25
squares in `GRID` order, each a `Stack` or None.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import NamedTuple

from engine.core import Seat
from engine.grid import Grid

GRID = Grid(5, 5)

COLOUR_LETTERS = ("b", "o")
"""The letter of each seat's colour in notation: blue for seat 0, orange for seat 1."""


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


Board = Sequence[Stack | None]


def monads(board: Board, seat: Seat) -> list[int]:
    """The squares of `seat`'s Monads: one-pyramid pieces of `seat`'s colour."""
    return [
        i
        for i, stack in enumerate(board)
        if stack is not None and stack.is_monad and stack.bottom.colour == seat
    ]


def _stacks_of(pyramids: Sequence[Pyramid]) -> set[Stack]:
    """Every piece the given one or two pyramids can form (top never larger than bottom)."""
    if len(pyramids) == 1:
        return {Stack(pyramids[0])}
    first, second = pyramids
    found = set()
    if second.size <= first.size:
        found.add(Stack(first, second))
    if first.size <= second.size:
        found.add(Stack(second, first))
    return found


def _order(stack: Stack) -> tuple[int, ...]:
    return tuple(n for p in stack.pyramids for n in (p.size, p.colour))


# The two mix tables below are pure functions of two pieces (small immutable values, not a
# state). There are 30 possible pieces, so 900 pairs: the lru_cache keeps every answer for good.


@functools.lru_cache(maxsize=4096)
def recombinations(origin: Stack, target: Stack) -> tuple[tuple[Stack, Stack], ...]:
    """Every (piece left on the origin, piece left on the target) that a mix of `origin` into
    `target` may build: two pieces of one or two pyramids each, all 2 to 4 pyramids used,
    excluding the originals on their own squares (nothing would change)."""
    pool = origin.pyramids + target.pyramids
    count = len(pool)
    results: set[tuple[Stack, Stack]] = set()
    for mask in range(1, (1 << count) - 1):
        here = [p for i, p in enumerate(pool) if mask >> i & 1]
        there = [p for i, p in enumerate(pool) if not mask >> i & 1]
        if len(here) > 2 or len(there) > 2:
            continue
        for left in _stacks_of(here):
            for right in _stacks_of(there):
                results.add((left, right))
    results.discard((origin, target))
    return tuple(sorted(results, key=lambda pair: (_order(pair[0]), _order(pair[1]))))


@functools.lru_cache(maxsize=4096)
def crowning(origin: Stack, target: Stack) -> tuple[tuple[Stack, Stack, tuple[bool, bool]], ...]:
    """`recombinations` with, for each result, whether it gives seat 0 and seat 1 a Monad."""
    return tuple(
        (here, there, (_crowns(0, here, there), _crowns(1, here, there)))
        for here, there in recombinations(origin, target)
    )


def _crowns(seat: Seat, *stacks: Stack) -> bool:
    return any(s.is_monad and s.bottom.colour == seat for s in stacks)
