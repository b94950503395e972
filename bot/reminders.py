"""Turn reminders and phase timers: a regular poll of the deadlines stored with each game.

Because deadlines are in the database, a restart re-arms them by simply polling again.
"""

from __future__ import annotations

import logging

import discord
from discord.ext import commands, tasks

from bot.delivery import allowed, publish
from bot.service import TableService

log = logging.getLogger(__name__)

POLL_SECONDS = 15


class Reminders(commands.Cog):
    def __init__(self, bot: commands.Bot, service: TableService) -> None:
        self.bot = bot
        self.service = service
        self.poll.start()

    async def cog_unload(self) -> None:
        self.poll.cancel()

    @tasks.loop(seconds=POLL_SECONDS)
    async def poll(self) -> None:
        try:
            due = await self.service.due_reminders()
        except Exception:  # the loop must outlive a failed poll; the next one tries again
            log.exception("Turn reminders could not be read")
            return
        for channel_id, notice in due:
            channel = self.bot.get_partial_messageable(channel_id)
            try:
                await channel.send(notice.text, allowed_mentions=allowed(notice))
            except discord.HTTPException:
                log.warning("A turn reminder for channel %s could not be sent", channel_id)
        try:
            timed_out = await self.service.due_timeouts()
        except Exception:  # as above: the next poll tries again
            log.exception("Phase timers could not be read")
            return
        for update in timed_out:
            channel = self.bot.get_partial_messageable(update.channel_id)
            try:
                await publish(self.bot, update, channel.send)
            except discord.HTTPException:
                log.warning("A timed-out phase in channel %s could not be told", update.channel_id)

    @poll.before_loop
    async def ready(self) -> None:
        await self.bot.wait_until_ready()


async def setup(bot: commands.Bot) -> None:
    service = getattr(bot, "service", None)
    assert isinstance(service, TableService)
    await bot.add_cog(Reminders(bot, service))
