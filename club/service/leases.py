"""Claims on work that any of the bot's processes could take up (a game's delivery, a computer
player's turn), held in the database so that one process does it.

A claim is a lease: it names its holder (the process, by the shards it runs, so a restarted
process takes its own claims up again at once) and runs out after a while, so work a crashed
process held is taken up by another. Only a store other processes share (`Storage.shared`,
PostgreSQL) is asked; a SQLite database belongs to one process, whose own locks keep the work
single.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager

from club.storage.leases import LeaseHolders

FIRST_RETRY_SECONDS = 0.05
LAST_RETRY_SECONDS = 1.0
"""A claim held elsewhere is tried again after 0.05 s, then twice as long each time, up to 1 s."""


class Leases:
    """Claims on shared work; `holder` names this process on the work it claims, `clock` gives
    Unix seconds."""

    def __init__(self, holders: LeaseHolders, *, holder: str, clock: Callable[[], float]) -> None:
        self._holders = holders
        self.holder = holder
        self._clock = clock

    @asynccontextmanager
    async def claimed(self, work: str, seconds: float, *, wait: float = 0.0) -> AsyncIterator[bool]:
        """Whether this process holds `work` for the block (for at most `seconds`), waiting up
        to `wait` seconds for another process to let it go; given up when the block ends."""
        if not self._holders.shared:
            yield True
            return
        give_up = time.monotonic() + wait
        retry = FIRST_RETRY_SECONDS
        while not await self._holders.claim(work, self.holder, self._clock(), seconds):
            if time.monotonic() + retry > give_up:
                yield False
                return
            await asyncio.sleep(retry)
            retry = min(retry * 2, LAST_RETRY_SECONDS)
        try:
            yield True
        finally:
            await self._holders.release(work, self.holder)
