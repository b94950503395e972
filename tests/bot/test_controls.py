"""Buttons and move menus: what their custom ids carry, and how many moves fit as buttons."""

from __future__ import annotations

import discord

from bot.courier import limits
from bot.courier.delivery import check_components
from bot.play.controls import MoveButton, MovePicker, controls_view, mask_seats
from club.service import Choice, Controls


def components(view: discord.ui.View | None) -> list[discord.ui.Item[discord.ui.View]]:
    assert view is not None
    return [
        item.item if isinstance(item, discord.ui.DynamicItem) else item for item in view.children
    ]


async def test_a_button_carries_its_game_move_count_and_seats() -> None:
    controls = Controls(12, 34, buttons=("done",), offered_to=frozenset({0, 3, 9}))
    [button] = components(controls_view(controls))
    assert isinstance(button, discord.ui.Button) and button.label == "Done"
    assert button.custom_id == "mars:do:12:34:209:done"
    match = MoveButton.__discord_ui_compiled_template__.fullmatch(button.custom_id)
    assert match is not None and mask_seats(match["seats"]) == frozenset({0, 3, 9})
    assert match["notation"] == "done" and match["at"] == "34"


async def test_more_moves_than_a_row_of_buttons_become_one_menu() -> None:
    leads = (*(f"lead t{n}" for n in range(1, 7)), "pass")
    view = controls_view(Controls(5, 0, buttons=leads, offered_to=frozenset({2})))
    [menu] = components(view)
    assert isinstance(menu, discord.ui.Select)
    assert [o.value for o in menu.options] == [f"={n}" for n in leads]
    assert MovePicker.__discord_ui_compiled_template__.fullmatch(menu.custom_id or "")
    check_components(view)


async def test_menus_and_buttons_stay_within_discords_limits() -> None:
    long = "x" * 150
    choices = tuple(Choice(f"{long} {n}", f"move {n}", True) for n in range(30))
    view = controls_view(
        Controls(1, 2, buttons=("draw",), prefix="p" * 120, choices=choices, offered_to=None)
    )
    check_components(view)
    _, menu = components(view)
    assert isinstance(menu, discord.ui.Select)
    assert len(menu.options) == limits.SELECT_OPTIONS
    assert all(len(o.label) <= limits.OPTION_TEXT for o in menu.options)
    assert len(menu.custom_id or "") <= limits.CUSTOM_ID
