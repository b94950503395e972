"""Clocks: turn reminders and phase timers, both kept in the database so that a restart
re-arms them."""

from __future__ import annotations

import logging
from collections.abc import Iterable

from bot.service import fair_clock, wording
from bot.service.commits import Commits
from bot.service.computer_seats import is_computer
from bot.service.tables import Table
from bot.service.updates import Notice, TableError, TableUpdate
from bot.store import GameRow, StaleGame
from engine.core import Seat, TimedGame

log = logging.getLogger(__name__)


class Clocks(Commits):
    async def due_timeouts(self) -> list[TableUpdate]:
        """End every open phase whose timer has run out, as the engine's timeout says (once:
        the version guard lets one process commit it)."""
        updates = []
        for row in await self.store.timed_out_games(self._clock()):
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
        async with self._locks[row.channel_id]:
            current = await self.store.game(row.id)
            if current is None or current.version != row.version:
                return None
            try:
                table = await self._decode(row)
            except TableError:
                return None
            if not isinstance(table.game, TimedGame):
                return None
            state, events = table.game.timeout(table.state)
            try:
                return await self._commit(
                    table, -1, "timeout", "timeout", state, events, row.moves_made
                )
            except StaleGame:  # another process ended the phase first
                return None

    async def due_reminders(self) -> list[tuple[int, int, Notice]]:
        """(game id, channel id, reminder) for every game whose turn has waited past its
        deadline; each reminded game's deadline moves on (see `fair_clock.next_reminder`), and
        only the process that moves it sends the reminder.
        Once a clocked turn has waited too long, the reminder tells who may claim."""
        reminders = []
        now = self._clock()
        for row in await self.store.due_games(now):
            try:
                reminder = await self._reminder_due(row, now)
            except Exception:  # one game's failure never stops the others' reminders
                log.exception("Game %s: its turn reminder could not be prepared", row.id)
                continue
            if reminder is not None:
                reminders.append((row.id, row.channel_id, reminder))
        return reminders

    async def _reminder_due(self, row: GameRow, now: float) -> Notice | None:
        """Move the game's reminder deadline on; the reminder to send, if this process moved
        it and someone is to be reminded."""
        async with self._locks[row.channel_id]:
            try:
                table = await self._decode(row)
            except TableError:
                return None
            deadline = fair_clock.next_reminder(
                now, self._remind_after, row.claim_at, row.clock_hours
            )
            waiting = humans(table, table.actors())
            if not await self.store.postpone(row, deadline) or not waiting:
                return None
            return _reminder(table, waiting, now)


def humans(table: Table, seats: Iterable[Seat]) -> list[int]:
    """The user ids of the people (not computer players) in `seats`, in seat order."""
    users = [table.players[s].user_id for s in sorted(seats)]
    return [u for u in users if not is_computer(u)]


def _reminder(table: Table, waiting: list[int], now: float) -> Notice:
    """The reminder to the people the game waits on (`waiting`): with the time left on the
    table's clock, or, once it has run out, pinging the others too, who may claim."""
    title, claim_at = table.game.title, table.row.claim_at
    text = wording.reminder(title, waiting)
    if claim_at is None:
        return Notice(text, mentions=tuple(waiting))
    if claim_at > now:
        left = fair_clock.duration(claim_at - now)
        return Notice(f"{text} {wording.claim_warning(left)}", mentions=tuple(waiting))
    others = [u for u in humans(table, range(len(table.players))) if u not in waiting]
    if not others:
        return Notice(text, mentions=tuple(waiting))
    text = wording.claims_open(title, waiting, others, table.row.clock_hours)
    return Notice(text, mentions=(*waiting, *others))
