"""A person's data at scale (`python benchmark.py --privacy`): `/privacy export` of a person with
1,000 finished games must take under `TARGET` seconds; `/privacy show` and `/privacy forget` of
the same person are timed beside it.

One Ley Lines game of the person against another player is played to its end through the table
service (seeded random legal moves); its rows (game, seats, moves) are then copied in one
transaction until the person has `games` finished games, each numbered as finished in turn, on a
fresh SQLite file made by the bot's storage.
"""

from __future__ import annotations

import asyncio
import statistics
import tempfile
import time
from pathlib import Path

from bench.report import Check, Section
from club.service import Player, TableService
from club.storage import Storage
from club.storage.sqlite import SqliteDatabase
from tests.service.fixtures import play_out, seat

TARGET = 5.0
"""Seconds an export of `FULL` games may take."""
FULL, QUICK = 1000, 100
"""The person's finished games in a full and a quick run."""
RUNS = 3
"""Exports timed (the median counts)."""
PERSON = Player(987654321012345678, "Zephyrine")
OTHER = Player(876543210987654321, "Bob")


async def build(store: Storage, games: int) -> None:
    """`games` finished games of `PERSON` against `OTHER` (see the module's docstring)."""
    service = TableService(store, seed_source=lambda: 7)
    await seat(service, 1, "leylines", (PERSON, OTHER))
    await play_out(service, 1, (PERSON, OTHER))
    columns = (
        "guild_id, channel_id, game_key, options, seed, status, version, state, creator_id, "
        "result, created_at, updated_at, board_text"
    )
    async with store.database.transaction() as db:
        for _ in range(games - 1):
            [(game_id,)] = await db.execute_fetchall(
                f"INSERT INTO games ({columns}, finished_seq) SELECT {columns}, "
                "(SELECT MAX(finished_seq) + 1 FROM games) FROM games WHERE id = 1 RETURNING id"
            )
            await db.execute(
                "INSERT INTO seats (game_id, user_id, seat, display_name) "
                "SELECT ?, user_id, seat, display_name FROM seats WHERE game_id = 1",
                (game_id,),
            )
            await db.execute(
                "INSERT INTO moves (game_id, seq, seat, kind, notation, created_at, said, "
                "undoes, state_before) SELECT ?, seq, seat, kind, notation, created_at, said, "
                "undoes, state_before FROM moves WHERE game_id = 1",
                (game_id,),
            )


async def timed(games: int) -> tuple[list[float], float, float, int, int]:
    """The export's seconds per run, show's and forget's seconds, the export's bytes and the
    moves it held."""
    with tempfile.TemporaryDirectory(prefix="mars-privacy-") as folder:
        store = Storage(SqliteDatabase(Path(folder) / "bot.sqlite3"))
        await store.open()
        try:
            await build(store, games)
            privacy = TableService(store).privacy
            exports = []
            for _ in range(RUNS):
                start = time.perf_counter()
                data = await privacy.export_bytes(PERSON.user_id)
                exports.append(time.perf_counter() - start)
            moves = await store.database.scalar("SELECT COUNT(*) FROM moves")
            start = time.perf_counter()
            await privacy.held(PERSON.user_id)
            show = time.perf_counter() - start
            start = time.perf_counter()
            done = await privacy.forget(PERSON.user_id)
            forget = time.perf_counter() - start
            assert done.games == games
            return exports, show, forget, len(data), moves
        finally:
            await store.close()


def bench_privacy(quick: bool) -> Section:
    """The export against its target, with show and forget beside it."""
    games = QUICK if quick else FULL
    exports, show, forget, size, moves = asyncio.run(timed(games))
    median = statistics.median(exports)
    lines = [
        "## A person's data: /privacy with 1,000 finished games",
        "",
        f"One person with {games} finished Ley Lines games ({moves} moves) on a fresh SQLite "
        f"file; the export timed {RUNS} times (median), show and forget once.",
        "",
        "| what | seconds |",
        "| --- | ---: |",
        f"| /privacy export ({size / 1e6:.1f} MB of JSON), median | {median:.3f} |",
        f"| /privacy show | {show:.3f} |",
        f"| /privacy forget (every seat renamed, in one transaction) | {forget:.3f} |",
    ]
    check = Check(f"/privacy export of {games} games (median)", median, TARGET, "s", 3)
    return Section(lines, [check])
