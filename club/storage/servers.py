"""Each server's settings, as its administrators set them (see club.service.servers)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from club.storage.database import Database


class GuildSettings:
    """The table `servers`."""

    def __init__(self, database: Database) -> None:
        self.database = database

    async def settings(self, guild_id: int | None = None) -> list[tuple[Any, ...]]:
        """Servers' settings as rows of (server id, reminder hours, clock hours, stand-ins
        allowed, channels as JSON text): one server's, or every server's."""
        where, params = ("WHERE guild_id = ?", (guild_id,)) if guild_id is not None else ("", ())
        return await self.database.rows(
            "SELECT guild_id, remind_hours, clock_hours, standins, channels FROM servers "
            f"{where} ORDER BY guild_id",
            params,
        )

    async def set_settings(
        self,
        guild_id: int,
        remind_hours: float | None,
        clock_hours: int | None,
        standins: bool,
        channels: Sequence[int],
    ) -> None:
        async with self.database.transaction() as db:
            await db.execute(
                "INSERT INTO servers (guild_id, remind_hours, clock_hours, standins, channels) "
                "VALUES (?, ?, ?, ?, ?) ON CONFLICT (guild_id) DO UPDATE SET "
                "remind_hours = excluded.remind_hours, clock_hours = excluded.clock_hours, "
                "standins = excluded.standins, channels = excluded.channels",
                (guild_id, remind_hours, clock_hours, int(standins), json.dumps(list(channels))),
            )
