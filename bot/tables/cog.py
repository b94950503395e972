"""`/mygames`, `/notify`, `/away` and `/settings`: every answer is private; `/away` also leaves
a note in the channel of each table it pauses (see `club.service.away`, `club.service.waiting`,
`club.service.servers`)."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot.courier import limits
from bot.courier.replies import player_of, say_privately
from club.service import TableService
from club.service.away import AWAY_DAYS
from club.service.servers import LONGEST_REMINDER_HOURS, SHORTEST_REMINDER_HOURS
from club.service.waiting import NOTIFY_WORDS, listing, more_lines

if TYPE_CHECKING:
    from bot.client import MarsBot

log = logging.getLogger(__name__)

ADMINS_ONLY = "Only the server's administrators may see or change its settings."

Notify = Literal["both", "dm", "channel", "none"]


def _guild(interaction: discord.Interaction[MarsBot]) -> int:
    if interaction.guild_id is None:
        raise app_commands.NoPrivateMessage()
    return interaction.guild_id


class TableCommands(commands.Cog):
    """A player's tables and reminders through `service`; notes are posted with `bot`."""

    def __init__(self, bot: discord.Client, service: TableService) -> None:
        self.bot = bot
        self.service = service

    @app_commands.command(name="mygames", description="Your games in play on this server")
    @app_commands.guild_only()
    async def mygames(self, interaction: discord.Interaction[MarsBot]) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        tables = await self.service.waiting.my_games(_guild(interaction), interaction.user.id)
        text = limits.first_lines(listing(tables), limits.CONTENT, more_lines)
        await interaction.followup.send(text, ephemeral=True)

    @app_commands.command(name="notify", description="How your turn reminders reach you here")
    @app_commands.describe(
        how="both: a direct message digest and the channel's ping; dm; channel; none"
    )
    @app_commands.guild_only()
    async def notify(
        self, interaction: discord.Interaction[MarsBot], how: Notify | None = None
    ) -> None:
        guild = _guild(interaction)
        if how is None:
            chosen = await self.service.waiting.notify_choice(guild, interaction.user.id)
            text = (
                f"On this server your turn reminders come as {NOTIFY_WORDS[chosen]} "
                f"(`{chosen}`). `/notify how:<choice>` changes it."
            )
        else:
            text = await self.service.waiting.set_notify(guild, interaction.user.id, how)
        await say_privately(interaction, text)

    @app_commands.command(name="away", description="Pause your clocks for a few days (0 ends it)")
    @app_commands.describe(days=f"How many days you are away: 1 to {AWAY_DAYS}; 0 ends it")
    @app_commands.guild_only()
    async def away(
        self,
        interaction: discord.Interaction[MarsBot],
        days: app_commands.Range[int, 0, AWAY_DAYS],
    ) -> None:
        said, notes = await self.service.away.go_away(
            _guild(interaction), player_of(interaction), days
        )
        await say_privately(interaction, said)
        for channel_id, note in notes:
            try:
                await self.bot.get_partial_messageable(channel_id).send(
                    limits.shorten(note, limits.CONTENT),
                    allowed_mentions=discord.AllowedMentions.none(),
                )
            except discord.HTTPException:
                log.warning("An away note for channel %s could not be posted", channel_id)

    @app_commands.command(name="settings", description="Admins: this server's table settings")
    @app_commands.describe(
        reminder_hours=(
            f"Hours between turn reminders: {SHORTEST_REMINDER_HOURS} to "
            f"{LONGEST_REMINDER_HOURS}, 0 for none, -1 for the bot's default"
        ),
        clock="The clock (hours a turn may wait) of a table opened without one; 0: none",
        standins="Whether players may let a computer play an absent player's seat",
        add_channel="Let this channel hold tables (when none is listed, every channel may)",
        remove_channel="No longer let this channel hold tables",
        every_channel="True: let every channel hold tables again",
        league_role="The role whose members may organise leagues (besides the admins)",
        no_league_role="True: only the admins organise leagues again",
    )
    @app_commands.guild_only()
    @app_commands.default_permissions(administrator=True)
    async def settings(
        self,
        interaction: discord.Interaction[MarsBot],
        reminder_hours: app_commands.Range[float, -1, LONGEST_REMINDER_HOURS] | None = None,
        clock: app_commands.Range[int, 0, 72] | None = None,
        standins: bool | None = None,
        add_channel: discord.TextChannel | None = None,
        remove_channel: discord.TextChannel | None = None,
        every_channel: bool | None = None,
        league_role: discord.Role | None = None,
        no_league_role: bool | None = None,
    ) -> None:
        if not interaction.permissions.administrator:
            await say_privately(interaction, ADMINS_ONLY)
            return
        guild = _guild(interaction)
        current = await self.service.servers.server_settings(guild)
        channels = list(current.channels)
        if every_channel:
            channels = []
        if add_channel is not None and add_channel.id not in channels:
            channels.append(add_channel.id)
        if remove_channel is not None and remove_channel.id in channels:
            channels.remove(remove_channel.id)
        changed = (reminder_hours, clock, standins, add_channel, remove_channel, every_channel)
        if any(value is not None for value in changed):
            current = await self.service.servers.change_settings(
                guild,
                remind_hours=reminder_hours,
                clock_hours=clock,
                standins=standins,
                channels=tuple(channels),
            )
            head = "Saved. This server's settings now:"
        else:
            head = "This server's settings:"
        leagues = self.service.leagues.events
        if league_role is not None or no_league_role:
            role_id = None if no_league_role or league_role is None else league_role.id
            await leagues.set_organiser_role(guild, role_id)
            head = "Saved. This server's settings now:"
        described = current.described(self.service.servers.bot_remind_period)
        role = await leagues.organiser_role(guild)
        organisers = f"the admins and <@&{role}>" if role is not None else "the admins"
        await say_privately(interaction, f"{head}\n{described}\nLeague organisers: {organisers}")
