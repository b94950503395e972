"""Fixtures shared by the service and bot tests.

`backend` runs a test on each store: SQLite (a fresh file) and PostgreSQL (a fresh database on
the session's throwaway server, see `tests.postgres`); where PostgreSQL's server binaries are
missing, the PostgreSQL cases are skipped with the reason.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from club.catalogue import CATALOGUE, Catalogue
from club.service import TableService
from club.storage import Storage
from club.storage.postgres import PgDatabase
from club.storage.sqlite import SqliteDatabase
from tests import postgres

SEED = 424242
"""Every game's seed in tests that use the `service` fixture."""


@dataclass(frozen=True)
class Backend:
    """A test's database: `store()` makes a new, unopened store on it each time, as a process
    started (or restarted) would."""

    name: str
    store: Callable[[], Storage]


def sqlite_backend(tmp_path: Path) -> Backend:
    """A fresh SQLite file in `tmp_path` (a module whose tests run on SQLite only overrides
    `backend` with it)."""
    return Backend("sqlite", lambda: Storage(SqliteDatabase(tmp_path / "bot.sqlite3")))


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[postgres.Cluster]:
    """The session's PostgreSQL server, started on first use."""
    reason = postgres.unavailable()
    if reason is not None:
        pytest.skip(reason)
    cluster = postgres.Cluster()
    cluster.start()
    yield cluster
    cluster.stop()


@pytest.fixture(params=["sqlite", "postgresql"])
async def backend(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Backend]:
    """A fresh SQLite file, or a fresh PostgreSQL database (dropped after the test)."""
    if request.param == "sqlite":
        yield sqlite_backend(tmp_path)
        return
    server: postgres.Cluster = request.getfixturevalue("postgres_server")
    url = await server.new_database()
    yield Backend("postgresql", lambda: Storage(PgDatabase(url)))
    await server.drop_database(url)


@pytest.fixture
async def postgresql(postgres_server: postgres.Cluster) -> AsyncIterator[Backend]:
    """A fresh PostgreSQL database (dropped after the test), for what only a database that
    several processes share does."""
    url = await postgres_server.new_database()
    yield Backend("postgresql", lambda: Storage(PgDatabase(url)))
    await postgres_server.drop_database(url)


@pytest.fixture
def catalogue() -> Catalogue:
    """The games the `service` fixture plays (a module that plays a test game of its own
    overrides this fixture)."""
    return CATALOGUE


@pytest.fixture
async def storage(backend: Backend) -> AsyncIterator[Storage]:
    """The store the `service` fixture runs on: a fresh database of each backend, opened (and
    closed after the test). Tests read and arrange stored rows through its repositories."""
    store = backend.store()
    await store.open()
    yield store
    await store.close()


@pytest.fixture
def service(storage: Storage, catalogue: Catalogue) -> TableService:
    """A table service on `storage`, playing `catalogue`, with games seeded `SEED`."""
    return TableService(storage, seed_source=lambda: SEED, catalogue=catalogue)
