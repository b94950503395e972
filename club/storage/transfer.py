"""Copying the SQLite database into an empty PostgreSQL database (`python -m bot
migrate-to-postgres`).

Both databases are first brought to the latest schema (`club.storage.migrations`, written once for
both), so their tables and columns match (a test holds the two schemas equal column by column).
Every row of every table (games, seats, moves, undelivered updates, ratings, pending takebacks,
server settings...) is then copied in one PostgreSQL transaction with its ids kept, and the id
counters are moved past the copied ids, so that new games and updates number on from there.

The target may hold what a bot writes about itself when it starts on an empty database (the
README's order: `DATABASE_URL` set, the bot started once, stopped, then the copy): its schema
record, its sign of life, its claims on work and the server its commands went to
(`PROCESS_STATE`). Those rows are merged, the target's kept where both databases have one.
Anything else in the target (a game, a lobby, a rating, a server's settings: what players and
administrators made) makes the copy refuse (`TargetNotEmpty`) and change nothing. The bot should
be stopped while it runs.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from pathlib import Path

import aiosqlite
import asyncpg

from club.storage.postgres import PgDatabase
from club.storage.sqlite import SqliteDatabase

NUMBERED = ("games", "outbox", "leagues")
"""The tables whose ids PostgreSQL numbers itself (identity columns)."""
PROCESS_STATE = ("heartbeats", "leases", "guild_commands")
"""The tables of what a bot process writes about itself, even at a start without any game: its
sign of life, its claims on work and the server its commands were synced to (the schema record,
`schema_version`, exists in PostgreSQL only and is never copied)."""


class TargetNotEmpty(Exception):
    """The PostgreSQL database already holds data of the bot's players (the tables named)."""

    def __init__(self, tables: Sequence[str]) -> None:
        super().__init__(
            f"already holds {', '.join(tables)}; copy only into a database without any "
            "(a bot started on it with no game is fine)"
        )
        self.tables = tuple(tables)


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
                await target.execute(f"LOCK TABLE {', '.join(tables)} IN EXCLUSIVE MODE")
                filled = [
                    table
                    for table in tables
                    if table not in PROCESS_STATE
                    and await target.fetchval(f"SELECT EXISTS (SELECT 1 FROM {table})")
                ]
                if filled:
                    raise TargetNotEmpty(filled)
                copied = {}
                for table in tables:  # games first: the other tables refer to them
                    info = await source.execute_fetchall(f"PRAGMA table_info({table})")
                    columns = [column[1] for column in info]
                    rows = list(
                        await source.execute_fetchall(f"SELECT {', '.join(columns)} FROM {table}")
                    )
                    if table in PROCESS_STATE:
                        copied[table] = await _merge(target, table, columns, rows)
                    else:
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


async def _merge(
    target: asyncpg.Connection, table: str, columns: list[str], rows: Iterable[Iterable[object]]
) -> int:
    """Add `rows` to `table` except where the target has a row with the same key; returns how
    many were added."""
    statement = (
        f"INSERT INTO {table} ({', '.join(columns)}) "
        f"VALUES ({', '.join(f'${n}' for n in range(1, len(columns) + 1))}) "
        "ON CONFLICT DO NOTHING"
    )
    added = 0
    for row in rows:
        status = await target.execute(statement, *row)
        added += int(status.rsplit(" ", 1)[1])
    return added
