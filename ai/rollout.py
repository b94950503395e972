"""Random play from a state to the end of the game or to a depth cap, each move picked from the
legal ones by a `Policy` (see `ai.policies`).

When several seats may act at once (an open phase), one step is taken by the first of them in
seat order; the others act in the steps after, each seeing the moves made before theirs.
"""

from __future__ import annotations

import random
from typing import Any

from ai.policies import Policy
from ai.rewards import Evaluation, Rewards, rewards
from engine.core import Game, Seat


def first_actor(game: Game[Any, Any], state: Any) -> Seat | None:
    """The seat that takes the next step (the lowest actor), or None when nobody may act."""
    actors = game.actors(state)
    return min(actors) if actors else None


def rollout(
    game: Game[Any, Any],
    state: Any,
    players: int,
    rng: random.Random,
    depth: int,
    evaluate: Evaluation,
    policy: Policy,
) -> tuple[Rewards, int]:
    """Random legal moves picked by `policy` for at most `depth` moves; returns the rewards (the
    outcome's, or `evaluate`'s when the game is still running) and the moves played."""
    played = 0
    while played < depth and (seat := first_actor(game, state)) is not None:
        state, _ = game.apply(state, seat, policy(game.legal_moves(state, seat), rng))
        played += 1
    outcome = game.outcome(state)
    found = evaluate(game, state, players) if outcome is None else rewards(outcome, players)
    return found, played
