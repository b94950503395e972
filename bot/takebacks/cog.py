"""`/takeback` and the Accept / Decline buttons of a takeback request (the rulings are in
`club.service.takebacks`).

A request is acknowledged privately first, then posted in the channel with its buttons, pinging
the people who must answer. The buttons survive restarts: their custom id,
`mars:takeback:<game id>:<move number>:<accept|decline>`, names the request, and the bot's
`takeback_commands` answers it. Once everyone has accepted, the undo is told like a
move; a refused or outlived request changes nothing and says why, privately.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.courier.delivery import Courier, allowed
from bot.courier.persistent import Button, message_view
from bot.courier.replies import channel_of, committed, player_of, say_privately
from club.service import TableService, TableUpdate

if TYPE_CHECKING:
    from bot.client import MarsBot


class TakebackButton(
    Button,
    template=r"mars:takeback:(?P<game_id>\d+):(?P<seq>\d+):(?P<answer>accept|decline)",
):
    fields = (("game_id", int), ("seq", int), ("answer", str))

    def __init__(self, game_id: int, seq: int, answer: str) -> None:
        accept = answer == "accept"
        super().__init__(
            discord.ui.Button(
                label="Accept" if accept else "Decline",
                style=discord.ButtonStyle.success if accept else discord.ButtonStyle.danger,
                custom_id=f"mars:takeback:{game_id}:{seq}:{answer}",
            )
        )
        self.game_id, self.seq, self.accept = game_id, seq, accept

    async def answer(self, interaction: discord.Interaction[MarsBot]) -> None:
        answers = interaction.client.takeback_commands
        await answers.answer(interaction, self.game_id, self.seq, self.accept)


class AskButton(
    Button,
    template=r"mars:askback:(?P<game_id>\d+)",
):
    """The Take back button under a mover's private confirmation: asks as `/takeback` does."""

    fields = (("game_id", int),)

    def __init__(self, game_id: int) -> None:
        super().__init__(
            discord.ui.Button(
                label="Take back",
                style=discord.ButtonStyle.secondary,
                custom_id=f"mars:askback:{game_id}",
            )
        )
        self.game_id = game_id

    async def answer(self, interaction: discord.Interaction[MarsBot]) -> None:
        await interaction.client.takeback_commands.ask(interaction)


def ask_view(update: TableUpdate, view: discord.ui.View | None) -> discord.ui.View | None:
    """`view` (the mover's next menu, if any) with a Take back button when the move is one the
    mover may ask to take back."""
    if not update.undoable:
        return view
    view = view or message_view()
    view.add_item(AskButton(update.game_id))
    return view


def request_view(game_id: int, seq: int) -> discord.ui.View:
    """The Accept and Decline buttons of the request to take back move `seq`."""
    view = message_view()
    for answer in ("accept", "decline"):
        view.add_item(TakebackButton(game_id, seq, answer))
    return view


class TakebackCommands(commands.Cog):
    """Takebacks through `service`; `courier` tells the table of an undo."""

    def __init__(self, service: TableService, courier: Courier) -> None:
        self.service = service
        self.courier = courier

    @app_commands.command(name="takeback", description="Ask to take back your last move")
    @app_commands.guild_only()
    async def takeback(self, interaction: discord.Interaction[MarsBot]) -> None:
        await self.ask(interaction)

    async def ask(self, interaction: discord.Interaction[MarsBot]) -> None:
        """Ask to take back the user's last move (the command and the Take back button)."""
        channel = channel_of(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        asked = await self.service.takebacks.ask_takeback(channel, player_of(interaction))
        if isinstance(asked, TableUpdate):
            await self._undone(interaction, asked)
            return
        committed(interaction)  # the request is recorded
        await interaction.followup.send("Asked; the others may accept or decline.", ephemeral=True)
        await self._say(
            interaction, asked.text, asked.waiting, request_view(asked.game_id, asked.seq)
        )

    async def answer(
        self, interaction: discord.Interaction[MarsBot], game_id: int, seq: int, accept: bool
    ) -> None:
        channel = channel_of(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        answered = await self.service.takebacks.answer_takeback(
            channel, player_of(interaction), game_id, seq, accept
        )
        if isinstance(answered, TableUpdate):
            await self._undone(interaction, answered)
        else:
            committed(interaction)  # the answer is recorded
            await say_privately(interaction, "Answered.")
            await self._say(interaction, answered, (), None)
        if interaction.message is not None and (not accept or isinstance(answered, TableUpdate)):
            await interaction.message.edit(view=None)  # the request is over: no more buttons

    async def _undone(self, interaction: discord.Interaction[MarsBot], update: TableUpdate) -> None:
        committed(interaction, "queued")
        self.courier.prepare(update)
        answering = interaction.followup.send(update.confirmation, ephemeral=True)
        await self.courier.tell_table(interaction, update.game_id, answering, update.queued)

    async def _say(
        self,
        interaction: discord.Interaction[MarsBot],
        text: str,
        pinged: tuple[int, ...],
        view: discord.ui.View | None,
    ) -> None:
        channel = interaction.client.get_partial_messageable(channel_of(interaction))
        extra: dict[str, Any] = {} if view is None else {"view": view}
        await channel.send(text, allowed_mentions=allowed(pinged), **extra)
