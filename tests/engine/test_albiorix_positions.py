"""Albiorix positions drawn as text (shared by the Albiorix engine and render tests)."""

from __future__ import annotations

from textwrap import dedent

from engine.albiorix import GAME, AlbiorixState, Mix, Move, Pyramid, Stack
from engine.albiorix.pieces import COLOUR_LETTERS, GRID

ANN, BOB = 0, 1
"""Ann plays blue from the a1 corner, Bob orange from the e5 corner."""


def stack(code: str) -> Stack:
    """`3b-1o` (bottom first) or `2b` as a Stack."""
    pyramids = [Pyramid(COLOUR_LETTERS.index(part[1]), int(part[0])) for part in code.split("-")]
    return Stack(*pyramids)


def position(diagram: str, to_move: int = ANN, limit: int = 500) -> AlbiorixState:
    """A state from a picture of the board, row 5 first: `.` empty, else a piece like `3b-1o`."""
    rows = [row.split() for row in dedent(diagram).strip().splitlines()]
    assert len(rows) == 5 and all(len(row) == 5 for row in rows), diagram
    board: list[Stack | None] = [None] * GRID.size
    for top_row, codes in enumerate(rows):
        for column, code in enumerate(codes):
            if code != ".":
                board[GRID.index((column, 4 - top_row))] = stack(code)
    return AlbiorixState(
        players=("Ann", "Bob"), seed=1234, board=tuple(board), to_move=to_move, limit=limit
    )


def sq(name: str) -> int:
    return GRID.parse(name)


def board_actions(state: AlbiorixState, seat: int) -> list[Move | Mix]:
    """`seat`'s legal moves and mixes (without offers or answers about a draw)."""
    return [a for a in GAME.legal_moves(state, seat) if isinstance(a, Move | Mix)]


def reached(state: AlbiorixState, origin: str) -> tuple[set[str], set[str]]:
    """(squares moved to, squares mixed with) by the legal actions of the piece on `origin`."""
    moves, mixes = set(), set()
    for action in board_actions(state, state.to_move):
        if action.origin != sq(origin):
            continue
        name = GRID.name(action.target)
        if isinstance(action, Move):
            moves.add(name)
        else:
            assert isinstance(action, Mix)
            mixes.add(name)
    return moves, mixes


def names(text: str) -> set[str]:
    return set(text.split())


def play(state: AlbiorixState, *texts: str) -> tuple[AlbiorixState, list[str]]:
    """`state` after each action in turn by whoever is to move, and the last action's events."""
    events: list[str] = []
    for text in texts:
        seat = state.to_move
        state, said = GAME.apply(state, seat, GAME.parse(state, seat, text))
        events = [e.text for e in said]
    return state, events


SETUP = """
    . . 3o-2o 2o-2o 3o
    . . 2o-1o 1o-1o 3o-1o
    3b-3b 2b-1b . 2o-1o 3o-3o
    3b-1b 1b-1b 2b-1b . .
    3b 2b-2b 3b-2b . .
"""
"""The starting position as the ruling reads the rule text's diagram."""


def test_the_setup_diagram_reads_as_the_starting_board() -> None:
    assert position(SETUP).board == GAME.new_game(["Ann", "Bob"], {}, 1).board
