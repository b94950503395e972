"""`/move`, `/board`, `/secret`, `/hint`, `/resign`, `/abandon` and the move controls: playing
the channel's game. The `PlayCommands` cog owns the commands and answers the controls (see
`bot.play.controls`).

Every answer that reads a game is acknowledged first, privately (a "thinking" reply only the user
sees), so the work that follows never runs into Discord's three seconds and a refusal stays
private. A control on a private menu (an ephemeral message, or a DM) is acknowledged as an update
of that menu, which then becomes the confirmation and the next menu, if any. `/resign` and
`/abandon` ask to confirm with a button first (`bot.play.confirm`); a confirmed abandon answers
at once (one short, locked step), leaving a refusal free to be private: a lobby's closing in
public, a game's end privately while the table is told from the outbox. Autocomplete cannot be
deferred and answers from the service's remembered suggestions.
"""

from __future__ import annotations

import time
from collections.abc import Awaitable
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.courier import limits
from bot.courier.delivery import Courier
from bot.courier.replies import channel_of, committed, player_of, say_privately
from bot.play.confirm import AbandonButton, ResignButton, confirming, deadline, prompt
from bot.play.controls import controls_view
from bot.takebacks.cog import ask_view
from bot.workers.thinking import Thinkers
from club.service import ChooseFurther, Controls, TableService, TableUpdate
from engine.words import with_article

if TYPE_CHECKING:
    from bot.client import MarsBot


def private_menu(interaction: discord.Interaction) -> bool:
    """Whether the interaction comes from a control on a message only its user sees."""
    message = interaction.message
    return (
        interaction.type is discord.InteractionType.component
        and message is not None
        and (interaction.guild_id is None or message.flags.ephemeral)
    )


async def think_privately(interaction: discord.Interaction) -> None:
    """Acknowledge with a private "thinking" reply, which the first follow-up fills."""
    await interaction.response.defer(ephemeral=True, thinking=True)


class PlayCommands(commands.Cog):
    """Play through `service`; `courier` tells the table and sends pictures and menus."""

    def __init__(self, service: TableService, courier: Courier, thinkers: Thinkers) -> None:
        self.service = service
        self.courier = courier
        self.thinkers = thinkers

    @app_commands.command(name="move", description="Make your move in this channel's game")
    @app_commands.describe(text="Your move in the game's notation; type to see your legal moves")
    @app_commands.guild_only()
    async def move(self, interaction: discord.Interaction[MarsBot], text: str) -> None:
        """A whole move is played; a square (in games with previews) shows where its piece can
        go; a move that several legal moves begin with offers them to pick from."""
        arrived = time.time()
        channel = channel_of(interaction)
        await think_privately(interaction)
        try:
            played = await self.service.play.play_typed(
                channel, player_of(interaction), text, sent_at=arrived
            )
        except ChooseFurther as choose:
            view = controls_view(choose.controls)
            assert view is not None
            await interaction.followup.send(
                limits.shorten(str(choose), limits.CONTENT), view=view, ephemeral=True
            )
            return
        if played.preview is not None:
            await self.courier.send_notice(
                interaction.followup.send, played.preview, ephemeral=True
            )
            return
        assert played.update is not None
        await self.confirm(interaction, played.update)

    @move.autocomplete("text")
    async def move_choices(
        self, interaction: discord.Interaction[MarsBot], current: str
    ) -> list[app_commands.Choice[str]]:
        if interaction.channel_id is None:
            return []
        found = await self.service.looking.suggestions(
            interaction.channel_id, interaction.user.id, current
        )
        return [app_commands.Choice(name=text, value=text) for text in limits.choices(found)]

    async def play(
        self, interaction: discord.Interaction[MarsBot], controls: Controls, notation: str
    ) -> None:
        """A move button or menu option (see `bot.play.controls`): play `notation`, offered by
        `controls`, as the user's move."""
        if private_menu(interaction):
            await interaction.response.defer()
        else:
            await think_privately(interaction)
        update = await self.service.play.move_in_game(player_of(interaction), notation, controls)
        await self.confirm(interaction, update)

    async def narrow(
        self, interaction: discord.Interaction[MarsBot], controls: Controls, prefix: str
    ) -> None:
        """A menu option that stands for several moves: the menu becomes the narrower one."""
        await interaction.response.defer()
        narrower = await self.service.looking.narrow(interaction.user.id, prefix, controls)
        await interaction.edit_original_response(view=controls_view(narrower))

    async def confirm(self, interaction: discord.Interaction[MarsBot], update: TableUpdate) -> None:
        """Confirm a committed move to its maker privately while the table is told.

        A private menu is replaced by the confirmation and the next menu, if any; otherwise the
        confirmation fills the private "thinking" reply. Whatever then happens to the channel's
        message, the move stays made, and the mover is told so truthfully (after the
        confirmation), as after any error from here on (see `bot.courier.replies.committed`).
        """
        committed(interaction, "queued")
        self.courier.prepare(update)
        follow = ask_view(update, controls_view(update.next_choice))
        said = limits.shorten(update.confirmation, limits.CONTENT)
        answering: Awaitable[Any]
        if private_menu(interaction):
            answering = interaction.edit_original_response(
                content=said, view=follow, attachments=[]
            )
        else:
            extra: dict[str, Any] = {} if follow is None else {"view": follow}
            answering = interaction.followup.send(said, ephemeral=True, **extra)
        await self.courier.tell_table(
            interaction, update.game_id, answering, update.queued, paced=update.told
        )

    @app_commands.command(name="board", description="Show the current board of this channel's game")
    @app_commands.guild_only()
    async def board(self, interaction: discord.Interaction[MarsBot]) -> None:
        channel = channel_of(interaction)
        await think_privately(interaction)
        if await self.courier.reads_text(interaction.user.id):  # text mode: only to them
            notice = await self.service.glances.board(channel, interaction.user.id)
            await self.courier.send_notice(interaction.followup.send, notice, ephemeral=True)
            return
        game_id = await self.service.looking.repost_board(channel)
        await interaction.followup.send("Here is the board again:", ephemeral=True)
        await self.courier.tell_table(interaction, game_id)

    @app_commands.command(name="secret", description="See your private information (only you)")
    @app_commands.guild_only()
    async def secret(self, interaction: discord.Interaction[MarsBot]) -> None:
        channel = channel_of(interaction)
        await think_privately(interaction)
        notice = await self.service.looking.secret(channel, interaction.user.id)
        await self.courier.send_notice(interaction.followup.send, notice, ephemeral=True)

    @app_commands.command(name="resign", description="Resign from this channel's game")
    @app_commands.guild_only()
    async def resign(self, interaction: discord.Interaction[MarsBot]) -> None:
        """Asks to confirm with a button (see `bot.play.confirm`), once the user may resign."""
        channel = channel_of(interaction)
        await think_privately(interaction)
        table = await self.service.tables.load(channel, status="active")
        table.seat(interaction.user.id)
        button = ResignButton(channel, interaction.user.id, deadline())
        said = prompt(f"Resign from this {table.game.title} game?", ResignButton.LABEL)
        await interaction.followup.send(said, view=confirming(button), ephemeral=True)

    async def resign_now(self, interaction: discord.Interaction[MarsBot], channel: int) -> None:
        """The confirmed resignation: the prompt becomes its confirmation."""
        if private_menu(interaction):
            await interaction.response.defer()
        else:
            await think_privately(interaction)
        update = await self.service.play.resign(channel, player_of(interaction))
        await self.confirm(interaction, update)

    @app_commands.command(
        name="abandon", description="End this channel's game with no result (moderators)"
    )
    @app_commands.guild_only()
    async def abandon(self, interaction: discord.Interaction[MarsBot]) -> None:
        """Asks to confirm with a button (see `bot.play.confirm`), if there is a table here."""
        channel = channel_of(interaction)
        await self.service.tables.load(channel)
        button = AbandonButton(channel, interaction.user.id, deadline())
        said = prompt("End this channel's game (or lobby) with no result?", AbandonButton.LABEL)
        await interaction.response.send_message(said, view=confirming(button), ephemeral=True)

    async def abandon_now(self, interaction: discord.Interaction[MarsBot], channel: int) -> None:
        """The confirmed abandon, said in the channel at once (one short, locked step)."""
        moderator = interaction.permissions.manage_channels
        ended = await self.service.play.abandon(
            channel, player_of(interaction), moderator=moderator
        )
        if isinstance(ended, TableUpdate):
            await self.courier.answer_and_tell(interaction, ended)
            return
        committed(interaction)
        await interaction.response.send_message(
            ended, allowed_mentions=discord.AllowedMentions.none()
        )

    @app_commands.command(
        name="hint", description="Ask a computer player what it would do (only you see it)"
    )
    @app_commands.guild_only()
    async def hint(self, interaction: discord.Interaction[MarsBot]) -> None:
        """The normal-level computer player's choice in the user's position, privately; only
        at tables that allow hints."""
        channel = channel_of(interaction)
        await think_privately(interaction)
        turn = await self.service.computers.hint_turn(channel, interaction.user.id)
        notation = await self.thinkers.move_for(turn)
        await say_privately(
            interaction,
            f"{with_article(f'{turn.level}-level', start=True)} computer player would play "
            f"`{notation}`.",
        )
