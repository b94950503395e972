"""`/textmode` (a person's choice: boards sent to them alone come as text, see
`bot.courier.textmode`) and `/look` (a quick answer about the channel's game, only for the
asker: a line of its text board, a square or planet, or its clocks; see `club.service.glances`)."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.courier import limits
from bot.courier.replies import channel_of, say_privately
from club.service import TableError, TableService

if TYPE_CHECKING:
    from bot.client import MarsBot


class TextModeCommands(commands.Cog):
    """The text-mode choice and quick looks, through `service`."""

    def __init__(self, service: TableService) -> None:
        self.service = service

    @app_commands.command(name="textmode", description="Get boards as text instead of pictures")
    @app_commands.describe(
        on="True: boards sent to you alone come as text; False: as pictures; empty: say which"
    )
    async def textmode(
        self, interaction: discord.Interaction[MarsBot], on: bool | None = None
    ) -> None:
        user = interaction.user.id
        if on is None:
            said = await self.service.text_mode.described(user)
        else:
            said = await self.service.text_mode.choose(user, on)
        await say_privately(interaction, said)

    @app_commands.command(name="look", description="A quick look at this channel's game (only you)")
    @app_commands.describe(
        what="A line of the board (Last move, Scores, Row 3 ...), a square such as c3, or clocks"
    )
    @app_commands.guild_only()
    async def look(self, interaction: discord.Interaction[MarsBot], what: str) -> None:
        channel = channel_of(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        said = await self.service.glances.look(channel, what, time.time())
        await say_privately(interaction, said)

    @look.autocomplete("what")
    async def look_topics(
        self, interaction: discord.Interaction[MarsBot], current: str
    ) -> list[app_commands.Choice[str]]:
        if interaction.channel_id is None:
            return []
        try:
            topics = await self.service.glances.topics(interaction.channel_id)
        except TableError:
            return []
        typed = current.strip().lower()
        found = [t for t in topics if t.lower().startswith(typed)] or [current.strip()]
        return [app_commands.Choice(name=t, value=t) for t in limits.choices(found) if t]
