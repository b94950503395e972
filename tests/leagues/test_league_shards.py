"""Several processes on one PostgreSQL database: a league's round is paired once and each
table's thread made once, whichever processes advance it at the same time; a process that dies
holding the league (its lease) is taken over once the lease runs out, and one that dies between
pairing and opening the threads loses nothing."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import pytest

from club.leagues.events import Actor, LeagueSpec
from club.leagues.rounds import LEASE_SECONDS, Seated
from club.service import TableService
from club.storage import Storage
from tests.conftest import Backend
from tests.leagues.venue import Venue, people
from tests.service.fixtures import ANN, CHANNEL, GUILD, Clock

ADMIN = Actor(ANN, manages_server=True)
SPEC = LeagueSpec("Shared", "leylines", "swiss", rounds=2)


class Crashing(Venue):
    """A venue whose process dies as it is about to make its first thread."""

    async def open_thread(self, seated: Seated) -> int:
        raise ConnectionResetError("the process died")


@pytest.fixture
async def shards(postgresql: Backend) -> AsyncIterator[tuple[TableService, TableService, Clock]]:
    """Two processes (holders `a` and `b`) on one PostgreSQL database, sharing a clock."""
    clock = Clock()
    stores: list[Storage] = []
    services = []
    for holder in ("a", "b"):
        store = postgresql.store()
        await store.open()
        stores.append(store)
        services.append(TableService(store, seed_source=lambda: 7, clock=clock, holder=holder))
    yield services[0], services[1], clock
    for store in stores:
        await store.close()


async def signed_up(service: TableService) -> int:
    league = await service.leagues.events.create(GUILD, CHANNEL, ADMIN, SPEC)
    for player in people(6):
        await service.leagues.events.join(league.id, player)
    await service.leagues.events.start(league.id, ADMIN)
    return league.id


async def test_two_processes_pair_a_round_once_and_make_each_thread_once(
    shards: tuple[TableService, TableService, Clock],
) -> None:
    a, b, _ = shards
    league_id = await signed_up(a)
    venue = Venue()  # shared: it fails on a second thread for any table
    done = await asyncio.gather(*(s.leagues.rounds.advance(league_id, venue) for s in (a, b, a)))
    assert sorted(p.paired or 0 for p in done) == [0, 0, 1]
    assert len(venue.threads) == 3 and len(venue.rounds) == 1
    assert sum(len(p.opened) for p in done) == 3


async def test_a_process_that_died_is_taken_over_and_nothing_is_lost(
    shards: tuple[TableService, TableService, Clock],
) -> None:
    a, b, clock = shards
    league_id = await signed_up(a)
    with pytest.raises(ConnectionResetError):
        await a.leagues.rounds.advance(league_id, Crashing())
    pairings = await b.leagues.events._leagues.pairings(league_id, 1)
    assert len(pairings) == 6  # paired and stored before the process died
    dying = a.leases.claimed(f"league:{league_id}", LEASE_SECONDS)
    assert await dying.__aenter__()  # `a` holds the league again and dies without letting go
    venue = Venue()
    assert (await b.leagues.rounds.advance(league_id, venue)).opened == []
    clock.now += LEASE_SECONDS + 1
    progress = await b.leagues.rounds.advance(league_id, venue)
    assert progress.paired is None and len(progress.opened) == 3
    assert await b.leagues.events._leagues.pairings(league_id, 1) == pairings
    assert len(venue.threads) == 3
