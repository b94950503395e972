"""`/move`, `/board`, `/secret`, `/resign`, `/abandon`, `/history`: playing the channel's game."""

from __future__ import annotations

import io
import time

import discord
from discord import app_commands
from discord.ext import commands

from bot import limits
from bot.controls import controls_view
from bot.delivery import answer_move, send_notice, tell_table
from bot.lobby_flow import channel_of
from bot.replies import player_of, say_privately, service_of
from bot.service import ChooseFurther


class Play(commands.Cog):
    @app_commands.command(name="move", description="Make your move in this channel's game")
    @app_commands.describe(text="Your move in the game's notation; type to see your legal moves")
    @app_commands.guild_only()
    async def move(self, interaction: discord.Interaction, text: str) -> None:
        """A whole move is played; a square (in games with previews) shows where its piece can
        go; a move that several legal moves begin with offers them to pick from."""
        arrived = time.time()
        service = service_of(interaction)
        channel = channel_of(interaction)
        try:
            played = await service.play_typed(
                channel, player_of(interaction), text, sent_at=arrived
            )
        except ChooseFurther as choose:
            view = controls_view(choose.controls)
            assert view is not None
            await interaction.response.send_message(
                limits.shorten(str(choose), limits.CONTENT), view=view, ephemeral=True
            )
            return
        if played.preview is not None:
            await interaction.response.defer(ephemeral=True, thinking=True)
            await send_notice(interaction.followup.send, played.preview, ephemeral=True)
            return
        assert played.update is not None
        await answer_move(interaction, played.update)

    @move.autocomplete("text")
    async def move_choices(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        if interaction.channel_id is None:
            return []
        service = service_of(interaction)
        found = await service.suggestions(interaction.channel_id, interaction.user.id, current)
        return [
            app_commands.Choice(name=text, value=text)
            for text in found
            if len(text) <= limits.CHOICE_TEXT
        ][: limits.AUTOCOMPLETE_CHOICES]

    @app_commands.command(name="board", description="Show the current board of this channel's game")
    @app_commands.guild_only()
    async def board(self, interaction: discord.Interaction) -> None:
        game_id = await service_of(interaction).repost_board(channel_of(interaction))
        await interaction.response.send_message("Here is the board again:", ephemeral=True)
        await tell_table(interaction, game_id)

    @app_commands.command(name="secret", description="See your private information (only you)")
    @app_commands.guild_only()
    async def secret(self, interaction: discord.Interaction) -> None:
        service = service_of(interaction)
        notice = await service.secret(channel_of(interaction), interaction.user.id)
        await interaction.response.defer(ephemeral=True, thinking=True)  # drawing takes time
        await send_notice(interaction.followup.send, notice, ephemeral=True)

    @app_commands.command(name="resign", description="Resign from this channel's game")
    @app_commands.guild_only()
    async def resign(self, interaction: discord.Interaction) -> None:
        update = await service_of(interaction).resign(
            channel_of(interaction), player_of(interaction)
        )
        await answer_move(interaction, update)

    @app_commands.command(
        name="abandon", description="End this channel's game with no result (moderators)"
    )
    @app_commands.guild_only()
    async def abandon(self, interaction: discord.Interaction) -> None:
        moderator = interaction.permissions.manage_channels
        said = await service_of(interaction).abandon(
            channel_of(interaction), player_of(interaction), moderator=moderator
        )
        await interaction.response.send_message(
            said, allowed_mentions=discord.AllowedMentions.none()
        )

    @app_commands.command(name="history", description="The move log of this channel's game")
    @app_commands.guild_only()
    async def history(self, interaction: discord.Interaction) -> None:
        log = await service_of(interaction).history(channel_of(interaction))
        if len(log) <= limits.CONTENT:
            await say_privately(interaction, log)
            return
        file = discord.File(io.BytesIO(log.encode()), filename="history.txt")
        await interaction.response.send_message(
            "The move log is long; here it is as a file.", file=file, ephemeral=True
        )


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Play())
