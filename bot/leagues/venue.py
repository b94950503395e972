"""Where a league's rounds are played on Discord (`club.leagues.rounds.Venue`): a public thread
of the league's channel per table (one found already made under the table's name, after a
restart that lost its id, is used again without a second ping), in which its players are
pinged once with the round's deadline (Discord timestamps: the date and time in each reader's
zone, and how far off); the round announced in the channel without pings; a scheduled event
for the deadline where the bot has Manage Events (else one line in `/status`, by `Faults`);
the table's opening delivered by the courier; the final standings posted when the league ends.
"""

from __future__ import annotations

import datetime
import logging
from collections.abc import Sequence
from typing import Literal

import discord

from bot.courier import limits
from bot.courier.delivery import Courier
from club.faults import Faults
from club.leagues.events import LeagueRow
from club.leagues.rounds import Seated
from club.service import TableService, TableUpdate

log = logging.getLogger(__name__)

THREAD_ARCHIVE_MINUTES: Literal[10080] = 10080
"""A table's thread is archived after a week without messages (Discord's longest)."""
EVENT_HOURS = 1.0
"""How long the deadline's scheduled event lasts on the server's calendar."""


def deadline_words(deadline: float) -> str:
    """`<t:...:F> (<t:...:R>)`: the deadline in each reader's own time zone, and how far off."""
    return f"<t:{int(deadline)}:F> (<t:{int(deadline)}:R>)"


class NoManageEvents(Exception):
    """The bot may not create the server's scheduled events."""


class DiscordVenue:
    """The leagues' venue on Discord, through `client`; tables told through `courier`,
    skipped scheduled events reported to `faults` (shown by `/status`)."""

    def __init__(
        self, client: discord.Client, service: TableService, courier: Courier, faults: Faults
    ) -> None:
        self._client = client
        self._service = service
        self._courier = courier
        self._faults = faults

    async def _channel(self, channel_id: int) -> discord.TextChannel:
        channel = self._client.get_channel(channel_id) or await self._client.fetch_channel(
            channel_id
        )
        if not isinstance(channel, discord.TextChannel):
            raise TypeError(f"the league's channel {channel_id} is not a text channel")
        return channel

    async def open_thread(self, seated: Seated) -> int:
        league = seated.league
        channel = await self._channel(league.channel_id)
        name = f"{league.name} #{league.id}: round {seated.round}, table {seated.number}"[:100]
        me = channel.guild.me
        made = next((t for t in channel.threads if t.name == name and t.owner_id == me.id), None)
        if made is not None:  # made before a restart that lost its id: its players were pinged
            return made.id
        thread = await channel.create_thread(
            name=name,
            type=discord.ChannelType.public_thread,
            auto_archive_duration=THREAD_ARCHIVE_MINUTES,
        )
        names = " vs. ".join(f"<@{p.user_id}>" for p in seated.players)
        await thread.send(
            f"**{league.name}**, round {seated.round} of {league.rounds}, table "
            f"{seated.number}: {names}. Deadline: {deadline_words(seated.deadline)}. The "
            f"first seat moves first; each turn may wait {league.clock_hours} h.",
            allowed_mentions=discord.AllowedMentions(
                users=[discord.Object(p.user_id) for p in seated.players]
            ),
        )
        return thread.id

    async def round_opened(self, league: LeagueRow, round_number: int, byes: Sequence[int]) -> None:
        channel = await self._channel(league.channel_id)
        bye = f" Bye: {', '.join(f'<@{u}>' for u in byes)}." if byes else ""
        assert league.deadline is not None
        await channel.send(
            f"**{league.name}**: round {round_number} of {league.rounds} is paired; each table "
            f"plays in its own thread below. Deadline: {deadline_words(league.deadline)}.{bye} "
            "`/league standings`, `/league why`.",
            allowed_mentions=discord.AllowedMentions.none(),
        )
        try:
            await self._schedule(channel, league, round_number)
        except (NoManageEvents, discord.Forbidden) as error:
            self._faults.report(
                log,
                "league events",
                error,
                f"League #{league.id} round {round_number}: no scheduled event for its deadline",
            )

    async def _schedule(
        self, channel: discord.TextChannel, league: LeagueRow, round_number: int
    ) -> None:
        """A scheduled event for the round's deadline on the server's calendar."""
        guild = channel.guild
        if not guild.me.guild_permissions.manage_events:
            raise NoManageEvents("the bot lacks Manage Events on this server")
        assert league.deadline is not None
        start = datetime.datetime.fromtimestamp(league.deadline, datetime.UTC)
        await guild.create_scheduled_event(
            name=f"{league.name}: round {round_number} deadline"[:100],
            start_time=start,
            end_time=start + datetime.timedelta(hours=EVENT_HOURS),
            entity_type=discord.EntityType.external,
            privacy_level=discord.PrivacyLevel.guild_only,
            location=f"#{channel.name}",
            description=f"Round {round_number} of {league.rounds} ends: unfinished tables end "
            "by the claim rules.",
        )

    async def table_started(self, update: TableUpdate) -> None:
        await self._courier.flush(update.game_id, update.queued)

    async def league_over(self, league: LeagueRow) -> None:
        board = await self._service.leagues.standings(league)
        channel = await self._channel(league.channel_id)
        await channel.send(
            limits.shorten(
                f"{board.text}\nThe league is over: thank you for playing!", limits.CONTENT
            ),
            allowed_mentions=discord.AllowedMentions.none(),
        )
