"""A `/move` on SQLite waits for its database once per statement: each statement it sends (its
read, BEGIN, its writes, COMMIT) is one hop to a connection's thread, never three (run it, fetch
the row it returned, close its cursor). Counted by `bench.hops`, as `benchmark.py --house`
counts them."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import aiosqlite

from bench.hops import HopCounter
from bot.service import Player, TableService
from bot.storage import Storage
from bot.storage.rows import Living
from bot.storage.sqlite import SqliteDatabase
from tests.conftest import SEED

ANN, BOB = Player(101, "Ann"), Player(202, "Bob")
CHANNEL = 10
BEFORE_RETURNING = 6
"""A `/move`'s hops before its writes read back what they wrote (RETURNING): its read, BEGIN,
three writes, COMMIT."""


async def first_move(service: TableService) -> tuple[Player, str]:
    """The player to move and their first legal move."""
    table = await service.tables.load(CHANNEL, status="active")
    [seat] = table.actors()
    return (ANN, BOB)[seat], table.game.notation(table.game.legal_moves(table.state, seat)[0])


async def test_a_move_waits_for_sqlite_once_per_statement(tmp_path: Path) -> None:
    store = Storage(SqliteDatabase(tmp_path / "bot.sqlite3"))
    await store.open()
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
    player, notation = await first_move(service)
    sent: Counter[str] = Counter()
    connections = [c for c in vars(store.database).values() if isinstance(c, aiosqlite.Connection)]
    for connection in connections:  # the writing connection and the reading one
        side = "writes" if connection is store.database.db else "reads"
        await connection.set_trace_callback(lambda _, side=side: sent.update([side]))
    with HopCounter().counting(store.database) as hops:
        await service.play.move(CHANNEL, player, notation)
    for connection in connections:
        await connection.set_trace_callback(None)
    await store.close()
    assert sent["reads"] >= 1 and sent["writes"] >= 5  # BEGIN, the writes, COMMIT
    assert (hops.total, hops.in_transaction) == (sent.total(), sent["writes"])
    assert hops.total <= BEFORE_RETURNING
