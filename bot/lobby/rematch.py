"""The Rematch button under a finished game's final board, which survives restarts: its custom
id, `mars:rematch:<game id>`, carries the finished game's id, so any process can answer.

The button only reads its custom id; the rematch is opened or joined by the cog that seats
players, the bot's `lobby_commands` (see `bot.lobby.cog.LobbyCommands.rematch`). The
rulings are in `club.service.rematches`.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

import discord

from bot.courier.replies import answer_error

if TYPE_CHECKING:
    from bot.client import MarsBot


class RematchButton(
    discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]],
    template=r"mars:rematch:(?P<game_id>\d+)",
):
    def __init__(self, game_id: int) -> None:
        super().__init__(
            discord.ui.Button(
                label="Rematch",
                style=discord.ButtonStyle.success,
                custom_id=f"mars:rematch:{game_id}",
            )
        )
        self.game_id = game_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> RematchButton:
        return cls(int(match["game_id"]))

    async def callback(  # type: ignore[override]
        self, interaction: discord.Interaction[MarsBot]
    ) -> None:
        try:
            await interaction.client.lobby_commands.rematch(interaction, self.game_id)
        except Exception as error:  # every failure gets an answer; see answer_error
            await answer_error(interaction, error)


def rematch_view(game_id: int) -> discord.ui.View:
    """The Rematch button of the finished game `game_id`, as a message's components."""
    view = discord.ui.View(timeout=None)
    view.add_item(RematchButton(game_id))
    return view
