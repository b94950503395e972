"""How fast the hard level's search simulates in each game: simulations per CPU second.

Each game's positions are the states before fixed move numbers (`POSITIONS`) of one seeded
random game (or the first later state whose mover has more than one legal move, since a lone
move is played without searching), searched for that mover with the hard level's settings and
the game's kit, by a fixed budget of iterations without a time cap, so that the figure is the
rate and each search decides the same move every run. CPU time is the search's own
(`Decision.cpu_seconds`, `time.process_time`); a simulation is one iteration (sample, walk down
the tree, rollout, update); simulated moves are the moves applied in them.

With `profiled`, each game's searches run once more under cProfile (its overhead kept out of the
rates) and the report lists the functions that take the most time in them: by own time (the
function's body alone) and by cumulative time (with everything it calls), as shares of the
profiled searches' total.
"""

from __future__ import annotations

import cProfile
import pstats
import random
import time
from collections.abc import Iterator
from dataclasses import dataclass
from itertools import islice
from typing import Any

from ai.levels import HARD, kit_for
from ai.search import Budget, Decision, search
from bench.playouts import random_game
from bench.profile import module_path
from bench.report import Section
from club.catalogue import CATALOGUE

SEED = 20261125
PLAYERS = {"leylines": 2, "albiorix": 2, "agents": 2, "merchants": 4, "marsvsearth": 5}
"""The games measured and their table sizes."""
POSITIONS = {
    "leylines": (10, 16, 22),
    "albiorix": (20, 40, 60),
    "agents": (20, 40, 60),
    "merchants": (40, 80, 120),
    "marsvsearth": (20, 40, 60),
}
"""Move numbers of each game's random game before which a position is taken (mid-game)."""


@dataclass(frozen=True)
class Plan:
    """How much to measure: positions per game (the first of `POSITIONS`) and iterations each."""

    positions: int
    iterations: int


FULL = Plan(positions=3, iterations=300)
QUICK = Plan(positions=1, iterations=10)
YARDSTICK = Plan(positions=1, iterations=2000)
"""The fixed search a load run is measured beside (`yardstick`): some 2 s of one core."""
QUICK_YARDSTICK = Plan(positions=1, iterations=100)


@dataclass(frozen=True)
class Position:
    """A state and the seat to search for in it."""

    state: Any
    seat: int


def positions(key: str, count: int) -> list[Position]:
    """The first `count` of game `key`'s positions (see the module's docstring)."""
    game = CATALOGUE[key].game
    moves = POSITIONS[key][:count]
    steps = random_game(game, PLAYERS[key], {}, SEED)
    found: list[Position] = []
    for number, step in enumerate(islice(steps, moves[-1] * 2)):
        due = len(found) < len(moves) and number >= moves[len(found)]
        if due and step.seat >= 0 and len(game.legal_moves(step.state, step.seat)) > 1:
            found.append(Position(step.state, step.seat))
    if len(found) < len(moves):
        raise LookupError(f"the random game of {key} is too short for its positions")
    return found


def decisions(key: str, plan: Plan) -> Iterator[Decision[Any]]:
    """The hard level's search at each of game `key`'s positions, one seed each."""
    entry = CATALOGUE[key]
    kit = kit_for(HARD, entry.ai)
    assert kit is not None
    budget = Budget(plan.iterations)
    for n, position in enumerate(positions(key, plan.positions)):
        rng = random.Random(SEED + n)
        yield search(entry.game, position.state, position.seat, budget, rng, kit, HARD.settings)


@dataclass(frozen=True)
class Yardstick:
    """How fast this machine ran a fixed search just now: its simulations, the search's own CPU
    seconds and the wall seconds it took (more than its CPU when other work shared the core)."""

    simulations: int
    cpu_seconds: float
    wall_seconds: float

    @property
    def per_cpu_second(self) -> float:
        return self.simulations / self.cpu_seconds

    @property
    def per_wall_second(self) -> float:
        return self.simulations / self.wall_seconds


def yardstick(plan: Plan = YARDSTICK) -> Yardstick:
    """The hard level's search in Ley Lines of Mars at `plan`'s positions, timed: the same work
    every run, so that figures measured beside it on different days or machines compare."""
    started = time.perf_counter()
    found = list(decisions("leylines", plan))
    return Yardstick(
        sum(d.iterations for d in found),
        sum(d.cpu_seconds for d in found),
        time.perf_counter() - started,
    )


TOP = 12
"""Functions listed per game and ordering in a profile."""
HERE = "bench/search_speed.py"
"""This module, whose frames (the measurement's) a profile leaves out."""
Function = tuple[str, int, str]
"""cProfile's key of a function: file, line, name."""


def profile_lines(key: str, plan: Plan) -> list[str]:
    """Game `key`'s searches under cProfile: its top functions by own and cumulative time."""
    profiler = cProfile.Profile()
    profiler.runcall(lambda: list(decisions(key, plan)))
    stats: dict[Function, tuple[int, int, float, float, Any]] = pstats.Stats(profiler).stats  # type: ignore[attr-defined]
    total = max(cumulative for _, _, _, cumulative, _ in stats.values())
    found = {where: row for where, row in stats.items() if not where[0].endswith(HERE)}
    lines = []
    for title, column in (("own time", 2), ("cumulative time", 3)):
        ranked = sorted(found.items(), key=lambda item: -item[1][column])[:TOP]
        lines += [
            "",
            f"{CATALOGUE[key].game.title}, top {TOP} by {title} ({total:.2f} s profiled):",
            "",
            "| function | calls | own s | own share | cumulative s | cumulative share |",
            "| --- | ---: | ---: | ---: | ---: | ---: |",
        ]
        for (path, line, name), (_, calls, own, cumulative, _) in ranked:
            where = f"{module_path(path)}:{line}" if line else path
            lines.append(
                f"| `{name}` ({where}) | {calls:,} | {own:.2f} | {own / total:.0%} | "
                f"{cumulative:.2f} | {cumulative / total:.0%} |"
            )
    return lines


def bench_search_speed(plan: Plan, profiled: bool = False) -> Section:
    """The table of simulations per CPU second, per game; with `profiled`, where the time goes."""
    rows, profiles = [], []
    for key in PLAYERS:
        found = list(decisions(key, plan))
        runs = sum(d.iterations for d in found)
        moves = sum(d.simulated for d in found)
        cpu = sum(d.cpu_seconds for d in found)
        title = CATALOGUE[key].game.title
        rows.append(
            f"| {title} | {len(found)} | {runs:,} | {moves:,} | {cpu:.2f} | {runs / cpu:,.0f} |"
        )
        if profiled:
            profiles += profile_lines(key, plan)
    return Section(
        [
            "## Search speed",
            "",
            f"The hard level's search (its settings, the game's kit) at {plan.positions} "
            f"mid-game position(s) per game, {plan.iterations} iterations each, no time cap "
            "(see `bench/search_speed.py`). CPU seconds are the searches' own.",
            "",
            "| game | positions | simulations | simulated moves | CPU s | simulations per CPU s |",
            "| --- | ---: | ---: | ---: | ---: | ---: |",
            *rows,
            *profiles,
        ],
        [],
    )
