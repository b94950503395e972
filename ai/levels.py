"""The computer players' levels and the one entry point that picks a move.

Levels (budgets per move; a CPU cap is process CPU time, `time.process_time`, and a wall cap
time on the clock, `time.monotonic`, both checked between simulations, so a move may pass them
by one simulation or one check of a move, a few hundredths of a second at most):
- random: a uniformly random legal move, no search.
- greedy: the move worth most one move ahead by the rules (`ai.greedy`), no search; the
  yardstick of `python benchmark.py --strength`, not offered at tables.
- easy: 60 simulations, capped at 0.2 s of CPU and 1.0 s on the clock.
- normal: 600 simulations, capped at 0.75 s of CPU and 1.5 s on the clock (`/hint` asks it).
- hard: up to 50,000 simulations, capped at 1.9 s of CPU and 2.1 s on the clock, so that a move
  stays within 2 s of CPU and, with the worker's reading of the state and the trip to and from
  it (`bot.workers.thinking`), within 2.5 s on a busy machine, where a second of CPU takes longer.
Every searching level's wall cap lies below hard's, so that on a busy machine, where a CPU cap
takes longer on the clock, an easier level never answers later than hard; on a quiet one the
CPU caps end the easier levels' searches first.
Every level searches with the default `Settings` (rollouts of at most 20 moves) and the game's
kit (see `ai.kit`; hard with the kit's `hard` kit where it has one, see `kit_for`): its sampler
of what the seat cannot see, its evaluation of a cut-off rollout, its rollout policy or its
rules of thumb, how many moves it weighs (`widest`) and how far its rollouts go where the game
says (`depth`: Ley Lines plays them to the end).

`choose` is a pure function of (game, state, seat, level, seed, kit) when the level's budget has
no CPU cap (tests build such levels); a CPU cap ends a search after a varying number of
simulations. (The bot's thinking workers search on from their last tree, `ai.memory`.)
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field
from typing import Any

from ai.greedy import greedy
from ai.kit import Kit
from ai.search import Budget, Decision, Settings, search
from engine.core import Game, Seat


@dataclass(frozen=True)
class Level:
    """A named strength: the search's budget and settings, or no budget for a player that does
    not search (`greedy` one move ahead, `eager` for a class of moves when set: see
    `ai.greedy`; else at random)."""

    name: str
    budget: Budget | None
    settings: Settings = field(default_factory=Settings)
    greedy: bool = False
    eager: type | None = None


RANDOM = Level("random", None)
GREEDY = Level("greedy", None, greedy=True)
EASY = Level("easy", Budget(60, cpu_seconds=0.2, wall_seconds=1.0))
NORMAL = Level("normal", Budget(600, cpu_seconds=0.75, wall_seconds=1.5))
HARD = Level("hard", Budget(50_000, cpu_seconds=1.9, wall_seconds=2.1))
LEVELS = {level.name: level for level in (RANDOM, EASY, NORMAL, HARD, GREEDY)}


def level_named(name: str) -> Level:
    """The level called `name`; raises KeyError naming the levels there are."""
    if name not in LEVELS:
        raise KeyError(f"No level {name!r}: choose one of {', '.join(LEVELS)}.")
    return LEVELS[name]


def kit_for(level: Level, kit: Kit | None) -> Kit | None:
    """The kit `level` plays with: the game's kit, or for hard its `Kit.hard` where it has one
    (asking again with the kit returned gives the same kit: a hard kit has no `hard` of its own,
    so the bot's worker, the memory and `think` may each ask)."""
    if kit is not None and kit.hard is not None and level.name == HARD.name:
        return kit.hard
    return kit


def think(
    game: Game[Any, Any],
    state: Any,
    seat: Seat,
    level: Level | str,
    seed: int,
    kit: Kit | None,
) -> Decision[Any]:
    """`seat`'s move in `state` at `level`, with what it cost; chance comes from `seed` only.

    The search and greedy play with the game's `kit` (they sample hidden state with its
    determinizer); a game without one (None: hidden information and no sampler) has only the
    random player, which draws from `seat`'s own legal moves, which the table offers that seat
    anyway.
    """
    chosen = level_named(level) if isinstance(level, str) else level
    kit = kit_for(chosen, kit)
    rng = random.Random(seed)
    if chosen.budget is None and not chosen.greedy:
        started = time.process_time()
        move = rng.choice(game.legal_moves(state, seat))
        return Decision(move, 0, 0, time.process_time() - started)
    if kit is None:
        raise ValueError(f"{game.title} has no kit: only the random level plays it.")
    if chosen.budget is None:
        started = time.process_time()
        move, played = greedy(game, state, seat, rng, kit, chosen.eager)
        return Decision(move, 0, played, time.process_time() - started)
    return search(game, state, seat, chosen.budget, rng, kit, chosen.settings)


def choose(
    game: Game[Any, Any], state: Any, seat: Seat, level: Level | str, seed: int, kit: Kit | None
) -> Any:
    """The move `seat` makes in `state` at `level`, with the game's `kit` (see `think`)."""
    return think(game, state, seat, level, seed, kit).move
