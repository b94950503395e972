"""`/season`: admins (Administrator or Manage Server) make a season of a game title; anyone reads
the seasons and their standings, in public (standings are no secret). Every `SWEEP_SECONDS` the
bot ends the seasons whose last day is over (see `club.service.seasons`); a failure is logged and
the next sweep tries again."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands, tasks

from bot.info.cog import GAME_CHOICES
from bot.stats.cog import card_embed
from club.service.seasons import SeasonsService

if TYPE_CHECKING:
    from bot.client import MarsBot

log = logging.getLogger(__name__)

SWEEP_SECONDS = 60.0
"""How often seasons are checked for their end, unless the bot says otherwise."""
ADMINS_ONLY = "Only the server's admins (Manage Server) start seasons."


class SeasonCommands(commands.Cog):
    """`/season` over `seasons`, and the sweep that ends them every `every` seconds."""

    season = app_commands.Group(
        name="season", description="Seasons: standings over a span of dates", guild_only=True
    )

    def __init__(self, seasons: SeasonsService, *, every: float = SWEEP_SECONDS) -> None:
        self.seasons = seasons
        self.sweep.change_interval(seconds=every)

    async def cog_load(self) -> None:
        self.sweep.start()

    async def cog_unload(self) -> None:
        self.sweep.cancel()

    @tasks.loop(seconds=SWEEP_SECONDS)
    async def sweep(self) -> None:
        try:
            for season in await self.seasons.end_due():
                log.info(
                    "Season %s of %s ended on server %s",
                    season.number,
                    season.game_key,
                    season.guild_id,
                )
        except Exception:  # the next sweep tries again
            log.exception("Seasons could not be ended")

    @season.command(name="new", description="Admins: a season of a game over a span of dates")
    @app_commands.describe(
        game="The game the season is of",
        first_day="Its first day, as YYYY-MM-DD (UTC)",
        last_day="Its last day, included, as YYYY-MM-DD (UTC)",
    )
    @app_commands.choices(game=GAME_CHOICES)
    async def new(
        self, interaction: discord.Interaction[MarsBot], game: str, first_day: str, last_day: str
    ) -> None:
        assert interaction.guild_id is not None
        permissions = interaction.permissions
        if not (permissions.manage_guild or permissions.administrator):
            await interaction.response.send_message(ADMINS_ONLY, ephemeral=True)
            return
        said = await self.seasons.open(
            interaction.guild_id, game, first_day, last_day, interaction.user.id
        )
        await interaction.response.send_message(said)

    @season.command(name="list", description="The seasons of a game on this server")
    @app_commands.describe(game="The game whose seasons to list")
    @app_commands.choices(game=GAME_CHOICES)
    async def listing(self, interaction: discord.Interaction[MarsBot], game: str) -> None:
        assert interaction.guild_id is not None
        card = await self.seasons.listing(interaction.guild_id, game)
        await interaction.response.send_message(embed=card_embed(card))

    @season.command(name="standings", description="A season's standings (the running one)")
    @app_commands.describe(
        game="The game whose season to show", season="Which season (the running one if left out)"
    )
    @app_commands.choices(game=GAME_CHOICES)
    async def standings(
        self,
        interaction: discord.Interaction[MarsBot],
        game: str,
        season: app_commands.Range[int, 1] | None = None,
    ) -> None:
        assert interaction.guild_id is not None
        card = await self.seasons.standings(interaction.guild_id, game, season)
        await interaction.response.send_message(
            embed=card_embed(card), allowed_mentions=discord.AllowedMentions.none()
        )
