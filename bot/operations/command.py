"""`/status`: the bot's health and figures, for the server's administrators only, privately
(see `bot.operations.figures`)."""

from __future__ import annotations

import time

import discord
from discord import app_commands
from discord.ext import commands

from bot import limits
from bot.config import Config
from bot.faults import Faults
from bot.operations.figures import describe, gather, where_kind
from bot.replies import say_privately, service_of
from bot.service import TableService

RECENT_SECONDS = 3600.0
"""How far back `/status` lists this process's errors."""
ADMINS_ONLY = "Only the server's administrators may see the bot's status."


class Status(commands.Cog):
    def __init__(self, service: TableService, database: str, process: str, faults: Faults) -> None:
        self.service = service
        self.database = database
        self.process = process
        self.faults = faults

    @app_commands.command(name="status", description="Admins: the bot's health and figures")
    @app_commands.guild_only()
    @app_commands.default_permissions(administrator=True)
    async def status(self, interaction: discord.Interaction) -> None:
        if not interaction.permissions.administrator:
            await say_privately(interaction, ADMINS_ONLY)
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        figures = await gather(self.service, self.database, time.time())
        errors = self.faults.recent(within=RECENT_SECONDS)
        text = describe(figures, this_process=self.process, errors=errors)
        await interaction.followup.send(limits.shorten(text, limits.CONTENT), ephemeral=True)


async def setup(bot: commands.Bot) -> None:
    config, faults = getattr(bot, "config", None), getattr(bot, "faults", None)
    assert isinstance(config, Config) and isinstance(faults, Faults)
    database = where_kind(config.database_path, config.database_url)
    await bot.add_cog(Status(service_of(bot), database, config.process_name, faults))
