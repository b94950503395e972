"""Round trips between the bot and its database, counted per request, the same way on SQLite and
on PostgreSQL: each time the bot waits for its database to answer.

- SQLite (aiosqlite): each call a request makes on a connection (a statement run, a row fetched,
  a cursor closed, BEGIN, COMMIT) is handed to that connection's thread and waited for: one hop.
  Every connection and cursor method goes through `aiosqlite.Connection._execute`, counted on
  each connection of the database (the writing one and the reading one).
- PostgreSQL (asyncpg): a round trip is the client speaking after the server has answered,
  counted on the wire by a relay on 127.0.0.1 between the bot's pool and the server (`Relay`):
  a statement, a statement's preparation (once per pooled connection, then cached), BEGIN,
  COMMIT and the reset the pool sends when it takes a connection back are one each.

The hops made inside `Database.transaction()` are counted apart: on SQLite that is the write
lock's hold (BEGIN to COMMIT), on PostgreSQL a pooled connection's, from taking it to giving it
back.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from contextlib import asynccontextmanager, contextmanager
from dataclasses import dataclass
from typing import Any

import aiosqlite

from club.storage.database import Connection, Database


@dataclass
class Hops:
    """Round trips to the database: all of them, and those inside a write transaction."""

    total: int = 0
    in_transaction: int = 0


class HopCounter:
    """Counts the round trips `database` makes while `counting` is on (`hop` is told each one:
    a SQLite database's calls are found by `counting` itself; a PostgreSQL database's are told
    by its `Relay`)."""

    def __init__(self) -> None:
        self.hops = Hops()
        self._on = False

    def hop(self) -> None:
        if self._on:
            self.hops.total += 1

    @contextmanager
    def counting(self, database: Database) -> Iterator[Hops]:
        """Count the block's round trips into a fresh `Hops`, yielded."""
        self.hops = Hops()
        real = database.transaction

        @asynccontextmanager
        async def transaction() -> AsyncIterator[Connection]:
            start = self.hops.total
            try:
                async with real() as db:
                    yield db
            finally:
                self.hops.in_transaction += self.hops.total - start

        threads = [c for c in vars(database).values() if isinstance(c, aiosqlite.Connection)]
        for connection in threads:
            vars(connection)["_execute"] = self._counted(connection._execute)
        vars(database)["transaction"] = transaction
        self._on = True
        try:
            yield self.hops
        finally:
            self._on = False
            del vars(database)["transaction"]
            for connection in threads:
                del vars(connection)["_execute"]

    def _counted(self, call: Callable[..., Awaitable[Any]]) -> Callable[..., Awaitable[Any]]:
        async def counted(*args: Any, **kwargs: Any) -> Any:
            self.hop()
            return await call(*args, **kwargs)

        return counted


class Relay:
    """A TCP relay on 127.0.0.1 to the PostgreSQL server at `port`, telling `hop` each round
    trip: each time a client speaks after the server has answered it (the first time too)."""

    def __init__(self, port: int, hop: Callable[[], None]) -> None:
        self.target = port
        self._hop = hop
        self._server: asyncio.Server | None = None
        self._streams: set[asyncio.StreamWriter] = set()

    async def start(self) -> None:
        self._server = await asyncio.start_server(self._relay, "127.0.0.1", 0)

    def through(self, url: str) -> str:
        """`url` (postgresql://...:port/name, of the server at `port`) through the relay."""
        assert self._server is not None, "the relay is not started"
        port = self._server.sockets[0].getsockname()[1]
        return url.replace(f":{self.target}/", f":{port}/", 1)

    async def close(self) -> None:
        if self._server is not None:
            self._server.close()
        for writer in self._streams:
            writer.close()
        if self._server is not None:
            await self._server.wait_closed()

    async def _relay(self, client: asyncio.StreamReader, to_client: asyncio.StreamWriter) -> None:
        server, to_server = await asyncio.open_connection("127.0.0.1", self.target)
        self._streams |= {to_client, to_server}
        answered = [True]  # whether the server spoke last

        async def pump(
            source: asyncio.StreamReader, sink: asyncio.StreamWriter, asks: bool
        ) -> None:
            while data := await source.read(1 << 16):
                if asks and answered[0]:
                    self._hop()
                answered[0] = not asks
                sink.write(data)
                await sink.drain()
            sink.close()

        with contextlib.suppress(ConnectionError):
            await asyncio.gather(pump(client, to_server, True), pump(server, to_client, False))
        self._streams -= {to_client, to_server}
