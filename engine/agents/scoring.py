"""Agents of M.A.R.S. scoring: same-colour groups on the board, points per colour, totals, and
how the game ends and who won.

A group is a maximal set of orthogonally connected pyramids of one scoring colour (black never
scores). Base rules: every group of 4 or more pyramids counts its pips. Only the Biggest Group
Counts: per colour only the group with the most pyramids counts, whatever its size (a tie goes to
the group worth more, then to the group nearest a1). The Size of the Group Gives Points: a
counted group adds its number of pyramids to its pips. A player's score is the sum over colours
of the colour's points times that player's objective value for it.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from engine.agents.variants import BLACK, Pyramid, Rules
from engine.core import Outcome, remembered
from engine.grid import Grid

if TYPE_CHECKING:
    from engine.agents.state import AgentsState

ORTHOGONAL = ((1, 0), (-1, 0), (0, 1), (0, -1))
MIN_GROUP = 4
"""Pyramids a group needs to score under the base rules."""

Board = Sequence[Pyramid | None]


@dataclass(frozen=True)
class Cluster:
    """A scoring group: its colour, its squares (indices, ascending) and the points it gives."""

    colour: str
    squares: tuple[int, ...]
    points: int


@functools.lru_cache(maxsize=4)
def neighbours(grid: Grid) -> tuple[tuple[int, ...], ...]:
    """For every square, the squares orthogonally next to it."""
    table = []
    for index in range(grid.size):
        column, row = grid.square(index)
        near = [(column + dx, row + dy) for dx, dy in ORTHOGONAL]
        table.append(tuple(grid.index(s) for s in near if grid.contains(s)))
    return tuple(table)


def groups(board: Board, grid: Grid) -> list[tuple[str, tuple[int, ...]]]:
    """Every same-colour group of non-black pyramids as (colour, squares), by first square."""
    near = neighbours(grid)
    left = [None if piece is None else piece.colour for piece in board]  # not yet in a group
    found = []
    for start, colour in enumerate(left):
        if colour is None or colour == BLACK:
            continue
        left[start] = None
        members = [start]
        for square in members:  # grows as the group does
            for other in near[square]:
                if left[other] == colour:
                    left[other] = None
                    members.append(other)
        members.sort()
        found.append((colour, tuple(members)))
    return found


def bond_pips(board: Board, grid: Grid, palette: Sequence[str], at: set[int]) -> list[int]:
    """Per colour (palette order): the pips of the bonds that touch the squares `at`, each bond
    once. A bond is two orthogonally adjacent pyramids of one scoring colour; it counts both
    pyramids' pips."""
    near = neighbours(grid)
    pips = [0] * len(palette)
    for square in at:
        piece = board[square]
        if piece is None or piece.colour == BLACK:
            continue
        for other in near[square]:
            next_to = board[other]
            if (
                next_to is not None
                and next_to.colour == piece.colour
                and (other not in at or other > square)
            ):
                pips[palette.index(piece.colour)] += piece.size + next_to.size
    return pips


def state_groups(state: AgentsState) -> list[tuple[str, tuple[int, ...]]]:
    """`groups` of the board of `state` (remembered per state: scoring and the computer players'
    rules of thumb both ask)."""
    return remembered(state, "groups", lambda: groups(state.board, state.rules.grid))


def clusters(board: Board, rules: Rules) -> list[Cluster]:
    """The groups that score under `rules`, each with its points, in colour order."""
    return scoring_clusters(board, rules, groups(board, rules.grid))


def scoring_clusters(
    board: Board, rules: Rules, found: Sequence[tuple[str, tuple[int, ...]]]
) -> list[Cluster]:
    """Which of the groups `found` on `board` score under `rules` (see `clusters`)."""
    big = found if rules.biggest else [g for g in found if len(g[1]) >= MIN_GROUP]
    every = [Cluster(colour, squares, _points(board, squares, rules)) for colour, squares in big]
    scored = []
    for colour in rules.palette:
        candidates = [c for c in every if c.colour == colour]
        if rules.biggest and candidates:
            candidates = [max(candidates, key=lambda c: (len(c.squares), c.points, -c.squares[0]))]
        scored.extend(candidates)
    return scored


def _points(board: Board, squares: tuple[int, ...], rules: Rules) -> int:
    pips = sum(piece.size for piece in (board[i] for i in squares) if piece is not None)
    return pips + (len(squares) if rules.groupsize else 0)


def colour_points(found: Sequence[Cluster], rules: Rules) -> tuple[int, ...]:
    """The points of each colour in play (palette order): the sum of its scoring clusters."""
    return tuple(sum(c.points for c in found if c.colour == colour) for colour in rules.palette)


def total(points: Sequence[int], objective: Sequence[int]) -> int:
    """A player's score: each colour's points times the player's value for it."""
    return sum(p * v for p, v in zip(points, objective, strict=True))


Scored = tuple[tuple[Cluster, ...], tuple[int, ...]]


def scored(state: AgentsState) -> Scored:
    """The clusters that score on the board now, and the points of each colour (remembered per
    state: views, outcomes and the final events all ask)."""
    return remembered(state, "scored", lambda: _score(state))


def _score(state: AgentsState) -> Scored:
    found = tuple(scoring_clusters(state.board, state.rules, state_groups(state)))
    return found, colour_points(found, state.rules)


def outcome(state: AgentsState) -> Outcome | None:
    """The result: a resignation (the other player wins, no scores), or once the board is full
    the players' scores (equal scores are a draw); None while the game runs."""
    if state.resigned is not None:
        return Outcome((1 - state.resigned,), None, f"{state.players[state.resigned]} resigned")
    if not state.full:
        return None
    _, points = scored(state)
    scores = tuple(total(points, values or ()) for values in state.objectives)
    first, second = scores
    if first == second:
        return Outcome((), scores, f"{first} points each")
    return Outcome((0 if first > second else 1,), scores, f"{max(scores)} to {min(scores)}")
