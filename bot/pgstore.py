"""The PostgreSQL store: `bot.store.Store`'s interface, statements and guarantees on a PostgreSQL
database, for hosts that run several bot processes (shards) on one database.

Every method is the SQLite store's own; only the connection differs (a pool, and
`bot.pgsql.PgConnection` in front of it). Across processes the database keeps the guarantees:
every change to a game is an `UPDATE ... WHERE version = ?`, whose row lock makes a second writer
wait and then find the version gone (`StaleGame`); the partial unique index keeps one open game
per channel (`ChannelBusy`); a read whose rows the transaction then rewrites locks them (FOR
UPDATE); and a transaction that numbers or counts finished games first takes the ledger's advisory
lock, so two games finishing at once are numbered and rated one after the other. Work any process
could take up (a game's delivery, a computer player's turn) is leased in the table `leases`
(`Store.claim`: an insert that takes over only a lease run out or the holder's own, which the
unique name makes one process win).
Migrations (`bot.pgschema`) are recorded in the table `schema_version`, one row per migration, run
under an advisory lock so that processes starting together migrate once.
"""

from __future__ import annotations

import contextlib
import logging
import time
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from typing import Any, ClassVar
from urllib.parse import urlsplit

import asyncpg

from bot import pgschema
from bot.pgsql import PgConnection, dialect
from bot.sql import Connection
from bot.store import SEATS_JSON, SaveUncertain, Store

log = logging.getLogger(__name__)

MIGRATION_LOCK = 0x6D617273_0001
"""The advisory lock held while the schema is migrated."""
LEDGER_LOCK = 0x6D617273_0002
"""The advisory lock held by a transaction that numbers or counts finished games."""


def described(url: str) -> str:
    """The server and database of `url`, fit for a log: never its user or password."""
    parts = urlsplit(url)
    return f"PostgreSQL {parts.hostname or 'localhost'}:{parts.port or 5432}{parts.path}"


class DatabaseUnreachable(Exception):
    """The PostgreSQL database cannot be reached or refuses the bot; the message says which and
    why, in one line."""


class PgStore(Store):
    """Async access to the PostgreSQL database at `url` (postgresql://user:password@host/name),
    through a pool of at most `pool_size` connections."""

    _game_columns: ClassVar[str] = Store._game_columns.replace(
        SEATS_JSON,
        "COALESCE(json_agg(json_build_array(user_id, seat, display_name, level)), '[]')",
    )
    _channel_taken: ClassVar[tuple[type[Exception], ...]] = (
        asyncpg.IntegrityConstraintViolationError,
    )
    _for_update: ClassVar[str] = " FOR UPDATE"
    shared: ClassVar[bool] = True

    def __init__(self, url: str, pool_size: int = 10) -> None:
        self.url = url
        self._pool_size = pool_size
        self._pool: asyncpg.Pool | None = None

    async def open(self, *, read_only: bool = False) -> None:
        """Connect and migrate (`read_only`: only connect); raises DatabaseUnreachable if the
        server cannot be reached or refuses the connection."""
        try:
            self._pool = await asyncpg.create_pool(self.url, min_size=1, max_size=self._pool_size)
        except (OSError, asyncpg.PostgresError) as error:
            raise DatabaseUnreachable(
                f"cannot connect to {described(self.url)} (DATABASE_URL): {error}"
            ) from error
        if not read_only:
            await self._migrate()

    async def close(self) -> None:
        if self._pool is not None:
            await self._pool.close()
        self._pool = None

    @property
    def pool(self) -> asyncpg.Pool:
        if self._pool is None:
            raise RuntimeError("The store is not open.")
        return self._pool

    @property
    def db(self) -> Connection:
        """Statements on the pool, each committed at once (for tests and tools)."""
        return PgConnection(self.pool)

    async def _migrate(self) -> None:
        async with self._transaction() as db:
            await db.execute("SELECT pg_advisory_xact_lock(?)", (MIGRATION_LOCK,))
            await db.execute(
                "CREATE TABLE IF NOT EXISTS schema_version "
                "(number INTEGER PRIMARY KEY, applied_at DOUBLE PRECISION NOT NULL)"
            )
            [(current,)] = await db.execute_fetchall(
                "SELECT COALESCE(MAX(number), 0) FROM schema_version"
            )
            for number, script in enumerate(pgschema.MIGRATIONS[current:], start=current + 1):
                await db.execute(script)
                await db.execute(
                    "INSERT INTO schema_version (number, applied_at) VALUES (?, ?)",
                    (number, time.time()),
                )

    @asynccontextmanager
    async def _transaction(self) -> AsyncIterator[Connection]:
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

    async def _rows(self, sql: str, params: Sequence[Any] = ()) -> list[Any]:
        return list(await self.pool.fetch(dialect(sql), *params))

    async def _lock_ledger(self, db: Connection) -> None:
        await db.execute("SELECT pg_advisory_xact_lock(?)", (LEDGER_LOCK,))
