"""The lobby message shows the seats the database holds, even when an older edit of it would
arrive last: here the first action's edit is held on its way (as a slow or retried request is)
until a later action has changed the lobby, on each store."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from types import SimpleNamespace
from typing import Any, cast

import discord
import pytest

from bot.lobby.flow import Seating
from club.catalogue import CATALOGUE
from club.service import Player, TableService
from club.service.lobbies import STARTED
from tests.service.fixtures import ANN, BOB, CAT, CHANNEL

MESSAGE = 555
"""The lobby message's id."""


class LobbyPost:
    """The lobby message as Discord holds it. Its first edit, once `hold` is set, is held on
    its way until `hold` fires: its content is what the bot sent, applied when it arrives."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.open = True
        self.hold: asyncio.Event | None = None

    async def edit(self, *, content: str, view: discord.ui.View) -> None:
        hold, self.hold = self.hold, None
        if hold is not None:
            await hold.wait()
        self.text = content
        rows = view.to_components()
        self.open = not all(c.get("disabled") for row in rows for c in row["components"])


class Answers:
    """`interaction.response` and `interaction.followup`: what the user was told."""

    def __init__(self) -> None:
        self.said: list[str] = []
        self.deferred = False

    def is_done(self) -> bool:
        return self.deferred or bool(self.said)

    async def defer(self, **_: Any) -> None:
        self.deferred = True

    async def send_message(self, text: str, **_: Any) -> None:
        self.said.append(text)

    async def send(self, text: str, **_: Any) -> None:
        self.said.append(text)


def interaction(post: LobbyPost, player: Player, via: str) -> Any:
    """`player`'s interaction in the lobby's channel: a slash command, or a button of the lobby
    message."""

    def partial_message(message_id: int) -> LobbyPost:
        assert message_id == MESSAGE
        return post

    channel = SimpleNamespace(get_partial_message=partial_message)
    answers = Answers()
    button = via == "button"
    return SimpleNamespace(
        type=(
            discord.InteractionType.component
            if button
            else discord.InteractionType.application_command
        ),
        channel_id=CHANNEL,
        guild_id=1,
        user=SimpleNamespace(id=player.user_id, display_name=player.name),
        message=SimpleNamespace(id=MESSAGE) if button else None,
        response=answers,
        followup=answers,
        edit_original_response=post.edit,
        client=SimpleNamespace(get_partial_messageable=lambda channel_id: channel),
        extras={},
        command=None,
    )


async def told(*_: Any, **__: Any) -> None:
    """The courier's telling of the table (nothing to tell here)."""


async def lobby_of_three(service: TableService) -> tuple[Seating, LobbyPost]:
    """A Merchants of Mars lobby (4 seats) with Ann and Bob seated, and its message."""
    lobby = await service.lobbies.new_lobby(
        guild_id=1, channel_id=CHANNEL, creator=ANN, game_key="merchants", options={}
    )
    await service.lobbies.set_lobby_message(lobby.game_id, MESSAGE)
    lobby = await service.lobbies.join(CHANNEL, BOB)
    seating = Seating(service, cast(Any, SimpleNamespace(tell_table=told)), CATALOGUE)
    return seating, LobbyPost(lobby.text)


def release_after(
    service: TableService, name: str, by: Player, held: asyncio.Event
) -> Callable[..., Awaitable[Any]]:
    """The lobbies' `name` (join, start), which lets the held edit go once `by`'s has
    returned."""
    action = getattr(service.lobbies, name)

    async def acting(channel_id: int, player: Player, *rest: Any) -> Any:
        done = await action(channel_id, player, *rest)
        if player == by:
            held.set()
        return done

    return acting


@pytest.mark.parametrize("via", ["command", "button"])
async def test_a_join_edited_after_a_later_one_leaves_every_seat_shown(
    service: TableService, monkeypatch: pytest.MonkeyPatch, via: str
) -> None:
    seating, post = await lobby_of_three(service)
    post.hold = asyncio.Event()
    dan = Player(404, "Dan")
    monkeypatch.setattr(service.lobbies, "join", release_after(service, "join", dan, post.hold))
    await asyncio.gather(
        seating.act(interaction(post, CAT, via), "join"),
        seating.act(interaction(post, dan, via), "join"),
    )
    lobby = await service.lobbies.lobby(CHANNEL)
    assert [p.user_id for p in lobby.players] == [ANN.user_id, BOB.user_id, CAT.user_id, 404]
    assert post.text == lobby.text and "Seated (4/4)" in post.text and post.open


@pytest.mark.parametrize("via", ["command", "button"])
async def test_a_join_edited_after_the_start_leaves_the_lobby_shown_started(
    service: TableService, monkeypatch: pytest.MonkeyPatch, via: str
) -> None:
    seating, post = await lobby_of_three(service)
    post.hold = asyncio.Event()
    monkeypatch.setattr(service.lobbies, "start", release_after(service, "start", ANN, post.hold))
    await asyncio.gather(
        seating.act(interaction(post, CAT, via), "join"),
        seating.act(interaction(post, ANN, via), "start"),
    )
    assert post.text == STARTED and not post.open
