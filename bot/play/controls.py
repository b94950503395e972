"""In-game buttons and move pickers that survive restarts.

Custom ids carry the game id, how many moves had been made when the control was shown and the
seats that could act then (a hex bit mask), so any process can answer, and a control is refused
as stale once its user has moved since, or when it was not offered to them:

- `mars:do:<game id>:<moves>:<seats>:<notation>`: a button that plays `notation` as the
  presser's move (e.g. "draw", "done"); one button serves every player who may press it.
- `mars:pick:<game id>:<moves>:<seats>:<prefix>`: a select menu of moves; an option is either a
  whole move (value `=<move>`) or a narrower prefix (value `+<prefix>`), which replaces the menu
  with the next, narrower one.

Up to five moves show as buttons; more (a large table's choices) become one select menu, and
more than a menu holds become a menu of their first words (or letters), each narrowing to the
moves it begins, as a picker of legal moves does.

A control only reads its custom id; what it does is asked of the cog that answers moves, the
bot's `play_commands` (see `bot.play.cog.PlayCommands`), so this module needs no flow of
its own and delivery needs no controls.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

import discord

from bot.courier import limits
from bot.courier.persistent import Button, Menu, message_view
from club.service import Choice, Controls
from club.service.offers import narrower_prefixes
from engine.core import Seat

if TYPE_CHECKING:
    from bot.client import MarsBot

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


async def handle(
    interaction: discord.Interaction[MarsBot], controls: Controls, value: str, *, whole: bool
) -> None:
    """Play (`whole`) or narrow to `value` (a control's answer: its failures are answered by
    `bot.courier.persistent.Persistent`)."""
    if whole:
        await interaction.client.play_commands.play(interaction, controls, value)
    else:
        await interaction.client.play_commands.narrow(interaction, controls, value)


def _stem(kind: str, controls: Controls) -> str:
    return (
        f"mars:{kind}:{controls.game_id}:{controls.after_moves}:{seats_mask(controls.offered_to)}:"
    )


class MoveButton(
    Button,
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

    async def answer(self, interaction: discord.Interaction[MarsBot]) -> None:
        await handle(interaction, self.controls, self.notation, whole=True)


class MovePicker(
    Menu,
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

    async def answer(self, interaction: discord.Interaction[MarsBot]) -> None:
        [value] = self.item.values
        await handle(interaction, self.controls, value[1:], whole=value[:1] == MOVE)


def controls_view(controls: Controls | None) -> discord.ui.View | None:
    """The buttons and picker of `controls` as a message's components, or None.

    More buttons than fit one row are offered as a select menu instead (see `menu_of`).
    """
    if controls is None:
        return None
    view = message_view()
    if len(controls.buttons) > limits.BUTTONS_PER_ROW:
        picker = Controls(
            controls.game_id,
            controls.after_moves,
            choices=menu_of(controls.buttons),
            offered_to=controls.offered_to,
        )
        view.add_item(MovePicker(picker))
    else:
        for notation in controls.buttons:
            view.add_item(MoveButton(controls, notation))
    if controls.choices:
        view.add_item(MovePicker(controls))
    return view


def menu_of(notations: tuple[str, ...]) -> tuple[Choice, ...]:
    """The options of a menu of `notations`: each move whole when a menu holds them all, else
    their distinct first words (or letters), each narrowing to the presser's moves it begins."""
    if len(notations) <= limits.SELECT_OPTIONS:
        return tuple(Choice(n.capitalize(), n, True) for n in notations)
    heads = narrower_prefixes(list(notations), 0)
    whole = {h for h in heads if [n for n in notations if n.startswith(h)] == [h]}
    labels = {h: h.capitalize() if h in whole else f"{h.capitalize()} ..." for h in heads}
    return tuple(Choice(labels[h], h, h in whole) for h in heads)
