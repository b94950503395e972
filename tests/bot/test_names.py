"""A display name written like a mention or markdown reads as itself in messages and pictures."""

from __future__ import annotations

import io
import re
from typing import Any, cast

import pytest
from PIL import Image

from bot.courier.replies import player_of, safe_name
from club.service import Player, TableService
from render.leylines import RENDERER
from render.text import drawable

BOB_ID = 202_000_000_000_000_000
HOSTILE = (
    f"<@{BOB_ID}>",
    "@everyone",
    "**bob**",
    "||x||",
    "~~ann~~",
    "`ann`",
    "[bob](https://example.com)",
    "# ann",
    "-# ann",
    "> ann",
    "_ann_",
    "ann\\",
)


@pytest.mark.parametrize(
    ("name", "safe"),
    [
        (f"<@{BOB_ID}>", f"\u2039@\u200b{BOB_ID}\u203a"),
        ("<#123>", "\u2039#123\u203a"),
        ("@everyone", "@\u200beveryone"),
        ("@here", "@\u200bhere"),
        ("**bob**", "\\*\\*bob\\*\\*"),
        ("||x||", "\\|\\|x\\|\\|"),
        ("_ann_", "\\_ann\\_"),
        ("[bob](https://example.com)", "\\[bob\\](https://example.com)"),
        ("# ann", "\\# ann"),
        ("-# ann", "\\-# ann"),
        ("ann\\", "ann\\\\"),
    ],
)
def test_markup_in_a_name_is_neutralised(name: str, safe: str) -> None:
    assert safe_name(name) == safe


@pytest.mark.parametrize("name", ["cool_guy_99", "Jean-Luc", "ann#2", "Zoë", "Mr. Smith"])
def test_ordinary_names_are_kept(name: str) -> None:
    assert safe_name(name) == name


@pytest.mark.parametrize("name", HOSTILE)
def test_a_neutral_name_still_draws_as_itself(name: str) -> None:
    """The pictures' font has every character (no `?`), and the name's letters stay in order."""
    drawn = drawable(safe_name(name))
    assert "?" not in drawn
    letters = re.sub(r"\W", "", name)
    assert re.sub(r"\W", "", drawn.replace("\\", "")) == letters


class FakeUser:
    def __init__(self, display_name: str) -> None:
        self.id = 7
        self.display_name = display_name


def test_a_player_enters_the_bot_under_the_safe_name() -> None:
    interaction = cast(Any, type("Interaction", (), {"user": FakeUser("**ann**")})())
    assert player_of(interaction) == Player(7, "\\*\\*ann\\*\\*")


async def test_moves_of_a_player_named_like_a_mention_never_mention_anyone(
    service: TableService,
) -> None:
    """The line that tells the impostor's move mentions nobody and names them as written; the
    only mentions are the bot's own turn pings, and the board still draws."""
    impostor = Player(101, safe_name(f"<@{BOB_ID}>"))
    bob = Player(BOB_ID, safe_name("**bob**"))
    await service.lobbies.new_lobby(
        guild_id=1, channel_id=1, creator=impostor, game_key="leylines", options={"first": 1}
    )
    await service.lobbies.join(1, bob)
    updates = [
        await service.lobbies.start(1, impostor),
        await service.play.move(1, impostor, "L c3"),
    ]
    texts = [
        t for u in updates for t in (*(p.text for p in u.told.posts), *(n.text for n in u.told.dms))
    ]
    lines = [line for text in texts for line in text.splitlines()]
    [told] = [line for line in lines if "placed" in line]
    assert told.startswith(f"\u2039@\u200b{BOB_ID}\u203a placed") and "<@" not in told
    pings = [line for line in lines if "<@" in line]
    assert all(re.fullmatch(r"(<@\d+>, your turn\.|.*begins: <@\d+>, <@\d+>\.)", p) for p in pings)
    assert not any("**bob**" in line for line in lines)
    view = next(v for v in updates[-1].told.views if v is not None)
    image = Image.open(io.BytesIO(RENDERER.render(view).png))
    image.load()
