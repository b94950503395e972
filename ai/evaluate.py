"""How a position stands for one seat: the search's value at the root and its best move, for a
game's review (`/review`), and what two moves change one move ahead.

`evaluate` runs a fixed number of Monte Carlo simulations from a position as `seat` sees it
(every simulation starts from a fresh sample of what `seat` cannot see, drawn by the game kit's
determinizer: never the true hidden state) and returns the mean reward of the root for every
seat, the chance to win as the search estimates it, and the best move of the seat to move.
The seat to move is `seat` when it may act, else the first actor in seat order. The tree is
plain UCT over the sampled states (the moves of the seat at a node are its legal moves in that
sample, shortlisted by the kit's heuristics as in `ai.search`), and each simulation is the
search's own (`ai.search.simulate`, with its rollouts and rewards), its moves never decided by
kind first. Before searching, a move that wins at once for `seat` settles the value (a win),
and so, in an open game without chance, does one that wins at once for another seat to move (a
loss for the rest); an ended game is worth its outcome.

Only an iteration budget is taken, no CPU or wall cap, so the same position, seat, budget and
seed give the same answer on every machine.
"""

from __future__ import annotations

import random
from collections.abc import Hashable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from ai.decisive import Checker, loses_at_once, lost, played, wins_at_once, won
from ai.determinize import OPEN
from ai.kit import Kit
from ai.rewards import Rewards, drawn, rewards
from ai.samplers import Unsampled
from ai.search import Settings, ranked, simulate
from ai.tree import Node
from engine.core import Game, Seat

M = TypeVar("M", bound=Hashable)


@dataclass(frozen=True)
class Estimate(Generic[M]):
    """A position's standing: each seat's estimated chance to win in [0, 1] (the mean reward of
    the root), the seat to move (None once the game is over), its best move (None when it has no
    choice to weigh or the game is over) and the simulations run."""

    values: Rewards
    actor: Seat | None
    best: M | None
    iterations: int


def evaluate(
    game: Game[Any, M],
    state: Any,
    seat: Seat,
    iterations: int,
    seed: int,
    kit: Kit,
    settings: Settings | None = None,
) -> Estimate[M]:
    """How `state` stands as `seat` sees it, after `iterations` simulations from `seed` with the
    game's `kit` (see the module)."""
    rng = random.Random(seed)
    players = len(game.view(state, seat).players)
    outcome = game.outcome(state)
    if outcome is not None:
        return Estimate(rewards(outcome, players), None, None, 0)
    sampler = kit.determinizer
    chosen = Settings() if settings is None else settings
    actors = game.actors(state)
    actor = seat if seat in actors else min(actors)
    try:
        sample = sampler.sample(game, state, seat, rng)
    except Unsampled:
        return Estimate((0.5,) * players, actor, None, 0)
    legal = game.legal_moves(sample, actor)
    if actor == seat or sampler is OPEN:
        checker = Checker(game, state, actor, sample, rng, sampler)
        winning = checker.winning(legal)
        if winning is not None:
            return Estimate(_won_by(game, sample, actor, winning, players), actor, winning, 0)
    else:
        checker = None
    known = kit.heuristics
    moves = legal if known is None or actor != seat else known.shortlist(game, sample, seat, legal)
    root: Node[M] = Node()
    totals = [0.0] * players
    draw = drawn(players, seat, kit.contempt)
    run = 0
    while run < iterations and len(legal) > 1:
        if run:
            try:
                sample = sampler.sample(game, state, seat, rng)
            except Unsampled:
                break
        root_moves = moves if actor == seat else game.legal_moves(sample, actor)
        found = simulate(
            game,
            sample,
            actor,
            root,
            players,
            rng,
            chosen,
            kit,
            root_moves,
            draw,
            kinds_first=False,
        )
        totals = [total + reward for total, reward in zip(totals, found.rewards, strict=True)]
        run += 1
    if not run:
        return Estimate((0.5,) * players, actor, legal[0] if len(legal) == 1 else None, 0)
    values = tuple(total / run for total in totals)
    best: M | None = None
    if actor == seat:
        order = ranked(root, moves, legal)
        best = checker.safest(order, lambda: True) if checker is not None else next(order)
    elif root.children:
        best = root.best()[1]
    return Estimate(values, actor, best, run)


def _won_by(game: Game[Any, M], sample: Any, actor: Seat, move: M, players: int) -> Rewards:
    """The rewards once `actor` plays `move`, which wins at once: the outcome's if the game then
    ends, else a win for `actor` alone."""
    outcome = game.outcome(played(game, sample, actor, move))
    if outcome is not None:
        return rewards(outcome, players)
    return tuple(1.0 if n == actor else 0.0 for n in range(players))


@dataclass(frozen=True)
class Comparison:
    """Two moves of `seat` one move ahead, in a sample of what it could see: whether each wins
    or loses at once (a loss at once: the game ends without `seat` winning, or a reply of the
    next seat does so), and `seat`'s lead after each by the game's own count (its kit's
    `score`; None for a game without one)."""

    better_wins: bool
    played_wins: bool
    better_loses: bool
    played_loses: bool
    better_lead: float | None
    played_lead: float | None


def compare(
    game: Game[Any, M],
    state: Any,
    seat: Seat,
    made: M,
    better: M,
    seed: int,
    kit: Kit,
) -> Comparison:
    """`better` against `made`, both `seat`'s legal moves in `state`, judged in one sample of
    what `seat` could see drawn from `seed` by the game kit's determinizer (the state itself in
    an open game without chance)."""
    sample = kit.determinizer.sample(game, state, seat, random.Random(seed))
    score = kit.score

    def lead(move: M) -> float | None:
        after = played(game, sample, seat, move)
        outcome = game.outcome(after)
        if score is None or won(outcome, seat) or lost(outcome, seat):
            return None
        return score(game, sample, after, seat)

    return Comparison(
        wins_at_once(game, sample, seat, better),
        wins_at_once(game, sample, seat, made),
        loses_at_once(game, sample, seat, better),
        loses_at_once(game, sample, seat, made),
        lead(better),
        lead(made),
    )
