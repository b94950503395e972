"""Join, leave and start, shared by the slash commands and the lobby message's buttons.

From a button the lobby message is edited in place; from a command the user gets a public reply
and the lobby message is brought up to date as well.
"""

from __future__ import annotations

import logging

import discord

from bot import buttons
from bot.delivery import send_dm, tell_table
from bot.replies import player_of, say_privately, service_of
from bot.service import Lobby, Notice
from engine.registry import GAMES

log = logging.getLogger(__name__)


def channel_of(interaction: discord.Interaction) -> int:
    if interaction.channel_id is None or interaction.guild_id is None:
        raise discord.app_commands.NoPrivateMessage()
    return interaction.channel_id


async def act(interaction: discord.Interaction, action: str, game_id: int | None = None) -> None:
    """Do `action` (join, leave or start) for the interaction's user in its channel."""
    service = service_of(interaction)
    channel_id = channel_of(interaction)
    player = player_of(interaction)
    if action == "start":
        update = await service.start(channel_id, player, game_id)
        await show_closed_lobby(interaction, update.game_id)
        await tell_table(interaction, update.game_id)
        return
    if action == "join":
        lobby = await service.join(channel_id, player, game_id)
        said = f"<@{player.user_id}> joined the {lobby.title} table."
    else:
        lobby = await service.leave(channel_id, player, game_id)
        said = f"<@{player.user_id}> left the {lobby.title} table."
    await show_lobby(interaction, lobby, said)
    if action == "join":
        await check_dms(interaction, lobby)


async def show_lobby(interaction: discord.Interaction, lobby: Lobby, said: str) -> None:
    """Bring the lobby message up to date (from a button) or reply and update it (command)."""
    view = buttons.lobby_buttons(lobby.game_id, disabled=lobby.status != "lobby")
    if interaction.type is discord.InteractionType.component:
        await interaction.response.edit_message(content=lobby.text, view=view)
        return
    await interaction.response.send_message(said, allowed_mentions=discord.AllowedMentions.none())
    await edit_lobby_message(interaction, lobby.message_id, lobby.text, view)


async def show_closed_lobby(interaction: discord.Interaction, game_id: int) -> None:
    """Take the buttons off the lobby message once the game starts."""
    text = "This table has started; see the board below."
    view = buttons.lobby_buttons(game_id, disabled=True)
    if interaction.type is discord.InteractionType.component:
        await interaction.response.edit_message(content=text, view=view)
        return
    await interaction.response.send_message(
        "The game has started; its board is posted below.", ephemeral=True
    )
    message_id = await service_of(interaction).lobby_message(game_id)
    await edit_lobby_message(interaction, message_id, text, view)


async def edit_lobby_message(
    interaction: discord.Interaction,
    message_id: int | None,
    text: str,
    view: discord.ui.View,
) -> None:
    """Best effort: the lobby message may have been deleted."""
    if message_id is None or interaction.channel_id is None:
        return
    channel = interaction.client.get_partial_messageable(interaction.channel_id)
    try:
        await channel.get_partial_message(message_id).edit(content=text, view=view)
    except discord.HTTPException:
        log.info("Lobby message %s could not be edited", message_id)


async def check_dms(interaction: discord.Interaction, lobby: Lobby) -> None:
    """For games with secrets: test-DM the new player and warn them privately if it fails."""
    if not GAMES[lobby.game_key].has_secrets:
        return
    hello = Notice(
        f"You joined a {lobby.title} table. Your private information will arrive here.",
        user_id=interaction.user.id,
    )
    if not await send_dm(interaction.client, hello):
        await say_privately(
            interaction,
            "I could not send you a direct message. Allow DMs from this server's members, "
            "or use `/secret` during the game to see your private information.",
        )
