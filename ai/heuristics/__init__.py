"""Rules of thumb for games where random play says too little, by game key.

A game's `Heuristics` may guide rollouts by the state (`guide`, in place of the rollout policy),
narrow the moves the search weighs at its root (`shortlist`) and judge a cut-off rollout
(`evaluate`, in place of the level's evaluation). Each reads only what the seat it plays for may
see in the (sampled) state it is given.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from ai.heuristics import marsvsearth
from ai.rewards import Evaluation
from engine.core import Game, Seat

Guide = Callable[[Game[Any, Any], Any, Seat, Sequence[Any], random.Random], Any]
"""`(game, state, seat, legal moves, rng) -> the move a rollout plays for seat`."""
Shortlist = Callable[[Game[Any, Any], Any, Seat, Sequence[Any]], list[Any]]
"""`(game, state, seat, legal moves) -> the moves worth searching at the root`."""


@dataclass(frozen=True)
class Heuristics:
    guide: Guide
    shortlist: Shortlist
    evaluate: Evaluation


HEURISTICS: dict[str, Heuristics] = {
    "marsvsearth": Heuristics(marsvsearth.guide, marsvsearth.shortlist, marsvsearth.standing),
}


def heuristics_for(game: Game[Any, Any]) -> Heuristics | None:
    """The game's heuristics, or None when the search plays it without."""
    return HEURISTICS.get(game.key)
