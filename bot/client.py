"""The Discord client: opens the store, starts the picture and thinking workers, loads one
extension per feature (lobby, play, claims, computer players, info, stats, history, reminders,
status) and syncs the commands."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.config import Config
from bot.faults import Faults
from bot.info import RulesButton
from bot.lobby.buttons import ComputerPicker, LobbyButton
from bot.lobby.rematch import RematchButton, rematch_view
from bot.operations.heartbeat import Heartbeat
from bot.play.computers import ComputerPlayers
from bot.play.controls import MoveButton, MovePicker, controls_view
from bot.play.delivery import Courier
from bot.play.pictures import Pictures
from bot.play.takebacks import AskButton, TakebackButton
from bot.play.thinking import Thinkers
from bot.replies import answer_error
from bot.service import Controls, TableService
from bot.stores import store_for, where

log = logging.getLogger(__name__)

EXTENSIONS = (
    "bot.lobby.commands",
    "bot.play.commands",
    "bot.play.claims",
    "bot.play.takebacks",
    "bot.play.computer_turns",
    "bot.info",
    "bot.learn.cog",
    "bot.stats",
    "bot.history",
    "bot.review.cog",
    "bot.reminders",
    "bot.tables.commands",
    "bot.tables.standins",
    "bot.operations.command",
)


def components(controls: Controls | None) -> discord.ui.View | None:
    """A message's controls as Discord components: a finished game's Rematch button, or the
    move buttons and pickers."""
    if controls is not None and controls.rematch:
        return rematch_view(controls.game_id)
    return controls_view(controls)


class MarsTree(app_commands.CommandTree["MarsBot"]):
    """Every command's failure reaches the user: refusals privately, the unexpected logged."""

    async def on_error(
        self, interaction: discord.Interaction[MarsBot], error: app_commands.AppCommandError
    ) -> None:
        cause = error.original if isinstance(error, app_commands.CommandInvokeError) else error
        await answer_error(interaction, cause)


class MarsBot(commands.AutoShardedBot):
    """Slash commands only: needs the `guilds` intent and nothing privileged.

    It runs the shards the configuration names (`SHARD_COUNT`, `SHARD_IDS`; by default as many
    as Discord recommends, all in this process). Several processes that each run some shards
    share one PostgreSQL database: what any of them may take up (a game's delivery, a computer
    player's turn) is claimed there first, so it is done once (see `bot.service.leases`).

    `pictures` makes the board drawer when the bot sets up (default: a pool of worker
    processes; a test that registers a renderer in this process passes `Pictures`, which draws
    in a thread). `thinkers` makes the computer players' search workers the same way (tests
    pass `lambda: Thinkers(None)`, which thinks in a thread). The courier and the computer
    players exist from then on too.
    """

    courier: Courier | None = None
    pictures: Pictures | None = None
    thinkers: Thinkers | None = None
    computers: ComputerPlayers | None = None

    def __init__(
        self,
        config: Config,
        *,
        pictures: Callable[[], Pictures] = Pictures.in_processes,
        thinkers: Callable[[], Thinkers] = Thinkers.in_processes,
    ) -> None:
        shards: dict[str, Any] = {"shard_count": config.shard_count}
        if config.shard_ids is not None:
            shards["shard_ids"] = list(config.shard_ids)
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=discord.Intents(guilds=True),
            help_command=None,
            tree_cls=MarsTree,
            allowed_mentions=discord.AllowedMentions.none(),
            **shards,
        )
        self.config = config
        self.store = store_for(config.database_path, config.database_url)
        self.heartbeat = Heartbeat(self.store, config.process_name)
        self.faults = Faults()
        self.service = TableService(
            self.store, remind_after=config.remind_after, holder=config.process_name
        )
        self._make_pictures = pictures
        self._make_thinkers = thinkers
        self._shutdown: asyncio.Future[None] | None = None

    async def setup_hook(self) -> None:
        await self.store.open()
        log.info("Database ready at %s", where(self.config.database_path, self.config.database_url))
        self.pictures = self._make_pictures()
        self.courier = Courier(self, self.service, self.pictures, components)
        self.thinkers = self._make_thinkers()
        self.computers = ComputerPlayers(
            self.service,
            self.courier,
            self.thinkers,
            pause=self.config.computer_pause,
            runs_guild=self.config.runs_guild,
        )
        self.add_dynamic_items(
            LobbyButton,
            ComputerPicker,
            RematchButton,
            MoveButton,
            MovePicker,
            TakebackButton,
            AskButton,
            RulesButton,
        )
        for extension in EXTENSIONS:
            await self.load_extension(extension)
        if self.config.dev_guild_id:
            guild = discord.Object(self.config.dev_guild_id)
            self.tree.copy_global_to(guild=guild)
            synced = await self.tree.sync(guild=guild)
        else:
            synced = await self.tree.sync()
        log.info("Synced %d commands", len(synced))

    async def on_ready(self) -> None:
        log.info(
            "Connected as %s to %d servers (shards %s of %s)",
            self.user,
            len(self.guilds),
            ",".join(map(str, sorted(self.shards))),
            self.shard_count,
        )

    async def close(self) -> None:
        """Stop once, however often asked (a signal and the end of `async with` both ask): every
        caller waits for the same shutdown, so the database is closed before the process ends."""
        if self._shutdown is None:
            self._shutdown = asyncio.ensure_future(self._shut_down())
        await asyncio.shield(self._shutdown)

    async def _shut_down(self) -> None:
        await super().close()  # unloads the extensions: computer players stop first
        await self.store.close()
        for workers in (self.pictures, self.thinkers):
            if workers is not None:
                await asyncio.to_thread(workers.close)
