"""The root moves a search weighs in a game counted by its kit's `score` but without rules of
thumb: the `Kit.widest` moves worth most one move ahead (`ai.greedy.worth`), so that a search's
simulations go to the moves that look best by the game's own count instead of spreading over
every legal move (a Ley Lines opening has some 60 legal moves: 600 simulations give each about
10)."""

from __future__ import annotations

import random
from typing import Any, TypeVar

from ai.greedy import worth
from ai.kit import Kit, Score
from engine.core import Game, Seat

M = TypeVar("M")


def widest(
    game: Game[Any, M],
    state: Any,
    seat: Seat,
    moves: list[M],
    score: Score,
    count: int,
    rng: random.Random,
) -> list[M]:
    """The `count` moves of `moves` worth most to `seat` in `state` by `score` (equals in an
    order drawn from `rng`); every move when there are no more than `count`."""
    if len(moves) <= count:
        return moves
    shuffled = rng.sample(moves, len(moves))
    values = {id(move): worth(game, state, seat, move, score) for move in shuffled}
    return sorted(shuffled, key=lambda move: -values[id(move)])[:count]


def narrows(kit: Kit) -> bool:
    """Whether a search with `kit` weighs only its `widest` moves worth most one move ahead: a
    kit with `widest` and a `score`, and no heuristics (which shortlist moves their own way)."""
    return kit.heuristics is None and kit.score is not None and kit.widest is not None


def narrowed(
    game: Game[Any, M], state: Any, seat: Seat, moves: list[M], kit: Kit, rng: random.Random
) -> list[M]:
    """The moves of `moves` a search with `kit` weighs: its `widest` worth most when the kit
    `narrows`, else all of them."""
    if kit.score is None or kit.widest is None or kit.heuristics is not None:
        return moves
    return widest(game, state, seat, moves, kit.score, kit.widest, rng)
