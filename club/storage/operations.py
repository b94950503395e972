"""Each process's sign of life, and the figures an administrator reads (see bot.operations)."""

from __future__ import annotations

from club.storage.database import Database
from club.storage.rows import Counts, Heartbeat


class Operations:
    """The table `heartbeats`, and counts over `games` and `outbox`."""

    def __init__(self, database: Database) -> None:
        self.database = database

    async def beat(self, process: str, version: str, started_at: float, now: float) -> None:
        """Record that `process` (running `version` since `started_at`) completed a pass of
        its background work at `now` (Unix seconds)."""
        async with self.database.transaction() as db:
            await db.execute(
                "INSERT INTO heartbeats (process, version, started_at, beat_at) "
                "VALUES (?, ?, ?, ?) ON CONFLICT (process) DO UPDATE SET "
                "version = excluded.version, started_at = excluded.started_at, "
                "beat_at = excluded.beat_at",
                (process, version, started_at, now),
            )

    async def heartbeats(self) -> list[Heartbeat]:
        """Every process's last sign of life, by process name."""
        rows = await self.database.rows(
            "SELECT process, version, started_at, beat_at FROM heartbeats ORDER BY process"
        )
        return [Heartbeat(*row) for row in rows]

    async def counts(self) -> Counts:
        """Open games, games in play with a computer seated, and the queued updates."""
        [(lobbies, active, with_computers, queued, oldest)] = await self.database.rows(
            "SELECT "
            "(SELECT COUNT(*) FROM games WHERE status = 'lobby'), "
            "(SELECT COUNT(*) FROM games WHERE status = 'active'), "
            "(SELECT COUNT(*) FROM games WHERE status = 'active' AND EXISTS "
            "(SELECT 1 FROM seats WHERE seats.game_id = games.id AND level IS NOT NULL)), "
            "(SELECT COUNT(*) FROM outbox), "
            "(SELECT MIN(created_at) FROM outbox)"
        )
        return Counts(lobbies, active, with_computers, queued, oldest)
