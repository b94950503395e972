"""Agents of M.A.R.S.: why a move is not legal, in words for the player.

Legality itself is decided by `engine.agents.moves` alone; this module only explains a refusal.
"""

from __future__ import annotations

from engine.agents.actions import (
    AgentsMove,
    Draw,
    Place,
    Reveal,
    SetObjectives,
    Shift,
    Swap,
    squares_of,
)
from engine.agents.moves import REVEAL_LIMIT, reach, swap_open
from engine.agents.notation import pyramid_name, square_name
from engine.agents.state import AgentsState
from engine.agents.variants import Pyramid
from engine.grid import Square
from engine.pieces import SIZE_NAME
from engine.words import Unit

NOT_NOW = "That move is not allowed now."
OBJECTIVES_SET = "Your part of the objectives is set; waiting for the other player."
"""Why a player who has set their objectives may not act while the other still sets theirs."""


def explain(state: AgentsState, move: AgentsMove) -> str:
    """Why `move` is not legal for the player who may act now (the caller found it not legal)."""
    if state.setting_objectives:
        if not isinstance(move, SetObjectives):
            return "First both players set their objectives."
        values = ", ".join(str(v) for v in state.rules.values)
        return f"Give each colour one of the values {values}, each value once."
    if isinstance(move, SetObjectives):
        return "The objectives are already set."
    if state.pending is not None:
        if not isinstance(move, Place):
            return f"First place the drawn {pyramid_name(state.pending)} pyramid: `place c3`."
        return _place(state, move.square)
    if isinstance(move, Place):
        return "Draw a pyramid first (`draw`), then place it."
    if isinstance(move, Reveal):
        return _reveal(state, move)
    if isinstance(move, Draw):
        return NOT_NOW
    return _board(state, move)


def _place(state: AgentsState, square: Square) -> str:
    grid = state.rules.grid
    if grid.contains(square) and state.board[grid.index(square)] is not None:
        return f"{square_name(square)} is taken; place on an empty square."
    return "That square is not on the board."


def _reveal(state: AgentsState, move: Reveal) -> str:
    if state.revealed_this_turn:
        return "You have already revealed and swapped objectives this turn."
    if not swap_open(state):
        if state.rules.trio:
            return "A black trio has left the bag: objectives can no longer be swapped."
        return f"{REVEAL_LIMIT} black pyramids are on the board: objectives are locked."
    return "Name two different colours of this game."


def _board(state: AgentsState, move: Shift | Swap) -> str:
    grid = state.rules.grid
    ends = squares_of(move)
    if not all(grid.contains(end) for end in ends):
        return "That square is not on the board."
    a, b = ends
    ia, ib = grid.index(a), grid.index(b)
    one, other = state.board[ia], state.board[ib]
    pair = f"{square_name(a)} {square_name(b)}"
    if isinstance(move, Swap) and (one is None) != (other is None):
        full, empty = (b, a) if one is None else (a, b)
        return (
            f"{square_name(empty)} is empty, and a swap exchanges two pyramids; to go there "
            f"write `move {square_name(full)} {square_name(empty)}`."
        )
    if one is None:
        return f"There is no pyramid on {square_name(a)}."
    if one.is_black or (isinstance(move, Swap) and other is not None and other.is_black):
        return "Black pyramids never move and are never swapped."
    if isinstance(move, Shift):
        if other is not None:
            return f"{square_name(b)} is taken; to exchange the two write `swap {pair}`."
        if ib not in reach(grid, one.size)[ia]:
            return _distance(one, a, b)
        return _ko(state, ia, ib)
    assert other is not None, "a swap with one empty square is answered above"
    if ib not in reach(grid, one.size)[ia] and ia not in reach(grid, other.size)[ib]:
        return (
            "Neither pyramid reaches the other's square: a pyramid moves exactly its pips "
            "(1 to 3) in a straight line."
        )
    if one == other:
        return "The two pyramids are identical; a swap must exchange different pyramids."
    return _ko(state, ia, ib)


def _ko(state: AgentsState, one: int, other: int) -> str:
    """Why a move or swap between squares `one` and `other` is refused by the Ko rule."""
    undo = ""
    if state.last is not None and state.last[0] != state.to_move:
        last = state.last[1]
        ends = None if isinstance(last, Place) else squares_of(last)
        grid = state.rules.grid
        if ends is not None and {grid.index(e) for e in ends} == {one, other}:
            undo = f" (it would undo {state.players[1 - state.to_move]}'s last action)"
    return (
        f"Ko: that would bring back a board already seen since the last placement{undo}. "
        "To prevent endless back-and-forths, a move or swap may not repeat a board until a "
        "new pyramid is placed."
    )


def _distance(piece: Pyramid, origin: Square, target: Square) -> str:
    steps = Unit("square").of(piece.size)
    return (
        f"A {SIZE_NAME[piece.size]} pyramid moves exactly {steps} in a straight line, so the one "
        f"on {square_name(origin)} cannot reach {square_name(target)}."
    )
