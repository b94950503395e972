"""Ley Lines of Mars: who moves, and every legal placement (`engine.leylines.actions.Place`)."""

from __future__ import annotations

from engine.core import Event, Seat
from engine.leylines.actions import CAP, Place
from engine.leylines.state import GRID, LeyLinesState

PLACES = {size: tuple(map(Place, [size] * GRID.size, range(GRID.size))) for size in (3, 2, 1, CAP)}
"""Every placement, by size and square, made once (moves never change; a search asks for the
legal ones at every step)."""


def placements(state: LeyLinesState, seat: Seat) -> list[Place]:
    """Every legal placement of `seat`, who is to move: each piece left (largest pyramid first,
    then a cap while any is left) on each empty square."""
    empty = [i for i, piece in enumerate(state.board) if piece is None]
    sizes = [size for size in (3, 2, 1) if state.stashes[seat][size - 1]]
    if state.caps:
        sizes.append(CAP)
    return [PLACES[size][square] for size in sizes for square in empty]


def next_turn(
    players: tuple[str, ...],
    stashes: tuple[tuple[int, int, int], ...],
    caps: int,
    mover: Seat,
    finished: bool,
) -> tuple[Seat, list[Event]]:
    """Who moves after `mover`, with `stashes` and `caps` left: the opponent, or the mover again
    when the opponent has nothing left to place and must pass; the mover once every piece is
    placed (`finished`: the game is over)."""
    if finished:
        return mover, []
    other = 1 - mover
    if sum(stashes[other]) or caps:
        return other, []
    return mover, [Event(f"{players[other]} has nothing left to place and passes.")]
