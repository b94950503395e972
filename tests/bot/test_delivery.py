"""Delivering an update: the public board as a follow-up, secrets by DM, and a hint (never the
secret) when a DM is refused."""

from __future__ import annotations

import io
from types import SimpleNamespace
from typing import Any, cast

import discord
from PIL import Image

from bot.delivery import publish
from bot.lobby_flow import check_dms
from bot.service import Lobby, Notice, TableUpdate
from engine.leylines import GAME
from tests.bot.fakes import FakeResponse

SECRET = "Your objectives: red 2, green 1, blue 0, yellow -1."


class FakeUser:
    def __init__(self, closed: bool) -> None:
        self.closed = closed
        self.received: list[str] = []

    async def send(self, text: str, **_: Any) -> None:
        if self.closed:
            response = SimpleNamespace(status=403, reason="Forbidden")
            raise discord.Forbidden(
                cast(Any, response), {"code": 50007, "message": "Cannot send messages"}
            )
        self.received.append(text)


class FakeClient:
    def __init__(self, users: dict[int, FakeUser]) -> None:
        self.users = users

    def get_user(self, user_id: int) -> FakeUser:
        return self.users[user_id]


class FakeFollowup:
    def __init__(self) -> None:
        self.sent: list[dict[str, Any]] = []

    async def send(self, text: str, **kwargs: Any) -> None:
        self.sent.append({"text": text, **kwargs})


class FakeInteraction:
    """What delivery touches of a discord.Interaction, for the user with id 7."""

    def __init__(self, client: FakeClient) -> None:
        self.client = client
        self.followup = FakeFollowup()
        self.response = FakeResponse()
        self.user = discord.Object(7)


async def test_public_board_then_dms_with_a_hint_for_closed_dms() -> None:
    open_dms, closed_dms = FakeUser(closed=False), FakeUser(closed=True)
    interaction = FakeInteraction(FakeClient({1: open_dms, 2: closed_dms}))
    state = GAME.new_game(["Ann", "Bob"], {"first": 1}, seed=3)
    update = TableUpdate(
        game_id=1,
        game_key="leylines",
        channel_id=5,
        version=2,
        notices=(
            Notice("Ann placed a pyramid. <@2>, your turn.", GAME.view(state, None), mentions=(2,)),
            Notice(SECRET, user_id=1),
            Notice(SECRET, user_id=2),
        ),
    )
    await publish(cast(Any, interaction.client), update, interaction.followup.send)

    board, hint = interaction.followup.sent
    assert board["text"].startswith("Ann placed")
    assert [u.id for u in board["allowed_mentions"].users] == [2]
    assert board["allowed_mentions"].everyone is False
    file: discord.File = board["file"]
    assert file.description and file.filename.endswith(".png")
    assert Image.open(io.BytesIO(file.fp.read())).format == "PNG"

    assert open_dms.received == [SECRET]
    assert closed_dms.received == []
    assert "<@2>" in hint["text"] and "/secret" in hint["text"]
    assert "objectives" not in hint["text"] and SECRET not in hint["text"]


async def test_joining_a_game_with_secrets_tests_the_dm(monkeypatch: Any) -> None:
    monkeypatch.setattr(GAME, "has_secrets", True)
    for closed in (False, True):
        user = FakeUser(closed=closed)
        interaction = FakeInteraction(FakeClient({7: user}))
        lobby = Lobby(1, "leylines", GAME.title, (), 2, 2, {}, (), 7, "lobby", None)
        await check_dms(cast(Any, interaction), lobby)
        warned = interaction.response.sent
        if closed:
            assert user.received == []
            [(text, ephemeral)] = warned
            assert ephemeral and "/secret" in text
        else:
            assert len(user.received) == 1 and "Ley Lines of Mars" in user.received[0]
            assert warned == []
