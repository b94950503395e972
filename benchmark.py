"""Performance benchmark: board pictures, move latency, throughput and memory of the bot.

Run `python benchmark.py [--out bench-results/benchmark.md] [--quick]`. The report (Markdown) is
written to `--out` and printed. Times are wall-clock (`time.perf_counter_ns`), shown in
milliseconds; sizes in bytes; memory in MiB. The platform figures (latency, throughput, memory)
play Ley Lines of Mars with seeded random legal moves, on real SQLite files (WAL, full sync, as
the Storage opens them) in a temporary folder; each other game adds its own figures (see
`bench/games.py`). Targets are ratios to floors measured in the same run (`bench/floors.py`),
since absolute times vary by 2x between runs on a shared machine. `--quick` runs a small
version of every measurement (for the smoke test).

`python benchmark.py --load [--load-channels 100] [--load-inflight 20] [--load-seconds 120]
[--profile]` runs the real bot process against the local fake Discord instead (see
`bench/load.py`), its throughput beside a fixed search run before and after it and the
machine's idle share and load; `--profile` adds where the bot's CPU goes (py-spy,
`bench/profile.py`).
`python benchmark.py --scale [--scale-games 100,1000] [--scale-seconds 60] [--scale-inflight 20]`
runs that load with 100 and 1,000 games on SQLite, on PostgreSQL and on PostgreSQL with two
bot processes, one shard each (`bench/scale.py`).
`python benchmark.py --strength [--strength-games N] [--strength-game KEY] [--strength-pairing
NAME] [--strength-yardstick] [--strength-workers N] [--strength-ledger FILE]` plays the computer
players against each other (`bench/strength.py`), in every game or in game KEY only, in every
pairing or in pairing NAME only, or only the levels against the greedy yardstick, in N processes
(one per core by default), writing each finished part to FILE and counting the parts already
there instead of playing them again (`bench/ledger.py`); the full run (or `--strength-beliefs`
alone, at `--beliefs-level`) also plays today's Agents and Mars vs. Earth players against the ones
before they modelled hidden information (`bench/beliefs.py`). `--strength --strength-lengths`
plays only hard against a person-like player in Agents of M.A.R.S. and reports how long the
games run and how often hard drew (`bench/lengths.py`).
`python benchmark.py --house` counts the database statements, state decodes and replays of a `/move`
and a takeback, their round trips to the database on SQLite and on a PostgreSQL server of its own
(`bench/hops.py`), and the methods of the service and storage classes (`bench/house.py`).
`python benchmark.py --replays` asks `/replay` in bursts (20 people at once, of one game and of
four) while other channels' boards are drawn, on the real bot process (`bench/replays.py`).
`python benchmark.py --admin` measures the CPU of `python -m bot health` and `python -m bot
status`, each in a fresh interpreter against a fresh database (`bench/admin.py`).
`python benchmark.py --search-speed [--profile]` measures the hard level's simulations per CPU
second in each game, with `--profile` where their time goes (cProfile, `bench/search_speed.py`).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import random
import sqlite3
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from pathlib import Path

import aiosqlite
import discord
import PIL

from ai.levels import LEVELS, level_named
from bench.admin import bench_admin
from bench.beliefs import bench_beliefs
from bench.delivery import bench_delivery
from bench.floors import commit_samples, median_ratio, stored_state_bytes
from bench.games import (
    bench_agents,
    bench_albiorix,
    bench_legal,
    bench_marsvsearth,
    bench_merchants,
    render_rows,
)
from bench.house import bench_house
from bench.lengths import bench_lengths
from bench.load import LoadPlan, bench_load
from bench.procstat import status_kib
from bench.replays import FULL as FULL_REPLAYS
from bench.replays import QUICK as QUICK_REPLAYS
from bench.replays import bench_replays
from bench.report import TIMING_HEADER, Section, ratio_check, timing_row
from bench.scale import FULL as FULL_SCALE
from bench.scale import QUICK as QUICK_SCALE
from bench.scale import ScalePlan, bench_scale
from bench.search_speed import FULL as FULL_SEARCH
from bench.search_speed import QUICK as QUICK_SEARCH
from bench.search_speed import QUICK_YARDSTICK, YARDSTICK, bench_search_speed
from bench.strength import NAMES, WORKERS, bench_strength
from bot.catalogue import CATALOGUE
from bot.client import MarsBot
from bot.config import Config
from bot.service import Player, TableService, TableUpdate
from bot.storage import Storage
from bot.storage.sqlite import SqliteDatabase
from engine.leylines import GAME, LeyLinesState, Place

KEY = GAME.key
MIB = 1024 * 1024
MID_GAME_PIECES = 18
"""Pieces on the board in the mid-game position that is drawn."""

ADMIN_RUNS, ADMIN_RUNS_QUICK = 10, 1
"""Runs of each administrator's command (`--admin`), in a full and a quick run."""
MOVE_RATIO = 3.0
"""Target for one move through the service without drawing, as a multiple of one bare SQLite
commit of a row of the same size (4x to 6x when the target was set)."""


@dataclass(frozen=True)
class Scale:
    """How much of each measurement to run."""

    renders: int
    """Timed renders of each position."""
    latency_games: int
    """Games played one after another for move latency without rendering."""
    render_latency_games: int
    """Games played one after another for move latency with rendering."""
    concurrent_games: int
    """Games played at once for throughput."""
    memory_games: int
    """Games in the database of the memory probe."""
    game_renders: int
    """Timed renders of each other game's characteristic boards."""
    playouts: int
    """Random games played to the end for each other game's playout rate."""
    delivery_rounds: int
    """Mars vs. Earth rounds counted for the delivery figures (and 12 times as many
    Merchants turns)."""
    commits: int
    """Timed bare SQLite commits for the floors."""
    legal_games: int
    """Random games of each game whose positions list legal moves."""
    legal_positions: int
    """At most this many of those positions."""


FULL = Scale(
    renders=200,
    latency_games=40,
    render_latency_games=12,
    concurrent_games=100,
    memory_games=1000,
    game_renders=50,
    playouts=100,
    delivery_rounds=3,
    commits=200,
    legal_games=10,
    legal_positions=300,
)
QUICK = Scale(
    renders=20,
    latency_games=3,
    render_latency_games=2,
    concurrent_games=10,
    memory_games=50,
    game_renders=3,
    playouts=2,
    delivery_rounds=2,
    commits=20,
    legal_games=2,
    legal_positions=30,
)


# Games


def random_move(state: LeyLinesState, rng: random.Random) -> tuple[int, Place]:
    """A random legal move of the seat to move, with that seat."""
    seat = min(GAME.actors(state))
    return seat, rng.choice(GAME.legal_moves(state, seat))


def random_positions(seed: int) -> tuple[LeyLinesState, LeyLinesState]:
    """A mid-game position (MID_GAME_PIECES placed) and the finished game it leads to."""
    rng = random.Random(seed)
    state = GAME.new_game(["Ann", "Bob"], {}, seed)
    mid = None
    while GAME.outcome(state) is None:
        if state.placed == MID_GAME_PIECES:
            mid = state
        state, _ = GAME.apply(state, *random_move(state, rng))
    assert mid is not None
    return mid, state


@dataclass
class Match:
    """A game being played through the service, with an engine copy of its state to pick moves."""

    channel: int
    players: tuple[Player, ...]
    state: LeyLinesState
    rng: random.Random

    @property
    def over(self) -> bool:
        return GAME.outcome(self.state) is not None

    def pick(self) -> tuple[Player, str]:
        """The next move (player and notation), applied to the engine copy."""
        seat, move = random_move(self.state, self.rng)
        self.state, _ = GAME.apply(self.state, seat, move)
        return self.players[seat], GAME.notation(move)


async def open_match(service: TableService, channel: int) -> Match:
    """A new Ley Lines game in `channel`, started, with its state read back from the store."""
    ann, bob = Player(channel * 10 + 1, "Ann"), Player(channel * 10 + 2, "Bob")
    await service.lobbies.new_lobby(
        guild_id=1, channel_id=channel, creator=ann, game_key=KEY, options={}
    )
    await service.lobbies.join(channel, bob)
    await service.lobbies.start(channel, ann)
    row = await service.store.games.open_in(channel)
    assert row is not None and row.state is not None
    players = tuple(Player(s.user_id, s.display_name) for s in row.seats)
    state = GAME.from_json(json.loads(row.state))
    return Match(channel, players, state, random.Random(channel))


async def play(match: Match, service: TableService, moves: int | None = None) -> int:
    """Play `moves` moves (all, when None) of `match`; the number played."""
    played = 0
    while not match.over and (moves is None or played < moves):
        player, text = match.pick()
        await service.play.move(match.channel, player, text)
        played += 1
    return played


async def render_update(update: TableUpdate) -> None:
    """Draw the update's public board in a worker thread, as the bot's delivery does."""
    view = update.public.view
    assert view is not None
    render = CATALOGUE.renderer_for(view).render
    await asyncio.get_running_loop().run_in_executor(None, render, view)


async def timed_moves(match: Match, service: TableService, *, drawn: bool) -> list[int]:
    """Play `match` to the end; per move, the ns spent in `service.play.move` (and the render)."""
    samples = []
    while not match.over:
        player, text = match.pick()
        start = time.perf_counter_ns()
        update = await service.play.move(match.channel, player, text)
        if drawn:
            await render_update(update)
        samples.append(time.perf_counter_ns() - start)
    return samples


async def open_service(path: Path) -> TableService:
    """A service on a fresh store at `path`, with reproducible game seeds."""
    store = Storage(SqliteDatabase(path))
    await store.open()
    seeds = random.Random(path.name)
    return TableService(store, seed_source=lambda: seeds.getrandbits(62))


# 1. Rendering


def bench_render(scale: Scale) -> Section:
    """Median and p95 of drawing and PNG-encoding a mid-game and a final board, each against a
    bare PNG encode of the same picture."""
    mid, final = random_positions(seed=2024)
    boards = [(f"mid-game ({mid.placed} pieces)", mid), ("final (game over)", final)]
    rows = render_rows(KEY, boards, scale.renders)
    intro = [
        "## 1. Rendering a Ley Lines board",
        "",
        f"`render` (draw, PNG encode, alt text), {scale.renders} renders of each position "
        "after a warm-up, taken in turns with as many bare encodes (`encode_png`) of the same "
        "drawn picture: the render's floor.",
        "",
    ]
    return Section(intro + rows.lines, rows.checks)


# 2. Move latency


async def latency_samples(
    service: TableService, first: int, games: int, *, drawn: bool
) -> list[int]:
    """Move timings (ns) over `games` games played one after another from channel `first`."""
    samples: list[int] = []
    for channel in range(first, first + games):
        samples += await timed_moves(await open_match(service, channel), service, drawn=drawn)
    return samples


async def bench_latency(scale: Scale, folder: Path) -> Section:
    """Median and p95 of one move through the service with its commit, without and with drawing."""
    path = folder / "latency.sqlite3"
    service = await open_service(path)
    try:
        plain = await latency_samples(service, 1, scale.latency_games, drawn=False)
        drawn = await latency_samples(service, 100_000, scale.render_latency_games, drawn=True)
    finally:
        await service.store.close()
    row_bytes = stored_state_bytes(path)
    commits = commit_samples(folder, row_bytes, scale.commits)
    ratio = median_ratio(plain, commits)
    return Section(
        [
            "## 2. Move latency",
            "",
            "`TableService.move` including its SQLite commit (WAL, synchronous=FULL, a real file), "
            f"whole games played one after another ({scale.latency_games} games without "
            f"drawing, {scale.render_latency_games} with); with drawing adds `render` of "
            "the update's public board in a worker thread, as the bot does. Choosing the move is "
            "not timed. The floor: one bare commit (BEGIN IMMEDIATE, UPDATE, COMMIT) of a row as "
            "long as the states stored (their mean), in a fresh file opened the same way.",
            "",
            *TIMING_HEADER,
            timing_row("move, no render", plain),
            timing_row("move + render", drawn),
            timing_row(f"bare commit, one {row_bytes:,}-byte row", commits),
            "",
            f"Move without drawing / bare commit (medians): {ratio:.1f}x.",
        ],
        [ratio_check("move without drawing / bare SQLite commit", ratio, MOVE_RATIO)],
    )


# 3. Throughput


async def bench_throughput(scale: Scale, folder: Path) -> Section:
    """Moves per second with many games played at once through one shared service."""
    service = await open_service(folder / "throughput.sqlite3")
    try:
        matches = [await open_match(service, c) for c in range(1, scale.concurrent_games + 1)]
        start = time.perf_counter_ns()
        played = await asyncio.gather(*(play(m, service) for m in matches))
        elapsed = (time.perf_counter_ns() - start) / 1e9
    finally:
        await service.store.close()
    moves = sum(played)
    return Section(
        [
            "## 3. Throughput",
            "",
            f"{scale.concurrent_games} games in {scale.concurrent_games} channels played to the "
            "end at once (`asyncio.gather`, one shared Storage and TableService, no drawing; "
            "lobbies opened beforehand, move picking included).",
            "",
            "| games | moves | wall s | moves/s |",
            "| ---: | ---: | ---: | ---: |",
            f"| {len(matches)} | {moves:,} | {elapsed:.2f} | {moves / elapsed:,.0f} |",
        ],
        [],
    )


# 4. Memory


async def prefill(path: Path, games: int) -> tuple[int, int]:
    """Fill `path` with `games` games through the service: every fifth finished, the others
    part-played. Commits skip fsync here (only building the file). Returns (moves, finished)."""
    service = await open_service(path)
    await service.store.db.execute("PRAGMA synchronous = OFF")
    rng = random.Random(games)
    plans = [None if c % 5 == 0 else rng.randint(0, 30) for c in range(1, games + 1)]

    async def fill(channel: int, moves: int | None) -> tuple[int, bool]:
        match = await open_match(service, channel)
        return await play(match, service, moves), match.over

    try:
        results = await asyncio.gather(*(fill(c, m) for c, m in enumerate(plans, start=1)))
    finally:
        await service.store.close()
    return sum(n for n, _ in results), sum(over for _, over in results)


async def memory_probe(path: Path) -> dict[str, int]:
    """Run in a fresh process: set the bot up on `path`, show every open board; RSS in KiB."""
    baseline = status_kib("VmRSS")
    env = {"DISCORD_TOKEN": "benchmark", "DATABASE_PATH": str(path), "DEV_GUILD_ID": ""}
    bot = MarsBot(Config.from_env({**env, "LOG_LEVEL": "WARNING"}))
    await bot.store.open()
    game_ids = await bot.store.games.open_ids()
    for game_id in game_ids:
        await bot.service.deliveries.public_view(game_id)
    result = {
        "baseline_kib": baseline,
        "rss_kib": status_kib("VmRSS"),
        "peak_kib": status_kib("VmHWM"),
        "touched": len(game_ids),
    }
    await bot.store.close()
    return result


def run_probe(path: Path) -> dict[str, int]:
    """`memory_probe` in a new Python process (this file with `--memory-probe`)."""
    command = [sys.executable, str(Path(__file__).resolve()), "--memory-probe", str(path)]
    done = subprocess.run(command, capture_output=True, text=True, timeout=300)
    if done.returncode != 0:
        raise RuntimeError(f"the memory probe failed:\n{done.stderr}")
    result: dict[str, int] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


async def bench_memory(scale: Scale, folder: Path) -> Section:
    """Resident memory of a freshly started bot whose database holds many games."""
    path = folder / "memory.sqlite3"
    start = time.perf_counter_ns()
    moves, finished = await prefill(path, scale.memory_games)
    filled = (time.perf_counter_ns() - start) / 1e9
    probe = await asyncio.to_thread(run_probe, path)
    db_bytes = sum(p.stat().st_size for p in folder.glob("memory.sqlite3*"))
    return Section(
        [
            "## 4. Resident memory",
            "",
            f"Database: {scale.memory_games:,} games in as many channels ({finished} finished, "
            f"the others part-played), {moves:,} moves, {db_bytes / MIB:.2f} MiB on disk, filled "
            f"in {filled:.1f} s. A fresh process builds `MarsBot(Config(...))` without connecting, "
            "and opens its store (the cogs' modules come with the client's; the cogs are not "
            "added: the poll needs a connection), then shows the board of each of the "
            f"{probe['touched']:,} open games once (`TableService.board`).",
            "",
            "| measure | MiB |",
            "| --- | ---: |",
            f"| RSS after imports (baseline) | {probe['baseline_kib'] / 1024:.1f} |",
            f"| RSS with every open game shown once | {probe['rss_kib'] / 1024:.1f} |",
            f"| peak RSS (VmHWM) | {probe['peak_kib'] / 1024:.1f} |",
        ],
        [],
    )


# Report


def machine_lines(mode: str) -> list[str]:
    """The facts of this machine and run, as Markdown lines."""
    facts = {
        "date (UTC)": datetime.now(UTC).strftime("%Y-%m-%d %H:%M:%S"),
        "mode": mode,
        "CPU count": str(os.cpu_count()),
        "platform": platform.platform(),
        "Python": platform.python_version(),
        "Pillow": PIL.__version__,
        "SQLite": sqlite3.sqlite_version,
        "aiosqlite": aiosqlite.__version__,
        "discord.py": discord.__version__,
        "database folder": f"under {tempfile.gettempdir()}",
    }
    return ["| fact | value |", "| --- | --- |", *(f"| {k} | {v} |" for k, v in facts.items())]


def report(sections: Sequence[Section], mode: str, seconds: float) -> str:
    """The whole Markdown report."""
    checks = [check for section in sections for check in section.checks]
    lines = [
        "# Benchmark",
        "",
        *machine_lines(mode),
        "",
        "## Targets",
        "",
        *(check.line() for check in checks),
        "",
    ]
    for section in sections:
        lines += [*section.lines, ""]
    lines.append(f"Benchmark run time: {seconds:.1f} s.")
    return "\n".join(lines) + "\n"


async def run_all(scale: Scale) -> list[Section]:
    """Every measurement, in order, on databases in a temporary folder."""
    sections = [bench_render(scale)]
    with tempfile.TemporaryDirectory(prefix="mars-bench-") as name:
        folder = Path(name)
        sections.append(await bench_latency(scale, folder))
        sections.append(await bench_throughput(scale, folder))
        sections.append(await bench_memory(scale, folder))
        sections.append(await bench_delivery(folder, scale.delivery_rounds))
    sections += [
        bench_agents(scale.game_renders),
        bench_albiorix(scale.game_renders, scale.playouts),
        bench_merchants(scale.game_renders, scale.playouts),
        bench_marsvsearth(scale.game_renders, scale.playouts),
        bench_legal(scale.legal_games, scale.legal_positions),
    ]
    return sections


def games_list(text: str) -> tuple[int, ...]:
    """`100,1000` as (100, 1000): numbers of games, each at least 1."""
    try:
        games = tuple(int(part) for part in text.split(","))
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a list of numbers: {text!r}") from None
    if not games or min(games) < 1:
        raise argparse.ArgumentTypeError("each number of games must be 1 or more")
    return games


def scale_plan(args: argparse.Namespace) -> ScalePlan:
    """The scale runs asked for: the full or quick plan, with any size given replaced."""
    plan = QUICK_SCALE if args.quick else FULL_SCALE
    inflight = args.scale_inflight or plan.inflight
    return replace(
        plan,
        games=args.scale_games or plan.games,
        seconds=args.scale_seconds or plan.seconds,
        inflight=inflight,
        open_inflight=max(plan.open_inflight, inflight),
    )


def arguments(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument(
        "--out",
        type=Path,
        help="the report's file (default: bench-results/benchmark.md, load.md with --load, "
        "load-profile.md with --load --profile, scale.md with --scale, replays.md with "
        "--replays, search-speed.md with --search-speed, admin.md with --admin)",
    )
    parser.add_argument("--quick", action="store_true", help="a small, fast run of everything")
    load = parser.add_argument_group("load", "the real bot process under many games at once")
    load.add_argument("--load", action="store_true", help="run the load benchmark instead")
    load.add_argument("--load-channels", type=int, default=100, help="games at once (100)")
    load.add_argument("--load-inflight", type=int, default=20, help="players at once (20)")
    load.add_argument("--load-seconds", type=float, default=120.0, help="measured window (120)")
    load.add_argument(
        "--load-computers", type=int, default=0, help="more tables against a hard computer (0)"
    )
    load.add_argument(
        "--profile",
        action="store_true",
        help="sample the bot with py-spy (with --search-speed: profile the searches, cProfile)",
    )
    scaling = parser.add_argument_group(
        "scale", "100 and 1,000 games, SQLite and PostgreSQL, one and two processes"
    )
    scaling.add_argument("--scale", action="store_true", help="run the scale benchmark instead")
    scaling.add_argument(
        "--scale-games",
        type=games_list,
        help="active games of each run, comma-separated (100,1000; 4 with --quick)",
    )
    scaling.add_argument(
        "--scale-seconds", type=float, help="measured window of each run (60; 3 with --quick)"
    )
    scaling.add_argument(
        "--scale-inflight", type=int, help="players at once in each run (20; 2 with --quick)"
    )
    strength = parser.add_argument_group("strength", "computer players against each other")
    strength.add_argument("--strength", action="store_true", help="run the strength benchmark")
    strength.add_argument(
        "--strength-games",
        type=int,
        help="games per pairing and tables per size (default: per game, see bench/strength.py)",
    )
    strength.add_argument(
        "--strength-game",
        choices=sorted(CATALOGUE),
        help="play only this game's pairings (or tables, for marsvsearth)",
    )
    strength.add_argument(
        "--strength-pairing",
        choices=NAMES,
        help="play only this pairing (contender-opponent; hard-mixed: hard beside greedy and "
        "normal seats), no tables",
    )
    strength.add_argument(
        "--strength-ledger",
        type=Path,
        help="a JSON-lines file of finished parts: parts written there by an earlier run of the "
        "same code are counted, not played again; new ones are added as they end",
    )
    strength.add_argument(
        "--strength-yardstick",
        action="store_true",
        help="play only easy, normal and hard against greedy (no targets, no tables)",
    )
    strength.add_argument(
        "--strength-beliefs",
        action="store_true",
        help="play only today's Agents and Mars vs. Earth players against the old ones (of "
        "--strength-game, if named)",
    )
    strength.add_argument(
        "--strength-lengths",
        action="store_true",
        help="play only hard against a person-like player (greedy that draws whenever it may) "
        "in Agents of M.A.R.S. and report the games' lengths (8 games unless --strength-games)",
    )
    strength.add_argument(
        "--strength-workers",
        type=int,
        help="processes playing at once (default: one per core; each caps its own CPU, so the "
        "figures do not change, only the run's length)",
    )
    strength.add_argument(
        "--beliefs-level", choices=sorted(LEVELS), help="their level (default: hard)"
    )
    replays = parser.add_argument_group("replays", "bursts of /replay beside board pictures")
    replays.add_argument("--replays", action="store_true", help="run the replay benchmark")
    parser.add_argument(
        "--house",
        action="store_true",
        help="count the statements, decodes and replays of a /move and a takeback, and the "
        "methods of the service and storage classes",
    )
    parser.add_argument(
        "--search-speed",
        action="store_true",
        help="simulations per CPU second of the hard level's search in each game",
    )
    parser.add_argument(
        "--admin",
        action="store_true",
        help="the CPU of python -m bot health and status, each in a fresh interpreter",
    )
    parser.add_argument("--memory-probe", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.profile and not (args.load or args.search_speed):
        parser.error("--profile goes with --load or --search-speed")
    separate = (args.load, args.scale, args.strength, args.replays, args.house)
    if sum((*separate, args.search_speed, args.admin)) > 1:
        parser.error(
            "--load, --scale, --strength, --replays, --house, --search-speed and --admin are "
            "separate benchmarks: choose one"
        )
    if args.out is None:
        name = (
            "admin"
            if args.admin
            else "search-speed"
            if args.search_speed
            else "house"
            if args.house
            else "replays"
            if args.replays
            else "strength"
            if args.strength
            else "scale"
            if args.scale
            else "load-profile"
            if args.profile
            else "load"
            if args.load
            else "benchmark"
        )
        args.out = Path("bench-results") / f"{name}.md"
    return args


def main(argv: Sequence[str] | None = None) -> int:
    args = arguments(argv)
    if args.memory_probe is not None:
        print(json.dumps(asyncio.run(memory_probe(args.memory_probe))))
        return 0
    scale = QUICK if args.quick else FULL
    start = time.perf_counter_ns()
    if args.load:
        plan = LoadPlan(
            channels=args.load_channels,
            inflight=args.load_inflight,
            seconds=args.load_seconds,
            floor_samples=scale.commits,
            profile=args.profile,
            board_every=3 if args.quick else 10,
            computers=args.load_computers,
            yardstick=QUICK_YARDSTICK if args.quick else YARDSTICK,
        )
        sections = [asyncio.run(bench_load(plan))]
    elif args.scale:
        sections = [asyncio.run(bench_scale(scale_plan(args)))]
    elif args.strength and args.strength_lengths:
        workers = args.strength_workers or WORKERS
        sections = [bench_lengths(args.quick, args.strength_games, workers)]
    elif args.strength:
        sections = []
        if not args.strength_beliefs:
            sections.append(
                bench_strength(
                    args.quick,
                    args.strength_games,
                    args.strength_game,
                    args.strength_yardstick,
                    args.strength_workers or WORKERS,
                    args.strength_pairing,
                    args.strength_ledger,
                )
            )
        alone = args.strength_game or args.strength_pairing or args.strength_yardstick
        if args.strength_beliefs or not alone:
            level = level_named(args.beliefs_level) if args.beliefs_level else None
            sections.append(
                bench_beliefs(
                    args.quick,
                    args.strength_games,
                    level,
                    args.strength_game,
                    args.strength_workers or WORKERS,
                )
            )
    elif args.replays:
        sections = [asyncio.run(bench_replays(QUICK_REPLAYS if args.quick else FULL_REPLAYS))]
    elif args.house:
        sections = [asyncio.run(bench_house())]
    elif args.search_speed:
        speed = QUICK_SEARCH if args.quick else FULL_SEARCH
        sections = [bench_search_speed(speed, profiled=args.profile)]
    elif args.admin:
        sections = [bench_admin(ADMIN_RUNS_QUICK if args.quick else ADMIN_RUNS)]
    else:
        sections = asyncio.run(run_all(scale))
    kinds = ("load", "scale", "strength", "replays", "house", "search_speed", "admin")
    kind = next((f"{k}, " for k in kinds if getattr(args, k)), "")
    mode = kind + ("quick" if args.quick else "full")
    text = report(sections, mode, (time.perf_counter_ns() - start) / 1e9)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(text, encoding="utf-8")
    print(text, end="")
    return 0


if __name__ == "__main__":
    sys.exit(main())
