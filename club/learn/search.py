"""Positions that random play reaches: seeded playouts from a lesson's opening, searched for the
first position where the learner (seat 0, alone to act) has a move that a step wants.

Used by lesson scripts when a lesson is first used (each search is deterministic and takes well
under a second for the positions the scripts ask for); the moves found are the engine's own, so
a step's position is still a seeded opening and the moves played since.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from club.learn.lesson import Position, ScriptedMove
from engine.core import Game

Wanted = Callable[[Any, str], bool]
"""Given a state and one of the learner's legal notations: whether the step wants it."""


def head(*words: str) -> Wanted:
    """A move whose notation begins with one of `words`."""
    return lambda state, text: text.startswith(words)


def reach(
    game: Game[Any, Any],
    wanted: Wanted,
    *,
    opening: Position | None = None,
    seeds: int = 60,
    length: int = 200,
) -> tuple[Position, str]:
    """The first position of seeded random playouts from `opening` where the learner alone may
    act and has a wanted move, and that move."""
    opening = opening or Position()
    for seed in range(seeds):
        chooser = random.Random(seed)
        state = opening.build(game, "learner")
        played: list[ScriptedMove] = []
        for _ in range(length):
            if game.outcome(state) is not None:
                break
            actors = sorted(game.actors(state))
            if actors == [0]:
                for text in game.legal(state, 0).notations:
                    if wanted(state, text):
                        return opening.then(*played), text
            seat = actors[0]
            text = chooser.choice(list(game.legal(state, seat).notations))
            state, _ = game.apply(state, seat, game.parse(state, seat, text))
            played.append(text if len(actors) == 1 else (seat, text))
    raise ValueError(f"no {game.key} position found")
