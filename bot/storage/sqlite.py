"""The SQLite database: one file, written by one connection of the process, read by another.

Migrations are recorded in `PRAGMA user_version`. The database runs in WAL mode with full sync,
so a committed move survives a crash. A lock keeps the writing connection's transactions whole.
"""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, ClassVar

import aiosqlite

from bot.storage import migrations
from bot.storage.database import Connection, Database

UNSAVABLE = ("database or disk is full", "readonly database", "disk i/o error")
"""What SQLite says when it cannot write: a full disk, a read-only file or folder, a disk that
fails."""


class SqliteDatabase(Database):
    """The database file at `path` (created with its folder if missing)."""

    dialect: ClassVar[str] = "sqlite"
    shared: ClassVar[bool] = False
    for_update: ClassVar[str] = ""
    seats_json: ClassVar[str] = "json_group_array(json_array(user_id, seat, display_name, level))"
    channel_taken: ClassVar[tuple[type[Exception], ...]] = (aiosqlite.IntegrityError,)

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self._db: aiosqlite.Connection | None = None
        self._reader: aiosqlite.Connection | None = None
        self._lock = asyncio.Lock()

    @property
    def where(self) -> str:
        return str(self.path)

    async def open(self, *, read_only: bool = False) -> None:
        """Connect, creating and migrating the database; `read_only`: only read an existing
        database as it is (raises `sqlite3.OperationalError` if there is none)."""
        if read_only:
            self._db = await aiosqlite.connect(
                f"{self.path.resolve().as_uri()}?mode=ro", uri=True, isolation_level=None
            )
            await self._db.execute("PRAGMA busy_timeout = 5000")
            return
        if str(self.path) != ":memory:":
            self.path.parent.mkdir(parents=True, exist_ok=True)
        self._db = await aiosqlite.connect(self.path, isolation_level=None)
        await self._db.execute("PRAGMA journal_mode = WAL")
        await self._db.execute("PRAGMA synchronous = FULL")
        await self._db.execute("PRAGMA foreign_keys = ON")
        await self._db.execute("PRAGMA busy_timeout = 5000")
        await self._migrate()
        if str(self.path) != ":memory:":
            self._reader = await aiosqlite.connect(self.path, isolation_level=None)
            await self._reader.execute("PRAGMA query_only = ON")
            await self._reader.execute("PRAGMA busy_timeout = 5000")

    async def close(self) -> None:
        for connection in (self._reader, self._db):
            if connection is not None:
                await connection.close()
        self._db = self._reader = None

    @property
    def db(self) -> Connection:
        """The writing connection (outside a transaction: for tests and benchmarks)."""
        return self._sqlite

    @property
    def _sqlite(self) -> aiosqlite.Connection:
        if self._db is None:
            raise RuntimeError("The database is not open.")
        return self._db

    async def _migrate(self) -> None:
        async with self._sqlite.execute("PRAGMA user_version") as cursor:
            row = await cursor.fetchone()
        current = int(row[0]) if row else 0
        scripts = migrations.rendered(self.dialect)
        for number, script in enumerate(scripts[current:], start=current + 1):
            await self._sqlite.executescript(
                f"BEGIN; {script}; PRAGMA user_version = {number}; COMMIT;"
            )

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[Connection]:
        async with self._lock:
            await self.db.execute("BEGIN IMMEDIATE")
            try:
                yield self.db
            except BaseException:
                if self._sqlite.in_transaction:  # SQLite ends it itself on a full disk
                    await self.db.execute("ROLLBACK")
                raise
            await self.db.execute("COMMIT")

    async def rows(self, sql: str, params: Sequence[Any] = ()) -> list[Any]:
        """It runs on a reading connection of its own (WAL lets it read while a write commits),
        so a read never waits for a commit's sync. The statement is run and read to its end in
        one step of the connection's thread, so no two reads overlap: each starts after the last
        and sees every commit before it."""
        if self._reader is None:  # an in-memory database has one connection
            async with self._lock:
                return list(await self.db.execute_fetchall(sql, params))
        return list(await self._reader.execute_fetchall(sql, params))

    @staticmethod
    def cannot_save(error: BaseException) -> bool:
        return isinstance(error, sqlite3.OperationalError) and any(
            words in str(error).lower() for words in UNSAVABLE
        )

    async def lock_ledger(self, db: Connection) -> None:
        """Nothing to take: the write transaction already excludes every other writer."""
