"""Buttons that survive restarts: their custom ids carry the game id, so any process can answer.

Lobby buttons: `mars:lobby:<game id>:<join|leave|start|remove-computer>`, and the menu that
seats a computer player, `mars:lobbycomputer:<game id>` (its options are the levels). A control
of a lobby that has since started or closed answers that it is stale and changes nothing.

A button only reads its custom id; the seat is taken or given up by the cog that seats players,
the bot's `lobby_commands` (see `bot.lobby.cog.LobbyCommands.act`).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

import discord

from bot.courier.replies import answer_error
from club.service.computer_seats import OFFERED_LEVELS

if TYPE_CHECKING:
    from bot.client import MarsBot

_LABELS = {
    "join": ("Join", discord.ButtonStyle.success),
    "leave": ("Leave", discord.ButtonStyle.secondary),
    "start": ("Start", discord.ButtonStyle.primary),
    "remove-computer": ("Remove a computer", discord.ButtonStyle.secondary),
}
ADD_COMPUTER = "add-computer:"
"""An action that seats a computer player: this prefix and the level."""


class LobbyButton(
    discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]],
    template=r"mars:lobby:(?P<game_id>\d+):(?P<action>join|leave|start|remove-computer)",
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

    async def callback(  # type: ignore[override]
        self, interaction: discord.Interaction[MarsBot]
    ) -> None:
        try:
            await interaction.client.lobby_commands.act(interaction, self.action, self.game_id)
        except Exception as error:  # every failure gets an answer; see answer_error
            await answer_error(interaction, error)


class ComputerPicker(
    discord.ui.DynamicItem[discord.ui.Select[discord.ui.View]],
    template=r"mars:lobbycomputer:(?P<game_id>\d+)",
):
    """A menu of levels: choosing one seats a computer player of that level."""

    def __init__(self, game_id: int, *, disabled: bool = False) -> None:
        options = [
            discord.SelectOption(label=f"Add a computer player: {level}", value=level)
            for level in OFFERED_LEVELS
        ]
        super().__init__(
            discord.ui.Select(
                custom_id=f"mars:lobbycomputer:{game_id}",
                placeholder="Add a computer player…",
                options=options,
                disabled=disabled,
                row=1,
            )
        )
        self.game_id = game_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> ComputerPicker:
        return cls(int(match["game_id"]))

    async def callback(  # type: ignore[override]
        self, interaction: discord.Interaction[MarsBot]
    ) -> None:
        try:
            action = ADD_COMPUTER + self.item.values[0]
            await interaction.client.lobby_commands.act(interaction, action, self.game_id)
        except Exception as error:  # every failure gets an answer; see answer_error
            await answer_error(interaction, error)


def lobby_buttons(game_id: int, *, disabled: bool = False) -> discord.ui.View:
    """Join / Leave / Start / Remove a computer and the menu that adds one, for a lobby; greyed
    out once it has started or closed."""
    view = discord.ui.View(timeout=None)
    for action in _LABELS:
        view.add_item(LobbyButton(game_id, action, disabled=disabled))
    view.add_item(ComputerPicker(game_id, disabled=disabled))
    return view
