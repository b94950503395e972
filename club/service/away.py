"""Time away (`/away days:<n>`): a player on vacation pauses the tables waiting on them.

Rulings (README says the same):
- `/away days:<n>` (1 to 14) starts a time away now, for `n` days; `/away days:0` ends it early.
  A new `/away` while away replaces the running one from now.
- At most 14 days away in any 30 days on each server: the times away begun in the last 30 days,
  the new one included, add up to at most 14 days, each counted in whole days begun (one ended
  early counts the days it lasted). A refusal says how many days are left now, and from when
  the days asked for fit.
- While a player the game waits on is away, nobody may claim that table on time, its reminders
  do not ping or message that player, and each of those tables shows "away until" (Discord's
  timestamp, in each reader's own time zone) in `/mygames` and in a note in its channel.
- The clock is paused, not restarted: the time a turn waited while the players it waits on were
  away does not count against them, so after they come back they have what was left.
- A time away begun after a table's clock had run out (its claim had opened) pauses nothing
  there: the others may still claim it, and its note says so.
- A table is told of one person's time away (going or coming back) at most once an hour
  (`NOTE_SECONDS`); the person's own answer confirms every change and says which tables were
  not told again.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

from club.service import wording
from club.service.computer_seats import is_computer
from club.service.tables import Tables
from club.service.updates import Player, TableError
from club.storage.games import Games
from club.storage.people import People
from club.storage.rows import GameRow
from engine.words import Unit

DAY = 86400.0
AWAY_DAYS = 14
"""The most days a player may be away in any `WINDOW_DAYS` days, on one server."""
WINDOW_DAYS = 30
NOTE_SECONDS = 3600.0
"""A table is told of one person's time away at most once in this many seconds."""
DAYS = Unit("day")


def counted(start: float, end: float) -> int:
    """The days a time away from `start` to `end` (Unix seconds) counts: whole days begun."""
    return math.ceil(round((end - start) / DAY, 6))


def days_used(periods: Iterable[tuple[float, float]], now: float) -> int:
    """Days counted for the times away, as (start, end), begun in the `WINDOW_DAYS` days up to
    `now`."""
    return sum(counted(s, e) for s, e in periods if now - WINDOW_DAYS * DAY < s <= now)


def fits_from(periods: Iterable[tuple[float, float]], now: float, days: int) -> float:
    """The first moment from `now` at which a time away of `days` days keeps within
    `AWAY_DAYS` in any `WINDOW_DAYS` days, given the earlier `periods` (start, end): as each
    counted one leaves the window."""
    recent = sorted((s, counted(s, e)) for s, e in periods if now - WINDOW_DAYS * DAY < s <= now)
    used, moment = sum(d for _, d in recent), now
    for start, counts in recent:
        if used + days <= AWAY_DAYS:
            break
        used, moment = used - counts, start + WINDOW_DAYS * DAY
    return moment


def paused(waited_from: float, claim_at: float, periods: Sequence[tuple[float, float]]) -> float:
    """How long (seconds) the claim on a wait that began at `waited_from`, due at `claim_at`,
    is put off by the times away `periods` (start, end): the time of the wait they cover,
    counting time covered by several once, of those begun before the claim opened (one begun
    after leaves it open)."""
    spans = sorted((max(s, waited_from), e) for s, e in periods if e > waited_from)
    total, reached = 0.0, waited_from
    for start, end in spans:
        if start >= claim_at + total:
            break
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
        the time the players it waits on (`waiting`) were away during the wait, in times away
        begun before the claim opened."""
        if row.claim_at is None:
            return None
        periods = await self._people.away_periods(row.guild_id, waiting)
        waited_from = row.claim_at - row.clock_hours * 3600.0
        return row.claim_at + paused(waited_from, row.claim_at, [(s, e) for _, s, e in periods])

    async def go_away(
        self, guild_id: int, player: Player, days: int
    ) -> tuple[str, list[tuple[int, str]]]:
        """Start (or, with 0 days, end) the player's time away: what they are told, and the
        (channel, note) for each table waiting on them not told of their time away in the last
        `NOTE_SECONDS`."""
        now = self._tables.now()
        if days == 0:
            if not await self._people.come_back(guild_id, player.user_id, now):
                raise TableError("You are not away. `/away days:<n>` starts a time away.")
            tables = await self._waiting_on(guild_id, player.user_id, now)
            notes, untold = await self._notes(
                tables,
                player.user_id,
                now,
                f"{player.name} is back: the clock of this table runs again.",
                f"{player.name} is back; this table's clock has run out, so the others may "
                "claim it on time (`/claim`).",
            )
            return "Welcome back: your clocks run again." + untold, notes
        if not 1 <= days <= AWAY_DAYS:
            raise TableError(f"A time away is 1 to {DAYS.of(AWAY_DAYS)} (0 ends it).")
        await self._check_limit(guild_id, player.user_id, days, now)
        back = now + days * DAY
        await self._people.go_away(guild_id, player.user_id, now, back)
        tables = await self._waiting_on(guild_id, player.user_id, now)
        notes, untold = await self._notes(
            tables,
            player.user_id,
            now,
            f"{player.name} is away until {until(back)}: the clock of this table is paused and "
            "nobody may claim it on time meanwhile.",
            f"{player.name} is away until {until(back)}; this table's clock had already run "
            "out, so the others may still claim it on time (`/claim`).",
        )
        running = sum(not claimable for _, claimable in tables)
        ran_out = len(tables) - running
        said = (
            f"You are away until {until(back)} ({days} of your {DAYS.of(AWAY_DAYS)} in any "
            f"{WINDOW_DAYS}): your clocks are paused at {wording.TABLES.of(running)} waiting on "
            "you"
        )
        if ran_out:
            said += (
                f"; at {wording.TABLES.of(ran_out)} your clock had already run out, so the "
                "others may still claim them"
            )
        return f"{said}. `/away days:0` ends it.{untold}", notes

    async def _check_limit(self, guild_id: int, user_id: int, days: int, now: float) -> None:
        """Refuse a time away of `days` from `now` that would take the player over
        `AWAY_DAYS` in `WINDOW_DAYS` days (see the rulings)."""
        periods = await self._people.away_periods(guild_id, [user_id])
        before = [(s, min(e, now)) for _, s, e in periods if s < now]
        used = days_used(before, now)
        if used + days > AWAY_DAYS:
            raise TableError(
                f"You may be away at most {DAYS.of(AWAY_DAYS)} in any {WINDOW_DAYS}: the times "
                f"away you began in the last {WINDOW_DAYS} days count {DAYS.of(used)}, so you "
                f"have {max(AWAY_DAYS - used, 0)} left now; {DAYS.of(days)} fit from "
                f"{until(fits_from(before, now, days))}. Nothing was changed."
            )

    async def _waiting_on(
        self, guild_id: int, user_id: int, now: float
    ) -> list[tuple[GameRow, bool]]:
        """The server's tables in play waiting on the user, each with whether its claim is open
        at `now` (its clock ran out before any time away paused it)."""
        tables = []
        for row in await self._games.seated(guild_id, user_id):
            try:
                table = await self._tables.decode(row)
            except TableError:
                continue
            waiting = [u for u in table.actor_ids() if not is_computer(u)]
            if user_id in waiting:
                opens = await self.claim_opens(row, waiting)
                tables.append((row, opens is not None and opens <= now))
        return tables

    async def _notes(
        self,
        tables: list[tuple[GameRow, bool]],
        user_id: int,
        now: float,
        paused_note: str,
        open_note: str,
    ) -> tuple[list[tuple[int, str]], str]:
        """The (channel, note) of each of `tables` (`open_note` where its claim is open) not
        told of the user's time away in the last `NOTE_SECONDS`, and the line telling the
        user of those not told again ("" when every table is told)."""
        notes = []
        for row, claimable in tables:
            if await self._games.note_absence(row.id, user_id, now, NOTE_SECONDS):
                notes.append((row.channel_id, open_note if claimable else paused_note))
        untold = len(tables) - len(notes)
        if not untold:
            return notes, ""
        return notes, (
            f" {wording.TABLES.of(untold)} heard of your time away less than an hour ago, so "
            "they are not told of this change."
        )
