"""The Discord client: opens the store, loads the commands and syncs them."""

from __future__ import annotations

import logging

import discord
from discord import app_commands
from discord.ext import commands

from bot.buttons import LobbyButton
from bot.config import Config
from bot.controls import MoveButton, MovePicker
from bot.delivery import Courier
from bot.replies import answer_error
from bot.service import TableService
from bot.store import Store

log = logging.getLogger(__name__)

EXTENSIONS = (
    "bot.commands.lobby",
    "bot.commands.play",
    "bot.commands.info",
    "bot.reminders",
)


class MarsTree(app_commands.CommandTree["MarsBot"]):
    """Every command's failure reaches the user: refusals privately, the unexpected logged."""

    async def on_error(
        self, interaction: discord.Interaction[MarsBot], error: app_commands.AppCommandError
    ) -> None:
        cause = error.original if isinstance(error, app_commands.CommandInvokeError) else error
        await answer_error(interaction, cause)


class MarsBot(commands.Bot):
    """Slash commands only: needs the `guilds` intent and nothing privileged."""

    def __init__(self, config: Config) -> None:
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=discord.Intents(guilds=True),
            help_command=None,
            tree_cls=MarsTree,
            allowed_mentions=discord.AllowedMentions.none(),
        )
        self.config = config
        self.store = Store(config.database_path)
        self.service = TableService(self.store, remind_after=config.remind_after)
        self.courier = Courier(self, self.service)

    async def setup_hook(self) -> None:
        await self.store.open()
        log.info("Database ready at %s", self.config.database_path)
        self.add_dynamic_items(LobbyButton, MoveButton, MovePicker)
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
        log.info("Connected as %s to %d servers", self.user, len(self.guilds))

    async def close(self) -> None:
        await super().close()
        await self.store.close()
