"""Random play from a state to the end of the game or to a depth cap, each move picked from the
legal ones by the game's kit (see `ai.kit`): by its `Policy` (see `ai.policies`), or by its
`Heuristics` where it has them (see `ai.heuristics`), which then also judge a cut-off rollout.

When several seats may act at once (an open phase), one step is taken by the first of them in
seat order; the others act in the steps after, each seeing the moves made before theirs.
"""

from __future__ import annotations

import random
from typing import Any

from ai.kit import Kit
from ai.rewards import Rewards, rewards
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
    kit: Kit,
    draw: Rewards | None = None,
) -> tuple[Rewards, int]:
    """Random legal moves picked by `kit` for at most `depth` moves (the kit's own `depth` when
    it has one); returns the rewards (the outcome's, a draw paying `draw`, or the kit's
    evaluation when the game is still running) and the moves played."""
    known = kit.heuristics
    depth = depth if kit.depth is None else kit.depth
    played = 0
    while played < depth and (seat := first_actor(game, state)) is not None:
        moves = game.legal_moves(state, seat)
        if known is None:
            move = kit.policy(moves, rng)
        else:
            move = known.guide(game, state, seat, moves, rng)
        state, _ = game.apply(state, seat, move)
        played += 1
    outcome = game.outcome(state)
    if outcome is not None:
        return rewards(outcome, players, draw), played
    evaluate = kit.evaluation if known is None else known.evaluate
    return evaluate(game, state, players), played
