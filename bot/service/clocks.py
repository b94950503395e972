"""Clocks: turn reminders and phase timers, both kept in the database so that a restart
re-arms them."""

from __future__ import annotations

from bot.service import wording
from bot.service.commits import Commits
from bot.service.computer_seats import is_computer
from bot.service.updates import Notice, TableError, TableUpdate
from engine.core import TimedGame


class Clocks(Commits):
    async def due_timeouts(self) -> list[TableUpdate]:
        """End every open phase whose timer has run out, as the engine's timeout says."""
        updates = []
        for row in await self.store.timed_out_games(self._clock()):
            async with self._locks[row.channel_id]:
                current = await self.store.game(row.id)
                if current is None or current.version != row.version:
                    continue
                try:
                    table = await self._decode(row)
                except TableError:
                    continue
                if not isinstance(table.game, TimedGame):
                    continue
                state, events = table.game.timeout(table.state)
                updates.append(
                    await self._commit(
                        table, -1, "timeout", "timeout", state, events, row.moves_made
                    )
                )
        return updates

    async def due_reminders(self) -> list[tuple[int, int, Notice]]:
        """(game id, channel id, reminder) for every game whose turn has waited past its
        deadline; each reminded game's deadline moves `remind_after` further on."""
        reminders = []
        for row in await self.store.due_games(self._clock()):
            async with self._locks[row.channel_id]:
                try:
                    table = await self._decode(row)
                except TableError:
                    continue
                waiting = tuple(u for u in table.actor_ids() if not is_computer(u))
                deadline = self._deadline()
                if not waiting or deadline is None or not await self.store.postpone(row, deadline):
                    continue
                text = wording.reminder(table.game.title, waiting)
                reminders.append((row.id, row.channel_id, Notice(text, mentions=waiting)))
        return reminders
