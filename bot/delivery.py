"""Turning the service's notices into Discord messages: boards drawn off the event loop, secrets
by DM with a public hint (never the secret) when a DM cannot be delivered, and the buttons or
move picker a notice offers."""

from __future__ import annotations

import asyncio
import io
import logging
from collections.abc import Awaitable, Callable
from typing import Any

import discord

from bot.controls import controls_view
from bot.service import Notice, TableUpdate
from render import render_view

log = logging.getLogger(__name__)

Send = Callable[..., Awaitable[Any]]
"""`interaction.followup.send` or a channel's `send`: both take text, file, view, mentions."""

SECRET_HINT = "<@{user}>, I could not send you a direct message; use `/secret` to see it here."


def allowed(notice: Notice) -> discord.AllowedMentions:
    """Ping exactly the users the notice names for pinging; never everyone or roles."""
    return discord.AllowedMentions(
        everyone=False, roles=False, users=[discord.Object(u) for u in notice.mentions]
    )


async def board_file(game_key: str, notice: Notice) -> discord.File | None:
    """The notice's view drawn as a PNG attachment (in a worker thread), if it has one."""
    if notice.view is None:
        return None
    loop = asyncio.get_running_loop()
    drawn = await loop.run_in_executor(None, render_view, game_key, notice.view)
    return discord.File(io.BytesIO(drawn.png), filename=drawn.filename, description=drawn.alt)


async def message_parts(game_key: str, notice: Notice) -> dict[str, Any]:
    """The keyword arguments that send a notice: its text, board, controls and pings."""
    parts: dict[str, Any] = {"allowed_mentions": allowed(notice)}
    file = await board_file(game_key, notice)
    if file is not None:
        parts["file"] = file
    view = controls_view(notice.controls)
    if view is not None:
        parts["view"] = view
    return parts


async def send_notice(send: Send, game_key: str, notice: Notice, **extra: Any) -> None:
    await send(notice.text, **await message_parts(game_key, notice), **extra)


async def send_public(interaction: discord.Interaction, game_key: str, notice: Notice) -> None:
    """The channel's message for an interaction already deferred (as a follow-up)."""
    await send_notice(interaction.followup.send, game_key, notice)


async def send_dm(client: discord.Client, game_key: str, notice: Notice) -> bool:
    """DM a notice to its user; False when Discord refuses (closed DMs, unknown user)."""
    assert notice.user_id is not None
    try:
        user = client.get_user(notice.user_id) or await client.fetch_user(notice.user_id)
        await send_notice(user.send, game_key, notice)
    except discord.HTTPException:
        log.info("A DM to user %s could not be delivered", notice.user_id)
        return False
    return True


async def publish(client: discord.Client, update: TableUpdate, send: Send) -> None:
    """Send an update: its public notice with `send`, the rest by DM.

    A DM that fails is replaced by a public hint to use /secret, which never holds the secret.
    """
    public, *private = update.notices
    await send_notice(send, update.game_key, public)
    for notice in private:
        if not await send_dm(client, update.game_key, notice):
            user = notice.user_id or 0
            await send(
                SECRET_HINT.format(user=user),
                allowed_mentions=discord.AllowedMentions(users=[discord.Object(user)]),
            )


async def deliver_move(interaction: discord.Interaction, update: TableUpdate) -> None:
    """Answer the interaction that made a move and tell the table.

    A public move made in the game's channel is answered with the channel's message itself. A
    secret move, or one made from a DM or a private menu, is confirmed privately (the menu is
    replaced by the next one, if any) and the channel's message is sent to the channel.
    """
    in_channel = interaction.channel_id == update.channel_id
    private_menu = interaction.message is not None and (
        interaction.message.flags.ephemeral or not in_channel
    )
    if in_channel and not update.hidden and not private_menu:
        await interaction.response.defer(thinking=True)
        await publish(interaction.client, update, interaction.followup.send)
        return
    follow = controls_view(update.next_choice)
    if interaction.type is discord.InteractionType.component:
        await interaction.response.edit_message(
            content=update.confirmation, view=follow, attachments=[]
        )
    elif follow is None:
        await interaction.response.send_message(update.confirmation, ephemeral=True)
    else:
        await interaction.response.send_message(update.confirmation, view=follow, ephemeral=True)
    channel = interaction.client.get_partial_messageable(update.channel_id)
    await publish(interaction.client, update, channel.send)
