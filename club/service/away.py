"""Time away (`/away days:<n>`): a player on vacation pauses the tables waiting on them.

Rulings (README says the same):
- `/away days:<n>` (1 to 14) starts a time away now, for `n` days; `/away days:0` ends it early.
  A new `/away` while away replaces the running one from now.
- At most 14 days away a calendar month (UTC) on each server: every time away counts in the
  month it began, in whole days begun (one ended early counts the days it lasted).
- While a player the game waits on is away, nobody may claim that table on time, its reminders
  do not ping or message that player, and each of those tables shows "away until" (Discord's
  timestamp, in each reader's own time zone) in `/mygames` and in a note in its channel.
- The clock is paused, not restarted: the time a turn waited while the players it waits on were
  away does not count against them, so after they come back they have what was left.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from datetime import UTC, datetime

from club.service import wording
from club.service.tables import Tables
from club.service.updates import Player, TableError
from club.storage.games import Games
from club.storage.people import People
from club.storage.rows import GameRow
from engine.words import Unit

DAY = 86400.0
MONTHLY_DAYS = 14
"""The most days a player may be away in a calendar month, on one server."""
DAYS = Unit("day")


def _month(moment: float) -> tuple[int, int]:
    day = datetime.fromtimestamp(moment, UTC)
    return day.year, day.month


def days_used(periods: Iterable[tuple[float, float]], now: float) -> int:
    """Days away counted in the calendar month of `now`, from (start, end) periods."""
    month = _month(now)
    return sum(
        math.ceil(round((end - start) / DAY, 6)) for start, end in periods if _month(start) == month
    )


def paused(waited_from: float, periods: Sequence[tuple[float, float]]) -> float:
    """How long (seconds) of a wait that began at `waited_from` fell in any of `periods`
    (start, end), counting time covered by several once."""
    spans = sorted((max(s, waited_from), e) for s, e in periods if e > waited_from)
    total, reached = 0.0, waited_from
    for start, end in spans:
        start = max(start, reached)
        if end > start:
            total += end - start
            reached = end
    return total


def until(moment: float) -> str:
    """A moment as Discord's timestamp markup: each reader sees it in their own time zone."""
    return f"<t:{int(moment)}:f>"


class Away:
    """Players' times away, and what they change at their tables."""

    def __init__(self, tables: Tables, games: Games, people: People) -> None:
        self._tables = tables
        self._games = games
        self._people = people

    """Players' times away, and what they change at their tables."""

    async def away_until(
        self, guild_id: int | None, user_ids: Sequence[int], now: float
    ) -> dict[int, float]:
        """The players among `user_ids` who are away at `now`, with when they come back."""
        return {
            user_id: end
            for user_id, start, end in await self._people.away_periods(guild_id, user_ids)
            if start <= now < end
        }

    async def claim_opens(self, row: GameRow, waiting: Sequence[int]) -> float | None:
        """When the others may claim the table (None: never): its clock's moment moved on by
        the time the players it waits on (`waiting`) were away during the wait."""
        if row.claim_at is None:
            return None
        periods = await self._people.away_periods(row.guild_id, waiting)
        waited_from = row.claim_at - row.clock_hours * 3600.0
        return row.claim_at + paused(waited_from, [(s, e) for _, s, e in periods])

    async def go_away(
        self, guild_id: int, player: Player, days: int
    ) -> tuple[str, list[tuple[int, str]]]:
        """Start (or, with 0 days, end) the player's time away: what they are told, and the
        (channel, note) for each table waiting on them."""
        now = self._tables.now()
        if days == 0:
            if not await self._people.come_back(guild_id, player.user_id, now):
                raise TableError("You are not away. `/away days:<n>` starts a time away.")
            said = f"{player.name} is back: the clock of this table runs again."
            return "Welcome back: your clocks run again.", await self._notes(
                guild_id, player.user_id, said
            )
        if not 1 <= days <= MONTHLY_DAYS:
            raise TableError(f"A time away is 1 to {DAYS.of(MONTHLY_DAYS)} (0 ends it).")
        periods = await self._people.away_periods(guild_id, [player.user_id])
        before = [(s, min(e, now)) for _, s, e in periods if s < now]
        used = days_used(before, now)
        if used + days > MONTHLY_DAYS:
            raise TableError(
                f"You may be away at most {DAYS.of(MONTHLY_DAYS)} a calendar month; you have "
                f"{max(MONTHLY_DAYS - used, 0)} left this month. Nothing was changed."
            )
        back = now + days * DAY
        await self._people.go_away(guild_id, player.user_id, now, back)
        said = (
            f"{player.name} is away until {until(back)}: the clock of this table is paused and "
            "nobody may claim it on time meanwhile."
        )
        notes = await self._notes(guild_id, player.user_id, said)
        return (
            f"You are away until {until(back)} ({days} of your {DAYS.of(MONTHLY_DAYS)} this "
            f"month): your clocks are paused at {wording.TABLES.of(len(notes))} waiting on you. "
            "`/away days:0` ends it.",
            notes,
        )

    async def _notes(self, guild_id: int, user_id: int, said: str) -> list[tuple[int, str]]:
        notes = []
        for row in await self._games.seated(guild_id, user_id):
            try:
                table = await self._tables.decode(row)
            except TableError:
                continue
            if user_id in table.actor_ids():
                notes.append((row.channel_id, said))
        return notes
