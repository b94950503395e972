"""In-game buttons and move pickers that survive restarts.

Custom ids carry the game id and how many moves had been made when the control was shown, so any
process can answer, and a control its user has outlived is refused as stale:

- `mars:do:<game id>:<moves>:<notation>`: a button that plays `notation` as the presser's move
  (e.g. "draw", "done"); one button serves every player who may press it.
- `mars:pick:<game id>:<moves>:<prefix>`: a select menu of the user's legal moves beginning with
  `prefix`; an option is either a whole move (value `=<move>`) or a narrower prefix
  (value `+<prefix>`), which replaces the menu with the next, narrower one.
"""

from __future__ import annotations

import re
from typing import Any

import discord

from bot import delivery
from bot.replies import answer_error, player_of, service_of
from bot.service import Controls

CUSTOM_ID_LIMIT = 100
"""Discord's limit on a custom id, an option value and an option label (characters)."""
MOVE, NARROW = "=", "+"


class MoveButton(
    discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]],
    template=r"mars:do:(?P<game_id>\d+):(?P<at>\d+):(?P<notation>.+)",
):
    def __init__(self, game_id: int, offered_at: int, notation: str) -> None:
        super().__init__(
            discord.ui.Button(
                label=notation.capitalize(),
                style=discord.ButtonStyle.primary,
                custom_id=f"mars:do:{game_id}:{offered_at}:{notation}",
            )
        )
        self.game_id, self.offered_at, self.notation = game_id, offered_at, notation

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> MoveButton:
        return cls(int(match["game_id"]), int(match["at"]), match["notation"])

    async def callback(self, interaction: discord.Interaction) -> None:
        try:
            update = await service_of(interaction).move_in_game(
                self.game_id, player_of(interaction), self.notation, self.offered_at
            )
            await delivery.deliver_move(interaction, update)
        except Exception as error:  # every failure gets an answer; see answer_error
            await answer_error(interaction, error)


class MovePicker(
    discord.ui.DynamicItem[discord.ui.Select[discord.ui.View]],
    template=r"mars:pick:(?P<game_id>\d+):(?P<at>\d+):(?P<prefix>.*)",
):
    def __init__(self, controls: Controls) -> None:
        options = [
            discord.SelectOption(
                label=choice.label[:CUSTOM_ID_LIMIT],
                value=(MOVE if choice.complete else NARROW) + choice.value,
            )
            for choice in controls.choices
        ]
        custom_id = f"mars:pick:{controls.game_id}:{controls.offered_at}:{controls.prefix}"
        super().__init__(
            discord.ui.Select(
                placeholder=f"{controls.prefix} ..." if controls.prefix else "Choose your move",
                options=options or [discord.SelectOption(label="-", value="+")],
                custom_id=custom_id[:CUSTOM_ID_LIMIT],
            )
        )
        self.controls = controls

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> MovePicker:
        return cls(Controls(int(match["game_id"]), int(match["at"]), prefix=match["prefix"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        service = service_of(interaction)
        try:
            [value] = self.item.values
            chosen, kind = value[1:], value[:1]
            if kind == NARROW:
                controls = await service.narrow(
                    self.controls.game_id, interaction.user.id, chosen, self.controls.offered_at
                )
                await interaction.response.edit_message(view=controls_view(controls))
                return
            update = await service.move_in_game(
                self.controls.game_id, player_of(interaction), chosen, self.controls.offered_at
            )
            await delivery.deliver_move(interaction, update)
        except Exception as error:  # every failure gets an answer; see answer_error
            await answer_error(interaction, error)


def controls_view(controls: Controls | None) -> discord.ui.View | None:
    """The buttons and picker of `controls` as a message's components, or None."""
    if controls is None:
        return None
    view = discord.ui.View(timeout=None)
    for notation in controls.buttons:
        view.add_item(MoveButton(controls.game_id, controls.offered_at, notation))
    if controls.choices:
        view.add_item(MovePicker(controls))
    return view
