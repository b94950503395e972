"""Random play from a state to the end of the game or to a depth cap, each move picked from the
legal ones by a `Policy` (see `ai.policies`), or by the game's own `Heuristics` where it has them
(see `ai.heuristics`), which then also judge a cut-off rollout.

When several seats may act at once (an open phase), one step is taken by the first of them in
seat order; the others act in the steps after, each seeing the moves made before theirs.
"""

from __future__ import annotations

import random
from typing import Any

from ai.heuristics import heuristics_for
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
    draw: Rewards | None = None,
) -> tuple[Rewards, int]:
    """Random legal moves picked by `policy` for at most `depth` moves; returns the rewards (the
    outcome's, a draw paying `draw`, or `evaluate`'s when the game is still running) and the
    moves played."""
    known = heuristics_for(game)
    played = 0
    while played < depth and (seat := first_actor(game, state)) is not None:
        moves = game.legal_moves(state, seat)
        move = policy(moves, rng) if known is None else known.guide(game, state, seat, moves, rng)
        state, _ = game.apply(state, seat, move)
        played += 1
    outcome = game.outcome(state)
    if known is not None:
        evaluate = known.evaluate
    found = evaluate(game, state, players) if outcome is None else rewards(outcome, players, draw)
    return found, played
