"""Ley Lines of Mars: who moves, and every legal placement (`engine.leylines.actions.Place`)."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from engine.core import Event, Seat
from engine.leylines.actions import CAP, Place

if TYPE_CHECKING:
    from engine.leylines.state import LeyLinesState


def placements(state: LeyLinesState, seat: Seat) -> list[Place]:
    """Every legal placement of `seat`, who is to move: each piece left (largest pyramid first,
    then a cap while any is left) on each empty square."""
    empty = [i for i, piece in enumerate(state.board) if piece is None]
    sizes = [size for size in (3, 2, 1) if state.stashes[seat][size - 1]]
    if state.caps:
        sizes.append(CAP)
    return [Place(size, square) for size in sizes for square in empty]


def next_turn(
    state: LeyLinesState, mover: Seat, finished: bool
) -> tuple[LeyLinesState, list[Event]]:
    """Give the turn to the opponent, or back to the mover when the opponent has nothing left to
    place and must pass; nothing changes once every piece is placed (`finished`)."""
    if finished:
        return state, []
    other = 1 - mover
    if sum(state.stashes[other]) or state.caps:
        return replace(state, to_move=other), []
    passing = Event(f"{state.players[other]} has nothing left to place and passes.")
    return replace(state, to_move=mover), [passing]
