"""Albiorix moves: which of the choices (`engine.albiorix.actions`) are legal now.

"Forward" belongs to the player moving the piece: up (toward row 5) for seat 0, down for seat 1.
A piece reaches a set of squares: it may move to an empty one or mix with the piece on an
occupied one. A player may move or mix the pieces they control; a mix may not take the mover's
last Monad unless it gives them one back, and the repetition rule bans an action just reversed.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from engine.albiorix.actions import Action, Draw, Mix, Move
from engine.albiorix.pieces import GRID, Board, Pyramid, Stack, crowning, monads
from engine.albiorix.scoring import outcome
from engine.core import Seat, remembered

if TYPE_CHECKING:
    from engine.albiorix.state import AlbiorixState


# Where a piece reaches

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


# Who may act, and with which pieces


def actors(state: AlbiorixState) -> frozenset[Seat]:
    """The player to move, while the game runs."""
    return frozenset() if outcome(state) else frozenset({state.to_move})


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


# Legal choices


def board_actions(state: AlbiorixState, seat: Seat) -> tuple[Action, ...]:
    """Every legal action of `seat` on the board (as if it were `seat`'s turn), worked out once
    per state."""
    return remembered(state, ("actions", seat), lambda: _board_actions(state, seat))


def _board_actions(state: AlbiorixState, seat: Seat) -> tuple[Action, ...]:
    ban = banned(state, seat)
    own = monads(state.board, seat)
    return tuple(
        action
        for origin in controlled(state.board, seat)
        for action in _actions(state.board, seat, origin, ban, own)
    )


def actions_from(state: AlbiorixState, seat: Seat, origin: int) -> list[Action]:
    """The legal actions of the piece on `origin` (controlled by `seat`) if `seat` moved."""
    return [action for action in board_actions(state, seat) if action.origin == origin]


def _actions(
    board: Board, seat: Seat, origin: int, banned: tuple[Action, ...], own: Sequence[int]
) -> list[Action]:
    """The piece on `origin` moved by `seat`, whose Monads stand on `own`."""
    stack = board[origin]
    assert stack is not None
    moves, mixes = reach(board, origin, seat)
    found: list[Action] = []
    for target in sorted(moves + mixes):
        other = board[target]
        if other is None:
            found.append(Move(origin, target))
            continue
        kept = len(own) > (origin in own) + (target in own)
        for here, there, crowned in crowning(stack, other):
            if kept or crowned[seat]:
                found.append(Mix(origin, target, here, there))
    return [action for action in found if action not in banned]


def banned(state: AlbiorixState, seat: Seat) -> tuple[Action, ...]:
    """`seat`'s previous action, if the opponent's action since exactly reversed it; for a mix,
    also its mirror image (the same two pieces made by the piece on the other square), which
    would rebuild the same position."""
    if len(state.recent) < 2:
        return ()
    mine, theirs = state.recent
    if mine is None or theirs is None or mine.seat != seat or theirs.seat == seat:
        return ()
    squares = {mine.action.origin, mine.action.target}
    if {theirs.action.origin, theirs.action.target} != squares:
        return ()
    now = (state.board[mine.action.origin], state.board[mine.action.target])
    if now != mine.before:
        return ()
    action = mine.action
    if isinstance(action, Move):
        return (action,)
    return action, Mix(action.target, action.origin, action.at_target, action.at_origin)


def draw_talk(state: AlbiorixState, seat: Seat) -> list[Draw]:
    """What `seat`, to move, may say about a draw: answer the opponent's offer, or offer one
    (once a turn, while no offer waits)."""
    if state.draw_offer == 1 - seat:
        return [Draw("accept"), Draw("decline")]
    if state.draw_offer is None and state.offered_at != state.played:
        return [Draw("offer")]
    return []
