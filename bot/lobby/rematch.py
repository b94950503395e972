"""The Rematch button under a finished game's final board, which survives restarts: its custom
id, `mars:rematch:<game id>`, carries the finished game's id, so any process can answer.

The button only reads its custom id; the rematch is opened or joined by the cog that seats
players, the bot's `lobby_commands` (see `bot.lobby.cog.LobbyCommands.rematch`). The
rulings are in `club.service.rematches`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord

from bot.courier.persistent import Button, message_view

if TYPE_CHECKING:
    from bot.client import MarsBot


class RematchButton(
    Button,
    template=r"mars:rematch:(?P<game_id>\d+)",
):
    fields = (("game_id", int),)

    def __init__(self, game_id: int) -> None:
        super().__init__(
            discord.ui.Button(
                label="Rematch",
                style=discord.ButtonStyle.success,
                custom_id=f"mars:rematch:{game_id}",
            )
        )
        self.game_id = game_id

    async def answer(self, interaction: discord.Interaction[MarsBot]) -> None:
        await interaction.client.lobby_commands.rematch(interaction, self.game_id)


def rematch_view(game_id: int) -> discord.ui.View:
    """The Rematch button of the finished game `game_id`, as a message's components."""
    view = message_view()
    view.add_item(RematchButton(game_id))
    return view
