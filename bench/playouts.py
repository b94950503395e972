"""Seeded random games played through the engine alone: their steps, and positions found in
them."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from engine.core import Game


@dataclass(frozen=True)
class Step:
    """One random move: the state before it, the seat that made it and the move."""

    state: Any
    seat: int
    move: Any


def random_game(
    game: Game[Any, Any], players: int, options: dict[str, Any], seed: int
) -> Iterator[Step]:
    """The steps of one game of seeded random legal moves, to its end."""
    chooser = random.Random(seed)
    names = [f"Player{n}" for n in range(players)]
    state = game.new_game(names, options, seed)
    while game.outcome(state) is None:
        seat = chooser.choice(sorted(game.actors(state)))
        move = chooser.choice(game.legal_moves(state, seat))
        yield Step(state, seat, move)
        state, _ = game.apply(state, seat, move)
    yield Step(state, -1, None)


def final_state(game: Game[Any, Any], players: int, options: dict[str, Any], seed: int) -> Any:
    *_, last = random_game(game, players, options, seed)
    return last.state


def first_state(
    game: Game[Any, Any], players: int, options: dict[str, Any], wanted: Callable[[Any], bool]
) -> Any:
    """The first state, over seeded random games, for which `wanted` holds."""
    for seed in range(1, 200):
        for step in random_game(game, players, options, seed):
            if wanted(step.state):
                return step.state
    raise LookupError("no random game reached the wanted position")


def positions(game: Game[Any, Any], players: int, games: int, most: int) -> list[Any]:
    """Positions with someone to move in `games` seeded random games: all of them, or `most`
    taken evenly from first to last."""
    found = [
        step.state
        for seed in range(games)
        for step in random_game(game, players, {}, seed)
        if step.seat >= 0
    ]
    if len(found) <= most:
        return found
    return [found[n * len(found) // most] for n in range(most)]
