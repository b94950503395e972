"""Information-set Monte Carlo tree search (single observer), which is plain UCT in open games.

One search chooses a move for `seat` (Cowling, Powley and Whitehouse's SO-ISMCTS). Each
iteration:
1. asks the determinizer for a state `seat` cannot tell from the true one (in an open game, the
   true state itself);
2. walks down the tree from the root, playing in that state: at a node, the seat that moves is
   `seat` at the root and the first actor in seat order below it; among that seat's legal moves
   in this sample, one never tried gets a new child (then the walk stops), otherwise the child
   with the highest UCB1 is followed;
3. plays random moves from there to the end or the depth cap (see `ai.rollout`);
4. adds each seat's reward to the nodes that seat moved into, along the path.
The move played is the root child visited most. The search touches only sampled states (and
`seat`'s own view, to count the players), never the true state's hidden part.
"""

from __future__ import annotations

import random
import time
from collections.abc import Hashable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from ai.determinize import OPEN, Determinizer
from ai.rewards import Evaluation, even
from ai.rollout import first_actor, rollout
from ai.tree import Node
from engine.core import Game, Seat

M = TypeVar("M", bound=Hashable)


@dataclass(frozen=True)
class Budget:
    """How much one search may think: at most `iterations` simulations and, when set, at most
    `cpu_seconds` of this process's CPU time (`time.process_time`). Only a budget without a
    CPU cap gives the same move for the same seed every time."""

    iterations: int
    cpu_seconds: float | None = None


@dataclass(frozen=True)
class Settings:
    """How the search plays: the UCB1 exploration constant (rewards lie in [0, 1]), the most
    random moves a rollout plays past the tree, and what a cut-off rollout is worth.

    20 moves measured best: in Albiorix, rollouts of 80 random moves mostly measure random play
    (normal lost 8-11 to easy with them, won 11-1 with 20), and rollouts of 8 moves see too little
    of Ley Lines (6-6 against easy, 11-0 with one draw at 20)."""

    exploration: float = 0.7
    depth: int = 20
    evaluate: Evaluation = even


@dataclass(frozen=True)
class Decision(Generic[M]):
    """The chosen move and what it cost: simulations run, moves applied in them (tree and
    rollouts), and CPU seconds spent."""

    move: M
    iterations: int
    simulated: int
    cpu_seconds: float


def search(
    game: Game[Any, M],
    state: Any,
    seat: Seat,
    budget: Budget,
    rng: random.Random,
    determinizer: Determinizer = OPEN,
    settings: Settings = Settings(),
) -> Decision[M]:
    """The move `seat` should make in `state`, by information-set MCTS within `budget`.

    `seat` must be one of the actors. A lone legal move is returned without searching.
    """
    started = time.process_time()
    deadline = None if budget.cpu_seconds is None else started + budget.cpu_seconds
    players = len(game.view(state, seat).players)
    sample = determinizer.sample(game, state, seat, rng)
    moves = game.legal_moves(sample, seat)
    if not moves:
        raise ValueError(f"Seat {seat} has no move to make now.")
    root: Node[M] = Node()
    iterations = simulated = 0
    while len(moves) > 1 and iterations < budget.iterations:
        if iterations and deadline is not None and time.process_time() >= deadline:
            break
        if iterations:
            sample = determinizer.sample(game, state, seat, rng)
        simulated += _iterate(game, sample, seat, root, players, rng, settings)
        iterations += 1
    move = root.best()[1] if root.children else moves[0]
    return Decision(move, iterations, simulated, time.process_time() - started)


def _iterate(
    game: Game[Any, M],
    state: Any,
    seat: Seat | None,
    root: Node[M],
    players: int,
    rng: random.Random,
    settings: Settings,
) -> int:
    """One simulation from the sampled `state` at `root`, where `seat` moves; returns the moves
    it applied."""
    node, path = root, [root]
    while seat is not None:
        keys = [(seat, move) for move in game.legal_moves(state, seat)]
        fresh = [key for key in keys if key not in node.children]
        for key in keys:
            if key in node.children:
                node.children[key].available += 1
        key = rng.choice(fresh) if fresh else node.select(keys, settings.exploration)
        if fresh:
            node.children[key] = Node(seat, available=1)
        node = node.children[key]
        state, _ = game.apply(state, seat, key[1])
        path.append(node)
        seat = None if fresh else first_actor(game, state)
    rewards, played = rollout(game, state, players, rng, settings.depth, settings.evaluate)
    for step in path:
        step.visits += 1
        if step.mover is not None:
            step.reward += rewards[step.mover]
    return len(path) - 1 + played
