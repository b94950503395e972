"""Background work outlives errors: one game's failure never stops the others' timers,
reminders or deliveries, a pass of the poll never raises, and the heartbeat is written only
after a pass that read everything due while connected."""

from __future__ import annotations

import asyncio
from typing import Any, cast

import asyncpg

from bot.courier.delivery import Report
from bot.reminders.cog import PollLoop
from club.faults import Faults
from club.operations.heartbeat import HeartbeatWriter
from club.service import TableService
from club.storage import Storage
from club.storage.rows import GameRow
from tests.conftest import Backend
from tests.service.fixtures import ANN, BOB, CAT, Clock, serve

HOUR = 3600.0
BROKEN = asyncpg.exceptions.ConnectionDoesNotExistError(
    "connection was closed in the middle of operation"
)
"""What a PostgreSQL restart does to a statement in flight."""


def failing_for(store: Storage, name: str, game_id: int) -> None:
    """Make the storage's method `name` (`repository.method`) fail, as a database restart
    would, for one game only."""
    repository_name, method_name = name.split(".")
    repository = getattr(store, repository_name)
    method = getattr(repository, method_name)

    async def failing(first: Any, *args: Any, **kwargs: Any) -> Any:
        wanted = first.id if isinstance(first, GameRow) else first
        if wanted == game_id:
            raise BROKEN
        return await method(first, *args, **kwargs)

    setattr(repository, method_name, failing)


async def tables(
    service: TableService, game_key: str, options: dict[str, int], channels: range
) -> list[int]:
    """A started game of Ann, Bob and Cat (Bob alone in a two-seat game) in each channel;
    their ids."""
    ids = []
    for channel in channels:
        lobby = await service.lobbies.new_lobby(
            guild_id=1, channel_id=channel, creator=ANN, game_key=game_key, options=options
        )
        for player in (BOB, CAT)[: 2 if game_key == "marsvsearth" else 1]:
            await service.lobbies.join(channel, player)
        await service.lobbies.start(channel, ANN)
        ids.append(lobby.game_id)
    return ids


async def test_one_games_failed_timer_never_stops_another_games(backend: Backend) -> None:
    clock = Clock()
    store = backend.store()
    service = await serve(store, seed=5, clock=clock)
    first, second = await tables(service, "marsvsearth", {"answer": 1, "first": 1}, range(1, 3))
    clock.now += 61
    failing_for(store, "games.get", first)
    [update] = await service.clocks.due_timeouts()
    assert update.game_id == second
    await store.close()


async def test_one_games_failed_reminder_never_stops_another_games(backend: Backend) -> None:
    clock = Clock()
    store = backend.store()
    service = await serve(store, seed=7, remind_after=HOUR, clock=clock)
    first, second = await tables(service, "leylines", {"first": 1}, range(1, 3))
    clock.now += HOUR + 1
    failing_for(store, "games.postpone", first)
    [(game_id, channel, _)] = await service.clocks.due_reminders()
    assert (game_id, channel) == (second, 2)
    await store.close()


class Courier:
    """Delivers every game's updates but `failing`'s, which raises as a database restart does."""

    def __init__(self, failing: int) -> None:
        self.failing = failing
        self.flushed: list[int] = []

    async def flush(self, game_id: int) -> Report:
        if game_id == self.failing:
            raise BROKEN
        self.flushed.append(game_id)
        return Report()


class Bot:
    """The bot as the poll sees it: never ready (the loop is driven by hand here)."""

    async def wait_until_ready(self) -> None:
        await asyncio.Event().wait()


async def poll_of(
    service: TableService, storage: Storage, courier: Courier, *, connected: bool = True
) -> tuple[PollLoop, HeartbeatWriter]:
    heartbeat = HeartbeatWriter(storage, "all shards", clock=Clock())
    poll = PollLoop(
        cast(Any, Bot()),
        service,
        cast(Any, courier),
        heartbeat,
        Faults(),
        lambda: connected,
    )
    poll._queued_before += 1  # every update queued so far is due
    return poll, heartbeat


async def one_pass(poll: PollLoop) -> None:
    await poll.poll.coro(poll)


async def test_a_pass_delivers_the_other_games_when_one_fails_and_beats(
    service: TableService,
    storage: Storage,
) -> None:
    first, second, third = await tables(service, "leylines", {"first": 1}, range(1, 4))
    courier = Courier(failing=second)
    poll, heartbeat = await poll_of(service, storage, courier)
    try:
        await one_pass(poll)
        assert courier.flushed == [first, third]
        assert poll.faults.kinds["delivery"].count == 1
        assert heartbeat.last_beat is not None
        assert [b.process for b in await storage.operations.heartbeats()] == ["all shards"]
    finally:
        await poll.cog_unload()


async def test_no_heartbeat_after_a_pass_that_could_not_read(
    service: TableService, storage: Storage
) -> None:
    await tables(service, "leylines", {"first": 1}, range(1, 2))
    poll, heartbeat = await poll_of(service, storage, Courier(failing=0))

    async def unreadable(older_than: float) -> list[int]:
        raise BROKEN

    setattr(service.deliveries, "undelivered_games", unreadable)  # noqa: B010
    try:
        await one_pass(poll)
        await one_pass(poll)
        assert heartbeat.last_beat is None and await storage.operations.heartbeats() == []
        assert poll.faults.kinds["poll read"].count == 2
    finally:
        await poll.cog_unload()


async def test_no_heartbeat_while_the_gateway_is_not_connected(
    service: TableService, storage: Storage
) -> None:
    poll, heartbeat = await poll_of(service, storage, Courier(failing=0), connected=False)
    try:
        await one_pass(poll)
        assert heartbeat.last_beat is None
    finally:
        await poll.cog_unload()


async def test_a_failed_heartbeat_never_ends_the_poll(
    service: TableService, storage: Storage
) -> None:
    poll, heartbeat = await poll_of(service, storage, Courier(failing=0))

    async def broken(*args: Any) -> None:
        raise BROKEN

    setattr(storage.operations, "beat", broken)  # noqa: B010
    try:
        await one_pass(poll)
        assert heartbeat.last_beat is None and poll.faults.kinds["poll"].count == 1
    finally:
        await poll.cog_unload()
