"""Buttons that survive restarts: their custom ids carry the game id, so any process can answer.

Lobby buttons: `mars:lobby:<game id>:<join|leave|start>`. A button of a lobby that has since
started or closed answers that it is stale and changes nothing.
"""

from __future__ import annotations

import re
from typing import Any

import discord

from bot import lobby_flow
from bot.replies import answer_error

_LABELS = {
    "join": ("Join", discord.ButtonStyle.success),
    "leave": ("Leave", discord.ButtonStyle.secondary),
    "start": ("Start", discord.ButtonStyle.primary),
}


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
            await lobby_flow.act(interaction, self.action, self.game_id)
        except Exception as error:  # every failure gets an answer; see answer_error
            await answer_error(interaction, error)


def lobby_buttons(game_id: int, *, disabled: bool = False) -> discord.ui.View:
    """Join / Leave / Start for a lobby; greyed out once it has started or closed."""
    view = discord.ui.View(timeout=None)
    for action in _LABELS:
        view.add_item(LobbyButton(game_id, action, disabled=disabled))
    return view
