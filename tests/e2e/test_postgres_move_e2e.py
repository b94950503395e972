"""The move to PostgreSQL in the README's order: the bot has played on SQLite; `DATABASE_URL` is
put in `.env` and the bot started on the empty database (it makes its tables and writes its sign
of life there), then stopped; `python -m bot migrate-to-postgres` copies every game over what the
bot wrote at start, and play goes on. A database holding a game is refused with one line."""

from __future__ import annotations

import asyncio
import sqlite3
import time
from pathlib import Path
from typing import Any

import asyncpg

from club.storage import Storage, storage_for
from club.storage.postgres import address
from tests.e2e.conftest import LaunchBot
from tests.e2e.tables import open_table, play
from tests.e2e.test_operations_e2e import admin
from tests.fakediscord import FakeDiscord
from tests.postgres import Cluster

PLAYERS_DATA = ("games", "seats", "moves", "outbox", "ratings")
"""The tables a game fills, compared row by row after the copy."""


async def sign_of_life(store: Storage, within: float = 20) -> None:
    """Wait until a bot process wrote its sign of life into `store`'s database."""
    await store.open(read_only=True)
    try:
        deadline = time.monotonic() + within
        while not await store.operations.heartbeats():
            assert time.monotonic() < deadline, "the bot wrote no sign of life"
            await asyncio.sleep(0.2)
    finally:
        await store.close()


def sqlite_rows(path: Path) -> dict[str, list[tuple[Any, ...]]]:
    """Every row of the players' tables in the SQLite file, sorted."""
    with sqlite3.connect(path) as db:
        return {table: sorted(db.execute(f"SELECT * FROM {table}")) for table in PLAYERS_DATA}


async def postgres_rows(url: str) -> dict[str, list[tuple[Any, ...]]]:
    """Every row of the players' tables in the PostgreSQL database, sorted."""
    db = await asyncpg.connect(url)
    try:
        return {
            table: sorted(tuple(row) for row in await db.fetch(f"SELECT * FROM {table}"))
            for table in PLAYERS_DATA
        }
    finally:
        await db.close()


async def test_the_games_move_onto_the_database_the_bot_started_on(
    fake_discord: FakeDiscord, launch_bot: LaunchBot, postgres_server: Cluster, tmp_path: Path
) -> None:
    sqlite_file = tmp_path / "bot.sqlite3"
    on_sqlite = await launch_bot(extra_env={"E2E_SEED": "7", "E2E_POLL_SECONDS": "1"})
    ann, bob = fake_discord.add_user("Ann"), fake_discord.add_user("Bob")
    await open_table(fake_discord, "mars-1", "leylines", ann, [bob], {"first": 1})
    await play(fake_discord, ann, "mars-1", "L c3")
    await sign_of_life(storage_for(sqlite_file, None))
    assert await on_sqlite.stop() == 0
    assert f"Database: SQLite at {sqlite_file}" in on_sqlite.log_text()
    played = sqlite_rows(sqlite_file)

    url = await postgres_server.new_database(migrated=False)
    postgres = {"DATABASE_URL": url, "E2E_POLL_SECONDS": "1"}
    started_empty = await launch_bot(extra_env=postgres)
    await sign_of_life(storage_for(sqlite_file, url))
    assert await started_empty.stop() == 0
    assert f"Database: PostgreSQL at {address(url)}\n" in started_empty.log_text()
    assert "postgres@" not in started_empty.log_text()  # the user stays out of the log

    code, said = await admin(tmp_path, "migrate-to-postgres", DATABASE_URL=url)
    assert code == 0 and said.startswith("Copied from "), said
    assert await postgres_rows(url) == played

    await launch_bot(extra_env=postgres)
    await play(fake_discord, bob, "mars-1", "M d4")

    code, said = await admin(tmp_path, "migrate-to-postgres", DATABASE_URL=url)
    assert code == 1 and len(said.strip().splitlines()) == 1, said
    assert "already holds games" in said, said
