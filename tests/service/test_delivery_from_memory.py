"""The request that commits an action tells it from what the commit left in memory, reading
nothing, and tells exactly what the recovery poll would have read from the database; whenever
memory could be wrong (an update left over, a delivery of the game since the commit began, a
database other processes share), the delivery reads the outbox instead, and nothing is told
twice."""

from __future__ import annotations

from collections.abc import Awaitable
from typing import Any, TypeVar

import aiosqlite
import pytest

from club.service import Delivery, Player, TableService, TableUpdate
from club.storage import Storage
from club.storage.outbox import DELIVERY_ATTEMPTS
from club.storage.rows import Living
from tests.conftest import SEED, Backend, sqlite_backend

ANN, BOB = Player(101, "Ann"), Player(202, "Bob")
CHANNEL = 10
BOARD = Living(555, "", "")
"""The board message a delivery leaves (its narration and picture do not matter here)."""
T = TypeVar("T")


async def opened(store: Storage) -> tuple[TableService, TableUpdate]:
    """A two-player Ley Lines table, Ann first, and the update of its start."""
    service = TableService(store, seed_source=lambda: SEED)
    await service.lobbies.new_lobby(
        guild_id=1, channel_id=CHANNEL, creator=ANN, game_key="leylines", options={"first": 0}
    )
    await service.lobbies.join(CHANNEL, BOB)
    return service, await service.lobbies.start(CHANNEL, ANN)


@pytest.fixture
def backend(tmp_path: Any) -> Backend:
    """A fresh SQLite file: the statements a request sends are counted on SQLite."""
    return sqlite_backend(tmp_path)


@pytest.fixture
async def sqlite_service(storage: Storage) -> tuple[TableService, TableUpdate]:
    return await opened(storage)


async def move(service: TableService) -> TableUpdate:
    """The first legal move of the player to move."""
    table = await service.tables.load(CHANNEL, status="active")
    [seat] = table.actors()
    notation = table.game.notation(table.game.legal_moves(table.state, seat)[0])
    return await service.play.move(CHANNEL, (ANN, BOB)[seat], notation)


async def selects(storage: Storage, request: Awaitable[T]) -> tuple[T, int]:
    """What `request` returns and the SELECT statements it sent to the SQLite database."""
    seen: list[str] = []
    connections = [
        c for c in vars(storage.database).values() if isinstance(c, aiosqlite.Connection)
    ]
    for connection in connections:
        await connection.set_trace_callback(seen.append)
    try:
        found = await request
    finally:
        for connection in connections:
            await connection.set_trace_callback(None)
    return found, sum(sql.lstrip().upper().startswith("SELECT") for sql in seen)


async def told(service: TableService, storage: Storage, update: TableUpdate) -> Delivery:
    """Tell `update` as the request that committed it does (from memory), checking that it
    reads nothing and tells what a delivery read from the database tells; mark it told."""
    assert update.queued is not None
    from_memory, read = await selects(
        storage, service.deliveries.delivery(update.game_id, update.queued)
    )
    assert read == 0
    assert from_memory == await service.deliveries.delivery(update.game_id)
    assert from_memory is not None
    await service.deliveries.delivered(from_memory, BOARD)
    return from_memory


async def test_the_committer_tells_from_memory_what_the_database_holds(
    sqlite_service: tuple[TableService, TableUpdate],
    storage: Storage,
) -> None:
    """The start, then moves, each told by its own request with no SELECT; the delivery is
    the one the poll would build (same entry, queued time, so the same nonces; the same posts,
    board message and DMs)."""
    service, started = sqlite_service
    first = await told(service, storage, started)
    assert first.posts[-1].new
    for _ in range(3):
        update = await move(service)
        delivery = await told(service, storage, update)
        assert delivery.living.message_id == BOARD.message_id  # edited into the board message
        assert await storage.outbox.pending(update.game_id) == []


async def test_a_delivery_since_the_commit_leaves_nothing_to_tell_twice(
    sqlite_service: tuple[TableService, TableUpdate],
    storage: Storage,
) -> None:
    """The poll told the move before its own request came to it: the request finds nothing
    left to tell instead of telling it again from memory."""
    service, started = sqlite_service
    await told(service, storage, started)
    update = await move(service)
    polled = await service.deliveries.delivery(update.game_id)
    assert polled is not None
    await service.deliveries.delivered(polled, BOARD)
    assert await service.deliveries.delivery(update.game_id, update.queued) is None


async def failed_move(service: TableService, tries: int = 1) -> TableUpdate:
    """A move whose delivery by the poll failed `tries` times before its request came to it."""
    update = await move(service)
    for _ in range(tries):
        polled = await service.deliveries.delivery(update.game_id)
        assert polled is not None
        await service.deliveries.delivery_failed(polled)
    return update


async def test_an_update_given_up_since_the_commit_is_not_told(
    sqlite_service: tuple[TableService, TableUpdate],
    storage: Storage,
) -> None:
    """The poll failed to tell the move as often as an update is tried, and dropped it: its
    request, which reads the outbox since a delivery ran, finds nothing to tell."""
    service, started = sqlite_service
    await told(service, storage, started)
    update = await failed_move(service, DELIVERY_ATTEMPTS)
    assert await storage.outbox.pending(update.game_id) == []
    assert await service.deliveries.delivery(update.game_id, update.queued) is None


async def test_an_update_left_over_is_told_with_the_next_from_the_database(
    sqlite_service: tuple[TableService, TableUpdate],
    storage: Storage,
) -> None:
    """An update whose delivery failed is still queued when the next move commits: that move
    is not held in memory, and its delivery tells both, in order."""
    service, started = sqlite_service
    await told(service, storage, started)
    first = await failed_move(service)
    second = await move(service)
    assert second.queued is None
    both = await service.deliveries.delivery(second.game_id)
    assert both is not None
    narration = "\n".join(line for post in both.posts for line in post.narration)
    said = [update.told.posts[-1].narration[0] for update in (first, second)]
    assert -1 < narration.index(said[0]) < narration.index(said[1])
    pending = await storage.outbox.pending(second.game_id)
    assert both.upto == pending[-1].id and len(pending) == 2


async def test_a_later_commit_waits_for_its_own_delivery(
    sqlite_service: tuple[TableService, TableUpdate],
    storage: Storage,
) -> None:
    """Two moves commit before either request delivers: the first tells its own move from
    memory; the second (committed with the first still queued) reads the outbox and finds
    only its own left."""
    service, started = sqlite_service
    await told(service, storage, started)
    first = await move(service)
    second = await move(service)
    assert first.queued is not None and second.queued is None
    mine = await service.deliveries.delivery(first.game_id, first.queued)
    assert mine is not None and mine.upto == first.queued.delivery.upto
    await service.deliveries.delivered(mine, BOARD)
    rest = await service.deliveries.delivery(second.game_id)
    assert rest is not None and mine.upto < rest.upto
    assert rest.queued_at > mine.queued_at


async def test_a_shared_database_is_always_read(postgresql: Backend) -> None:
    """Another process may tell a game's updates in a shared database: nothing is held."""
    store = postgresql.store()
    await store.open()
    try:
        service, started = await opened(store)
        assert started.queued is None
        assert (await move(service)).queued is None
    finally:
        await store.close()
