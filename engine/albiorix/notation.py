"""Albiorix notation: writing actions and reading what a player typed.

- A move: origin, `-`, destination: `b3-c5`.
- A mix: origin, `x`, target, a space, then the piece left on the origin `/` the piece left on
  the target, each bottom first with its colours: `b2xc3 3b-1o/2b` (`b` blue, `o` orange; a
  lone number like `2b` is a Monad).

Read leniently: any case and spacing, `-`, `x`, `*`, `:` or a space between the squares (what
stands on the destination decides move or mix), colours may be left out (`b2xc3 3-1/2`) and the
whole result too, as long as only one legal action fits.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from engine.albiorix.pieces import COLOUR_LETTERS, GRID, Stack, stack_text
from engine.albiorix.state import Action, Move
from engine.core import BadNotation, Seat

PyramidPattern = tuple[int, Seat | None]
"""A size and a colour, or None for either colour."""
PiecePattern = tuple[PyramidPattern, ...]
"""Bottom first; one pyramid for a Monad."""

_ACTION = re.compile(
    r"(?P<origin>[a-z]\d{1,2})\s*(?:[-x*:]\s*)?(?P<target>[a-z]\d{1,2})(?:\s+(?P<result>\S.*))?"
)
_PIECE = r"\d[a-z]?(?:\s*-\s*\d[a-z]?)?"
_RESULT = re.compile(rf"(?P<here>{_PIECE})\s*/\s*(?P<there>{_PIECE})")
_PYRAMID = re.compile(r"(\d)([a-z]?)")

HELP = (
    "Write a move as `b3-c5`, or a mix as `b2xc3 3b-1o/2b` (the piece left on b2 / the piece "
    "left on c3, bottom first, `b` blue and `o` orange)."
)


@dataclass(frozen=True)
class Request:
    """What a player typed: two squares and, for a mix, maybe the two pieces they want."""

    origin: int
    target: int
    result: tuple[PiecePattern, PiecePattern] | None


def write(action: Action) -> str:
    """The canonical notation of `action`."""
    origin, target = GRID.name(action.origin), GRID.name(action.target)
    if isinstance(action, Move):
        return f"{origin}-{target}"
    return f"{origin}x{target} {stack_text(action.at_origin)}/{stack_text(action.at_target)}"


def read(text: str) -> Request:
    """Parse `text` into a Request; raises BadNotation when it is not an action at all."""
    match = _ACTION.fullmatch(text.strip().lower())
    if not match:
        raise BadNotation(f"`{text.strip()}` is not an Albiorix action. {HELP}")
    origin, target = GRID.parse(match["origin"]), GRID.parse(match["target"])
    if origin == target:
        raise BadNotation("A piece must go to another square.")
    result = None
    if match["result"]:
        pieces = _RESULT.fullmatch(match["result"])
        if not pieces:
            raise BadNotation(
                f"`{match['result']}` is not the result of a mix: write the two new pieces "
                "as `3b-1o/2b` (origin's piece / target's piece)."
            )
        result = (_piece(pieces["here"]), _piece(pieces["there"]))
    return Request(origin, target, result)


def _piece(text: str) -> PiecePattern:
    pyramids = []
    for part in text.split("-"):
        match = _PYRAMID.fullmatch(part.strip())
        assert match, part
        size, letter = int(match[1]), match[2]
        if size not in (1, 2, 3):
            raise BadNotation(f"`{part.strip()}`: a pyramid has 1, 2 or 3 pips.")
        if letter and letter not in COLOUR_LETTERS:
            raise BadNotation(f"`{part.strip()}`: colours are `b` (blue) and `o` (orange).")
        pyramids.append((size, COLOUR_LETTERS.index(letter) if letter else None))
    return tuple(pyramids)


def fits(pattern: PiecePattern, stack: Stack) -> bool:
    """Whether `stack` is a piece `pattern` describes (an unnamed colour fits either)."""
    if len(pattern) != len(stack.pyramids):
        return False
    return all(
        size == p.size and colour in (None, p.colour)
        for (size, colour), p in zip(pattern, stack.pyramids, strict=True)
    )
