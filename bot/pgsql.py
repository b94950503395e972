"""asyncpg behind the calls the store makes (`bot.sql.Connection`), so that the store's SQL,
written once, runs on PostgreSQL too.

A statement written with `?` placeholders is rewritten once to PostgreSQL's `$1, $2, ...` (a `?`
inside a quoted literal or name stays). A statement that returns rows (SELECT, WITH, or any with
RETURNING) is fetched; any other is executed, and its cursor's `rowcount` is read from the command
tag PostgreSQL answers ("UPDATE 1": one row changed).
"""

from __future__ import annotations

import re
from collections.abc import AsyncIterator, Coroutine, Generator, Iterable, Iterator
from functools import lru_cache
from types import TracebackType
from typing import Any

import asyncpg
from asyncpg.pool import PoolConnectionProxy

_RETURNS_ROWS = re.compile(r"^\s*(SELECT|WITH)\b|\bRETURNING\b", re.IGNORECASE)


@lru_cache(maxsize=1024)
def dialect(sql: str) -> str:
    """`sql` with its `?` placeholders numbered as PostgreSQL's `$1, $2, ...`."""
    parts: list[str] = []
    number, quote = 0, ""
    for char in sql:
        if quote:
            quote = "" if char == quote else quote
        elif char in "'\"":
            quote = char
        elif char == "?":
            number += 1
            parts.append(f"${number}")
            continue
        parts.append(char)
    return "".join(parts)


def changed(status: str) -> int:
    """How many rows a command changed, from its tag ("INSERT 0 2": 2); -1 if it does not say."""
    last = status.rsplit(" ", 1)[-1]
    return int(last) if last.isdigit() else -1


class PgCursor:
    """The rows a statement returned, read one by one, and how many rows it changed."""

    def __init__(self, rows: Iterable[asyncpg.Record], rowcount: int) -> None:
        self._rows: Iterator[asyncpg.Record] = iter(rows)
        self.rowcount = rowcount

    async def fetchone(self) -> asyncpg.Record | None:
        return next(self._rows, None)

    async def __aiter__(self) -> AsyncIterator[asyncpg.Record]:
        for row in self._rows:
            yield row


class PgExecution:
    """A statement being run: awaited, or entered with `async with`, it gives its cursor."""

    def __init__(self, run: Coroutine[Any, Any, PgCursor]) -> None:
        self._run = run

    def __await__(self) -> Generator[Any, None, PgCursor]:
        return self._run.__await__()

    async def __aenter__(self) -> PgCursor:
        return await self._run

    async def __aexit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        return None


class PgConnection:
    """Statements on one asyncpg connection (all in its transaction, if one is open), or on a
    pool (each on whichever connection is free, committed at once)."""

    def __init__(self, target: asyncpg.Connection | PoolConnectionProxy | asyncpg.Pool) -> None:
        self._target = target

    def execute(self, sql: str, parameters: Iterable[Any] = ()) -> PgExecution:
        return PgExecution(self._run(dialect(sql), tuple(parameters)))

    async def execute_fetchall(self, sql: str, parameters: Iterable[Any] = ()) -> list[Any]:
        return list(await self._target.fetch(dialect(sql), *parameters))

    async def _run(self, query: str, arguments: tuple[Any, ...]) -> PgCursor:
        if _RETURNS_ROWS.search(query):
            rows = await self._target.fetch(query, *arguments)
            return PgCursor(rows, len(rows))
        return PgCursor((), changed(await self._target.execute(query, *arguments)))
