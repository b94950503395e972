"""Buttons that survive restarts: their custom ids carry the game id, so any process can answer.

Lobby buttons: `mars:lobby:<game id>:<join|leave|start>`. A button of a lobby that has since
started or closed answers that it is stale and changes nothing.

A button only reads its custom id; the seat is taken or given up by the cog that seats players
(`HANDLER`, see `SeatHandler`), found through the interaction's client.
"""

from __future__ import annotations

import re
from typing import Any, Protocol, runtime_checkable

import discord
from discord.ext import commands

from bot.replies import answer_error

HANDLER = "Lobby"
"""The name of the cog that answers lobby buttons (a `SeatHandler`)."""

_LABELS = {
    "join": ("Join", discord.ButtonStyle.success),
    "leave": ("Leave", discord.ButtonStyle.secondary),
    "start": ("Start", discord.ButtonStyle.primary),
}


@runtime_checkable
class SeatHandler(Protocol):
    async def act(self, interaction: discord.Interaction, action: str, game_id: int) -> None:
        """Do `action` (join, leave or start) for the user at the lobby `game_id`."""


def handler_of(client: discord.Client) -> SeatHandler:
    handler = client.get_cog(HANDLER) if isinstance(client, commands.Bot) else None
    if not isinstance(handler, SeatHandler):
        raise RuntimeError(f"no {HANDLER} cog seats players")
    return handler


class LobbyButton(
    discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]],
    template=r"mars:lobby:(?P<game_id>\d+):(?P<action>join|leave|start)",
):
    def __init__(self, game_id: int, action: str, *, disabled: bool = False) -> None:
        label, style = _LABELS[action]
        custom_id = f"mars:lobby:{game_id}:{action}"
        super().__init__(
            discord.ui.Button(label=label, style=style, custom_id=custom_id, disabled=disabled)
        )
        self.game_id = game_id
        self.action = action

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> LobbyButton:
        return cls(int(match["game_id"]), match["action"])

    async def callback(self, interaction: discord.Interaction) -> None:
        try:
            await handler_of(interaction.client).act(interaction, self.action, self.game_id)
        except Exception as error:  # every failure gets an answer; see answer_error
            await answer_error(interaction, error)


def lobby_buttons(game_id: int, *, disabled: bool = False) -> discord.ui.View:
    """Join / Leave / Start for a lobby; greyed out once it has started or closed."""
    view = discord.ui.View(timeout=None)
    for action in _LABELS:
        view.add_item(LobbyButton(game_id, action, disabled=disabled))
    return view
