"""Albiorix rules on a bare board: control, where each piece reaches, and the results of a mix.

A board is a tuple of 25 squares (`engine.albiorix.pieces.GRID` order), each a `Stack` or None.
"Forward" belongs to the player moving the piece: up (toward row 5) for seat 0, down for seat 1.
A piece reaches a set of squares: it may move to an empty one or mix with the piece on an
occupied one.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence

from engine.albiorix.pieces import GRID, Pyramid, Stack
from engine.core import Seat

Board = Sequence[Stack | None]
Step = tuple[int, int]

ORTHOGONAL: tuple[Step, ...] = ((1, 0), (-1, 0), (0, 1), (0, -1))
DIAGONAL: tuple[Step, ...] = ((1, 1), (-1, 1), (1, -1), (-1, -1))
KING = ORTHOGONAL + DIAGONAL


def forward(seat: Seat) -> int:
    """The row step of `seat`'s forward: +1 for seat 0 (from the a1 corner), -1 for seat 1."""
    return 1 if seat == 0 else -1


def _rays() -> list[dict[Step, tuple[int, ...]]]:
    """For every square and every one-square step, the squares along it up to the edge."""
    steps = [(dx, dy) for dx in (-1, 0, 1) for dy in (-2, -1, 0, 1, 2) if (dx, dy) != (0, 0)]
    steps += [(dx, dy) for dx in (-2, 2) for dy in (-1, 1)]
    return [{step: tuple(GRID.ray(square, step)) for step in steps} for square in range(GRID.size)]


RAYS = _rays()
"""RAYS[square][step]: the squares from `square` (excluded) in direction `step`."""


def _next(square: int, step: Step) -> int | None:
    ray = RAYS[square][step]
    return ray[0] if ray else None


Reach = tuple[list[int], list[int]]
"""(empty squares a piece may move to, occupied squares it may mix with)."""


def _slide(board: Board, origin: int, steps: Sequence[Step]) -> Reach:
    """Rider: along each step over empty squares, up to and including the first piece met."""
    moves: list[int] = []
    mixes: list[int] = []
    for step in steps:
        for square in RAYS[origin][step]:
            if board[square] is None:
                moves.append(square)
            else:
                mixes.append(square)
                break
    return moves, mixes


def _screen(board: Board, origin: int, steps: Sequence[Step]) -> Reach:
    """Jump exactly one piece (the screen), then any empty square or the next piece met."""
    moves: list[int] = []
    mixes: list[int] = []
    for step in steps:
        screened = False
        for square in RAYS[origin][step]:
            if board[square] is None:
                if screened:
                    moves.append(square)
            elif screened:
                mixes.append(square)
                break
            else:
                screened = True
    return moves, mixes


def _walk(board: Board, origin: int, steps: Sequence[Step], most: int) -> Reach:
    """1 to `most` steps, turning at will, through empty squares only; a piece may be entered
    only with the last step; never ending where it began (its own square counts as empty)."""
    seen = {origin}
    frontier = [origin]
    mixes: set[int] = set()
    for _ in range(most):
        following = []
        for square in frontier:
            for step in steps:
                nxt = _next(square, step)
                if nxt is None or nxt in seen:
                    continue
                if board[nxt] is None:
                    seen.add(nxt)
                    following.append(nxt)
                else:
                    mixes.add(nxt)
        frontier = following
    seen.discard(origin)
    return sorted(seen), sorted(mixes)


def _leap(board: Board, origin: int, steps: Sequence[Step]) -> Reach:
    """Single jumps or steps to the squares `steps` away, over anything between."""
    moves: list[int] = []
    mixes: list[int] = []
    for step in steps:
        square = _next(origin, step)
        if square is None:
            continue
        (moves if board[square] is None else mixes).append(square)
    return moves, mixes


def general(board: Board, origin: int, ahead: int) -> Reach:
    """3-3: rides the four orthogonals and the two forward diagonals."""
    return _slide(board, origin, (*ORTHOGONAL, (1, ahead), (-1, ahead)))


def diplomat(board: Board, origin: int, ahead: int) -> Reach:
    """3-2: along the four diagonals or straight forward, over exactly one piece."""
    return _screen(board, origin, (*DIAGONAL, (0, ahead)))


def bureaucrat(board: Board, origin: int, ahead: int) -> Reach:
    """2-2: up to three orthogonal steps, turning at will."""
    return _walk(board, origin, ORTHOGONAL, 3)


def dancer(board: Board, origin: int, ahead: int) -> Reach:
    """3-1: up to two diagonal steps, turning at will."""
    return _walk(board, origin, DIAGONAL, 2)


def soldier(board: Board, origin: int, ahead: int) -> Reach:
    """2-1: a knight's jump that advances."""
    return _leap(board, origin, ((1, 2 * ahead), (-1, 2 * ahead), (2, ahead), (-2, ahead)))


def artist(board: Board, origin: int, ahead: int) -> Reach:
    """1-1: one orthogonal step, or two straight forward through an empty square."""
    moves, mixes = _leap(board, origin, ORTHOGONAL)
    one = _next(origin, (0, ahead))
    two = _next(origin, (0, 2 * ahead))
    if one is not None and two is not None and board[one] is None:
        (moves if board[two] is None else mixes).append(two)
    return moves, mixes


def monad(board: Board, origin: int, ahead: int) -> Reach:
    """3, 2 or 1 alone: one step in any of the eight directions."""
    return _leap(board, origin, KING)


MOVERS: dict[tuple[int, int], Callable[[Board, int, int], Reach]] = {
    (3, 3): general,
    (3, 2): diplomat,
    (2, 2): bureaucrat,
    (3, 1): dancer,
    (2, 1): soldier,
    (1, 1): artist,
    (3, 0): monad,
    (2, 0): monad,
    (1, 0): monad,
}


def reach(board: Board, origin: int, seat: Seat) -> Reach:
    """Where the piece on `origin` may go when `seat` moves it (in `seat`'s forward)."""
    stack = board[origin]
    assert stack is not None
    return MOVERS[stack.shape](board, origin, forward(seat))


def monads(board: Board, seat: Seat) -> list[int]:
    """The squares of `seat`'s Monads: one-pyramid pieces of `seat`'s colour."""
    return [
        i
        for i, stack in enumerate(board)
        if stack is not None and stack.top is None and stack.bottom.colour == seat
    ]


def controls(stack: Stack, seat: Seat, royals: frozenset[Pyramid]) -> bool:
    """Whether `seat` may move `stack`: its top (or only) pyramid is `seat`'s colour, or it holds
    a pyramid identical to one of `seat`'s Monads (`royals`: those Monads' pyramids)."""
    if stack.upper.colour == seat:
        return True
    return stack.bottom in royals or stack.top in royals


def royals(board: Board, seat: Seat) -> frozenset[Pyramid]:
    """The pyramids of `seat`'s Monads."""
    found = set()
    for i in monads(board, seat):
        stack = board[i]
        assert stack is not None
        found.add(stack.bottom)
    return frozenset(found)


def controlled(board: Board, seat: Seat) -> list[int]:
    """The squares of the pieces `seat` may move or mix."""
    crowns = royals(board, seat)
    return [i for i, s in enumerate(board) if s is not None and controls(s, seat, crowns)]


def _stacks_of(pyramids: Sequence[Pyramid]) -> set[Stack]:
    """Every piece the given one or two pyramids can form (top never larger than bottom)."""
    if len(pyramids) == 1:
        return {Stack(pyramids[0])}
    first, second = pyramids
    found = set()
    if second.size <= first.size:
        found.add(Stack(first, second))
    if first.size <= second.size:
        found.add(Stack(second, first))
    return found


def _order(stack: Stack) -> tuple[int, ...]:
    return tuple(n for p in stack.pyramids for n in (p.size, p.colour))


@functools.lru_cache(maxsize=4096)
def recombinations(origin: Stack, target: Stack) -> tuple[tuple[Stack, Stack], ...]:
    """Every (piece left on the origin, piece left on the target) that a mix of `origin` into
    `target` may build: two pieces of one or two pyramids each, all 2 to 4 pyramids used,
    excluding the originals on their own squares (nothing would change)."""
    pool = origin.pyramids + target.pyramids
    count = len(pool)
    results: set[tuple[Stack, Stack]] = set()
    for mask in range(1, (1 << count) - 1):
        here = [p for i, p in enumerate(pool) if mask >> i & 1]
        there = [p for i, p in enumerate(pool) if not mask >> i & 1]
        if len(here) > 2 or len(there) > 2:
            continue
        for left in _stacks_of(here):
            for right in _stacks_of(there):
                results.add((left, right))
    results.discard((origin, target))
    return tuple(sorted(results, key=lambda pair: (_order(pair[0]), _order(pair[1]))))


@functools.lru_cache(maxsize=4096)
def crowning(origin: Stack, target: Stack) -> tuple[tuple[Stack, Stack, tuple[bool, bool]], ...]:
    """`recombinations` with, for each result, whether it gives seat 0 and seat 1 a Monad."""
    return tuple(
        (here, there, (_crowns(0, here, there), _crowns(1, here, there)))
        for here, there in recombinations(origin, target)
    )


def _crowns(seat: Seat, *stacks: Stack) -> bool:
    return any(s.top is None and s.bottom.colour == seat for s in stacks)
