"""Albiorix notation: writing choices and reading what a player typed.

- A move: origin, `-`, destination: `b3-c5`.
- A mix: origin, `x`, target, a space, then the piece left on the origin `/` the piece left on
  the target, each bottom first with its colours: `b2xc3 3b-1o/2b` (`b` blue, `o` orange; a
  lone number like `2b` is a Monad).
- Draw talk: `draw?`, `accept draw`, `decline draw` (and the other words in `DRAW_WORDS`).

Read leniently: any case and spacing, `-`, `x`, `*`, `:` or a space between the squares (what
stands on the destination decides move or mix), colours may be left out (`b2xc3 3-1/2`) and the
whole result too, as long as only one legal action fits (the game matches a `Request` against them).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from engine.albiorix.actions import Choice, Draw, Mix, Move
from engine.albiorix.pieces import COLOUR_LETTERS, GRID, Stack, stack_text
from engine.core import BadNotation, Seat
from engine.grid import SQUARE_PATTERN

PyramidPattern = tuple[int, Seat | None]
"""A size and a colour, or None for either colour."""
PiecePattern = tuple[PyramidPattern, ...]
"""Bottom first; one pyramid for a Monad."""

_ACTION = re.compile(
    rf"(?P<origin>{SQUARE_PATTERN})\s*(?:[-x*:]\s*)?(?P<target>{SQUARE_PATTERN})"
    r"(?:\s+(?P<result>\S.*))?"
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


DRAW_WORDS = {
    "draw?": "offer",
    "offer draw": "offer",
    "offer a draw": "offer",
    "accept draw": "accept",
    "accept": "accept",
    "draw": "accept",
    "decline draw": "decline",
    "decline": "decline",
    "no draw": "decline",
}
"""What a player may type to offer, accept or decline a draw."""
DRAW_NOTATION = {"offer": "draw?", "accept": "accept draw", "decline": "decline draw"}


def write(choice: Choice) -> str:
    """The canonical notation of `choice`."""
    if isinstance(choice, Draw):
        return DRAW_NOTATION[choice.answer]
    origin, target = GRID.name(choice.origin), GRID.name(choice.target)
    if isinstance(choice, Move):
        return f"{origin}-{target}"
    return f"{origin}x{target} {stack_text(choice.at_origin)}/{stack_text(choice.at_target)}"


def read(text: str) -> Draw | Request:
    """Draw talk, or a Request for an action; raises BadNotation when `text` is neither."""
    talk = DRAW_WORDS.get(" ".join(text.lower().split()))
    if talk is not None:
        return Draw(talk)
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


def square(text: str) -> int | None:
    """The square `text` names when it is a bare square on the board, else None."""
    try:
        return GRID.parse(text)
    except BadNotation:
        return None


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


def fitting(mixes: Sequence[Mix], here: PiecePattern, there: PiecePattern) -> list[Mix]:
    """The mixes whose two new pieces fit what the player wrote."""
    return [m for m in mixes if fits(here, m.at_origin) and fits(there, m.at_target)]
