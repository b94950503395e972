"""Each person's direct message channel with the bot, found once and then remembered.

A DM is a message posted in the DM channel between the bot and the person, and that channel's
id never changes. The first DM to a person in this process opens the channel (one request,
`POST /users/@me/channels`, which needs no user fetch); every later DM posts to the remembered
id straight away: one request per message, nothing before it. DMs to one person sent at once
(a player at two tables) open the channel once between them. A person whose DMs are closed
keeps their channel too: Discord refuses the message itself (403, code 50007), as before.

The memory holds one pair of ids per person the bot has written to (about 100 bytes each) and
ends with the process; a restart opens each channel again at its first DM.
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING

import discord

if TYPE_CHECKING:
    from discord.types.channel import DMChannel


class DmChannels:
    """The DM channels of the people this bot process has written to, by user id."""

    def __init__(self, client: discord.Client) -> None:
        self.client = client
        self._ids: dict[int, int] = {}
        self._opening: dict[int, asyncio.Future[DMChannel]] = {}

    async def channel(self, user_id: int) -> discord.PartialMessageable:
        """The DM channel with the user, to `send` in; opened (one request) the first time.
        Raises `discord.HTTPException` when Discord will not open it (an unknown user)."""
        channel_id = self._ids.get(user_id)
        if channel_id is None:
            channel_id = await self._open(user_id)
        return self.client.get_partial_messageable(channel_id, type=discord.ChannelType.private)

    async def _open(self, user_id: int) -> int:
        """Open the DM channel with the user and remember its id; a DM that asks while it is
        being opened waits for the same answer."""
        opening = self._opening.get(user_id)
        if opening is None:
            opening = asyncio.ensure_future(self.client.http.start_private_message(user_id))
            self._opening[user_id] = opening
            opening.add_done_callback(lambda _: self._opening.pop(user_id, None))
        data = await asyncio.shield(opening)
        self._ids[user_id] = channel_id = int(data["id"])
        return channel_id
