"""Ley Lines of Mars notation: a size and a square, in either order (`L c3`, `m e5`, `small a1`,
`cap d4`, also `c d4` and `d4 x`); a bare square when only one kind of piece is left. Also the
words for a piece, a line and a number of points, shared by the events and the picture."""

from __future__ import annotations

import re
from collections.abc import Sequence

from engine.core import BadNotation
from engine.leylines.actions import CAP, Place
from engine.leylines.state import GRID
from engine.pieces import SIZE_LETTER, SIZE_NAME, parse_size
from engine.words import Unit

POINTS = Unit("point")

_CAP_WORDS = {"cap", "c", "x", "volcano"}
_PLACEMENT = re.compile(
    r"(?:(?P<before>[a-z]+|\d)\s*)?(?P<square>[a-z]\d{1,2})(?:\s*(?P<after>[a-z]+|\d))?"
)


def read(text: str) -> tuple[int | None, int]:
    """(the size named, or None for a bare square; the square's index); raises BadNotation."""
    match = _PLACEMENT.fullmatch(text.strip().lower())
    if not match or (match["before"] and match["after"]):
        raise BadNotation(
            f"`{text}` is not a placement. Write a size and a square, like `L c3`, "
            "`m e5`, `s a1` or `cap d4`."
        )
    square = GRID.parse(match["square"])
    kind = match["before"] or match["after"]
    size = None if kind is None else CAP if kind in _CAP_WORDS else parse_size(kind)
    return size, square


def write(move: Place) -> str:
    kind = "cap" if move.size == CAP else SIZE_LETTER[move.size]
    return f"{kind} {GRID.name(move.square)}"


def piece_name(size: int) -> str:
    return "a Volcano cap" if size == CAP else f"a {SIZE_NAME[size]} pyramid"


def line_name(line: Sequence[int]) -> str:
    """A line by its end squares, left end first: `a1-f6`."""
    return f"{GRID.name(line[0])}-{GRID.name(line[-1])}"


def points_words(count: int) -> str:
    """`1 point`, `0 points`, `5 points`."""
    return POINTS.of(count)
