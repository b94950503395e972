"""Agents of M.A.R.S.: who may act, and every legal move (the single source of truth for
legality; `engine.agents.refusals` only explains a refusal). The moves themselves are in
`engine.agents.actions`.

Colours are indices into `Rules.palette`.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import TYPE_CHECKING

from engine.agents.actions import AgentsMove, Draw, Place, Reveal, SetObjectives, Shift, Swap
from engine.agents.scoring import ORTHOGONAL
from engine.agents.variants import BLACK, Rules
from engine.core import Seat
from engine.grid import Grid, Square

if TYPE_CHECKING:
    from engine.agents.state import AgentsState

REVEAL_LIMIT = 4
"""Objectives may be revealed and swapped while fewer than this many black pyramids are on the
board (unless the Black Trio variant is on)."""


def owner_of(rules: Rules, seat: Seat) -> Seat:
    """Whose objectives `seat` sets, sees and may swap: their own, or in Blind Agents the
    opponent's."""
    return 1 - seat if rules.blind else seat


@functools.lru_cache(maxsize=16)
def reach(grid: Grid, pips: int) -> tuple[tuple[int, ...], ...]:
    """For every square, the squares exactly `pips` steps away in a straight orthogonal line
    (jumping whatever lies between; a step off the board is no step)."""
    table = []
    for index in range(grid.size):
        column, row = grid.square(index)
        ends = [(column + dx * pips, row + dy * pips) for dx, dy in ORTHOGONAL]
        table.append(tuple(grid.index(end) for end in ends if grid.contains(end)))
    return tuple(table)


def black_on_board(state: AgentsState) -> int:
    return sum(1 for piece in state.board if piece is not None and piece.colour == BLACK)


def swap_open(state: AgentsState) -> bool:
    """Whether objectives may still be revealed and swapped: fewer than 4 black pyramids on the
    board, or with Black Trio, the bag has not yet given up a black pyramid of every size."""
    rules = state.rules
    if rules.trio:
        drawn = {
            kind.size
            for kind, left, full in zip(rules.kinds, state.bag, rules.full_bag, strict=True)
            if kind.colour == BLACK and left < full
        }
        return drawn != {1, 2, 3}
    return black_on_board(state) < REVEAL_LIMIT


ALONE = (frozenset({0}), frozenset({1}))
"""Each seat as the only actor, made once."""


def actors(state: AgentsState) -> frozenset[Seat]:
    """Both players still to set objectives, then the player to move; nobody once it is over."""
    if state.over:
        return frozenset()
    if state.setting_objectives:
        return frozenset(s for s in (0, 1) if state.objectives[owner_of(state.rules, s)] is None)
    return ALONE[state.to_move]


def may_reveal(state: AgentsState) -> bool:
    """Reveal-and-swap: once per turn, before drawing, while the limit allows."""
    return state.pending is None and not state.revealed_this_turn and swap_open(state)


def generate(state: AgentsState) -> list[AgentsMove]:
    """Every move of the player (or a player still setting objectives) who may act now."""
    rules = state.rules
    if state.setting_objectives:
        return [SetObjectives(values) for values in rules.assignments()]
    grid = rules.grid
    if state.pending is not None:
        places = table(grid).places
        return [places[i] for i, piece in enumerate(state.board) if piece is None]
    moves: list[AgentsMove] = [Draw(), *board_actions(state)]
    if may_reveal(state):
        moves.extend(reveals(rules.colours))
    return moves


@functools.lru_cache(maxsize=2)
def reveals(colours: int) -> tuple[Reveal, ...]:
    """Every reveal-and-swap of two of `colours` colours, made once."""
    return tuple(Reveal(i, j) for i in range(colours) for j in range(colours) if i < j)


def board_actions(state: AgentsState) -> list[Shift | Swap]:
    """Every move and swap of the player to move, in board order of the moving pyramid.

    A swap is listed once per pair of squares, whichever of the two pyramids can make it. The
    Ko rule removes every move or swap that would bring back a board seen since the last
    placement (see `ko_exchanges`)."""
    board = state.board
    steps = table(state.rules.grid).steps
    actions: list[Shift | Swap] = []
    forbidden = ko_exchanges(state)
    pairs: set[tuple[int, int]] = set()
    for origin, piece in enumerate(board):
        if piece is None or piece.colour == BLACK:
            continue
        for target, pair, shift, swap in steps[piece.size][origin]:
            if pair in forbidden:
                continue
            other = board[target]
            if other is None:
                actions.append(shift)
            elif (
                other.colour != BLACK
                and (other.colour != piece.colour or other.size != piece.size)
                and pair not in pairs
            ):
                pairs.add(pair)
                actions.append(swap)
    return actions


Step = tuple[int, tuple[int, int], Shift, Swap]
"""A square a pyramid may step to (`reach`): its index, the pair of the two squares (lower
first), the move onto it and the swap with it."""


@dataclass(frozen=True)
class Table:
    """The moves a grid allows, made once (moves never change; a search asks for the legal ones
    at every step)."""

    places: tuple[Place, ...]
    """The placement on each square, by index."""
    steps: dict[int, tuple[tuple[Step, ...], ...]]
    """By pips, for every square, its `Step`s in `reach` order."""


@functools.lru_cache(maxsize=4)
def table(grid: Grid) -> Table:
    """The `Table` of `grid` (worked out once per grid)."""
    named = squares(grid)
    steps = {
        pips: tuple(
            tuple(
                (
                    target,
                    (min(origin, target), max(origin, target)),
                    Shift(named[origin], named[target]),
                    Swap(named[min(origin, target)], named[max(origin, target)]),
                )
                for target in ends
            )
            for origin, ends in enumerate(reach(grid, pips))
        )
        for pips in (1, 2, 3)
    }
    return Table(tuple(map(Place, named)), steps)


@functools.lru_cache(maxsize=4)
def squares(grid: Grid) -> tuple[Square, ...]:
    """Every square of `grid` as (column, row), by index."""
    return tuple(grid.square(index) for index in range(grid.size))


def ko_exchanges(state: AgentsState) -> frozenset[tuple[int, int]]:
    """Ko: the exchanges of what stands on two squares (a move when one is empty, else a swap),
    as square index pairs lower first, that would bring back a board that stood since the last
    placement. This forbids undoing the opponent's last action and every longer cycle. (An
    exchange never brings back the board now: it moves a pyramid, or swaps two different ones.)

    A seen board comes back from exactly one exchange: the one of the two squares where it
    differs from the board now, if they hold each other's pyramids; so each seen board is
    compared with the board now once, not with the board after every move: as whole numbers,
    whose exclusive or has its lowest set bits in the first square where they differ and its
    highest in the last."""
    if not state.seen:
        return frozenset()
    now = state.board_key
    whole = int.from_bytes(now.encode(), "little")
    forbidden = set()
    for key in state.seen:
        differ = whole ^ int.from_bytes(key.encode(), "little")
        a = ((differ & -differ).bit_length() - 1) // 16  # the first square that differs
        b = (differ.bit_length() - 1) // 16  # and the last
        only_two = a != b and differ & (SQUARE_BITS[a] | SQUARE_BITS[b]) == differ
        at_a, at_b = slice(2 * a, 2 * a + 2), slice(2 * b, 2 * b + 2)
        if only_two and now[at_a] == key[at_b] and now[at_b] == key[at_a]:
            forbidden.add((a, b))
    return frozenset(forbidden)


SQUARE_BITS = tuple(0xFFFF << (16 * square) for square in range(64))
"""The bits of each square's two characters in a board written as a whole number (`ko_exchanges`;
64 squares, the largest board)."""
