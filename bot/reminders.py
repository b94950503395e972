"""Turn reminders, phase timers and undelivered updates: a regular poll of what the database
says is due.

Because deadlines and the outbox are in the database, a restart re-arms timers and delivers the
updates a crash left untold, simply by polling again (the first poll delivers every update
queued before the start at once).
"""

from __future__ import annotations

import logging
import time

import discord
from discord.ext import commands, tasks

from bot import limits
from bot.play.delivery import Courier, allowed, courier_of, gone
from bot.replies import service_of
from bot.service import TableService

log = logging.getLogger(__name__)

POLL_SECONDS = 15
STUCK_SECONDS = 30
"""An update still queued this long after its move is delivered by the poll (normally the
command that made the move delivers it at once)."""


class Reminders(commands.Cog):
    def __init__(self, bot: commands.Bot, service: TableService, courier: Courier) -> None:
        self.bot = bot
        self.service = service
        self.courier = courier
        self._queued_before = time.time()
        """The first poll delivers what was queued before this process started (what a crash
        left untold); an update made since is delivered by the command that made it, which
        also tells its player what the channel did not get."""
        self.poll.start()

    async def cog_unload(self) -> None:
        self.poll.cancel()

    @tasks.loop(seconds=POLL_SECONDS)
    async def poll(self) -> None:
        await self._deliver_queued()
        await self._remind()
        await self._time_out()

    async def _deliver_queued(self) -> None:
        try:
            games = await self.service.undelivered_games(self._queued_before)
        except Exception:  # the loop must outlive a failed poll; the next one tries again
            log.exception("Queued updates could not be read")
            return
        self._queued_before = time.time() - STUCK_SECONDS
        if games:
            log.info("Delivering queued updates of %d games", len(games))
        for game_id in games:
            await self.courier.flush(game_id)

    async def _remind(self) -> None:
        try:
            due = await self.service.due_reminders()
        except Exception:  # as above: the next poll tries again
            log.exception("Turn reminders could not be read")
            return
        for game_id, channel_id, notice in due:
            channel = self.bot.get_partial_messageable(channel_id)
            try:
                await channel.send(
                    limits.shorten(notice.text, limits.CONTENT),
                    allowed_mentions=allowed(notice.mentions),
                )
            except discord.HTTPException as error:
                if gone(error):
                    log.warning("Game %s: its channel is gone; the game is closed", game_id)
                    await self.service.channel_gone(game_id)
                else:
                    log.warning("A turn reminder for channel %s could not be sent", channel_id)

    async def _time_out(self) -> None:
        try:
            timed_out = await self.service.due_timeouts()
        except Exception:  # as above: the next poll tries again
            log.exception("Phase timers could not be read")
            return
        for update in timed_out:
            report = await self.courier.flush(update.game_id)
            if report.problem is not None:
                log.warning("A timer's update of game %s was not fully told", update.game_id)

    @poll.before_loop
    async def ready(self) -> None:
        await self.bot.wait_until_ready()


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Reminders(bot, service_of(bot), courier_of(bot)))
