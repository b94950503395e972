"""The first-game word: a person who sits down at a table of a game they have never finished on
this server (joining it, or opening it) is told privately, once per game and process, that
`/learn` teaches it; someone who finished a game of it there is not."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any, cast

import pytest

from bot.lobby.flow import Seating
from club.catalogue import CATALOGUE
from club.service import Lobby, Player, TableService, wording
from tests.bot.test_lobby_message import LobbyPost, interaction, told
from tests.conftest import Backend
from tests.service.fixtures import GUILD, seat

ANN, BOB, CAT = Player(101, "Ann"), Player(202, "Bob"), Player(303, "Cat")
CHANNEL = 1000
WORD = wording.first_game("Martian Merchants", "merchants")


async def finished(service: TableService, game_key: str, *players: Player) -> None:
    """A game of `game_key` between `players`, ended by the last one's resignation."""
    await seat(service, 77, game_key, players)
    await service.play.resign(77, players[-1])


def seating_of(service: TableService) -> Seating:
    courier = SimpleNamespace(tell_table=told, send_dm=None)
    return Seating(service, cast(Any, courier), CATALOGUE)


async def merchants_lobby(service: TableService) -> Lobby:
    return await service.lobbies.new_lobby(
        guild_id=GUILD, channel_id=CHANNEL, creator=ANN, game_key="merchants", options={}
    )


def test_the_word_names_the_lesson_and_the_quick_rules() -> None:
    assert WORD == (
        "First time at Martian Merchants? `/learn merchants` teaches it in a private lesson, "
        "one rule a step, and `/rules merchants` tells it in a minute."
    )


async def test_a_first_game_is_one_never_finished_on_this_server(service: TableService) -> None:
    assert await service.lobbies.first_game(GUILD, BOB.user_id, "merchants")
    await finished(service, "merchants", ANN, BOB)
    assert not await service.lobbies.first_game(GUILD, BOB.user_id, "merchants")
    assert not await service.lobbies.first_game(
        GUILD, ANN.user_id, "merchants"
    )  # the resigned one too
    assert await service.lobbies.first_game(GUILD, BOB.user_id, "leylines")
    assert await service.lobbies.first_game(GUILD + 1, BOB.user_id, "merchants")
    assert not await service.lobbies.first_game(None, CAT.user_id, "merchants")


async def test_an_abandoned_game_is_not_finished(service: TableService) -> None:
    await seat(service, 77, "merchants", (ANN, BOB))
    await service.play.abandon(77, ANN, moderator=True)
    assert await service.lobbies.first_game(GUILD, BOB.user_id, "merchants")


async def test_the_word_is_said_once_across_restarts(backend: Backend) -> None:
    store = backend.store()
    await store.open()
    assert await TableService(store).lobbies.first_game(GUILD, CAT.user_id, "agents")
    assert not await TableService(store).lobbies.first_game(GUILD, CAT.user_id, "agents")
    await store.close()
    store = backend.store()
    await store.open()  # a restarted bot, or another process on the database
    assert not await TableService(store).lobbies.first_game(GUILD, CAT.user_id, "agents")
    assert await TableService(store).lobbies.first_game(GUILD, CAT.user_id, "albiorix")
    await store.close()


@pytest.mark.parametrize("via", ["command", "button"])
async def test_a_first_time_joiner_is_told_once(service: TableService, via: str) -> None:
    await merchants_lobby(service)
    seating = seating_of(service)
    joining = interaction(LobbyPost(""), CAT, via)
    await seating.act(joining, "join")
    assert joining.response.said[-1] == WORD
    await seating.act(interaction(LobbyPost(""), CAT, via), "leave")
    again = interaction(LobbyPost(""), CAT, via)
    await seating.act(again, "join")
    assert WORD not in again.response.said


async def test_who_finished_a_game_of_it_is_not_told(service: TableService) -> None:
    await finished(service, "merchants", BOB, CAT)
    await merchants_lobby(service)
    seating = seating_of(service)
    joining = interaction(LobbyPost(""), BOB, "command")
    await seating.act(joining, "join")
    assert joining.response.said == [f"<@{BOB.user_id}> joined the Martian Merchants table."]


async def test_the_creator_of_a_table_is_told(service: TableService) -> None:
    lobby = await merchants_lobby(service)
    seating = seating_of(service)
    opening = interaction(LobbyPost(""), ANN, "command")
    await seating.welcome(opening, lobby)
    assert opening.response.said == [WORD]
    await seating.welcome(opening, lobby)
    assert opening.response.said == [WORD]


async def test_a_word_that_cannot_be_looked_up_is_left_out(
    service: TableService, monkeypatch: pytest.MonkeyPatch
) -> None:
    await merchants_lobby(service)

    async def broken(*_: Any) -> bool:
        raise RuntimeError("the records cannot be read")

    monkeypatch.setattr(service.lobbies, "first_game", broken)
    joining = interaction(LobbyPost(""), CAT, "command")
    await seating_of(service).act(joining, "join")
    assert joining.response.said == [f"<@{CAT.user_id}> joined the Martian Merchants table."]
    lobby = await service.lobbies.lobby(CHANNEL)
    assert CAT.user_id in {p.user_id for p in lobby.players}
