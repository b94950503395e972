"""The Rematch button under a finished game's final board, which survives restarts: its custom
id, `mars:rematch:<game id>`, carries the finished game's id, so any process can answer.

The button only reads its custom id; the rematch is opened or joined by the cog that seats
players (`HANDLER`, see `RematchHandler`), found through the interaction's client. The rulings
are in `bot.service.rematches`.
"""

from __future__ import annotations

import re
from typing import Any, Protocol, runtime_checkable

import discord

from bot.lobby.buttons import HANDLER
from bot.replies import answer_error, cog_named


@runtime_checkable
class RematchHandler(Protocol):
    async def rematch(self, interaction: discord.Interaction, game_id: int) -> None:
        """Open the rematch of the finished game `game_id` for the user, or seat them at it."""


def handler_of(client: discord.Client) -> RematchHandler:
    handler = cog_named(client, HANDLER)
    if not isinstance(handler, RematchHandler):
        raise RuntimeError(f"no {HANDLER} cog opens rematches")
    return handler


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

    async def callback(self, interaction: discord.Interaction) -> None:
        try:
            await handler_of(interaction.client).rematch(interaction, self.game_id)
        except Exception as error:  # every failure gets an answer; see answer_error
            await answer_error(interaction, error)


def rematch_view(game_id: int) -> discord.ui.View:
    """The Rematch button of the finished game `game_id`, as a message's components."""
    view = discord.ui.View(timeout=None)
    view.add_item(RematchButton(game_id))
    return view
