"""Albiorix positions for the search's tests, laid out square by square and read through the
engine's saved form (which refuses a board without the 30 pyramids or with a top pyramid larger
than its bottom)."""

from __future__ import annotations

from engine.albiorix import GAME
from engine.albiorix.pieces import COLOUR_LETTERS, GRID
from engine.albiorix.state import AlbiorixState
from engine.core import Seat


def laid_out(pieces: dict[str, str], to_move: Seat) -> AlbiorixState:
    """A new game (Ann blue, Bob orange) with `to_move` to move and only `pieces` on the board:
    square to piece, bottom first (`3o-2b`: a large orange pyramid under a medium blue one;
    `2b`: a blue Regent)."""
    data = GAME.to_json(GAME.new_game(["Ann", "Bob"], {"first": to_move + 1}, 1))
    board: list[list[list[int]] | None] = [None] * GRID.size
    for name, text in pieces.items():
        board[GRID.parse(name)] = [
            [COLOUR_LETTERS.index(pyramid[1]), int(pyramid[0])] for pyramid in text.split("-")
        ]
    data["board"] = board
    return GAME.from_json(data)


def stranded() -> AlbiorixState:
    """Blue to move. The Soldier on c2 mixes with orange's last Monad on d4 (`c2xd4 2b/2o-1b`):
    orange is left in control of the one piece with an orange top, its Soldier on e1, which can
    only advance and already stands on orange's last row; with no action orange passes, and
    blue begins the next turn holding both Monads."""
    return laid_out(
        {
            **dict.fromkeys(("a5", "b5", "c5", "d5"), "3o-3b"),
            "e5": "3o-2b",
            **dict.fromkeys(("a4", "b4", "c4"), "2o-2b"),
            "d4": "2o",
            **dict.fromkeys(("a3", "b3", "c3", "d3"), "1o-1b"),
            "c2": "2b-1b",
            "a1": "3b",
            "e1": "2o-1o",
        },
        to_move=0,
    )


HUNG = {
    "a1": "3b-2b",
    "b1": "3o-1b",
    "c2": "3b-2o",
    "d2": "3o-3o",
    "a2": "2b-1b",
    "b2": "2o-1b",
    "a3": "3b-1b",
    "b3": "1b",
    "c3": "3b-2b",
    "d3": "1o-1o",
    "c4": "3o-1o",
    "e4": "1o-1o",
    "b5": "3b-2o",
    "c5": "3o-2b",
    "d5": "2o",
    "e5": "2b-2o",
}
"""The board of `monad_hanging`."""


def monad_hanging() -> AlbiorixState:
    """Blue to move, as hard (blue) stood against greedy (orange) at its 14th move in game seed
    500000 of the arena (`ai.arena.match`, hard searching 600 simulations a move). Blue's one
    Monad is the Princess on b3, next to orange's Dancer on c4: 33 of blue's 74 actions let
    orange take it with no mix to make one back (27 of them by `c4xb3`), among them the
    `a1xa3 3b-3b/2b-1b` hard played, which leads to `monad_taken`."""
    return laid_out(HUNG, to_move=0)


def monad_taken() -> AlbiorixState:
    """`monad_hanging` after blue's `a1xa3 3b-3b/2b-1b`: orange to move wins at once with its
    Dancer, `c4xb3 1b-1o/3o` or `c4xb3 1o-1b/3o` (2 of its 83 actions): blue is left without a
    Monad and nothing it can mix makes one."""
    return laid_out({**HUNG, "a1": "3b-3b", "a3": "2b-1b"}, to_move=1)
