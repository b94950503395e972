"""The SQLite database: one file, written by one connection of the process, read by another.

Migrations are recorded in `PRAGMA user_version`. The database runs in WAL mode with full sync,
so a committed move survives a crash. A lock keeps the writing connection's transactions whole.
"""

from __future__ import annotations

import asyncio
import os
import sqlite3
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager, closing
from pathlib import Path
from typing import Any, ClassVar

import aiosqlite

from club.storage import migrations
from club.storage.database import Connection, Database, DatabaseProblem

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
        database as it is. Raises `DatabaseProblem`, leaving the file as it was, if its folder
        cannot be made or written, if it is not a whole SQLite database (random bytes, a
        truncated copy) or if its schema is not one this version of the bot can use."""
        try:
            if str(self.path) != ":memory:":
                await asyncio.to_thread(verify, self.path, read_only)
            await self._connect(read_only)
        except DatabaseProblem:
            await self.close()
            raise
        except (OSError, sqlite3.Error) as error:
            await self.close()
            raise DatabaseProblem(problem(self.path, error)) from error

    async def _connect(self, read_only: bool) -> None:
        if read_only:
            self._db = await aiosqlite.connect(
                uri(self.path, read_only=True), uri=True, isolation_level=None
            )
            await self._db.execute("PRAGMA busy_timeout = 5000")
            return
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


def uri(path: Path, *, read_only: bool) -> str:
    """The URI that opens the file at `path`: only to read it (`read_only`), or to write it,
    creating it if missing."""
    return f"{path.resolve().as_uri()}?mode={'ro' if read_only else 'rwc'}"


def verify(path: Path, read_only: bool) -> None:
    """Check, before the bot uses it, that the file at `path` is a whole SQLite database (or
    none yet) of a schema this version of the bot can use; unless `read_only`, make its folder
    and check every page (`PRAGMA quick_check`, which reads the whole file once). Raises
    `DatabaseProblem`, or the error met (see `problem`); writes nothing to the file."""
    if not read_only:
        path.parent.mkdir(parents=True, exist_ok=True)
    with closing(sqlite3.connect(uri(path, read_only=read_only), uri=True)) as db:
        db.execute("PRAGMA busy_timeout = 5000")
        [(version,)] = db.execute("PRAGMA user_version")  # a file that is no database fails here
        migrations.check_version(version, f"DATABASE_PATH ({path})", read_only=read_only)
        if not read_only:
            [(verdict,)] = db.execute("PRAGMA quick_check(1)")
            if verdict != "ok":
                raise DatabaseProblem(damaged(path, " ".join(verdict.split())))


def problem(path: Path, error: OSError | sqlite3.Error) -> str:
    """What is wrong with the database file at `path` (DATABASE_PATH), given the `error` met
    opening it, and what to do, in one line."""
    named = f"DATABASE_PATH ({path})"
    if isinstance(error, NotADirectoryError | FileExistsError):
        in_the_way = next((up for up in reversed(path.parents) if up.is_file()), path.parent)
        return (
            f"cannot create the folder {path.parent} for {named}: {in_the_way} is a file, not a "
            "folder; move it away, or set DATABASE_PATH to a file in another folder."
        )
    if isinstance(error, OSError):
        reason = error.strerror or error
        return f"cannot create the folder {path.parent} for {named} ({reason}); {writable(path)}"
    kind = getattr(error, "sqlite_errorname", "")
    if kind.startswith(("SQLITE_CANTOPEN", "SQLITE_READONLY", "SQLITE_PERM")):
        return f"cannot write {named} ({error}); {writable(path)}"
    if kind.startswith(("SQLITE_NOTADB", "SQLITE_CORRUPT")):
        return damaged(path, str(error))
    return f"cannot open {named}: {error}."


def damaged(path: Path, detail: str) -> str:
    """The line for a file at `path` that is not a whole SQLite database (`detail`: SQLite's
    words)."""
    return (
        f"DATABASE_PATH ({path}) is not a whole SQLite database ({detail}): restore it from a "
        "backup (`python -m bot backup FILE` makes one), or move it away to start with an empty "
        "database; it was left unchanged."
    )


def writable(path: Path) -> str:
    """What to do so that this process can make and write the database file at `path`: give
    it the nearest existing folder on the way (a bind mount is often owned by root)."""
    folder = next((up for up in path.parents if up.exists()), path.parent).absolute()
    user = os.geteuid()
    return (
        f"give the bot's user (uid {user}) write access to {folder} and its files (a Docker "
        f"bind mount: `chown -R {user}` its folder on the host), or set DATABASE_PATH to a file "
        "in a folder it can write."
    )
