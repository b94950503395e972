"""The Rematch button: a finished game's controls become it, and its custom id carries the
finished game's id (so a restarted bot still answers it)."""

from __future__ import annotations

import discord

from bot.client import components
from bot.courier.delivery import check_components
from bot.lobby.rematch import RematchButton
from club.service import Controls
from tests.bot.test_controls import components as items


async def test_a_finished_games_controls_are_one_rematch_button() -> None:
    view = components(Controls(42, 17, rematch=True))
    [button] = items(view)
    assert isinstance(button, discord.ui.Button) and button.label == "Rematch"
    assert button.custom_id == "mars:rematch:42"
    match = RematchButton.__discord_ui_compiled_template__.fullmatch(button.custom_id)
    assert match is not None and match["game_id"] == "42"
    check_components(view)


async def test_other_controls_stay_move_controls() -> None:
    [button] = items(components(Controls(42, 17, buttons=("draw",))))
    assert isinstance(button, discord.ui.Button) and button.custom_id == "mars:do:42:17::draw"
    assert components(None) is None
