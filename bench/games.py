"""Per-game figures: characteristic boards drawn, legal moves generated, random games played.

Every game here is played by seeded random legal moves through the engine alone (no database,
no Discord), so the figures are the rules' and the drawing's own cost. Times are wall-clock
(`time.perf_counter_ns`), shown in milliseconds or as rates per second.
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from bench.report import TIMING_HEADER, Check, Section, ms, timing_row
from engine.core import Game
from engine.registry import GAMES
from render import render_view

RENDER_MEDIAN_MS = 60.0
"""Target for drawing a richer board than Ley Lines' (more pieces, panels, tables)."""
PNG_BYTES = 150_000


@dataclass(frozen=True)
class Step:
    """One random move: the state before it, the seat that made it and the move."""

    state: Any
    seat: int
    move: Any


def random_game(
    game: Game[Any, Any], players: int, options: dict[str, Any], seed: int
) -> Iterator[Step]:
    """The steps of one game of seeded random legal moves, to its end."""
    chooser = random.Random(seed)
    names = [f"Player{n}" for n in range(players)]
    state = game.new_game(names, options, seed)
    while game.outcome(state) is None:
        seat = chooser.choice(sorted(game.actors(state)))
        move = chooser.choice(game.legal_moves(state, seat))
        yield Step(state, seat, move)
        state, _ = game.apply(state, seat, move)
    yield Step(state, -1, None)


def final_state(game: Game[Any, Any], players: int, options: dict[str, Any], seed: int) -> Any:
    *_, last = random_game(game, players, options, seed)
    return last.state


def first_state(
    game: Game[Any, Any], players: int, options: dict[str, Any], wanted: Callable[[Any], bool]
) -> Any:
    """The first state, over seeded random games, for which `wanted` holds."""
    for seed in range(1, 200):
        for step in random_game(game, players, options, seed):
            if wanted(step.state):
                return step.state
    raise LookupError("no random game reached the wanted position")


def time_renders(key: str, view: Any, count: int) -> tuple[list[int], int]:
    """`count` timed renders of `view` after a warm-up; (samples in ns, PNG bytes)."""
    size = len(render_view(view).png)
    samples = []
    for _ in range(count):
        start = time.perf_counter_ns()
        render_view(view)
        samples.append(time.perf_counter_ns() - start)
    return samples, size


def render_rows(key: str, boards: list[tuple[str, Any]], count: int) -> Section:
    """Timing rows, PNG sizes and targets for the public views of `boards` (label, state)."""
    game = GAMES[key]
    lines = [*TIMING_HEADER]
    sizes, checks = [], []
    for label, state in boards:
        samples, size = time_renders(key, game.view(state, None), count)
        lines.append(timing_row(f"render: {label}", samples))
        sizes.append(f"| {label} | {size:,} |")
        median = ms(statistics.median(samples))
        name = f"{game.title}, {label}"
        checks.append(Check(f"render median, {name}", median, RENDER_MEDIAN_MS, "ms"))
        checks.append(Check(f"PNG size, {name}", size, PNG_BYTES, "bytes", decimals=0))
    lines += ["", "| board | PNG bytes |", "| --- | ---: |", *sizes]
    return Section(lines, checks)


def playout_rate(
    game: Game[Any, Any], players: int, options: dict[str, Any], games: int
) -> tuple[float, float]:
    """(random games per second, moves per second) over `games` seeded random games."""
    moves = 0
    start = time.perf_counter_ns()
    for seed in range(games):
        moves += sum(1 for _ in random_game(game, players, options, seed)) - 1
    seconds = (time.perf_counter_ns() - start) / 1e9
    return games / seconds, moves / seconds


def legal_rate(game: Game[Any, Any], states: list[Any], repeat: int) -> tuple[float, float]:
    """(legal-move lists per second, moves listed per second) for the actors of `states`."""
    calls = listed = 0
    start = time.perf_counter_ns()
    for _ in range(repeat):
        for state in states:
            for seat in game.actors(state):
                listed += len(game.legal_moves(state, seat))
                calls += 1
    seconds = (time.perf_counter_ns() - start) / 1e9
    return calls / seconds, listed / seconds


def heading(title: str, sections: list[Section]) -> Section:
    """One report section from parts, under a heading."""
    lines = [f"## {title}", ""]
    checks = []
    for part in sections:
        lines += [*part.lines, ""]
        checks += part.checks
    return Section(lines, checks)


def rate_lines(rows: list[tuple[str, float, str]]) -> Section:
    """A table of rates: (what, value, unit)."""
    lines = ["| what | rate |", "| --- | ---: |"]
    lines += [f"| {what} | {value:,.1f} {unit} |" for what, value, unit in rows]
    return Section(lines, [])


# The games


def bench_agents(renders: int) -> Section:
    """Agents of M.A.R.S.: a full 8x8 board (5 colours, game over, clusters and score table)
    and a half-full 7x8 board."""
    game = GAMES["agents"]
    full = final_state(game, 2, {"colours": 5}, seed=8)
    half = first_state(game, 2, {}, lambda s: sum(p is not None for p in s.board) == 28)
    boards = [("full 8x8 board, final", full), ("7x8 board, 28 pyramids", half)]
    return heading("Agents of M.A.R.S.", [render_rows("agents", boards, renders)])


def bench_albiorix(renders: int, playouts: int) -> Section:
    """Albiorix: legal actions listed in mid-game positions, random games, a mid-game board."""
    game = GAMES["albiorix"]
    middles = [
        step.state
        for seed in range(20)
        for step in random_game(game, 2, {}, seed)
        if step.seat >= 0 and 6 <= step.state.played <= 30
    ]
    lists, actions = legal_rate(game, middles, repeat=3)
    games, moves = playout_rate(game, 2, {}, playouts)
    mid = first_state(game, 2, {}, lambda s: s.played == 12)
    rates = rate_lines(
        [
            (f"legal-action lists, {len(middles)} mid-game positions (moves 6-30)", lists, "/s"),
            ("legal actions listed", actions, "/s"),
            (f"random games to the end ({playouts} games)", games, "/s"),
            ("moves in those games", moves, "/s"),
        ]
    )
    boards = render_rows("albiorix", [("mid-game, move 12", mid)], renders)
    return heading("Albiorix", [rates, boards])


def bench_merchants(renders: int, playouts: int) -> Section:
    """Martian Merchants: a 12-planet grid drawn, random 4-player games played to the end."""
    game = GAMES["merchants"]
    grid = first_state(game, 4, {}, lambda s: len(s.planets) >= 12)
    games, moves = playout_rate(game, 4, {}, playouts)
    rates = rate_lines(
        [
            (f"random 4-player games to the end ({playouts} games)", games, "/s"),
            ("moves (steps) in those games", moves, "/s"),
        ]
    )
    boards = render_rows(
        "merchants", [(f"{len(grid.planets)}-planet grid, 4 players", grid)], renders
    )
    return heading("Martian Merchants", [rates, boards])


def round_times(game: Game[Any, Any], players: int, games: int) -> tuple[list[int], list[int]]:
    """(engine ns, moves) of every whole round in `games` seeded random games: all the moves
    from the first of round r to the first of round r + 1, timed as the engine applies them."""
    times, counts = [], []
    for seed in range(games):
        chooser = random.Random(seed)
        state = game.new_game([f"Player{n}" for n in range(players)], {}, seed)
        spent = moves = 0
        while game.outcome(state) is None:
            start = time.perf_counter_ns()
            seat = chooser.choice(sorted(game.actors(state)))
            move = chooser.choice(game.legal_moves(state, seat))
            after, _ = game.apply(state, seat, move)
            spent += time.perf_counter_ns() - start
            moves += 1
            if after.round != state.round:
                if state.round >= 1:
                    times.append(spent)
                    counts.append(moves)
                spent = moves = 0
            state = after
    return times, counts


def bench_marsvsearth(renders: int, games: int) -> Section:
    """Mars vs. Earth: one round with 10 players (every decision listed, chosen at random and
    applied), and the table picture with 10 players."""
    game = GAMES["marsvsearth"]
    times, counts = round_times(game, 10, games)
    table = first_state(game, 10, {}, lambda s: s.round == 2 and any(s.threats))
    lines = [
        *TIMING_HEADER,
        timing_row(f"one round, 10 players (median {statistics.median(counts):.0f} moves)", times),
    ]
    rounds = Section(lines, [])
    boards = render_rows("marsvsearth", [("table, 10 players, round 2", table)], renders)
    return heading("Mars vs. Earth", [rounds, boards])
