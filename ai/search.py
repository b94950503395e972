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
A game's heuristics (`ai.heuristics`) may narrow the root seat's moves to a shortlist first (with
`deep` heuristics, every seat's moves at every node of the tree).
The move played is the root child visited most. A search under a CPU cap stops early once no
other root child could catch up with the most visited one in the simulations its time leaves
(see `settled`); a budget of iterations only always runs them all. The search touches only
sampled states (and `seat`'s own view, to count the players), never the true state's hidden
part.
"""

from __future__ import annotations

import random
import time
from collections.abc import Hashable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from ai.determinize import OPEN, Determinizer
from ai.heuristics import heuristics_for
from ai.policies import Policy, by_kind, uniform
from ai.rewards import Evaluation, Rewards, drawn, even
from ai.rollout import first_actor, rollout
from ai.samplers import Unsampled
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
    random moves a rollout plays past the tree, what a cut-off rollout is worth, and how a
    rollout picks its moves.

    20 moves measured best: in Albiorix, rollouts of 80 random moves mostly measure random play
    (normal lost 8-11 to easy with them, won 11-1 with 20), and rollouts of 8 moves see too little
    of Ley Lines (6-6 against easy, 11-0 with one draw at 20)."""

    exploration: float = 0.7
    depth: int = 20
    evaluate: Evaluation = even
    policy: Policy = uniform


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
    known = heuristics_for(game)
    try:
        sample = determinizer.sample(game, state, seat, rng)
    except Unsampled:
        return unsearched(game, state, seat, rng, started)
    moves = game.legal_moves(sample, seat)
    if not moves:
        raise ValueError(f"Seat {seat} has no move to make now.")
    if known is not None:  # the seat's own moves, the same in every sample
        moves = known.shortlist(game, sample, seat, moves)
    root: Node[M] = Node()
    draw = drawn(game, players, seat)
    iterations = simulated = 0
    while len(moves) > 1 and iterations < budget.iterations:
        if iterations and deadline is not None:
            if time.process_time() >= deadline:
                break
            if iterations % SETTLE_EVERY == 0 and settled(
                root, budget, iterations, started, deadline
            ):
                break
        if iterations:
            try:
                sample = determinizer.sample(game, state, seat, rng)
            except Unsampled:  # rare: decide on the simulations run so far
                break
        simulated += _iterate(game, sample, seat, root, players, rng, settings, moves, draw)
        iterations += 1
    chosen = decisive(root)
    move = chosen.best()[1] if chosen.children else _first_of_kind(root, moves)
    return Decision(move, iterations, simulated, time.process_time() - started)


def unsearched(
    game: Game[Any, M], state: Any, seat: Seat, rng: random.Random, started: float
) -> Decision[M]:
    """The move of a seat the sampler cannot draw a sample for: the best by the game's rules
    of thumb (which read only what the seat may see), else a random one of its own legal moves
    (which the table offers it anyway)."""
    moves = game.legal_moves(state, seat)
    known = heuristics_for(game)
    move = known.shortlist(game, state, seat, moves)[0] if known else rng.choice(moves)
    return Decision(move, 0, 0, time.process_time() - started)


def _first_of_kind(root: Node[Any], moves: list[M]) -> M:
    """The first of `moves` (of the most visited kind, if the root has kinds)."""
    if root.children:
        kind = root.best()[1]
        return next(move for move in moves if type(move) is kind.of)
    return moves[0]


SETTLE_EVERY = 16
"""Simulations between two checks of `settled`."""


def settled(
    root: Node[Any], budget: Budget, iterations: int, started: float, deadline: float
) -> bool:
    """Whether the most visited move (see `decisive`) stays the most visited whatever the
    simulations left do: its lead in visits exceeds them. The simulations left are estimated
    from the rate so far (CPU seconds to `deadline` times simulations per CPU second since
    `started`)."""
    now = time.process_time()
    rate = iterations / max(now - started, 1e-9)
    left = min(budget.iterations - iterations, int(rate * (deadline - now)))
    children = decisive(root).children.values()
    *_, second, first = sorted([0, 0, *(child.visits for child in children)])
    return first - second > left


@dataclass(frozen=True)
class Kind:
    """A tree node's key for deciding a kind of move (the moves' class) before the move."""

    of: type


def kinds(seat: Seat, moves: list[Any]) -> list[tuple[Seat, Kind]]:
    """The keys of the kinds among `moves`, in the order they first come."""
    return [(seat, Kind(of)) for of in dict.fromkeys(type(move) for move in moves)]


def decisive(root: Node[Any]) -> Node[Any]:
    """The node whose children are the root seat's moves: the root, or under `by_kind` its most
    visited kind."""
    if root.children and isinstance(root.best()[1], Kind):
        return root.children[root.best()]
    return root


def _step(
    node: Node[Any], keys: list[tuple[Seat, Any]], rng: random.Random, exploration: float
) -> tuple[Node[Any], tuple[Seat, Any], bool]:
    """One step down from `node` among `keys` (all legal now): a key never tried, at random,
    gets a new child; otherwise UCB1 picks among the children. Returns the child, its key and
    whether it is new."""
    fresh = [key for key in keys if key not in node.children]
    for key in keys:
        if key in node.children:
            node.children[key].available += 1
    key = rng.choice(fresh) if fresh else node.select(keys, exploration)
    if fresh:
        node.children[key] = Node(key[0], available=1)
    return node.children[key], key, bool(fresh)


def _moves_at(game: Game[Any, M], state: Any, seat: Seat) -> list[M]:
    """The moves `seat` weighs at a node below the root: its legal moves, shortlisted when the
    game's heuristics are `deep`."""
    moves = game.legal_moves(state, seat)
    known = heuristics_for(game)
    if known is not None and known.deep:
        return known.shortlist(game, state, seat, moves)
    return moves


def _iterate(
    game: Game[Any, M],
    state: Any,
    seat: Seat | None,
    root: Node[M],
    players: int,
    rng: random.Random,
    settings: Settings,
    shortlist: list[M],
    draw: Rewards,
) -> int:
    """One simulation from the sampled `state` at `root`, where `seat` moves among `shortlist`;
    returns the moves it applied; a draw pays `draw`. With the `by_kind` policy, each decision is
    two steps of the tree: the kind of move, then a move of that kind (a new kind node plays a
    random move of its kind)."""
    node: Node[Any] = root
    path, applied = [node], 0
    while seat is not None:
        moves = shortlist if node is root else _moves_at(game, state, seat)
        fresh = False
        if settings.policy is by_kind:
            node, key, fresh = _step(node, kinds(seat, moves), rng, settings.exploration)
            path.append(node)
            moves = [move for move in moves if type(move) is key[1].of]
        if fresh:
            move = rng.choice(moves)
        else:
            node, (_, move), fresh = _step(
                node, [(seat, move) for move in moves], rng, settings.exploration
            )
            path.append(node)
        state, _ = game.apply(state, seat, move)
        applied += 1
        seat = None if fresh else first_actor(game, state)
    rewards, played = rollout(
        game, state, players, rng, settings.depth, settings.evaluate, settings.policy, draw
    )
    for step in path:
        step.visits += 1
        if step.mover is not None:
            step.reward += rewards[step.mover]
    return applied + played
