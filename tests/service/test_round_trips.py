"""A `/move` waits for its database once per statement. On SQLite each statement it sends (its
read, BEGIN, its writes, COMMIT) is one hop to a connection's thread, never three (run it, fetch
the row it returned, close its cursor); on PostgreSQL each is one round trip, and a pooled
connection given back costs none. Counted by `bench.hops`, as `benchmark.py --house` counts
them."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import aiosqlite

from bench.hops import HopCounter, Hops, Relay
from club.service import Player, TableService
from club.storage import Storage
from club.storage.postgres import PgDatabase
from club.storage.rows import Living
from club.storage.sqlite import SqliteDatabase
from tests import postgres
from tests.conftest import SEED

ANN, BOB = Player(101, "Ann"), Player(202, "Bob")
CHANNEL = 10


async def first_move(service: TableService) -> tuple[Player, str]:
    """The player to move and their first legal move."""
    table = await service.tables.load(CHANNEL, status="active")
    [seat] = table.actors()
    return (ANN, BOB)[seat], table.game.notation(table.game.legal_moves(table.state, seat)[0])


async def played(store: Storage) -> TableService:
    """A two-player Ley Lines table on `store` (opened), two moves in, each delivered."""
    service = TableService(store, seed_source=lambda: SEED)
    await service.lobbies.new_lobby(
        guild_id=1, channel_id=CHANNEL, creator=ANN, game_key="leylines", options={"first": 0}
    )
    await service.lobbies.join(CHANNEL, BOB)
    await service.lobbies.start(CHANNEL, ANN)
    for _ in range(2):  # the measured move follows delivered ones, as in play
        await service.play.move(CHANNEL, *await first_move(service))
        game = await store.games.open_in(CHANNEL)
        assert game is not None
        delivery = await service.deliveries.delivery(game.id)
        assert delivery is not None
        await service.deliveries.delivered(delivery, Living(555, "", ""))
    return service


async def on_sqlite(folder: Path) -> tuple[Hops, Hops]:
    """A measured `/move` on a SQLite file in `folder`: its hops, and its statements (those
    the writing connection sent: in the write transaction)."""
    store = Storage(SqliteDatabase(folder / "bot.sqlite3"))
    await store.open()
    service = await played(store)
    player, notation = await first_move(service)
    sent = Hops()
    connections: list[Any] = [
        c for c in vars(store.database).values() if isinstance(c, aiosqlite.Connection)
    ]

    def traced(writes: bool) -> Callable[[str], None]:
        def count(_: str) -> None:
            sent.total += 1
            sent.in_transaction += writes

        return count

    for connection in connections:  # the writing connection and the reading one
        await connection.set_trace_callback(traced(connection is store.database.db))
    with HopCounter().counting(store.database) as hops:
        await service.play.move(CHANNEL, player, notation)
    for connection in connections:
        await connection.set_trace_callback(None)
    await store.close()
    return hops, sent


async def test_a_move_waits_for_sqlite_once_per_statement(tmp_path: Path) -> None:
    hops, statements = await on_sqlite(tmp_path)
    assert statements.total > statements.in_transaction >= 3  # BEGIN, a write, COMMIT
    assert hops == statements


async def test_a_move_makes_one_round_trip_per_statement_on_postgresql(
    postgres_server: postgres.Cluster, tmp_path: Path
) -> None:
    _, statements = await on_sqlite(tmp_path)  # the same statements, written once for both
    url = await postgres_server.new_database()
    counter = HopCounter()
    relay = Relay(postgres_server.port, counter.hop)
    await relay.start()
    store = Storage(PgDatabase(relay.through(url)))
    await store.open()
    try:
        service = await played(store)
        player, notation = await first_move(service)
        with counter.counting(store.database) as hops:
            await service.play.move(CHANNEL, player, notation)
    finally:
        await store.close()
        await relay.close()
        await postgres_server.drop_database(url)
    assert hops == statements
