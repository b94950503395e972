"""Ley Lines of Mars as a text board, and its reader.

What the picture shows, as lines: the players and their colours, whose turn or the result, the
scores, the last placement and the lines it filled (with the points each scored), every pyramid by
colour and size, the caps, the empty squares, and what is left to place.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from engine.leylines import LeyLinesView, Piece
from engine.leylines.actions import CAP, Place
from engine.leylines.notation import line_name, points_words
from engine.leylines.state import CAP_PIECE, GRID
from engine.pieces import SIZE_NAME, SIZES, parse_size
from render.palette import colour_of
from render.textboards import TextBoard
from render.textboards.layout import (
    Reader,
    Table,
    TextBoardError,
    Writer,
    listing,
    matched,
    number,
    squares,
    table_of,
    unlist,
    unsquares,
)

TITLE = "Ley Lines of Mars"
COLOURS = (colour_of(0).name, colour_of(1).name)

Line = tuple[int, ...]


@dataclass(frozen=True)
class LeyLinesPosition:
    """The public position a Ley Lines text board holds."""

    table: Table
    board: tuple[Piece | None, ...]
    scores: tuple[int, ...]
    stashes: tuple[tuple[int, int, int], ...]
    caps: int
    last: tuple[int, Place] | None
    filled: tuple[tuple[Line, int], ...]
    """The lines the last placement filled, with the points each scored."""


def position(view: LeyLinesView) -> LeyLinesPosition:
    """The public position of `view`."""
    return LeyLinesPosition(
        table_of(view),
        view.board,
        view.scores,
        view.stashes,
        view.caps,
        view.last,
        tuple((line, view.line_points[line]) for line in view.scored_lines),
    )


def write(at: LeyLinesPosition) -> str:
    out = Writer(TITLE, at.table, COLOURS)
    out.add("Scores", listing(f"{COLOURS[s]} {score}" for s, score in enumerate(at.scores)))
    if at.last is not None:
        seat, place = at.last
        piece = "a cap" if place.size == CAP else SIZE_NAME[place.size]
        out.add("Last move", f"{COLOURS[seat]} placed {piece} on {GRID.name(place.square)}")
        out.add(
            "Lines filled",
            listing(f"{line_name(ln)} for {points_words(pts)}" for ln, pts in at.filled),
        )
    for seat, colour in enumerate(COLOURS):
        for size in reversed(SIZES):
            on = (i for i, p in enumerate(at.board) if p == Piece(seat, size))
            out.add(f"{colour.capitalize()} {SIZE_NAME[size]}", squares(GRID, on))
    out.add("Caps", squares(GRID, (i for i, p in enumerate(at.board) if p == CAP_PIECE)))
    out.add("Empty", squares(GRID, (i for i, p in enumerate(at.board) if p is None)))
    for seat, colour in enumerate(COLOURS):
        left = listing(f"{at.stashes[seat][size - 1]} {SIZE_NAME[size]}" for size in SIZES)
        out.add(f"{colour.capitalize()} in hand", left)
    out.add("Caps in hand", at.caps)
    return out.text()


_LAST = re.compile(r"(\w+) placed (a cap|\w+) on (\w+)")
_FILLED = re.compile(r"(\w+)-(\w+) for (-?\d+) points?")


def read(text: str) -> LeyLinesPosition:
    """The position a text board written by `write` holds; TextBoardError if it is not one."""
    into = Reader(text, TITLE, COLOURS)
    scores = tuple(number(item.split(" ")[1]) for item in unlist(into.take("Scores")))
    last = None
    filled: tuple[tuple[Line, int], ...] = ()
    said = into.maybe("Last move")
    if said is not None:
        match = matched(_LAST, said)
        size = CAP if match[2] == "a cap" else parse_size(match[2])
        last = (COLOURS.index(match[1]), Place(size, GRID.parse(match[3])))
        filled = tuple(_line(item) for item in unlist(into.take("Lines filled")))
    board: list[Piece | None] = [None] * GRID.size
    for seat, colour in enumerate(COLOURS):
        for size in reversed(SIZES):
            for square in unsquares(GRID, into.take(f"{colour.capitalize()} {SIZE_NAME[size]}")):
                board[square] = Piece(seat, size)
    for square in unsquares(GRID, into.take("Caps")):
        board[square] = CAP_PIECE
    empty = unsquares(GRID, into.take("Empty"))
    if empty != tuple(i for i, p in enumerate(board) if p is None):
        raise TextBoardError("the empty squares do not match the pieces")
    stashes = []
    for colour in COLOURS:
        counts = [
            number(item.split(" ")[0])
            for item in unlist(into.take(f"{colour.capitalize()} in hand"))
        ]
        stashes.append((counts[0], counts[1], counts[2]))
    caps = number(into.take("Caps in hand"))
    into.end()
    return LeyLinesPosition(into.table, tuple(board), scores, tuple(stashes), caps, last, filled)


def _line(item: str) -> tuple[Line, int]:
    """A filled line from `a1-f6 for 5`: every square from one end to the other."""
    match = matched(_FILLED, item)
    start, end = GRID.square(GRID.parse(match[1])), GRID.square(GRID.parse(match[2]))
    steps = max(abs(end[0] - start[0]), abs(end[1] - start[1]))
    dx, dy = ((e - s) // steps if steps else 0 for s, e in zip(start, end, strict=True))
    line = tuple(GRID.index((start[0] + k * dx, start[1] + k * dy)) for k in range(steps + 1))
    return line, number(match[3])


TEXT_BOARD = TextBoard(LeyLinesView, position, write, read)
