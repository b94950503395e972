"""The outbox's invariant in this process: what is queued, what is delivered, and when the
request that committed an update may tell it from memory.

An update is queued with the action it tells (one transaction) and stays queued until a
delivery marks it delivered, or gives it up after too many failed tries. The request that
committed an update tells it from what its commit projected, reading nothing, iff the update
is the game's next one to tell: it was alone in the outbox when committed, the database is not
shared (another process may tell it first) and no delivery in this process has changed the
game's outbox or board message since the commit began (each such change raises the game's
mark, before and after it). Otherwise its delivery reads the outbox, as the regular poll does.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import replace

from club.service.updates import Delivery, Queued
from club.storage.outbox import Outbox
from club.storage.rows import Committed, Living, OutboxRow


class Telling:
    """The games' outboxes as this process tells them (see the module's docstring)."""

    def __init__(self, outbox: Outbox) -> None:
        self._outbox = outbox
        self._marks: Counter[int] = Counter()

    def mark(self, game_id: int) -> int:
        """The game's mark now: taken as a commit begins (see `hold`)."""
        return self._marks[game_id]

    def hold(self, committed: Committed, delivery: Delivery, since: int) -> Queued | None:
        """What to hold of the update `committed` (projected as `delivery`, before its outbox
        id was known) for its request: None unless it is the game's next one to tell."""
        if not committed.alone or self._outbox.database.shared:
            return None
        entry = committed.entry
        return Queued(replace(delivery, upto=entry.id, queued_at=entry.queued_at), since)

    def take(self, queued: Queued) -> Delivery | None:
        """The held delivery, unless a delivery of its game changed the outbox since its
        commit began (then None: read the outbox)."""
        return queued.delivery if self._marks[queued.delivery.game_id] == queued.since else None

    async def pending(self, game_id: int) -> list[OutboxRow]:
        """The game's undelivered updates, oldest first."""
        return await self._outbox.pending(game_id)

    async def undelivered_games(self, older_than: float) -> list[int]:
        return await self._outbox.undelivered_games(older_than)

    async def delivered(self, game_id: int, upto: int, living: Living) -> None:
        """Updates up to outbox id `upto` reached the table; `living` is the board message."""
        async with self._changing(game_id):
            await self._outbox.delivered(game_id, upto, living)

    async def failed(self, game_id: int, upto: int) -> int:
        """Count a failed try of the updates up to `upto`; how many were given up."""
        async with self._changing(game_id):
            return await self._outbox.failed(game_id, upto)

    @asynccontextmanager
    async def _changing(self, game_id: int) -> AsyncIterator[None]:
        """A change to the game's outbox or board message: its mark is raised before and after
        it, so that a commit overlapping it is told from the database."""
        self._marks[game_id] += 1
        try:
            yield
        finally:
            self._marks[game_id] += 1
