"""`/rules <game>` answers privately with the game's quick start and a **Full rules** button; the
button, whose custom id names the game (so it works after a restart), sends the full guide in
as many private messages as Discord's limit needs."""

from __future__ import annotations

import re
from types import SimpleNamespace
from typing import Any, cast

import discord
import pytest

from bot.courier import limits
from bot.info.cog import FULL_RULES, InfoCommands, RulesButton
from club.catalogue import CATALOGUE


class Said:
    """`interaction.response` and `interaction.followup`: each message sent, with its parts."""

    def __init__(self) -> None:
        self.sent: list[dict[str, Any]] = []

    def is_done(self) -> bool:
        return bool(self.sent)

    async def send_message(self, text: str, **parts: Any) -> None:
        self.sent.append({"text": text, **parts})

    async def send(self, text: str, **parts: Any) -> None:
        self.sent.append({"text": text, **parts})


class Asking:
    """An interaction with the bot, whose catalogue is `CATALOGUE`."""

    def __init__(self) -> None:
        self.response = self.followup = Said()
        self.extras: dict[str, Any] = {}
        self.client = SimpleNamespace(catalogue=CATALOGUE)


@pytest.mark.parametrize("key", sorted(CATALOGUE))
async def test_rules_opens_with_the_quick_start_and_a_button(key: str) -> None:
    asking = Asking()
    info = InfoCommands(CATALOGUE)
    await info.rules.callback(info, cast(Any, asking), key)
    [answer] = asking.response.sent
    assert answer["ephemeral"] is True
    assert answer["text"] == f"{CATALOGUE[key].guide.quick}\n{FULL_RULES}"
    assert len(answer["text"]) <= limits.CONTENT
    view: discord.ui.View = answer["view"]
    [button] = view.children
    assert isinstance(button, RulesButton)
    assert (button.item.label, button.item.custom_id) == ("Full rules", f"mars:rules:{key}")


@pytest.mark.parametrize("key", sorted(CATALOGUE))
async def test_full_rules_sends_the_whole_guide_privately(key: str) -> None:
    pattern = re.compile(RulesButton.__discord_ui_compiled_template__.pattern)
    match = pattern.fullmatch(f"mars:rules:{key}")
    assert match is not None
    asking = Asking()
    button = await RulesButton.from_custom_id(cast(Any, asking), cast(Any, None), match)
    await button.callback(cast(Any, asking))
    pages = [message["text"] for message in asking.response.sent]
    assert pages == limits.split(CATALOGUE[key].guide.full, limits.CONTENT)
    assert all(message["ephemeral"] for message in asking.response.sent)
    assert all(len(page) <= limits.CONTENT for page in pages)
    assert len(pages) > 1 or len(CATALOGUE[key].guide.full) <= limits.CONTENT


async def test_full_rules_of_a_game_no_longer_here_says_so() -> None:
    asking = Asking()
    await RulesButton("chess").callback(cast(Any, asking))
    [answer] = asking.response.sent
    assert answer["ephemeral"] and "no longer here" in answer["text"]
