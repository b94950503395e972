"""`/stats [user]` and `/leaderboard <game>`: a player's record and the server's best players,
per game title, answered in public (stats are no secret) as one embed, in servers only. Each
answer is one short read of the database, so nothing is deferred."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.courier import limits
from bot.courier.replies import safe_name
from bot.info.cog import GAME_CHOICES
from club.service.ratings import Card, Ratings

if TYPE_CHECKING:
    from bot.client import MarsBot


class StatsCommands(commands.Cog):
    """Answers from `ratings`."""

    def __init__(self, ratings: Ratings) -> None:
        self.ratings = ratings

    @app_commands.command(name="stats", description="Games, results, rating and streak per game")
    @app_commands.describe(user="Whose stats to show (yours if left out)")
    @app_commands.guild_only()
    async def stats(
        self, interaction: discord.Interaction[MarsBot], user: discord.User | None = None
    ) -> None:
        """`user`'s (or the caller's) record in each game title on this server."""
        assert interaction.guild_id is not None
        who = user or interaction.user
        card = await self.ratings.stats(interaction.guild_id, who.id, safe_name(who.display_name))
        await interaction.response.send_message(embed=card_embed(card))

    @app_commands.command(name="leaderboard", description="The best rated players of a game here")
    @app_commands.describe(game="The game whose leaderboard to show")
    @app_commands.choices(game=GAME_CHOICES)
    @app_commands.guild_only()
    async def leaderboard(self, interaction: discord.Interaction[MarsBot], game: str) -> None:
        """The server's top players of one game title."""
        assert interaction.guild_id is not None
        card = await self.ratings.leaderboard(interaction.guild_id, game)
        await interaction.response.send_message(embed=card_embed(card))


def card_embed(card: Card) -> discord.Embed:
    """The card as one embed, its title and text shortened to Discord's limits."""
    title = limits.shorten(card.title, limits.EMBED_TITLE)
    text = limits.shorten(card.text, limits.EMBED_DESCRIPTION)
    limits.check(embeds=((title, text),))
    return discord.Embed(title=title, description=text)
