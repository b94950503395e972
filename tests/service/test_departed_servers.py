"""A server that removes the bot, through the privacy service, on each store: its data is
purged once the grace has run from its first removal (the service's clock), and kept when the
bot is added back within it."""

from __future__ import annotations

from tests.conftest import Backend
from tests.service.fixtures import ANN, BOB, GUILD, OTHER_GUILD, Clock, seat, serve

DAY = 86400.0
GRACE_DAYS = 30


async def test_the_grace_runs_from_the_first_removal_and_a_return_keeps_the_data(
    backend: Backend,
) -> None:
    clock, store = Clock(), backend.store()
    service = await serve(store, clock=clock)
    try:
        await seat(service, 10, "leylines", (ANN, BOB))
        await seat(service, 11, "leylines", (ANN, BOB), guild=OTHER_GUILD)
        await service.privacy.server_left(GUILD)
        await service.privacy.server_left(OTHER_GUILD)
        clock.now += GRACE_DAYS * DAY / 2
        await service.privacy.server_left(GUILD)  # removed again: the first removal counts
        assert await service.privacy.server_back(OTHER_GUILD)
        assert not await service.privacy.server_back(OTHER_GUILD)  # it had not left again
        clock.now += GRACE_DAYS * DAY / 2 - 1
        assert await service.privacy.purge_departed(GRACE_DAYS, lambda guild: True) == []
        clock.now += 2
        assert await service.privacy.purge_departed(GRACE_DAYS, lambda guild: True) == [GUILD]
        assert await store.games.open_in(10) is None
        assert await store.games.open_in(11) is not None
    finally:
        await store.close()
