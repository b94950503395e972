"""`/status`: the bot's health and figures, for the server's administrators only, privately
(see `club.operations.figures`)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.courier import limits
from bot.courier.replies import say_privately
from club.faults import Faults
from club.operations.figures import Figures, describe

if TYPE_CHECKING:
    from bot.client import MarsBot

RECENT_SECONDS = 3600.0
"""How far back `/status` lists this process's errors."""
ADMINS_ONLY = "Only the server's administrators may see the bot's status."


class StatusCommands(commands.Cog):
    """`/status`: the `figures` read now (the composition root reads them from its storage, see
    `club.operations.figures.gather`), this `process` and the errors `faults` recorded."""

    def __init__(
        self, figures: Callable[[], Awaitable[Figures]], process: str, faults: Faults
    ) -> None:
        self.figures = figures
        self.process = process
        self.faults = faults

    @app_commands.command(name="status", description="Admins: the bot's health and figures")
    @app_commands.guild_only()
    @app_commands.default_permissions(administrator=True)
    async def status(self, interaction: discord.Interaction[MarsBot]) -> None:
        if not interaction.permissions.administrator:
            await say_privately(interaction, ADMINS_ONLY)
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        figures = await self.figures()
        errors = self.faults.recent(within=RECENT_SECONDS)
        text = describe(figures, this_process=self.process, errors=errors)
        await interaction.followup.send(limits.shorten(text, limits.CONTENT), ephemeral=True)
