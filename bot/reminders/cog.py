"""Turn reminders (each table's channel ping and each player's direct-message digest, see
`club.service.waiting`), phase timers and undelivered updates: a regular poll of what the
database says is due, which also writes this process's heartbeat.

Because deadlines and the outbox are in the database, a restart re-arms timers and delivers the
updates a crash left untold, simply by polling again (the first poll delivers every update
queued before the start at once).

The poll outlives every error: a failed read ends that part of the pass (the next pass reads
again), a failed game is logged and skipped, and the loop goes on. The heartbeat that
`python -m bot health` reads is written only after a pass that read everything due, while the
gateway is connected; so a frozen process, a dead poll or a database it cannot use turn the
bot unhealthy.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Awaitable, Callable

import discord
from discord.ext import commands, tasks

from bot.courier import limits
from bot.courier.delivery import Courier, allowed, gone
from bot.courier.replies import safe_name
from club.faults import Faults
from club.operations.heartbeat import HeartbeatWriter
from club.service import Notice, TableService
from club.service.waiting import SeatedTable, digest, more_lines

log = logging.getLogger(__name__)

POLL_SECONDS = 15.0
"""How often the poll runs, unless the bot says otherwise."""
STUCK_SECONDS = 30
"""An update still queued this long after its move is delivered by the poll (normally the
command that made the move delivers it at once)."""


class PollLoop(commands.Cog):
    """The poll, every `every` seconds once the bot has added the cog. `connected` says whether
    every gateway shard of this process is connected; `heartbeat` records each completed pass;
    errors are reported to `faults`."""

    def __init__(
        self,
        bot: discord.Client,
        service: TableService,
        courier: Courier,
        heartbeat: HeartbeatWriter,
        faults: Faults,
        connected: Callable[[], bool],
        *,
        every: float = POLL_SECONDS,
        grace_days: float = 30.0,
        runs_guild: Callable[[int | None], bool] = lambda guild_id: True,
    ) -> None:
        self.bot = bot
        self.service = service
        self.courier = courier
        self.heartbeat = heartbeat
        self.faults = faults
        self.connected = connected
        self.grace_days = grace_days
        """Days a server's data is kept after the bot left it (SERVER_DATA_GRACE_DAYS)."""
        self.runs_guild = runs_guild
        """Whether this process serves a server (its departure is purged here, not elsewhere)."""
        self._queued_before = time.time()
        """The first poll delivers what was queued before this process started (what a crash
        left untold); an update made since is delivered by the command that made it, which
        also tells its player what the channel did not get."""
        self.poll.change_interval(seconds=every)

    async def cog_load(self) -> None:
        self.poll.start()

    async def cog_unload(self) -> None:
        self.poll.cancel()

    @tasks.loop(seconds=POLL_SECONDS)
    async def poll(self) -> None:
        try:
            delivered = await self._deliver_queued()
            reminded = await self._remind() and await self._digest()
            timed_out = await self._time_out()
            await self._each("privacy", "Forgets and server purges failed", self._privacy())
            if delivered and reminded and timed_out and self.connected():
                await self.heartbeat.beat()
        except Exception as error:  # the loop must outlive anything; the next pass tries again
            self.faults.report(log, "poll", error, "A pass of the poll failed")

    async def _each(self, kind: str, what: str, work: Awaitable[object]) -> None:
        """Await one game's `work`; an error is reported and the pass goes on."""
        try:
            await work
        except Exception as error:
            self.faults.report(log, kind, error, what)

    async def _deliver_queued(self) -> bool:
        try:
            games = await self.service.deliveries.undelivered_games(self._queued_before)
        except Exception as error:
            self.faults.report(log, "poll read", error, "Queued updates could not be read")
            return False
        self._queued_before = time.time() - STUCK_SECONDS
        if games:
            log.info("Delivering queued updates of %d games", len(games))
        for game_id in games:
            await self._each(
                "delivery",
                f"Queued updates of game {game_id} could not be delivered",
                self.courier.flush(game_id),
            )
        return True

    async def _remind(self) -> bool:
        try:
            due = await self.service.clocks.due_reminders()
        except Exception as error:
            self.faults.report(log, "poll read", error, "Turn reminders could not be read")
            return False
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
                    await self._each(
                        "closing",
                        f"Game {game_id} could not be closed",
                        self.service.deliveries.channel_gone(game_id),
                    )
                else:
                    log.warning("A turn reminder for channel %s could not be sent", channel_id)
            except Exception as error:
                self.faults.report(
                    log, "reminder", error, f"A turn reminder of game {game_id} failed"
                )
        return True

    async def _digest(self) -> bool:
        try:
            due = await self.service.waiting.due_digests()
        except Exception as error:
            self.faults.report(log, "poll read", error, "Reminder digests could not be read")
            return False
        for guild_id, user_id, tables in due:
            await self._each(
                "reminder",
                f"The reminder digest of user {user_id} failed",
                self._send_digest(guild_id, user_id, tables),
            )
        return True

    async def _send_digest(self, guild_id: int, user_id: int, tables: list[SeatedTable]) -> None:
        guild = self.bot.get_guild(guild_id)
        server = safe_name(guild.name) if guild is not None else "your server"
        text = limits.first_lines(digest(tables, server), limits.CONTENT, more_lines)
        if not await self.courier.send_dm(Notice(text, user_id=user_id)):
            log.info("The reminder digest of user %s could not be sent", user_id)

    async def _time_out(self) -> bool:
        try:
            timed_out = await self.service.clocks.due_timeouts()
        except Exception as error:
            self.faults.report(log, "poll read", error, "Phase timers could not be read")
            return False
        for update in timed_out:
            await self._each(
                "delivery",
                f"A timer's update of game {update.game_id} could not be told",
                self._tell_timeout(update.game_id),
            )
        return True

    async def _tell_timeout(self, game_id: int) -> None:
        report = await self.courier.flush(game_id)
        if report.problem is not None:
            log.warning("A timer's update of game %s was not fully told", game_id)

    async def _privacy(self) -> None:
        """Forgets a stop cut short, resumed (their tables told), and departed servers'
        purges (see `club.service.privacy`)."""
        for game_id in await self.service.privacy.sweep(self.grace_days, self.runs_guild):
            await self.courier.flush(game_id)

    @poll.before_loop
    async def ready(self) -> None:
        await self.bot.wait_until_ready()


def gateway_connected(bot: commands.AutoShardedBot) -> Callable[[], bool]:
    """Whether each of `bot`'s shards is connected to the gateway now."""

    def connected() -> bool:
        return bot.is_ready() and all(not shard.is_closed() for shard in bot.shards.values())

    return connected
