"""Clocks: turn reminders and phase timers, both kept in the database so that a restart
re-arms them."""

from __future__ import annotations

import logging
from collections.abc import Iterable

from club.service import fair_clock, wording
from club.service.away import Away
from club.service.commits import Action, Committer
from club.service.computer_seats import is_computer
from club.service.servers import Servers
from club.service.tables import Table, Tables
from club.service.updates import Notice, TableError, TableUpdate
from club.service.waiting import Waiting
from club.storage.games import Games
from club.storage.rows import GameRow, StaleGame
from engine.core import Seat, TimedGame

log = logging.getLogger(__name__)


class Clocks:
    """Phase timers that run out and turn reminders that fall due."""

    def __init__(
        self,
        tables: Tables,
        games: Games,
        committer: Committer,
        servers: Servers,
        away: Away,
        waiting: Waiting,
    ) -> None:
        self._tables = tables
        self._games = games
        self._committer = committer
        self._servers = servers
        self._away = away
        self._waiting = waiting

    async def due_timeouts(self) -> list[TableUpdate]:
        """End every open phase whose timer has run out, as the engine's timeout says (once:
        the version guard lets one process commit it)."""
        updates = []
        for row in await self._games.timed_out(self._tables.now()):
            try:
                update = await self._time_out(row)
            except Exception:  # one game's failure never stops the others' timers
                log.exception("Game %s: its phase timer could not end the phase", row.id)
                continue
            if update is not None:
                updates.append(update)
        return updates

    async def _time_out(self, row: GameRow) -> TableUpdate | None:
        """End the game's timed-out phase; None if it already moved on."""
        async with self._committer.open(row.channel_id, status=None) as work:
            current = await self._games.get(row.id)
            if current is None or current.version != row.version:
                return None
            try:
                table = await work.load(row=row)
            except TableError:
                return None
            if not isinstance(table.game, TimedGame):
                return None
            state, events = table.game.timeout(table.state)
            try:
                return await work.commit(Action(table, -1, "timeout", "timeout", state, events))
            except StaleGame:  # another process ended the phase first
                return None

    async def due_reminders(self) -> list[tuple[int, int, Notice]]:
        """(game id, channel id, reminder) for every game whose turn has waited past its
        deadline; each reminded game's deadline moves on (see `fair_clock.next_reminder`, with
        the server's reminder period), and only the process that moves it reminds. The channel
        pings those who chose its ping (`/notify`), never a player who is away; the others are
        kept for their digest (`due_digests`).
        Once a clocked turn has waited too long, the reminder tells who may claim."""
        reminders = []
        now = self._tables.now()
        try:
            await self._servers.load_server_settings()
        except Exception:  # the settings last read serve until a pass reads them again
            log.exception("Servers' settings could not be read")
        for row in await self._games.due(now):
            try:
                reminder = await self._reminder_due(row, now)
            except Exception:  # one game's failure never stops the others' reminders
                log.exception("Game %s: its turn reminder could not be prepared", row.id)
                continue
            if reminder is not None:
                reminders.append((row.id, row.channel_id, reminder))
        return reminders

    async def _reminder_due(self, row: GameRow, now: float) -> Notice | None:
        """Move the game's reminder deadline on; the reminder to post, if this process moved
        it and someone is to be told."""
        async with self._committer.open(row.channel_id, status=None) as work:
            try:
                table = await work.load(row=row)
            except TableError:
                return None
            standins = await self._games.standins(row.id)
            waiting = [u for u in humans(table, table.actors()) if u not in standins]
            claim = await self._away.claim_opens(row, waiting)
            deadline = fair_clock.next_reminder(
                now, self._servers.remind_period(row.guild_id), claim, row.clock_hours
            )
            if not await self._games.postpone(row, deadline) or not waiting:
                return None
            away = await self._away.away_until(row.guild_id, waiting, now)
            present = [u for u in waiting if u not in away]
            if not present:
                return None
            if away:  # nobody may claim while someone the table waits on is away
                claim = None
            choices = await self._waiting.notify_choices(row.guild_id, present)
            if row.guild_id is not None:
                self._waiting.mark_due(
                    row.guild_id, (u for u in present if choices[u] in ("dm", "both"))
                )
            pinged = [u for u in present if choices[u] in ("channel", "both")]
            return _reminder(table, present, pinged, claim, now)


def humans(table: Table, seats: Iterable[Seat]) -> list[int]:
    """The user ids of the people (not computer players) in `seats`, in seat order."""
    users = [table.players[s].user_id for s in sorted(seats)]
    return [u for u in users if not is_computer(u)]


def _reminder(
    table: Table, waiting: list[int], pinged: list[int], claim_at: float | None, now: float
) -> Notice | None:
    """The reminder to the people the game waits on (`waiting`, of whom those in `pinged`
    chose the channel's ping): with the time left on the table's clock (which opens claims at
    `claim_at`), or, once it has run out, pinging the others too, who may claim. None: a
    reminder that would ping nobody."""
    title, hours = table.game.title, table.row.clock_hours
    text = wording.reminder(title, waiting)
    if claim_at is None or claim_at > now:
        if not pinged:
            return None
        if claim_at is not None:
            text = f"{text} {wording.claim_warning(fair_clock.duration(claim_at - now))}"
        return Notice(text, mentions=tuple(pinged))
    others = [u for u in humans(table, range(len(table.players))) if u not in waiting]
    if not others:
        return Notice(text, mentions=tuple(pinged)) if pinged else None
    text = wording.claims_open(title, waiting, others, hours)
    return Notice(text, mentions=(*pinged, *others))
