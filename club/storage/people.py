"""What is kept of each person on a server: how they are reminded, their times away, and what
they were told once (see club.service.waiting, club.service.away)."""

from __future__ import annotations

from collections.abc import Sequence

from club.storage.database import Connection, Database


class People:
    """The tables `players`, `away` and `nudges`."""

    def __init__(self, database: Database) -> None:
        self.database = database

    async def notify_of(self, guild_id: int, user_ids: Sequence[int]) -> dict[int, str]:
        """How each of `user_ids` chose to be reminded on this server (`dm`, `channel`, `both`
        or `none`); those who never chose are left out (the default is `both`)."""
        if not user_ids:
            return {}
        marks = ", ".join("?" for _ in user_ids)
        rows = await self.database.rows(
            f"SELECT user_id, notify FROM players WHERE guild_id = ? AND user_id IN ({marks})",
            (guild_id, *user_ids),
        )
        return {user_id: notify for user_id, notify in rows}

    async def set_notify(self, guild_id: int, user_id: int, notify: str) -> None:
        async with self.database.transaction() as db:
            await db.execute(
                "INSERT INTO players (guild_id, user_id, notify) VALUES (?, ?, ?) "
                "ON CONFLICT (guild_id, user_id) DO UPDATE SET notify = excluded.notify",
                (guild_id, user_id, notify),
            )

    async def claim_digest(self, guild_id: int, user_id: int, now: float, period: float) -> bool:
        """Take the right to send `user_id` this server's reminder digest at `now` (Unix
        seconds): True if none was sent in the `period` seconds before (it is marked sent now,
        so of processes asking at once, and across a restart, one sends it)."""
        async with self.database.transaction() as db:
            cursor = await db.execute(
                "INSERT INTO players (guild_id, user_id, digest_at) VALUES (?, ?, ?) "
                "ON CONFLICT (guild_id, user_id) DO UPDATE SET digest_at = excluded.digest_at "
                "WHERE players.digest_at IS NULL OR players.digest_at <= ?",
                (guild_id, user_id, now, now - period),
            )
            return cursor.rowcount == 1

    async def away_periods(
        self, guild_id: int | None, user_ids: Sequence[int]
    ) -> list[tuple[int, float, float]]:
        """The times away of `user_ids` on this server, as (user id, start, end) in Unix
        seconds, oldest first."""
        if guild_id is None or not user_ids:
            return []
        marks = ", ".join("?" for _ in user_ids)
        rows = await self.database.rows(
            "SELECT user_id, starts_at, ends_at FROM away WHERE guild_id = ? "
            f"AND user_id IN ({marks}) ORDER BY starts_at",
            (guild_id, *user_ids),
        )
        return [(u, float(s), float(e)) for u, s, e in rows]

    async def go_away(self, guild_id: int, user_id: int, starts: float, ends: float) -> None:
        """Record a time away from `starts` to `ends` (Unix seconds), ending any time away
        still running at `starts`."""
        async with self.database.transaction() as db:
            await _come_back(db, guild_id, user_id, starts)
            await db.execute(
                "INSERT INTO away (guild_id, user_id, starts_at, ends_at) VALUES (?, ?, ?, ?)",
                (guild_id, user_id, starts, ends),
            )

    async def come_back(self, guild_id: int, user_id: int, now: float) -> bool:
        """End the time away running at `now`; False if there was none."""
        async with self.database.transaction() as db:
            return await _come_back(db, guild_id, user_id, now)

    async def nudge_once(self, guild_id: int, user_id: int, game_key: str, now: float) -> bool:
        """Record that the user is told about `/learn` for `game_key` on this server: True the
        first time only (across restarts and processes)."""
        async with self.database.transaction() as db:
            cursor = await db.execute(
                "INSERT INTO nudges (guild_id, user_id, game_key, told_at) VALUES (?, ?, ?, ?) "
                "ON CONFLICT (guild_id, user_id, game_key) DO NOTHING",
                (guild_id, user_id, game_key, now),
            )
            return cursor.rowcount == 1


async def _come_back(db: Connection, guild_id: int, user_id: int, now: float) -> bool:
    await db.execute(
        "DELETE FROM away WHERE guild_id = ? AND user_id = ? AND starts_at >= ?",
        (guild_id, user_id, now),
    )
    cursor = await db.execute(
        "UPDATE away SET ends_at = ? WHERE guild_id = ? AND user_id = ? AND ends_at > ?",
        (now, guild_id, user_id, now),
    )
    return cursor.rowcount > 0
