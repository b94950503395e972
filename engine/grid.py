"""Square boards shared by the grid games: naming squares, parsing them, walking lines.

Columns are letters from `a`, rows are numbers from 1, and `a1` is the bottom-left square. A
square is a `(column, row)` pair of 0-based ints; `index` flattens it row by row from a1.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cached_property

from engine.core import BadNotation

Square = tuple[int, int]

SQUARE_PATTERN = r"[a-z]\d{1,2}"


@dataclass(frozen=True)
class Grid:
    """A rectangular board of `columns` x `rows` squares."""

    columns: int
    rows: int

    @property
    def size(self) -> int:
        return self.columns * self.rows

    def index(self, square: Square) -> int:
        return square[1] * self.columns + square[0]

    def square(self, index: int) -> Square:
        return index % self.columns, index // self.columns

    def contains(self, square: Square) -> bool:
        return 0 <= square[0] < self.columns and 0 <= square[1] < self.rows

    def name(self, index: int) -> str:
        return self.names[index]

    @cached_property
    def names(self) -> tuple[str, ...]:
        """Every square's name, by index (worked out once per grid)."""
        squares = map(self.square, range(self.size))
        return tuple(f"{chr(ord('a') + column)}{row + 1}" for column, row in squares)

    def parse(self, text: str) -> int:
        """The index of a square named like `c3`; raises BadNotation when off the board."""
        match = re.fullmatch(r"([a-z])(\d{1,2})", text.strip().lower())
        if not match:
            raise BadNotation(f"`{text}` is not a square; squares look like `c3`.")
        square = (ord(match[1]) - ord("a"), int(match[2]) - 1)
        if not self.contains(square):
            last = f"{chr(ord('a') + self.columns - 1)}{self.rows}"
            raise BadNotation(f"`{text}` is off the board (a1 to {last}).")
        return self.index(square)

    def ray(self, index: int, step: Square) -> Iterator[int]:
        """The squares from `index` (excluded) in direction `step` up to the board edge."""
        column, row = self.square(index)
        while True:
            column, row = column + step[0], row + step[1]
            if not self.contains((column, row)):
                return
            yield self.index((column, row))
