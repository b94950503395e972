"""Ley Lines of Mars: filled diagonal lines, what they score, and the end of the game.

A line is a maximal run of squares along one diagonal, bounded by the board edge or by caps
(caps are not part of it). Filling a line of two or more squares scores the placer the pips of
their own colour in it.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.core import Outcome, Seat
from engine.leylines.notation import points_words
from engine.leylines.state import GRID, PIECES, LeyLinesState, Piece

DIAGONALS = (((1, 1), (-1, -1)), ((1, -1), (-1, 1)))
"""The two diagonal directions, each as its pair of opposite steps."""
Rays = tuple[tuple[int, ...], tuple[int, ...]]
RAYS: tuple[tuple[Rays, ...], ...] = tuple(
    tuple((tuple(GRID.ray(square, a)), tuple(GRID.ray(square, b))) for a, b in DIAGONALS)
    for square in range(GRID.size)
)
"""Per square, per diagonal, the squares from it to the board's edge each way (worked out once:
every placement looks them up)."""


def line_through(board: Sequence[Piece | None], square: int, rays: Rays) -> list[int]:
    """The squares of the line through `square` along one diagonal (its `rays` from `RAYS`), from
    one end to the other.

    The line runs to the board edge or stops before a cap; caps are never part of a line.
    """
    ends = []
    for ray in rays:
        run = []
        for other in ray:
            piece = board[other]
            if piece is not None and piece.owner is None:  # a cap
                break
            run.append(other)
        ends.append(run)
    return [*reversed(ends[1]), square, *ends[0]]


def filled_lines(board: Sequence[Piece | None], square: int) -> list[list[int]]:
    """The lines of two or more squares through `square` that hold no empty square."""
    lines = [line_through(board, square, rays) for rays in RAYS[square]]
    return [line for line in lines if len(line) >= 2 and all(board[i] is not None for i in line)]


def pips_of(board: Sequence[Piece | None], line: Sequence[int], seat: Seat) -> int:
    """The pips of `seat`'s pyramids on the squares of `line`: what filling it scores."""
    return sum(p.size for p in (board[i] for i in line) if p is not None and p.owner == seat)


def outcome(state: LeyLinesState) -> Outcome | None:
    """A resignation ends the game for the other player; else, once all 35 pieces are placed,
    most points wins and equal scores draw."""
    if state.resigned is not None:
        winner = 1 - state.resigned
        return Outcome((winner,), state.scores, f"{state.players[state.resigned]} resigned")
    if state.placed < PIECES:
        return None
    first, second = state.scores
    if first == second:
        return Outcome((), state.scores, f"{points_words(first)} each")
    winner = 0 if first > second else 1
    return Outcome((winner,), state.scores, f"{max(first, second)} to {min(first, second)}")
