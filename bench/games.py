"""Per-game figures: characteristic boards drawn, legal moves generated, random games played.

Every game here is played by seeded random legal moves through the engine alone (no database,
no Discord), so the figures are the rules' and the drawing's own cost. Times are wall-clock
(`time.perf_counter_ns`), shown in milliseconds or as rates per second.
"""

from __future__ import annotations

import random
import statistics
import time
from typing import Any

from bench.floors import time_render
from bench.playouts import final_state, first_state, positions, random_game
from bench.report import TIMING_HEADER, Check, Section, ratio_check, timing_row
from club.catalogue import CATALOGUE
from engine.core import Game

RENDER_RATIO = 2.5
"""Target for a render as a multiple of the bare PNG encode of its picture: drawing, alt text
and the rest may cost at most one and a half encodes (1.1x to 1.9x when the target was set)."""
PNG_BYTES = 150_000


def render_rows(key: str, boards: list[tuple[str, Any]], count: int) -> Section:
    """Timing rows, PNG sizes, render / bare encode ratios and targets for the public views of
    `boards` (label, state)."""
    game = CATALOGUE[key].game
    lines = [*TIMING_HEADER]
    sizes, checks = [], []
    for label, state in boards:
        timing = time_render(game.view(state, None), count)
        lines.append(timing_row(f"render: {label}", timing.render))
        lines.append(timing_row(f"bare encode: {label}", timing.encode))
        sizes.append(f"| {label} | {timing.png_bytes:,} | {timing.ratio:.2f}x |")
        name = f"{game.title}, {label}"
        checks.append(ratio_check(f"render / bare PNG encode, {name}", timing.ratio, RENDER_RATIO))
        checks.append(Check(f"PNG size, {name}", timing.png_bytes, PNG_BYTES, "bytes", decimals=0))
    lines += [
        "",
        "| board | PNG bytes | render / bare encode |",
        "| --- | ---: | ---: |",
        *sizes,
    ]
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
    """(legal-move lists per second, moves listed per second) for the actors of `states`. Each
    list is worked out on a freshly decoded copy of its state, so nothing remembered is timed;
    only the `legal_moves` calls are."""
    spent = calls = listed = 0
    for _ in range(repeat):
        for state in states:
            fresh = game.from_json(game.to_json(state))
            for seat in sorted(game.actors(fresh)):
                start = time.perf_counter_ns()
                listed += len(game.legal_moves(fresh, seat))
                spent += time.perf_counter_ns() - start
                calls += 1
    seconds = spent / 1e9
    return calls / seconds, listed / seconds


LEGAL_PLAYERS = {"leylines": 2, "albiorix": 2, "agents": 2, "merchants": 4, "marsvsearth": 6}
"""Players at the tables whose positions list legal moves."""


def bench_legal(games: int, most: int) -> Section:
    """Legal-move generation per second in each game, over the positions of seeded random
    games."""
    lines = [
        "## Legal moves",
        "",
        f"Positions of {games} seeded random games of each game (at most {most}, taken evenly), "
        "each seat to act listed 3 times, each time on a freshly decoded copy of the position "
        "(nothing remembered); only `legal_moves` is timed.",
        "",
        "| game | players | positions | lists/s | moves listed/s |",
        "| --- | ---: | ---: | ---: | ---: |",
    ]
    for key, players in LEGAL_PLAYERS.items():
        game = CATALOGUE[key].game
        states = positions(game, players, games, most)
        lists, moves = legal_rate(game, states, repeat=3)
        lines.append(
            f"| {game.title} | {players} | {len(states):,} | {lists:,.0f} | {moves:,.0f} |"
        )
    return Section(lines, [])


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
    game = CATALOGUE["agents"].game
    full = final_state(game, 2, {"colours": 5}, seed=8)
    half = first_state(game, 2, {}, lambda s: sum(p is not None for p in s.board) == 28)
    boards = [("full 8x8 board, final", full), ("7x8 board, 28 pyramids", half)]
    return heading("Agents of M.A.R.S.", [render_rows("agents", boards, renders)])


def bench_albiorix(renders: int, playouts: int) -> Section:
    """Albiorix: random games played to the end, a mid-game board."""
    game = CATALOGUE["albiorix"].game
    games, moves = playout_rate(game, 2, {}, playouts)
    mid = first_state(game, 2, {}, lambda s: s.played == 12)
    rates = rate_lines(
        [
            (f"random games to the end ({playouts} games)", games, "/s"),
            ("moves in those games", moves, "/s"),
        ]
    )
    boards = render_rows("albiorix", [("mid-game, move 12", mid)], renders)
    return heading("Albiorix", [rates, boards])


def bench_merchants(renders: int, playouts: int) -> Section:
    """Martian Merchants: a 12-planet grid drawn, random 4-player games played to the end."""
    game = CATALOGUE["merchants"].game
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
    game = CATALOGUE["marsvsearth"].game
    times, counts = round_times(game, 10, games)
    table = first_state(game, 10, {}, lambda s: s.round == 2 and any(s.threats))
    lines = [
        *TIMING_HEADER,
        timing_row(f"one round, 10 players (median {statistics.median(counts):.0f} moves)", times),
    ]
    rounds = Section(lines, [])
    boards = render_rows("marsvsearth", [("table, 10 players, round 2", table)], renders)
    return heading("Mars vs. Earth", [rounds, boards])
