"""Albiorix as a text board, and its reader.

What the picture shows, as lines: the players and their colours, whose turn and which way is
forward (or the result), a draw offer, the last action, the count of actions and passes, then
the board row by row from the top (row 5): each piece's square, name and pyramids (bottom first,
`b` blue, `o` orange) and who may move it, and the empty squares; in a move preview, the piece
looked at and the squares it may move to or mix with.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from engine.albiorix import AlbiorixView, Mix, Move, Pyramid, Stack
from engine.albiorix.actions import Action
from engine.albiorix.pieces import COLOUR_LETTERS, GRID, PIECE_NAMES, stack_text
from engine.words import Unit, with_article
from render.palette import colour_of
from render.textboards import TextBoard
from render.textboards.layout import (
    Reader,
    Table,
    TextBoardError,
    Writer,
    counted,
    listing,
    matched,
    number,
    squares,
    table_of,
    uncount,
    unlist,
    unsquares,
)

TITLE = "Albiorix"
COLOURS = (colour_of(0).name, colour_of(1).name)
FORWARD = ("up", "down")
"""Which way each seat's pieces go forward (row 1 towards row 5 for blue)."""
PASSES = Unit("pass", "passes")
BOTH, NOBODY = "both", "nobody"
"""Who may move a piece when not one colour: both players, or neither."""


@dataclass(frozen=True)
class AlbiorixPosition:
    """The public position an Albiorix text board holds."""

    table: Table
    to_move: int | None
    draw_offer: int | None
    last: tuple[int, Action] | None
    played: int
    limit: int
    passes: int
    board: tuple[Stack | None, ...]
    control: tuple[tuple[int, ...], tuple[int, ...]]
    focus: int | None = None
    destinations: tuple[int, ...] = ()


def position(view: AlbiorixView) -> AlbiorixPosition:
    """The public position of `view`."""
    last = None if view.last is None else (view.last.seat, view.last.action)
    return AlbiorixPosition(
        table_of(view),
        view.to_move,
        view.draw_offer,
        last,
        view.played,
        view.limit,
        view.passes,
        view.board,
        view.control,
        view.focus,
        view.destinations,
    )


def write(at: AlbiorixPosition) -> str:
    out = Writer(TITLE, at.table, COLOURS)
    if at.to_move is not None:
        out.add("To move", f"{COLOURS[at.to_move]}, forward is {FORWARD[at.to_move]}")
    if at.draw_offer is not None:
        out.add("Draw offered by", COLOURS[at.draw_offer])
    if at.last is not None:
        out.add("Last move", _action_words(*at.last))
    out.add("Actions", f"{at.played} of {at.limit} played, {PASSES.of(at.passes)} in a row")
    for row in reversed(range(GRID.rows)):
        indices = range(row * GRID.columns, (row + 1) * GRID.columns)
        pieces = (_piece_words(at, i) for i in indices if at.board[i] is not None)
        out.add(f"Row {row + 1}", listing(pieces))
    out.add("Empty", squares(GRID, (i for i, stack in enumerate(at.board) if stack is None)))
    if at.focus is not None:
        out.add("Preview of", GRID.name(at.focus))
        reach = [i for i in at.destinations if at.board[i] is None]
        out.add("Moves to", squares(GRID, reach))
        out.add("Mixes with", squares(GRID, set(at.destinations) - set(reach)))
    return out.text()


def _action_words(seat: int, action: Action) -> str:
    """`blue moved b3-c5` or `blue mixed b2 with c3, leaving 3b-1o on b2 and 2b on c3`."""
    here, there = GRID.name(action.origin), GRID.name(action.target)
    if isinstance(action, Mix):
        left = f"{stack_text(action.at_origin)} on {here} and {stack_text(action.at_target)}"
        return f"{COLOURS[seat]} mixed {here} with {there}, leaving {left} on {there}"
    return f"{COLOURS[seat]} moved {here}-{there}"


def _piece_words(at: AlbiorixPosition, index: int) -> str:
    """`b3 Soldier 2b-1o (blue may move it)`, with `both` or `nobody` for who may."""
    stack = at.board[index]
    assert stack is not None
    movers = [COLOURS[s] for s in (0, 1) if index in at.control[s]]
    who = BOTH if len(movers) == 2 else movers[0] if movers else NOBODY
    return f"{GRID.name(index)} {PIECE_NAMES[stack.shape]} {stack_text(stack)} ({who} may move it)"


_TO_MOVE = re.compile(r"(\w+), forward is (up|down)")
_MOVED = re.compile(r"(\w+) moved (\w+)-(\w+)")
_MIXED = re.compile(r"(\w+) mixed (\w+) with (\w+), leaving (\S+) on \2 and (\S+) on \3")
_ACTIONS = re.compile(rf"(\d+) of (\d+) played, {counted(PASSES)} in a row")
_PIECE = re.compile(r"(\w+) (\w+) (\S+) \((\w+) may move it\)")


def read(text: str) -> AlbiorixPosition:
    """The position a text board written by `write` holds; TextBoardError if it is not one."""
    into = Reader(text, TITLE, COLOURS)
    said = into.maybe("To move")
    to_move = None if said is None else _colour(matched(_TO_MOVE, said)[1])
    said = into.maybe("Draw offered by")
    draw_offer = None if said is None else _colour(said)
    said = into.maybe("Last move")
    last = None if said is None else _action(said)
    counts = matched(_ACTIONS, into.take("Actions"))
    board: list[Stack | None] = [None] * GRID.size
    control: tuple[list[int], list[int]] = ([], [])
    for row in reversed(range(GRID.rows)):
        for item in unlist(into.take(f"Row {row + 1}")):
            match = matched(_PIECE, item)
            index = GRID.parse(match[1])
            board[index] = stack = _stack(match[3])
            if PIECE_NAMES[stack.shape] != match[2]:
                raise TextBoardError(f"{match[3]} is not {with_article(match[2])}")
            movers = (
                (0, 1) if match[4] == BOTH else () if match[4] == NOBODY else (_colour(match[4]),)
            )
            for seat in movers:
                control[seat].append(index)
    if unsquares(GRID, into.take("Empty")) != tuple(i for i, s in enumerate(board) if s is None):
        raise TextBoardError("the empty squares do not match the pieces")
    focus = into.maybe("Preview of")
    reach: tuple[int, ...] = ()
    if focus is not None:
        reach = unsquares(GRID, into.take("Moves to")) + unsquares(GRID, into.take("Mixes with"))
    into.end()
    return AlbiorixPosition(
        into.table,
        to_move,
        draw_offer,
        last,
        number(counts[1]),
        number(counts[2]),
        uncount(PASSES, counts[3]),
        tuple(board),
        (tuple(sorted(control[0])), tuple(sorted(control[1]))),
        None if focus is None else GRID.parse(focus),
        tuple(sorted(reach)),
    )


def _colour(word: str) -> int:
    if word not in COLOURS:
        raise TextBoardError(f"{word!r} is not a colour here")
    return COLOURS.index(word)


def _action(words: str) -> tuple[int, Action]:
    moved = _MOVED.fullmatch(words)
    if moved is not None:
        return _colour(moved[1]), Move(GRID.parse(moved[2]), GRID.parse(moved[3]))
    mixed = matched(_MIXED, words)
    origin, target = GRID.parse(mixed[2]), GRID.parse(mixed[3])
    return _colour(mixed[1]), Mix(origin, target, _stack(mixed[4]), _stack(mixed[5]))


def _stack(text: str) -> Stack:
    """The piece written `3b-1o` (bottom first) or `2b`."""
    pyramids = []
    for part in text.split("-"):
        match = matched(re.compile(r"([123])([bo])"), part)
        pyramids.append(Pyramid(COLOUR_LETTERS.index(match[2]), int(match[1])))
    if len(pyramids) not in (1, 2):
        raise TextBoardError(f"{text!r} is not a piece")
    return Stack(*pyramids)


TEXT_BOARD = TextBoard(AlbiorixView, position, write, read)
