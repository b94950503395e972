"""`/new <game>`, `/join`, `/leave`, `/start`: opening a table and taking seats."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot import lobby_flow
from bot.buttons import lobby_buttons
from bot.replies import player_of, service_of

FIRST_CHOICES = [
    app_commands.Choice(name="Random", value=0),
    app_commands.Choice(name="Me (the first seat)", value=1),
    app_commands.Choice(name="The second player to join", value=2),
]


async def open_table(
    interaction: discord.Interaction, game_key: str, options: dict[str, Any]
) -> None:
    """Open a lobby for `game_key` in this channel with the user in the first seat."""
    service = service_of(interaction)
    lobby = await service.new_lobby(
        guild_id=interaction.guild_id,
        channel_id=lobby_flow.channel_of(interaction),
        creator=player_of(interaction),
        game_key=game_key,
        options=options,
    )
    quiet = discord.AllowedMentions.none()
    await interaction.response.send_message(
        lobby.text, view=lobby_buttons(lobby.game_id), allowed_mentions=quiet
    )
    message = await interaction.original_response()
    await service.set_lobby_message(lobby.game_id, message.id)
    await lobby_flow.check_dms(interaction, lobby)


class Lobby(commands.Cog):
    new = app_commands.Group(
        name="new", description="Open a table for a game in this channel", guild_only=True
    )

    @new.command(name="leylines", description="Ley Lines of Mars: 2 players, diagonals on Mars")
    @app_commands.describe(first="Who places the first piece (default: random)")
    @app_commands.choices(first=FIRST_CHOICES)
    async def leylines(self, interaction: discord.Interaction, first: int = 0) -> None:
        await open_table(interaction, "leylines", {"first": first})

    @app_commands.command(name="join", description="Take a seat at this channel's open table")
    @app_commands.guild_only()
    async def join(self, interaction: discord.Interaction) -> None:
        await lobby_flow.act(interaction, "join")

    @app_commands.command(name="leave", description="Give up your seat at this channel's table")
    @app_commands.guild_only()
    async def leave(self, interaction: discord.Interaction) -> None:
        await lobby_flow.act(interaction, "leave")

    @app_commands.command(name="start", description="Start the game at this channel's table")
    @app_commands.guild_only()
    async def start(self, interaction: discord.Interaction) -> None:
        await lobby_flow.act(interaction, "start")


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Lobby())
