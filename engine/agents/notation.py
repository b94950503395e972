"""Agents of M.A.R.S. notation: canonical text of every move, and reading what players type.

Canonical forms (lowercase, the action word first so a picker can narrow token by token):
  objectives red=2 green=1 blue=0 yellow=-1   (every colour in play, in palette order)
  reveal red blue                             (two colours, in palette order)
  draw
  place c3
  move c3 c5
  swap c2 c5                                  (the two squares in board order)
Also read: any order of `colour=value` (or `colour:value`, `colour value`) tokens, colour
initials (`r=2 g=1 b=0 y=-1`), a bare square for `place`, two bare squares (`c3 c5`, `c3-c5`)
for a move or a swap (the board decides which), and a few synonyms (`d`, `put`, `mv`, `x`).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence

from engine.agents.actions import AgentsMove, Draw, Place, Reveal, SetObjectives, Shift, Swap
from engine.agents.variants import COLOURS, Pyramid, Rules
from engine.core import BadNotation
from engine.grid import SQUARE_PATTERN, Square
from engine.pieces import SIZE_NAME

_OBJECTIVES = {"objectives", "objective", "obj", "set", "o"}
_REVEAL = {"reveal", "rev", "reveal-swap"}
_DRAW = {"draw", "d", "bag"}
_PLACE = {"place", "put", "p"}
_MOVE = {"move", "mv", "m", "go"}
_SWAP = {"swap", "x", "exchange"}
_LINKS = re.compile(r"(?:-|>|to|\s|,)*")
_PAIR = re.compile(r"([a-z]+)\s*[=:]?\s*([+-]?\d+)")
LONGEST = 100
"""Characters; no move is written longer, so longer text is refused before it is read."""

HELP = (
    "Moves look like `draw`, `place c3`, `move c3 c5`, `swap c2 c5`, `reveal red blue` or "
    "`objectives red=2 green=1 blue=0 yellow=-1`."
)

Pair = tuple[Square, Square]
"""Two squares typed without a keyword: a move or a swap, whichever the board allows."""


@functools.lru_cache(maxsize=128)
def square_name(square: Square) -> str:
    return f"{chr(ord('a') + square[0])}{square[1] + 1}"


def board_order(first: Square, second: Square) -> tuple[Square, Square]:
    """The two squares with the lower row (then the left column) first."""
    return (first, second) if (first[1], first[0]) <= (second[1], second[0]) else (second, first)


def notation(move: AgentsMove) -> str:
    if isinstance(move, SetObjectives):
        pairs = (f"{COLOURS[i]}={value}" for i, value in enumerate(move.values))
        return "objectives " + " ".join(pairs)
    if isinstance(move, Reveal):
        return f"reveal {COLOURS[move.first]} {COLOURS[move.second]}"
    if isinstance(move, Draw):
        return "draw"
    if isinstance(move, Place):
        return f"place {square_name(move.square)}"
    if isinstance(move, Shift):
        return f"move {square_name(move.origin)} {square_name(move.target)}"
    return f"swap {square_name(move.first)} {square_name(move.second)}"


def read(rules: Rules, text: str) -> AgentsMove | Pair:
    """The move `text` names (syntax only: whether it is legal now is for the game to say)."""
    clean = " ".join(text.strip().lower().split())
    word, _, rest = clean.partition(" ")
    if not clean:
        raise BadNotation(f"Nothing to read. {HELP}")
    if len(clean) > LONGEST:
        raise BadNotation(f"That is too long to be a move. {HELP}")
    if word in _OBJECTIVES or "=" in clean or ":" in clean:
        return _objectives(rules, rest if word in _OBJECTIVES else clean)
    if word in _REVEAL:
        return _reveal(rules, rest)
    if word in _DRAW and not rest:
        return Draw()
    squares = _squares(rules, rest if word in _PLACE | _MOVE | _SWAP else clean)
    if word in _PLACE or (len(squares) == 1 and word not in _MOVE | _SWAP):
        if len(squares) != 1:
            raise BadNotation("Name one empty square to place on, like `place c3`.")
        return Place(squares[0])
    if len(squares) != 2:
        raise BadNotation(f"Name the pyramid's square and where it goes, like `move c3 c5`. {HELP}")
    origin, target = squares
    if origin == target:
        raise BadNotation("The two squares must differ.")
    if word in _MOVE:
        return Shift(origin, target)
    if word in _SWAP:
        return Swap(*board_order(origin, target))
    return origin, target


def _squares(rules: Rules, text: str) -> list[Square]:
    names = re.findall(SQUARE_PATTERN, text)
    if not names or _LINKS.fullmatch(re.sub(SQUARE_PATTERN, " ", text)) is None:
        raise BadNotation(f"`{text}` is not a move. {HELP}")
    grid = rules.grid
    return [grid.square(grid.parse(name)) for name in names]


def colour_index(rules: Rules, word: str) -> int:
    """The palette index of a colour written as its name or its first letters."""
    found = [i for i, colour in enumerate(rules.palette) if colour.startswith(word)]
    if len(found) != 1:
        names = ", ".join(rules.palette)
        raise BadNotation(f"`{word}` is not a colour in this game ({names}).")
    return found[0]


def _objectives(rules: Rules, text: str) -> SetObjectives:
    pairs = _PAIR.findall(text)
    if not pairs or _PAIR.sub(" ", text).strip(" ,;") or len(pairs) != rules.colours:
        example = " ".join(f"{c}={v}" for c, v in zip(rules.palette, rules.values, strict=True))
        raise BadNotation(f"Give every colour its value, like `objectives {example}`.")
    values: dict[int, int] = {}
    for word, number in pairs:
        index = colour_index(rules, word)
        if index in values:
            raise BadNotation(f"{rules.palette[index].capitalize()} is given twice.")
        values[index] = int(number)
    return SetObjectives(tuple(values[i] for i in range(rules.colours)))


def _reveal(rules: Rules, text: str) -> Reveal:
    words = text.replace(",", " ").replace("and", " ").split()
    if len(words) != 2:
        raise BadNotation("Name the two colours to reveal and swap, like `reveal red blue`.")
    first, second = sorted(colour_index(rules, word) for word in words)
    if first == second:
        raise BadNotation("Name two different colours.")
    return Reveal(first, second)


def pyramid_name(piece: Pyramid) -> str:
    """`large red`."""
    return f"{SIZE_NAME[piece.size]} {piece.colour}"


def describe_objective(rules: Rules, values: Sequence[int]) -> str:
    """`red 2, green 1, blue 0, yellow -1`."""
    return ", ".join(f"{c} {v}" for c, v in zip(rules.palette, values, strict=True))
