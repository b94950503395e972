"""In-game buttons and move pickers that survive restarts.

Custom ids carry the game id, how many moves had been made when the control was shown and the
seats that could act then (a hex bit mask), so any process can answer, and a control is refused
as stale once its user has moved since, or when it was not offered to them:

- `mars:do:<game id>:<moves>:<seats>:<notation>`: a button that plays `notation` as the
  presser's move (e.g. "draw", "done"); one button serves every player who may press it.
- `mars:pick:<game id>:<moves>:<seats>:<prefix>`: a select menu of moves; an option is either a
  whole move (value `=<move>`) or a narrower prefix (value `+<prefix>`), which replaces the menu
  with the next, narrower one.

Up to five moves show as buttons; more (a large table's choices) become one select menu.
"""

from __future__ import annotations

import re
from typing import Any

import discord

from bot import delivery, limits
from bot.replies import answer_error, player_of, service_of
from bot.service import Choice, Controls
from engine.core import Seat

MOVE, NARROW = "=", "+"
_SEATS = r"(?:(?P<seats>[0-9a-f]+):)?"


def seats_mask(seats: frozenset[Seat] | None) -> str:
    """The seats as a hex bit mask (seat 0 is bit 0); empty when not recorded."""
    return "" if seats is None else format(sum(1 << s for s in seats), "x")


def mask_seats(mask: str | None) -> frozenset[Seat] | None:
    if not mask:
        return None
    bits = int(mask, 16)
    return frozenset(s for s in range(bits.bit_length()) if bits >> s & 1)


def _stem(kind: str, controls: Controls) -> str:
    return (
        f"mars:{kind}:{controls.game_id}:{controls.after_moves}:{seats_mask(controls.offered_to)}:"
    )


class MoveButton(
    discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]],
    template=rf"mars:do:(?P<game_id>\d+):(?P<at>\d+):{_SEATS}(?P<notation>.+)",
):
    def __init__(self, controls: Controls, notation: str) -> None:
        super().__init__(
            discord.ui.Button(
                label=limits.shorten(notation.capitalize(), limits.BUTTON_LABEL),
                style=discord.ButtonStyle.primary,
                custom_id=_stem("do", controls) + notation,
            )
        )
        self.controls, self.notation = controls, notation

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> MoveButton:
        controls = Controls(
            int(match["game_id"]), int(match["at"]), offered_to=mask_seats(match["seats"])
        )
        return cls(controls, match["notation"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await play(interaction, self.controls, self.notation)


class MovePicker(
    discord.ui.DynamicItem[discord.ui.Select[discord.ui.View]],
    template=rf"mars:pick:(?P<game_id>\d+):(?P<at>\d+):{_SEATS}(?P<prefix>.*)",
):
    def __init__(self, controls: Controls) -> None:
        stem = _stem("pick", controls)
        prefix = controls.prefix[: limits.CUSTOM_ID - len(stem)]
        options = [
            discord.SelectOption(
                label=limits.shorten(choice.label, limits.OPTION_TEXT),
                value=(MOVE if choice.complete else NARROW) + choice.value,
            )
            for choice in controls.choices
            if len(choice.value) < limits.OPTION_TEXT
        ][: limits.SELECT_OPTIONS]
        super().__init__(
            discord.ui.Select(
                placeholder=limits.shorten(
                    f"{prefix} ..." if prefix else "Choose your move", limits.PLACEHOLDER
                ),
                options=options or [discord.SelectOption(label="-", value=NARROW)],
                custom_id=stem + prefix,
            )
        )
        self.controls = controls

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> MovePicker:
        controls = Controls(
            int(match["game_id"]),
            int(match["at"]),
            prefix=match["prefix"],
            offered_to=mask_seats(match["seats"]),
        )
        return cls(controls)

    async def callback(self, interaction: discord.Interaction) -> None:
        [value] = self.item.values
        chosen, kind = value[1:], value[:1]
        if kind == MOVE:
            await play(interaction, self.controls, chosen)
            return
        try:
            controls = await service_of(interaction).narrow(
                interaction.user.id, chosen, self.controls
            )
            await interaction.response.edit_message(view=controls_view(controls))
        except Exception as error:  # every failure gets an answer; see answer_error
            await answer_error(interaction, error)


async def play(interaction: discord.Interaction, controls: Controls, notation: str) -> None:
    """Play `notation` as the user's move, offered by `controls`."""
    try:
        update = await service_of(interaction).move_in_game(
            player_of(interaction), notation, controls
        )
    except Exception as error:  # every failure gets an answer; see answer_error
        await answer_error(interaction, error)
        return
    await delivery.answer_move(interaction, update)


def controls_view(controls: Controls | None) -> discord.ui.View | None:
    """The buttons and picker of `controls` as a message's components, or None.

    More buttons than fit one row are offered as a select menu instead.
    """
    if controls is None:
        return None
    view = discord.ui.View(timeout=None)
    if len(controls.buttons) > limits.BUTTONS_PER_ROW:
        moves = tuple(Choice(n.capitalize(), n, True) for n in controls.buttons)
        picker = Controls(
            controls.game_id, controls.after_moves, choices=moves, offered_to=controls.offered_to
        )
        view.add_item(MovePicker(picker))
    else:
        for notation in controls.buttons:
            view.add_item(MoveButton(controls, notation))
    if controls.choices:
        view.add_item(MovePicker(controls))
    return view


def check_components(view: discord.ui.View | None) -> None:
    """Raise `limits.OverLimit` if the view's components break one of Discord's limits."""
    if view is None:
        return
    buttons, selects = [], []
    for item in view.children:
        inner = item.item if isinstance(item, discord.ui.DynamicItem) else item
        if isinstance(inner, discord.ui.Button):
            buttons.append((inner.label or "", inner.custom_id or ""))
        elif isinstance(inner, discord.ui.Select):
            options = tuple((o.label, o.value) for o in inner.options)
            selects.append((inner.custom_id, options))
    limits.check(buttons=tuple(buttons), selects=tuple(selects))
