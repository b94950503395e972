"""What the repositories need of a database: statements written once with `?` placeholders,
transactions, reads, and the few words in which SQLite and PostgreSQL differ.

`Database` is that interface; `club.storage.sqlite.SqliteDatabase` (a file, through aiosqlite) and
`club.storage.postgres.PgDatabase` (a server, through asyncpg) implement it. Rows are sequences
of column values (index them or unpack them).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import AsyncIterator, Awaitable, Iterable, Sequence
from contextlib import AbstractAsyncContextManager
from typing import Any, ClassVar, Protocol


class Cursor(Protocol):
    """A statement's outcome: the rows it returned, and how many rows it changed."""

    @property
    def rowcount(self) -> int: ...

    async def fetchone(self) -> Any: ...

    def __aiter__(self) -> AsyncIterator[Any]: ...


class Execution(Awaitable[Cursor], AbstractAsyncContextManager[Cursor], Protocol):
    """A statement being run: await it, or enter it (`async with`), for its cursor."""


class Connection(Protocol):
    """Runs statements with `?` placeholders; inside a transaction, all in that transaction."""

    def execute(self, sql: str, parameters: Iterable[Any] = ...) -> Execution: ...

    async def execute_fetchall(
        self, sql: str, parameters: Iterable[Any] = ...
    ) -> Iterable[Any]: ...


class DatabaseProblem(Exception):
    """The database cannot be used as it is: one line naming the setting (DATABASE_PATH or
    DATABASE_URL), what is wrong and what to do. `Database.open` raises it, having changed
    nothing in the database."""


class SaveUncertain(Exception):
    """The database went away while it committed: the change may or may not have been made
    (a client cannot know, once the commit was sent and no answer came)."""


class Database(ABC):
    """One database, opened once and shared by every repository."""

    dialect: ClassVar[str]
    """`sqlite` or `postgresql`: how the migrations are rendered (`club.storage.migrations`)."""
    shared: ClassVar[bool]
    """Whether other processes may use the same database (a SQLite file belongs to one
    process; several processes share a PostgreSQL database), so that work any of them could take
    up is claimed first (`club.storage.leases`)."""
    for_update: ClassVar[str]
    """Ends a read whose rows the transaction then rewrites, to lock them until it ends (SQLite:
    its write transaction already excludes every other writer)."""
    seats_json: ClassVar[str]
    """An aggregate of a game's seats as one JSON array of [user id, seat, display name, level]
    (`[]` for none)."""
    channel_taken: ClassVar[tuple[type[Exception], ...]]
    """What inserting a second open game in a channel raises (the partial unique index)."""

    @property
    @abstractmethod
    def where(self) -> str:
        """Where the data is kept, fit for a log (never a user or password)."""

    @abstractmethod
    async def open(self, *, read_only: bool = False) -> None:
        """Connect, creating and migrating the schema (`read_only`: only connect, to read);
        raises `DatabaseProblem` if the database cannot be used (unreachable, unwritable, not
        a database, or of another version of the bot), leaving it as it was."""

    @abstractmethod
    async def close(self) -> None: ...

    @property
    @abstractmethod
    def db(self) -> Connection:
        """Statements outside any transaction, each committed at once (for tests and tools)."""

    @abstractmethod
    def transaction(self) -> AbstractAsyncContextManager[Connection]:
        """One write transaction, committed on success and rolled back on any error."""

    @abstractmethod
    async def rows(self, sql: str, params: Sequence[Any] = ()) -> list[Any]:
        """The rows of one read-only statement, outside any transaction."""

    async def scalar(self, sql: str, params: Sequence[Any] = ()) -> int:
        """The first column of the first row of a read as an int (0 if no row)."""
        rows = await self.rows(sql, params)
        return int(rows[0][0]) if rows else 0

    @staticmethod
    @abstractmethod
    def cannot_save(error: BaseException) -> bool:
        """Whether `error` is this kind of database saying it cannot save anything now (its disk
        is full, it is read-only...)."""

    @abstractmethod
    async def lock_ledger(self, db: Connection) -> None:
        """Take the right to number finished games and count them, until the transaction ends."""


class Repository:
    """A group of tables over `database`."""

    def __init__(self, database: Database) -> None:
        self.database = database

    @property
    def shared(self) -> bool:
        """Whether other processes may use the same database (`Database.shared`)."""
        return self.database.shared
