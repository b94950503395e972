"""Copying the SQLite database into an empty PostgreSQL database (`python -m bot
migrate-to-postgres`).

Both databases are first brought to the latest schema (`bot.storage.migrations`, written once for
both), so their tables and columns match (a test holds the two schemas equal column by column).
Every row of every table (games, seats, moves, undelivered updates, ratings, pending takebacks...)
is then copied in one PostgreSQL transaction with its ids kept, and the id counters are moved past
the copied ids, so that new games and updates number on from there. The target must hold no game:
otherwise the copy refuses (`TargetNotEmpty`) and changes nothing. The bot should be stopped while
it runs.
"""

from __future__ import annotations

from pathlib import Path

import aiosqlite
import asyncpg

from bot.storage.postgres import PgDatabase
from bot.storage.sqlite import SqliteDatabase

NUMBERED = ("games", "outbox")
"""The tables whose ids PostgreSQL numbers itself (identity columns)."""


class TargetNotEmpty(Exception):
    """The PostgreSQL database already holds games."""


async def copy_to_postgres(path: Path, url: str) -> dict[str, int]:
    """Copy the SQLite database at `path` into the PostgreSQL database at `url`; returns how many
    rows each table received."""
    for database in (SqliteDatabase(path), PgDatabase(url, pool_size=1)):
        await database.open()
        await database.close()
    async with aiosqlite.connect(path) as source:
        tables = [
            name
            for (name,) in await source.execute_fetchall(
                "SELECT name FROM sqlite_master WHERE type = 'table' "
                "AND name NOT LIKE 'sqlite_%' ORDER BY name <> 'games', name"
            )
        ]
        target = await asyncpg.connect(url)
        try:
            async with target.transaction():
                await target.execute("LOCK TABLE games IN EXCLUSIVE MODE")
                if await target.fetchval("SELECT EXISTS (SELECT 1 FROM games)"):
                    raise TargetNotEmpty()
                copied = {}
                for table in tables:  # games first: the other tables refer to them
                    info = await source.execute_fetchall(f"PRAGMA table_info({table})")
                    columns = [column[1] for column in info]
                    rows = list(
                        await source.execute_fetchall(f"SELECT {', '.join(columns)} FROM {table}")
                    )
                    await target.copy_records_to_table(table, records=rows, columns=columns)
                    copied[table] = len(rows)
                for table in NUMBERED:
                    await target.execute(
                        f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), MAX(id)) "
                        f"FROM {table} HAVING MAX(id) IS NOT NULL"
                    )
        finally:
            await target.close()
    return copied
