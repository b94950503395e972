"""Work that any of several bot processes on one database could take up is done once: leases
claimed in the database, reminders and phase timers that fire once however many processes
poll. Each case runs two services on one database, as two processes (shards) would."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import pytest

from club.service import TableService
from club.storage import Storage
from club.storage.sqlite import SqliteDatabase
from tests.conftest import Backend
from tests.hang import HANG_SECONDS
from tests.service.fixtures import ANN, BOB, CHANNEL, Clock, started
from tests.service.secret_numbers import WITH_NUMBERS

HOUR = 3600.0


async def two_processes(
    stores: tuple[Storage, Storage], clock: Clock
) -> tuple[TableService, TableService]:
    """Two services as two processes (shards), each on its own store of one database (`stores`,
    opened here)."""
    services = []
    for store, name in zip(stores, ("shards 0 of 2", "shards 1 of 2"), strict=True):
        await store.open()
        service = TableService(
            store, remind_after=HOUR, clock=clock, holder=name, catalogue=WITH_NUMBERS
        )
        services.append(service)
    return services[0], services[1]


@pytest.fixture
async def processes(backend: Backend) -> AsyncIterator[tuple[TableService, TableService, Clock]]:
    clock, stores = Clock(), (backend.store(), backend.store())
    first, second = await two_processes(stores, clock)
    yield first, second, clock
    for store in stores:
        await store.close()


@pytest.fixture
async def sharing(postgresql: Backend) -> AsyncIterator[tuple[TableService, TableService]]:
    """Two processes on one PostgreSQL database."""
    stores = postgresql.store(), postgresql.store()
    first, second = await two_processes(stores, Clock())
    yield first, second
    for store in stores:
        await store.close()


async def test_a_lease_is_held_by_one_holder_until_released_or_run_out(backend: Backend) -> None:
    store = backend.store()
    await store.open()
    now = 1000.0
    assert await store.leases.claim("deliver:1", "a", now, 30)
    assert not await store.leases.claim("deliver:1", "b", now + 10, 30)
    assert await store.leases.claim("deliver:2", "b", now, 30)  # other work is free
    assert await store.leases.claim(
        "deliver:1", "a", now + 10, 30
    )  # the holder renews it (to 1040)
    assert not await store.leases.claim("deliver:1", "b", now + 35, 30)
    assert await store.leases.claim("deliver:1", "b", now + 41, 30)  # run out: taken over
    await store.leases.release("deliver:1", "a")  # not a's any more: nothing happens
    assert not await store.leases.claim("deliver:1", "a", now + 42, 30)
    await store.leases.release("deliver:1", "b")
    assert await store.leases.claim("deliver:1", "a", now + 42, 30)
    await store.close()


async def test_a_shared_database_lets_one_process_hold_a_claim(
    sharing: tuple[TableService, TableService],
) -> None:
    first, second = sharing
    async with (
        first.leases.claimed("think:7", 60) as mine,
        second.leases.claimed("think:7", 60) as theirs,
    ):
        assert mine and not theirs
    async with second.leases.claimed("think:7", 60) as theirs:  # released at the end of the block
        assert theirs


async def test_a_claim_waits_for_the_other_process_to_let_go(
    sharing: tuple[TableService, TableService],
) -> None:
    first, second = sharing
    order = []
    held = asyncio.Event()

    async def hold() -> None:
        async with first.leases.claimed("deliver:3", 30) as mine:
            assert mine
            order.append("first holds")
            held.set()
            await asyncio.sleep(0.3)
            order.append("first lets go")

    holding = asyncio.ensure_future(hold())
    await asyncio.wait_for(held.wait(), HANG_SECONDS)
    async with second.leases.claimed("deliver:3", 30, wait=HANG_SECONDS) as theirs:
        order.append(f"second holds: {theirs}")
    await holding
    assert order == ["first holds", "first lets go", "second holds: True"]


async def test_a_process_that_waits_too_long_gives_up(
    sharing: tuple[TableService, TableService],
) -> None:
    first, second = sharing
    async with (
        first.leases.claimed("deliver:4", 30),
        second.leases.claimed("deliver:4", 30, wait=0.2) as late,
    ):
        assert not late


async def test_a_restarted_process_takes_up_its_own_claims_at_once(postgresql: Backend) -> None:
    crashed = postgresql.store(), postgresql.store()
    first, _ = await two_processes(crashed, Clock())
    assert await crashed[0].leases.claim(
        "think:5", first.leases.holder, 0, 1e12
    )  # held when it crashed
    await crashed[0].close()
    stores = postgresql.store(), postgresql.store()
    restarted, other = await two_processes(stores, Clock())
    async with other.leases.claimed("think:5", 60) as theirs:
        assert not theirs
    async with restarted.leases.claimed("think:5", 60) as mine:
        assert mine
    for store in stores:
        await store.close()


async def test_a_sqlite_database_belongs_to_one_process_and_claims_nothing(
    tmp_path: object,
) -> None:
    store = Storage(SqliteDatabase(f"{tmp_path}/bot.sqlite3"))
    await store.open()
    service = TableService(store)
    async with (
        service.leases.claimed("deliver:1", 30) as mine,
        service.leases.claimed("deliver:1", 30) as again,
    ):
        assert mine and again
    assert await store.db.execute_fetchall("SELECT * FROM leases") == []
    await store.close()


async def test_two_processes_send_a_due_reminder_once(
    processes: tuple[TableService, TableService, Clock],
) -> None:
    first, second, clock = processes
    await started(first)
    for _ in range(3):
        clock.now += HOUR + 1
        both = await asyncio.gather(first.clocks.due_reminders(), second.clocks.due_reminders())
        [(_, channel, notice)] = both[0] + both[1]
        assert channel == CHANNEL and notice.mentions == (ANN.user_id,)


async def test_a_phase_timer_runs_out_once_however_many_processes_poll(
    processes: tuple[TableService, TableService, Clock], storage: Storage
) -> None:
    first, second, clock = processes
    await first.lobbies.new_lobby(
        guild_id=1, channel_id=CHANNEL, creator=ANN, game_key="numbers", options={"timer": 60}
    )
    await first.lobbies.join(CHANNEL, BOB)
    await first.lobbies.start(CHANNEL, ANN)
    clock.now += 61
    both = await asyncio.gather(first.clocks.due_timeouts(), second.clocks.due_timeouts())
    [update] = both[0] + both[1]
    assert update.finished
    moves = await storage.moves.of(update.game_id)
    assert [move.kind for move in moves] == ["timeout"]
