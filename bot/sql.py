"""What the store's statements need of a database connection.

The store writes each statement once, with `?` placeholders, and runs it on a `Connection`:
aiosqlite's connection for SQLite, or `bot.pgsql.PgConnection` for PostgreSQL. Rows are
sequences of column values (index them or unpack them).
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Iterable
from contextlib import AbstractAsyncContextManager
from typing import Any, Protocol


class Cursor(Protocol):
    """A statement's outcome: the rows it returned, and how many rows it changed."""

    @property
    def rowcount(self) -> int: ...

    async def fetchone(self) -> Any: ...

    def __aiter__(self) -> AsyncIterator[Any]: ...


class Execution(Awaitable[Cursor], AbstractAsyncContextManager[Cursor], Protocol):
    """A statement being run: await it, or enter it (`async with`), for its cursor."""


class Connection(Protocol):
    """Runs statements with `?` placeholders; inside a store transaction, all in that
    transaction."""

    def execute(self, sql: str, parameters: Iterable[Any] = ...) -> Execution: ...

    async def execute_fetchall(
        self, sql: str, parameters: Iterable[Any] = ...
    ) -> Iterable[Any]: ...
