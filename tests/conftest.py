"""Fixtures shared by the service and bot tests."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.service import TableService
from bot.store import Store

SEED = 424242
"""Every game's seed in tests that use the `service` fixture."""


@pytest.fixture
async def service(tmp_path: Path) -> AsyncIterator[TableService]:
    """A table service on a fresh SQLite file, with games seeded `SEED`."""
    store = Store(tmp_path / "bot.sqlite3")
    await store.open()
    yield TableService(store, seed_source=lambda: SEED)
    await store.close()
