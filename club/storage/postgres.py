"""The PostgreSQL database, for hosts that run several bot processes (shards) on one database.

Statements written with `?` placeholders are rewritten once to PostgreSQL's `$1, $2, ...` (a `?`
inside a quoted literal or name stays). A statement that returns rows (SELECT, WITH, or any with
RETURNING) is fetched; any other is executed, and its cursor's `rowcount` is read from the command
tag PostgreSQL answers ("UPDATE 1": one row changed).

Across processes the database keeps the guarantees: every change to a game is an
`UPDATE ... WHERE version = ?`, whose row lock makes a second writer wait and then find the version
gone (`StaleGame`); the partial unique index keeps one open game per channel (`ChannelBusy`); a
read whose rows the transaction then rewrites locks them (FOR UPDATE); and a transaction that
numbers or counts finished games first takes the ledger's advisory lock, so two games finishing at
once are numbered and rated one after the other. Work any process could take up (a game's
delivery, a computer player's turn) is leased in the table `leases` (`club.storage.leases`).
Migrations are recorded in the table `schema_version`, one row per migration, run under an
advisory lock so that processes starting together migrate once.
"""

from __future__ import annotations

import contextlib
import logging
import re
import time
from collections.abc import AsyncIterator, Coroutine, Generator, Iterable, Iterator, Sequence
from contextlib import asynccontextmanager
from functools import lru_cache
from types import TracebackType
from typing import Any, ClassVar
from urllib.parse import urlsplit

import asyncpg
from asyncpg.pool import PoolConnectionProxy

from club.storage import migrations
from club.storage.database import Connection, Database, DatabaseProblem, SaveUncertain

log = logging.getLogger(__name__)

MIGRATION_LOCK = 0x6D617273_0001
"""The advisory lock held while the schema is migrated."""
LEDGER_LOCK = 0x6D617273_0002
"""The advisory lock held by a transaction that numbers or counts finished games."""
_RETURNS_ROWS = re.compile(r"^\s*(SELECT|WITH)\b|\bRETURNING\b", re.IGNORECASE)


@lru_cache(maxsize=1024)
def numbered(sql: str) -> str:
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
        return PgExecution(self._run(numbered(sql), tuple(parameters)))

    async def execute_fetchall(self, sql: str, parameters: Iterable[Any] = ()) -> list[Any]:
        return list(await self._target.fetch(numbered(sql), *parameters))

    async def _run(self, query: str, arguments: tuple[Any, ...]) -> PgCursor:
        if _RETURNS_ROWS.search(query):
            rows = await self._target.fetch(query, *arguments)
            return PgCursor(rows, len(rows))
        return PgCursor((), changed(await self._target.execute(query, *arguments)))


async def kept_as_it_is(connection: asyncpg.Connection) -> None:
    """A connection given back to the pool is kept as it is, with no reset sent to the server
    (one round trip less for each read and each transaction, under the table's lock): the bot
    changes no session state (no SET, LISTEN, cursor or session advisory lock: its locks end
    with their transactions), and asyncpg rolls back a transaction left open before this."""


def address(url: str) -> str:
    """The server and database of `url` (host:port/name), fit for a log: never its user or
    password."""
    parts = urlsplit(url)
    return f"{parts.hostname or 'localhost'}:{parts.port or 5432}{parts.path}"


def described(url: str) -> str:
    """ "PostgreSQL host:port/name" of `url` (see `address`)."""
    return f"PostgreSQL {address(url)}"


def named(url: str) -> str:
    """The database at `url` and its setting, for a message to the administrator."""
    return f"{described(url)} (DATABASE_URL)"


class DatabaseUnreachable(DatabaseProblem):
    """The PostgreSQL database cannot be reached or refuses the bot; the message says which and
    why, in one line."""


def unreachable(url: str, error: Exception) -> str:
    """Why the database at `url` (DATABASE_URL) could not be connected to, given the `error`
    met, and what to do, in one line (never the user or password)."""
    said = f"cannot connect to {named(url)}: {str(error) or type(error).__name__}"
    if isinstance(error, asyncpg.InvalidAuthorizationSpecificationError):  # or its password
        return f"{said}; check the user name and password in DATABASE_URL."
    if isinstance(error, asyncpg.InvalidCatalogNameError):
        return f"{said}; create that database, or correct its name at the end of DATABASE_URL."
    if isinstance(error, OSError):
        return f"{said}; check that the server runs and that DATABASE_URL names its host and port."
    return f"{said}."


class PgDatabase(Database):
    """Async access to the PostgreSQL database at `url` (postgresql://user:password@host/name),
    through a pool of at most `pool_size` connections."""

    dialect: ClassVar[str] = "postgresql"
    shared: ClassVar[bool] = True
    for_update: ClassVar[str] = " FOR UPDATE"
    seats_json: ClassVar[str] = (
        "COALESCE(json_agg(json_build_array(user_id, seat, display_name, level)), '[]')"
    )
    channel_taken: ClassVar[tuple[type[Exception], ...]] = (
        asyncpg.IntegrityConstraintViolationError,
    )

    def __init__(self, url: str, pool_size: int = 10) -> None:
        self.url = url
        self._pool_size = pool_size
        self._pool: asyncpg.Pool | None = None

    @property
    def where(self) -> str:
        return described(self.url)

    async def open(self, *, read_only: bool = False) -> None:
        """Connect and migrate (`read_only`: only connect, to read). Raises DatabaseUnreachable
        if the server cannot be reached or refuses the connection, and `DatabaseProblem` if the
        schema is not one this version of the bot can use (nothing is then changed)."""
        try:
            self._pool = await asyncpg.create_pool(
                self.url, min_size=1, max_size=self._pool_size, reset=kept_as_it_is
            )
        except (OSError, ValueError, asyncpg.PostgresError) as error:
            raise DatabaseUnreachable(unreachable(self.url, error)) from error
        try:
            if read_only:
                migrations.check_version(
                    await self._version(self.db), named(self.url), read_only=True
                )
            else:
                await self._migrate()
        except BaseException:
            await self.close()
            raise

    async def close(self) -> None:
        if self._pool is not None:
            await self._pool.close()
        self._pool = None

    @property
    def pool(self) -> asyncpg.Pool:
        if self._pool is None:
            raise RuntimeError("The database is not open.")
        return self._pool

    @property
    def db(self) -> Connection:
        """Statements on the pool, each committed at once (for tests and tools)."""
        return PgConnection(self.pool)

    @staticmethod
    async def _version(db: Connection) -> int:
        """The schema version recorded in the database (0: none of the bot's tables yet)."""
        [(made,)] = await db.execute_fetchall("SELECT to_regclass('schema_version') IS NOT NULL")
        if not made:
            return 0
        [(number,)] = await db.execute_fetchall(
            "SELECT COALESCE(MAX(number), 0) FROM schema_version"
        )
        return int(number)

    async def _migrate(self) -> None:
        async with self.transaction() as db:
            await db.execute("SELECT pg_advisory_xact_lock(?)", (MIGRATION_LOCK,))
            await db.execute(
                "CREATE TABLE IF NOT EXISTS schema_version "
                "(number INTEGER PRIMARY KEY, applied_at DOUBLE PRECISION NOT NULL)"
            )
            current = await self._version(db)
            migrations.check_version(current, named(self.url), read_only=False)
            scripts = migrations.rendered(self.dialect)
            for number, script in enumerate(scripts[current:], start=current + 1):
                await db.execute(script)
                await db.execute(
                    "INSERT INTO schema_version (number, applied_at) VALUES (?, ?)",
                    (number, time.time()),
                )

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[Connection]:
        """One transaction on a connection of the pool, committed on success and rolled back
        on any error. Transactions of one process run side by side, as other processes' do.

        A commit that gets no answer (the server went away meanwhile) raises `SaveUncertain`:
        it may have been made. The connection goes back to the pool only once the transaction
        has ended: a failure then (the pool resets the connection, and a server that just
        went down refuses) does not undo a commit, so it is logged and never raised as the
        transaction's failure (asyncpg closes that connection; the pool opens a new one)."""
        connection = await self.pool.acquire()
        try:
            transaction = connection.transaction()
            await transaction.start()
            try:
                yield PgConnection(connection)
            except BaseException:
                with contextlib.suppress(Exception):  # a broken connection rolls back itself
                    await transaction.rollback()
                raise
            try:
                await transaction.commit()
            except asyncpg.PostgresConnectionError as error:  # no answer: it may be made
                raise SaveUncertain(str(error)) from error
            except asyncpg.PostgresError:  # the server answered: nothing was committed
                raise
            except Exception as error:  # the connection failed: no answer came either
                raise SaveUncertain(str(error)) from error
        finally:
            try:
                await self.pool.release(connection)
            except Exception as error:  # after the transaction ended: see above
                log.warning("A database connection could not be returned to the pool: %s", error)

    async def rows(self, sql: str, params: Sequence[Any] = ()) -> list[Any]:
        return list(await self.pool.fetch(numbered(sql), *params))

    @staticmethod
    def cannot_save(error: BaseException) -> bool:
        """A full disk, or a read-only server (a standby, or `default_transaction_read_only`)."""
        return isinstance(
            error, asyncpg.exceptions.DiskFullError | asyncpg.exceptions.ReadOnlySQLTransactionError
        )

    async def lock_ledger(self, db: Connection) -> None:
        await db.execute("SELECT pg_advisory_xact_lock(?)", (LEDGER_LOCK,))
