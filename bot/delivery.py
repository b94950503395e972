"""Turning the service's notices into Discord messages: boards drawn off the event loop, secrets
by DM with a public hint (never the secret) when a DM cannot be delivered."""

from __future__ import annotations

import asyncio
import io
import logging

import discord

from bot.service import Notice, TableUpdate
from render import render_view

log = logging.getLogger(__name__)


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


async def send_public(interaction: discord.Interaction, game_key: str, notice: Notice) -> None:
    """The channel's message for an interaction already deferred (as a follow-up)."""
    file = await board_file(game_key, notice)
    mentions = allowed(notice)
    if file is None:
        await interaction.followup.send(notice.text, allowed_mentions=mentions)
    else:
        await interaction.followup.send(notice.text, file=file, allowed_mentions=mentions)


SECRET_HINT = "<@{user}>, I could not send you a direct message; use `/secret` to see it here."


async def send_dm(client: discord.Client, game_key: str, notice: Notice) -> bool:
    """DM a notice to its user; False when Discord refuses (closed DMs, unknown user)."""
    assert notice.user_id is not None
    try:
        user = client.get_user(notice.user_id) or await client.fetch_user(notice.user_id)
        file = await board_file(game_key, notice)
        if file is None:
            await user.send(notice.text)
        else:
            await user.send(notice.text, file=file)
    except discord.HTTPException:
        log.info("A DM to user %s could not be delivered", notice.user_id)
        return False
    return True


async def publish(interaction: discord.Interaction, update: TableUpdate) -> None:
    """Send an update: its public notice as the interaction's follow-up, the rest by DM.

    A DM that fails is replaced by a public hint to use /secret, which never holds the secret.
    """
    public, *private = update.notices
    await send_public(interaction, update.game_key, public)
    for notice in private:
        if not await send_dm(interaction.client, update.game_key, notice):
            user = notice.user_id
            await interaction.followup.send(
                SECRET_HINT.format(user=user),
                allowed_mentions=discord.AllowedMentions(users=[discord.Object(user or 0)]),
            )
