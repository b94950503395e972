"""The basic figures of `python benchmark.py` (see its docstring): a Ley Lines board drawn, one
move's latency through the service and its SQLite commit, throughput with many games at once,
and the resident memory of a bot whose database holds many games; `run_all` runs them with the
delivery figures and each other game's (`bench.delivery`, `bench.games`).

They play Ley Lines of Mars with seeded random legal moves, on real SQLite files (WAL, full
sync, as the Storage opens them) in a temporary folder. Times are wall-clock
(`time.perf_counter_ns`); sizes in bytes; memory in MiB.
"""

from __future__ import annotations

import asyncio
import json
import random
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

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
from bench.procstat import status_kib
from bench.report import TIMING_HEADER, Section, ratio_check, timing_row
from bot.client import MarsBot
from bot.config import Config
from club.catalogue import CATALOGUE
from club.service import Player, TableService, TableUpdate
from club.storage import Storage
from club.storage.sqlite import SqliteDatabase
from engine.leylines import GAME, LeyLinesState, Place

COMMAND_LINE = Path(__file__).resolve().parents[1] / "benchmark.py"
KEY = GAME.key
MIB = 1024 * 1024
MID_GAME_PIECES = 18
"""Pieces on the board in the mid-game position that is drawn."""
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
    row = (await service.tables.load(channel)).row
    assert row.state is not None
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
    view = update.told.posts[-1].view
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


async def open_service(path: Path) -> tuple[Storage, TableService]:
    """A fresh store at `path`, opened, and a service on it with reproducible game seeds."""
    store = Storage(SqliteDatabase(path))
    await store.open()
    seeds = random.Random(path.name)
    return store, TableService(store, seed_source=lambda: seeds.getrandbits(62))


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
    store, service = await open_service(path)
    try:
        plain = await latency_samples(service, 1, scale.latency_games, drawn=False)
        drawn = await latency_samples(service, 100_000, scale.render_latency_games, drawn=True)
    finally:
        await store.close()
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
    store, service = await open_service(folder / "throughput.sqlite3")
    try:
        matches = [await open_match(service, c) for c in range(1, scale.concurrent_games + 1)]
        start = time.perf_counter_ns()
        played = await asyncio.gather(*(play(m, service) for m in matches))
        elapsed = (time.perf_counter_ns() - start) / 1e9
    finally:
        await store.close()
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
    store, service = await open_service(path)
    await store.db.execute("PRAGMA synchronous = OFF")
    rng = random.Random(games)
    plans = [None if c % 5 == 0 else rng.randint(0, 30) for c in range(1, games + 1)]

    async def fill(channel: int, moves: int | None) -> tuple[int, bool]:
        match = await open_match(service, channel)
        return await play(match, service, moves), match.over

    try:
        results = await asyncio.gather(*(fill(c, m) for c, m in enumerate(plans, start=1)))
    finally:
        await store.close()
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
    """`memory_probe` in a new Python process (`benchmark.py --memory-probe`)."""
    command = [sys.executable, str(COMMAND_LINE), "--memory-probe", str(path)]
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
