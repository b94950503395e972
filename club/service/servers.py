"""Each server's settings, which its administrators change with `/settings`: the reminder
period, the clock a new table gets when none is chosen, whether stand-ins are allowed, and which
channels may hold tables.

Settings are read from the database at every reminder pass and kept in memory in between, so a
change made through another process reaches this one within a pass.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from club.service import fair_clock
from club.service.updates import TableError
from club.service.wording import HOURS
from club.storage.rows import GameRow
from club.storage.servers import GuildSettings

SHORTEST_REMINDER_HOURS, LONGEST_REMINDER_HOURS = 1, 24 * 7
"""The reminder periods a server may choose, in hours (besides 0, none, and -1, the bot's)."""


@dataclass(frozen=True)
class ServerSettings:
    """`remind_hours`: the reminder period (None: the bot's `TURN_REMINDER_HOURS`; 0: no
    reminders); `clock_hours`: the clock of a table opened without one (None: no clock);
    `standins`: whether `/claim standin` is allowed; `channels`: the channels that may hold
    tables (none listed: every channel)."""

    remind_hours: float | None = None
    clock_hours: int | None = None
    standins: bool = True
    channels: tuple[int, ...] = ()

    def described(self, bot_period: float) -> str:
        period = (
            self.remind_hours if self.remind_hours is not None else bot_period / fair_clock.HOUR
        )
        reminders = f"every {period:g} h" if period else "off"
        own = "" if self.remind_hours is not None else " (the bot's default)"
        clock = f"{self.clock_hours} h a turn" if self.clock_hours else "none"
        places = ", ".join(f"<#{c}>" for c in self.channels) or "every channel"
        return (
            f"Turn reminders: {reminders}{own}\n"
            f"Default clock of a new table: {clock}\n"
            f"Stand-ins (`/claim standin`): {'allowed' if self.standins else 'not allowed'}\n"
            f"Channels that may hold tables: {places}"
        )


def _settings(row: Any) -> ServerSettings:
    _, remind_hours, clock_hours, standins, channels = row
    return ServerSettings(remind_hours, clock_hours, bool(standins), tuple(json.loads(channels)))


class Servers:
    """Servers' settings, and the reminder period and clocks they give each table.
    `remind_after` is the bot's own reminder period (`TURN_REMINDER_HOURS`, in seconds; 0:
    none); `clock` gives Unix seconds."""

    def __init__(
        self, settings: GuildSettings, *, remind_after: float, clock: Callable[[], float]
    ) -> None:
        self._settings = settings
        self._remind_after = remind_after
        self._clock = clock
        self._servers: dict[int, ServerSettings] = {}

    async def load_server_settings(self) -> None:
        """Read every server's settings again."""
        self._servers = {row[0]: _settings(row) for row in await self._settings.settings()}

    async def server_settings(self, guild_id: int) -> ServerSettings:
        rows = await self._settings.settings(guild_id)
        settings = _settings(rows[0]) if rows else ServerSettings()
        self._servers[guild_id] = settings
        return settings

    async def change_settings(self, guild_id: int, **changes: Any) -> ServerSettings:
        """Change the server's settings named in `changes` (a field of `ServerSettings`, None
        leaving it as it is; `remind_hours` is 1 to 168, 0 for none or -1 to go back to the
        bot's default; no `channels` lets every channel hold tables); refused when a value is
        out of range."""
        settings = await self.server_settings(guild_id)
        given = {name: value for name, value in changes.items() if value is not None}
        hours = given.get("remind_hours")
        if hours is not None:
            if hours == -1:
                given["remind_hours"] = None
            elif hours != 0 and not SHORTEST_REMINDER_HOURS <= hours <= LONGEST_REMINDER_HOURS:
                raise TableError(
                    f"The reminder period is {SHORTEST_REMINDER_HOURS} to "
                    f"{HOURS.of(LONGEST_REMINDER_HOURS)}, 0 for no reminders, or -1 for the "
                    "bot's default."
                )
        if "clock_hours" in given:
            try:
                fair_clock.check_hours(given["clock_hours"])
            except ValueError as error:
                raise TableError(str(error)) from error
        settings = replace(settings, **given)
        await self._settings.set_settings(
            guild_id,
            settings.remind_hours,
            settings.clock_hours,
            settings.standins,
            settings.channels,
        )
        self._servers[guild_id] = settings
        return settings

    @property
    def bot_remind_period(self) -> float:
        """The bot's own reminder period (`TURN_REMINDER_HOURS`, in seconds; 0: none)."""
        return self._remind_after

    def settings_of(self, guild_id: int | None) -> ServerSettings:
        return self._servers.get(guild_id, ServerSettings()) if guild_id else ServerSettings()

    def remind_period(self, guild_id: int | None) -> float:
        """Seconds between a table's turn reminders on this server (0: none)."""
        hours = self.settings_of(guild_id).remind_hours
        return self._remind_after if hours is None else hours * fair_clock.HOUR

    def turn_clocks(self, row: GameRow) -> tuple[float | None, float | None]:
        """For a turn that begins now at `row`'s table: (when the players to move are next
        reminded, with the server's reminder period; when the others may claim the game), each
        None when it never comes."""
        now = self._clock()
        claim = fair_clock.claim_at(now, row.clock_hours)
        period = self.remind_period(row.guild_id)
        return fair_clock.next_reminder(now, period, claim, row.clock_hours), claim

    async def default_clock(self, guild_id: int | None) -> int:
        """The clock (hours) of a table opened on this server without one (0: none)."""
        if guild_id is None:
            return 0
        return (await self.server_settings(guild_id)).clock_hours or 0

    async def check_table_channel(self, guild_id: int | None, channel_id: int) -> None:
        """Refuse a table in a channel the server's administrators did not list."""
        if guild_id is None:
            return
        allowed = (await self.server_settings(guild_id)).channels
        if allowed and channel_id not in allowed:
            places = ", ".join(f"<#{c}>" for c in allowed)
            raise TableError(f"Tables on this server are played in {places}.")
