"""Information-set Monte Carlo tree search (single observer), which is plain UCT in open games.

One search chooses a move for `seat` (Cowling, Powley and Whitehouse's SO-ISMCTS). Each
iteration:
1. asks the game kit's determinizer (see `ai.kit`) for a state `seat` cannot tell from the true
   one (in an open game without chance, the true state itself);
2. walks down the tree from the root, playing in that state: at a node, the seat that moves is
   `seat` at the root and the first actor in seat order below it; among that seat's legal moves
   in this sample, one never tried gets a new child (then the walk stops), otherwise the child
   with the highest UCB1 is followed; in an open game without chance, a seat below the root
   that has a move winning at once plays it (checked once per node visited `WIN_CHECK_AT`
   times: see `winning_at`), and with a kit that `narrows`, weighs only its `widest` moves
   worth most one move ahead from then on (`widest_at`);
3. plays random moves from there to the end or the depth cap (see `ai.rollout`);
4. adds each seat's reward, faded by the moves from the root to the end or the cap
   (`Settings.discount`), to the nodes that seat moved into, along the path.
The kit's heuristics (`ai.heuristics`) may narrow the root seat's moves to a shortlist first (with
`deep` heuristics, every seat's moves at every node of the tree), or a kit without them to its
`widest` moves worth most one move ahead (`ai.widest`), at the root and, in an open game without
chance, at every node visited `WIN_CHECK_AT` times (the other seat's likely replies too).
Before searching, a move that wins at once is played; after, the root child visited most,
unless it may lose at once (as deep as the kit's `loss_depth` looks) and another move does
not (see `ai.decisive`). A search under a CPU
or wall-clock cap simulates for `SEARCH_SHARE` of its time and stops earlier once no other root
child could catch up with the most visited one in the simulations its time leaves (see
`settled`); a budget of iterations only always runs them all. The search touches only
sampled states (and `seat`'s own view, to count the players), never the true state's hidden
part.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Hashable, Iterator
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from ai.decisive import Checker, wins_at_once
from ai.determinize import OPEN
from ai.kit import Kit
from ai.policies import by_kind
from ai.rewards import Rewards, discounted, drawn
from ai.rollout import first_actor, rollout
from ai.samplers import Unsampled
from ai.tree import Node
from ai.widest import narrowed, narrows
from engine.core import Game, Seat

M = TypeVar("M", bound=Hashable)


@dataclass(frozen=True)
class Budget:
    """How much one search may think: at most `iterations` simulations and, when set, at most
    `cpu_seconds` of this process's CPU time and at most `wall_seconds` of time on the clock
    (`Clocks`). Only a budget without either cap gives the same move for the same seed every
    time."""

    iterations: int
    cpu_seconds: float | None = None
    wall_seconds: float | None = None


@dataclass(frozen=True)
class Clocks:
    """What a search reads the time from: CPU seconds of this process and seconds on the wall
    (tests pass clocks of their own)."""

    cpu: Callable[[], float] = time.process_time
    wall: Callable[[], float] = time.monotonic


class Timer:
    """How much of a budget's time a search has spent, as a share of its tighter cap."""

    def __init__(self, budget: Budget, clocks: Clocks) -> None:
        self.budget, self.clocks = budget, clocks
        self.cpu_started, self.wall_started = clocks.cpu(), clocks.wall()

    @property
    def capped(self) -> bool:
        return self.budget.cpu_seconds is not None or self.budget.wall_seconds is not None

    def cpu_seconds(self) -> float:
        """CPU seconds spent since the search began."""
        return self.clocks.cpu() - self.cpu_started

    def spent(self) -> float:
        """The share of the budget's time spent: the larger of the CPU and the wall shares (0
        without caps)."""
        shares = [0.0]
        if self.budget.cpu_seconds is not None:
            shares.append(self.cpu_seconds() / self.budget.cpu_seconds)
        if self.budget.wall_seconds is not None:
            elapsed = self.clocks.wall() - self.wall_started
            shares.append(elapsed / self.budget.wall_seconds)
        return max(shares)


SEARCH_SHARE = 0.9
"""The share of a capped budget's time the simulations may use: the rest is left for checking
that the chosen move does not lose at once (`ai.decisive`), which takes a few hundredths of a
second in most positions (in Albiorix, looking two replies deep, 0.04 s on average and 0.08 s
at most over 50 decisions of hard against greedy, checking 1.4 moves on average)."""


@dataclass(frozen=True)
class Settings:
    """How the search plays: the UCB1 exploration constant (rewards lie in [0, 1]), the most
    random moves a rollout plays past the tree, and how much a reward fades per move from the
    root (`ai.rewards.discounted`: a win sooner is worth more, a loss later costs less). What a
    cut-off rollout is worth and how a rollout picks its moves are the game kit's.

    20 moves measured best: in Albiorix, rollouts of 80 random moves mostly measure random play
    (normal lost 8-11 to easy with them, won 11-1 with 20), and rollouts of 8 moves see too little
    of Ley Lines (6-6 against easy, 11-0 with one draw at 20)."""

    exploration: float = 0.7
    depth: int = 20
    discount: float = 0.99


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
    kit: Kit,
    settings: Settings = Settings(),
    clocks: Clocks = Clocks(),
    root: Node[M] | None = None,
) -> Decision[M]:
    """The move `seat` should make in `state`, by information-set MCTS within `budget`, with the
    game's `kit`.

    `seat` must be one of the actors. A lone legal move is returned without searching, and so is
    a move that wins at once (see `ai.decisive`). The search grows `root` when given (a tree of
    this very position from an earlier search, see `ai.memory`; its simulations count as well as
    the new ones), else a new one.
    """
    timer = Timer(budget, clocks)
    players = len(game.view(state, seat).players)
    known, determinizer = kit.heuristics, kit.determinizer
    try:
        sample = determinizer.sample(game, state, seat, rng)
    except Unsampled:
        return unsearched(game, state, seat, rng, timer, kit)
    legal = game.legal_moves(sample, seat)
    if not legal:
        raise ValueError(f"Seat {seat} has no move to make now.")
    if len(legal) == 1:
        return Decision(legal[0], 0, 0, timer.cpu_seconds())
    checker = Checker(game, state, seat, sample, rng, determinizer, kit.loss_depth)
    winning = checker.winning(legal)
    if winning is not None:
        return Decision(winning, 0, 0, timer.cpu_seconds())
    # the seat's own moves, the same in every sample
    moves = legal if known is None else known.shortlist(game, sample, seat, legal)
    moves = narrowed(game, sample, seat, moves, kit, rng)
    root = Node() if root is None else root
    draw = drawn(players, seat, kit.contempt)
    wins: Wins | None = {} if determinizer is OPEN and kit.policy is not by_kind else None
    deep: Shortlists | None = {} if wins is not None and narrows(kit) else None
    iterations = simulated = 0
    while len(moves) > 1 and iterations < budget.iterations:
        if iterations and timer.capped:
            spent = timer.spent()
            if spent >= SEARCH_SHARE:
                break
            if iterations % SETTLE_EVERY == 0 and settled(root, budget, iterations, spent):
                break
        if iterations:
            try:
                sample = determinizer.sample(game, state, seat, rng)
            except Unsampled:  # rare: decide on the simulations run so far
                break
        simulated += simulate(
            game, sample, seat, root, players, rng, settings, kit, moves, draw, wins, deep
        ).applied
        iterations += 1
    move = checker.safest(ranked(root, moves, legal), lambda: timer.spent() < 1)
    return Decision(move, iterations, simulated, timer.cpu_seconds())


def unsearched(
    game: Game[Any, M], state: Any, seat: Seat, rng: random.Random, timer: Timer, kit: Kit
) -> Decision[M]:
    """The move of a seat the sampler cannot draw a sample for: the best by the game's rules
    of thumb (which read only what the seat may see), else a random one of its own legal moves
    (which the table offers it anyway)."""
    moves = game.legal_moves(state, seat)
    known = kit.heuristics
    move = known.shortlist(game, state, seat, moves)[0] if known else rng.choice(moves)
    return Decision(move, 0, 0, timer.cpu_seconds())


def ranked(root: Node[Any], moves: list[M], legal: list[M]) -> Iterator[M]:
    """The root seat's moves, the one to play first: the root's children (under `by_kind`, the
    children of each kind, the most visited kind first, then its moves not yet tried) by visits
    then mean, the first made among equals; then the shortlisted moves never tried, then the
    other legal moves."""
    if root.children and isinstance(root.best()[1], Kind):
        groups = sorted(root.children.items(), key=_standing, reverse=True)
    else:
        groups = [((0, None), root)]
    found: dict[M, None] = {}
    for (_, kind), group in groups:
        order = sorted(group.children.items(), key=_standing, reverse=True)
        found.update((move, None) for (_, move), _ in order)
        if kind is not None:
            found.update((move, None) for move in moves if type(move) is kind.of)
    found.update((move, None) for move in moves)
    found.update((move, None) for move in legal)
    return iter(found)


def _standing(item: tuple[tuple[Seat, Any], Node[Any]]) -> tuple[int, float]:
    """A child's rank among its siblings: visits, then mean reward."""
    return item[1].visits, item[1].mean()


SETTLE_EVERY = 16
"""Simulations between two checks of `settled`."""


def settled(root: Node[Any], budget: Budget, iterations: int, spent: float) -> bool:
    """Whether the most visited move (see `decisive`) stays the most visited whatever the
    simulations left do: its lead in visits exceeds them. The simulations left are estimated
    from the rate so far: `iterations` in the `spent` share of the budget's time, with the
    share up to `SEARCH_SHARE` still to go."""
    rate = iterations / max(spent, 1e-9)
    left = min(budget.iterations - iterations, int(rate * (SEARCH_SHARE - spent)))
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


def _moves_at(game: Game[Any, M], state: Any, seat: Seat, kit: Kit) -> list[M]:
    """The moves `seat` weighs at a node below the root: its legal moves, shortlisted when the
    kit's heuristics are `deep`."""
    moves = game.legal_moves(state, seat)
    known = kit.heuristics
    if known is not None and known.deep:
        return known.shortlist(game, state, seat, moves)
    return moves


WIN_CHECK_AT = 32
"""Visits after which a node below the root is checked once for a move that wins at once (see
`winning_at`): a node visited less costs more to check than its simulations tell."""

Wins = dict[Node[Any], Any]
"""A search's nodes checked for a move that wins at once: the move, or None."""


def winning_at(
    game: Game[Any, M], state: Any, seat: Seat, node: Node[Any], moves: list[M], wins: Wins
) -> M | None:
    """The move of `moves` that wins at once for `seat` at `node`, in `state` (see
    `ai.decisive`), checked once per node, when it has been visited `WIN_CHECK_AT` times; None
    before that or without one. Only for open games without chance, whose nodes each hold one
    state."""
    if node.visits < WIN_CHECK_AT:
        return None
    if node not in wins:
        wins[node] = next((move for move in moves if wins_at_once(game, state, seat, move)), None)
    found: M | None = wins[node]
    return found


Shortlists = dict[Node[Any], list[Any]]
"""A search's nodes below the root narrowed to the moves worth most one move ahead."""


def widest_at(
    game: Game[Any, M],
    state: Any,
    seat: Seat,
    node: Node[Any],
    moves: list[M],
    kit: Kit,
    rng: random.Random,
    shortlists: Shortlists,
) -> list[M]:
    """The moves `seat` weighs at `node` below the root, in `state`: once the node has been
    visited `WIN_CHECK_AT` times, the kit's `widest` moves worth most one move ahead (found once
    per node, see `ai.widest`), before that all of `moves`. Only for open games without chance,
    whose nodes each hold one state, and kits that `narrows`."""
    if node.visits < WIN_CHECK_AT:
        return moves
    if node not in shortlists:
        shortlists[node] = narrowed(game, state, seat, moves, kit, rng)
    return shortlists[node]


@dataclass(frozen=True)
class Simulation:
    """What one simulation found: every seat's reward and the moves it applied (tree and
    rollout)."""

    rewards: Rewards
    applied: int


def simulate(
    game: Game[Any, M],
    state: Any,
    seat: Seat | None,
    root: Node[M],
    players: int,
    rng: random.Random,
    settings: Settings,
    kit: Kit,
    shortlist: list[M],
    draw: Rewards,
    wins: Wins | None = None,
    deep: Shortlists | None = None,
    *,
    kinds_first: bool | None = None,
) -> Simulation:
    """One simulation from the sampled `state` at `root`, where `seat` moves among `shortlist`;
    a draw pays `draw`. Down the tree by UCB1 until a move never tried (which gets a node), then
    a rollout; each node on the path adds its mover's reward. With `kinds_first` (by default:
    the `by_kind` policy), each decision is two steps of the tree: the kind of move, then a move
    of that kind (a new kind node plays a random move of its kind). With `wins` (an open game
    without chance), a seat below the root that has a move winning at once plays it
    (`winning_at`); with `deep` as well, it weighs only its moves worth most one move ahead
    (`widest_at`)."""
    by_kinds = kit.policy is by_kind if kinds_first is None else kinds_first
    node: Node[Any] = root
    path, applied = [node], 0
    while seat is not None:
        moves = shortlist if node is root else _moves_at(game, state, seat, kit)
        if wins is not None and node is not root:
            won = winning_at(game, state, seat, node, moves, wins)
            if won is not None:
                moves = [won]
            elif deep is not None:
                moves = widest_at(game, state, seat, node, moves, kit, rng, deep)
        fresh = False
        if by_kinds:
            node, key, fresh = node.step(kinds(seat, moves), rng, settings.exploration)
            path.append(node)
            moves = [move for move in moves if type(move) is key[1].of]
        if fresh:
            move = rng.choice(moves)
        else:
            node, (_, move), fresh = node.step(
                [(seat, move) for move in moves], rng, settings.exploration
            )
            path.append(node)
        state, _ = game.apply(state, seat, move)
        applied += 1
        seat = None if fresh else first_actor(game, state)
    found, played = rollout(game, state, players, rng, settings.depth, kit, draw)
    rewards = discounted(found, applied + played, settings.discount)
    for step in path:
        step.visits += 1
        if step.mover is not None:
            step.reward += rewards[step.mover]
    return Simulation(rewards, applied + played)


def simulations(
    game: Game[Any, M],
    state: Any,
    seat: Seat,
    node: Node[M],
    rng: random.Random,
    kit: Kit,
    weighs: Callable[[Any, Seat], list[M]],
    settings: Settings = Settings(),
) -> Iterator[int]:
    """Simulations without end that grow `node`, the tree of `state` (an open game without
    chance) kept for `seat`'s next search, each yielding the moves it applied; none when nobody
    may act in `state` (or the kit's policy is `by_kind`). Pondering (`ai.ponder`): the seat to
    move in `state` weighs the moves `weighs` gives (its likely replies), picked by UCB1; from
    the position a reply leads to, the simulation runs as `seat`'s search will run it there,
    from a root where `seat` weighs the moves `weighs` gives, so that the search finds the
    subtree of the reply made grown."""
    mover = first_actor(game, state)
    if mover is None or kit.policy is by_kind:
        return
    players = len(game.view(state, seat).players)
    draw = drawn(players, seat, kit.contempt)
    replies = [(mover, move) for move in weighs(state, mover)]
    below: dict[M, tuple[Any, Seat | None, list[M]]] = {}
    wins: Wins = {}
    deep: Shortlists | None = {} if narrows(kit) else None
    while True:
        child, (_, reply), _ = node.step(replies, rng, settings.exploration)
        if reply not in below:
            after, _ = game.apply(state, mover, reply)
            actor = first_actor(game, after)
            if actor is None:
                below[reply] = (after, actor, [])
            elif actor == seat:
                below[reply] = (after, actor, weighs(after, actor))
            else:
                below[reply] = (after, actor, _moves_at(game, after, actor, kit))
        position, actor, moves = below[reply]
        node.visits += 1
        yield (
            1
            + simulate(
                game, position, actor, child, players, rng, settings, kit, moves, draw, wins, deep
            ).applied
        )
