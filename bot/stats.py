"""`/stats [user]` and `/leaderboard <game>`: a player's record and the server's best players,
per game title, answered in public (stats are no secret) as one embed, in servers only. Each
answer is one short read of the database, so nothing is deferred."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot import limits
from bot.info import GAME_CHOICES
from bot.replies import safe_name
from bot.service import ratings
from bot.service.ratings import Card
from bot.storage import Storage

if TYPE_CHECKING:
    from bot.client import MarsBot


class StatsCommands(commands.Cog):
    def __init__(self, store: Storage) -> None:
        self.store = store

    @app_commands.command(name="stats", description="Games, results, rating and streak per game")
    @app_commands.describe(user="Whose stats to show (yours if left out)")
    @app_commands.guild_only()
    async def stats(
        self, interaction: discord.Interaction[MarsBot], user: discord.User | None = None
    ) -> None:
        """`user`'s (or the caller's) record in each game title on this server."""
        assert interaction.guild_id is not None
        who = user or interaction.user
        card = await ratings.stats(
            self.store, interaction.guild_id, who.id, safe_name(who.display_name)
        )
        await interaction.response.send_message(embed=_embed(card))

    @app_commands.command(name="leaderboard", description="The best rated players of a game here")
    @app_commands.describe(game="The game whose leaderboard to show")
    @app_commands.choices(game=GAME_CHOICES)
    @app_commands.guild_only()
    async def leaderboard(self, interaction: discord.Interaction[MarsBot], game: str) -> None:
        """The server's top players of one game title."""
        assert interaction.guild_id is not None
        card = await ratings.leaderboard(self.store, interaction.guild_id, game)
        await interaction.response.send_message(embed=_embed(card))


def _embed(card: Card) -> discord.Embed:
    limits.check(embeds=((card.title, card.text),))
    return discord.Embed(title=card.title, description=card.text)
