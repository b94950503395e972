"""`/claim win`, `/claim end` and `/claim standin`: claiming a game whose turn has kept the
table waiting longer than its clock (the rulings are in `club.service.fair_clock` and
`club.service.standins`), and `/claim back`, taking one's seat back from a stand-in.

`/claim win` is answered like a move: a private "thinking" reply becomes the confirmation while
the channel is told from the outbox. `/claim end`, `/claim standin` and `/claim back` answer
privately at once (one short, locked step, as `/abandon`) while the table is told from the
outbox; a stand-in then moves from `bot.standins.cog`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot.courier.delivery import Courier
from bot.courier.replies import channel_of, committed, player_of
from club.service import TableService

if TYPE_CHECKING:
    from bot.client import MarsBot


class ClaimCommands(commands.Cog):
    """Claims through `service`; `courier` tells the table."""

    claim = app_commands.Group(
        name="claim",
        description="Claim this channel's game when a turn has waited longer than its clock",
        guild_only=True,
    )

    def __init__(self, service: TableService, courier: Courier) -> None:
        self.service = service
        self.courier = courier

    @claim.command(name="win", description="The players keeping the table waiting resign")
    async def win(self, interaction: discord.Interaction[MarsBot]) -> None:
        channel = channel_of(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        update = await self.service.claims.claim_win(channel, player_of(interaction))
        committed(interaction, "queued")
        self.courier.prepare(update)
        answering = interaction.followup.send(update.confirmation, ephemeral=True)
        await self.courier.tell_table(interaction, update.game_id, answering, update.queued)

    @claim.command(name="end", description="End the game with no result")
    async def end(self, interaction: discord.Interaction[MarsBot]) -> None:
        update = await self.service.claims.claim_end(
            channel_of(interaction), player_of(interaction)
        )
        await self.courier.answer_and_tell(interaction, update)

    @claim.command(name="standin", description="A computer plays the absent players' seats")
    @app_commands.describe(level="How strong the stand-in plays (easy unless chosen)")
    async def standin(
        self,
        interaction: discord.Interaction[MarsBot],
        level: Literal["easy", "normal", "hard"] = "easy",
    ) -> None:
        update = await self.service.claims.claim_standin(
            channel_of(interaction), player_of(interaction), level
        )
        await self.courier.answer_and_tell(interaction, update)

    @claim.command(name="back", description="Take your seat back from a stand-in")
    async def back(self, interaction: discord.Interaction[MarsBot]) -> None:
        update = await self.service.standins.take_seat_back(
            channel_of(interaction), interaction.user.id
        )
        await self.courier.answer_and_tell(interaction, update)
