"""The lobby message, kept showing its lobby as the database holds it.

Joins, leaves and starts at a lobby take turns under the channel's lock, but each edits the lobby
message after that lock is released, so their edits could land in any order: an older seating
last, and the message would show 3 of 4 seats taken while 4 are. So here the message is edited
for one action at a time per lobby, always from what the database holds when the edit is made
(not from what the action saw); after each edit the lobby is read again, and the message edited
again if the lobby changed meanwhile. An edit that would show what the message shows already
is left out, so ten joins at once make a few edits, not ten, and the last one shows every seat.

A lobby's message is edited only by the process that serves its server (its interactions reach
that process alone), so what this process last showed is what the message shows.
"""

from __future__ import annotations

import asyncio
import logging
from collections import defaultdict
from dataclasses import dataclass

import discord

from bot.lobby.controls import lobby_buttons
from club.service import Lobby, TableService

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Shown:
    """What a lobby message shows: its text and whether its buttons are enabled."""

    message_id: int
    text: str
    open: bool
    channel_id: int | None = None
    """The channel of the message (None: the interaction's)."""


class LobbyMessages:
    """Edits lobby messages to show their lobbies as `service` holds them."""

    def __init__(self, service: TableService) -> None:
        self.service = service
        self._locks: defaultdict[int, asyncio.Lock] = defaultdict(asyncio.Lock)
        self._shown: dict[int, Shown] = {}
        """What each lobby's message shows (by game id), as this process last made it."""

    def posted(self, lobby: Lobby, message_id: int) -> None:
        """The message `message_id` was just posted showing `lobby` (before its id is
        stored, so before anything else can edit it)."""
        self._shown[lobby.game_id] = Shown(message_id, lobby.text, lobby.open, lobby.channel_id)

    async def refresh(self, interaction: discord.Interaction, game_id: int) -> None:
        """Bring the message of lobby `game_id` up to date, through `interaction` (the one
        whose action changed the lobby, in its channel or, as a person's `/privacy forget`,
        elsewhere). Best effort: the message may have been deleted."""
        async with self._locks[game_id]:
            lobby = await self.service.lobbies.lobby_shown(game_id)
            while lobby is not None and lobby.message_id is not None:
                shown = Shown(lobby.message_id, lobby.text, lobby.open, lobby.channel_id)
                if self._shown.get(game_id) == shown:
                    break
                if not await _edit(interaction, game_id, shown):
                    return
                self._shown[game_id] = shown
                lobby = await self.service.lobbies.lobby_shown(game_id)
            if lobby is None or not lobby.open:  # nothing changes at a closed lobby
                self._shown.pop(game_id, None)
                self._locks.pop(game_id, None)


async def _edit(interaction: discord.Interaction, game_id: int, shown: Shown) -> bool:
    """Make the lobby message show `shown`: through the interaction when it is a button of
    that message, else as a message of the channel. False if Discord refused."""
    view = lobby_buttons(game_id, disabled=not shown.open)
    own = interaction.message is not None and interaction.message.id == shown.message_id
    try:
        if interaction.type is discord.InteractionType.component and own:
            await interaction.edit_original_response(content=shown.text, view=view)
            return True
        channel_id = shown.channel_id or interaction.channel_id
        if channel_id is None:
            return False
        channel = interaction.client.get_partial_messageable(channel_id)
        await channel.get_partial_message(shown.message_id).edit(content=shown.text, view=view)
        return True
    except discord.HTTPException:
        log.info("Lobby message %s could not be edited", shown.message_id)
        return False
