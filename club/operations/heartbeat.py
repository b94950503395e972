"""A bot process's sign of life in its database: written after each completed pass of the
background poll while the process is connected to Discord, read by `python -m bot health`."""

from __future__ import annotations

import time
from collections.abc import Callable

from club.operations.version import bot_version
from club.storage import Storage


class HeartbeatWriter:
    """Writes `process`'s sign of life to `store`; `clock` gives Unix seconds."""

    def __init__(
        self, store: Storage, process: str, *, clock: Callable[[], float] = time.time
    ) -> None:
        self.store = store
        self.process = process
        self.version = bot_version()
        self.clock = clock
        self.started_at = clock()
        self.last_beat: float | None = None
        """When this process last completed a pass of its background work (None: not yet)."""

    async def beat(self) -> None:
        """Record that a pass of the background work has just completed."""
        now = self.clock()
        await self.store.operations.beat(self.process, self.version, self.started_at, now)
        self.last_beat = now
