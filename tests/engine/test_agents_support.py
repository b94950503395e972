"""Helpers for the Agents of M.A.R.S. tests: positions from diagrams, quick random games."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from engine.agents import GAME, AgentsState, Draw, Pyramid, Rules
from engine.agents.variants import BLACK, COLOURS
from engine.core import Event

ANN, BOB = 0, 1
_LETTERS = {colour[0]: colour for colour in COLOURS} | {"k": BLACK}


def pyramid(code: str) -> Pyramid:
    """`y3` is a large yellow, `k1` a small black, `p2` a medium purple."""
    return Pyramid(_LETTERS[code[0]], int(code[1]))


def position(
    diagram: str,
    objectives: tuple[tuple[int, ...], tuple[int, ...]] = ((2, 1, 0, -1), (-1, 0, 1, 2)),
    to_move: int = ANN,
    **options: Any,
) -> AgentsState:
    """A state in play from a picture of the board, top row first: `.` empty, else a colour
    letter (r g b y p, k for black) and a size (1-3). The bag holds what the picture leaves."""
    rules = Rules(**options)
    rows = [row.split() for row in diagram.strip().splitlines()]
    grid = rules.grid
    assert len(rows) == grid.rows and all(len(row) == grid.columns for row in rows)
    board: list[Pyramid | None] = [None] * grid.size
    for top_row, codes in enumerate(rows):
        for column, code in enumerate(codes):
            if code != ".":
                board[grid.index((column, grid.rows - 1 - top_row))] = pyramid(code)
    bag = tuple(
        full - board.count(kind) for kind, full in zip(rules.kinds, rules.full_bag, strict=True)
    )
    assert min(bag) >= 0, "more pyramids of a kind than the game has"
    return AgentsState(
        players=("Ann", "Bob"),
        seed=1234,
        rules=rules,
        first=ANN,
        board=tuple(board),
        bag=bag,
        draws=sum(rules.full_bag) - sum(bag),
        objectives=objectives,
        to_move=to_move,
    )


def empty(**options: Any) -> AgentsState:
    rules = Rules(**options)
    rows = "\n".join(" ".join("." * rules.grid.columns) for _ in range(rules.grid.rows))
    values = rules.values
    return position(rows, (values, tuple(reversed(values))), **options)


def play(state: AgentsState, *moves: str) -> tuple[AgentsState, list[Event]]:
    """`state` after each move, made by whoever is to act (the lowest seat when several may)."""
    events: list[Event] = []
    for text in moves:
        seat = min(GAME.actors(state))
        state, said = GAME.apply(state, seat, GAME.parse(state, seat, text))
        events += said
    return state, events


def moves_of(state: AgentsState, seat: int | None = None) -> set[str]:
    seat = state.to_move if seat is None else seat
    return {GAME.notation(m) for m in GAME.legal_moves(state, seat)}


def random_game(
    seed: int, options: Mapping[str, Any] | None = None
) -> list[tuple[AgentsState, int, Any, list[Event]]]:
    """A whole game of random legal moves, drawing half the time it may (so it ends soon):
    (state before, seat, move, events) per move, then (final state, -1, None, [])."""
    rng = random.Random(seed)
    state = GAME.new_game(["Ann", "Bob"], dict(options or {}), seed)
    steps: list[tuple[AgentsState, int, Any, list[Event]]] = []
    while GAME.actors(state):
        seat = rng.choice(sorted(GAME.actors(state)))
        moves = GAME.legal_moves(state, seat)
        move = Draw() if Draw() in moves and rng.random() < 0.5 else rng.choice(moves)
        after, events = GAME.apply(state, seat, move)
        steps.append((state, seat, move, events))
        state = after
    steps.append((state, -1, None, []))
    return steps
