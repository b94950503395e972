"""Buttons that survive restarts: their custom ids carry the game id, so any process can answer.

Lobby buttons: `mars:lobby:<game id>:<join|leave|start|remove-computer>`, and the menu that
seats a computer player, `mars:lobbycomputer:<game id>` (its options are the levels). A control
of a lobby that has since started or closed answers that it is stale and changes nothing.

A button only reads its custom id; the seat is taken or given up by the cog that seats players,
the bot's `lobby_commands` (see `bot.lobby.cog.LobbyCommands.act`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord

from bot.courier.persistent import Button, Menu, message_view
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
    Button,
    template=r"mars:lobby:(?P<game_id>\d+):(?P<action>join|leave|start|remove-computer)",
):
    fields = (("game_id", int), ("action", str))

    def __init__(self, game_id: int, action: str, *, disabled: bool = False) -> None:
        label, style = _LABELS[action]
        custom_id = f"mars:lobby:{game_id}:{action}"
        super().__init__(
            discord.ui.Button(label=label, style=style, custom_id=custom_id, disabled=disabled)
        )
        self.game_id = game_id
        self.action = action

    async def answer(self, interaction: discord.Interaction[MarsBot]) -> None:
        await interaction.client.lobby_commands.act(interaction, self.action, self.game_id)


class ComputerPicker(
    Menu,
    template=r"mars:lobbycomputer:(?P<game_id>\d+)",
):
    """A menu of levels: choosing one seats a computer player of that level."""

    fields = (("game_id", int),)

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

    async def answer(self, interaction: discord.Interaction[MarsBot]) -> None:
        action = ADD_COMPUTER + self.item.values[0]
        await interaction.client.lobby_commands.act(interaction, action, self.game_id)


def lobby_buttons(game_id: int, *, disabled: bool = False) -> discord.ui.View:
    """Join / Leave / Start / Remove a computer and the menu that adds one, for a lobby; greyed
    out once it has started or closed."""
    view = message_view()
    for action in _LABELS:
        view.add_item(LobbyButton(game_id, action, disabled=disabled))
    view.add_item(ComputerPicker(game_id, disabled=disabled))
    return view
