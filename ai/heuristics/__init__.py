"""Rules of thumb for games where random play says too little (a game's kit holds its own: see
`ai.kit`).

A game's `Heuristics` may guide rollouts by the state (`guide`, in place of the rollout policy),
narrow the moves the search weighs at its root (`shortlist`; with `deep`, at every node of the
tree) and judge a cut-off rollout (`evaluate`, in place of the level's
evaluation). Each reads only what the seat it plays for may see in the (sampled) state it is
given. Agents of M.A.R.S. and Mars vs. Earth have them.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

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
    deep: bool = False
    """Whether every seat's moves are shortlisted at every node of the tree, not only the root
    seat's at the root (Agents: a drawn pyramid's square is chosen among the best, whoever drew
    it, so a draw is not judged by placements no player would make)."""
