"""Computer players through the table service: seating them, their turns, hints, and whole
games in which every seat is played by the search."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pytest

from bot.workers.thinking import think
from club.catalogue import CATALOGUE
from club.service import STALE, Player, TableError, TableService, Turn
from club.storage import Storage
from club.storage.rows import SeatRow
from tests.service.posted import dms, posted
from tests.service.secret_numbers import WITH_NUMBERS

ANN = Player(101, "Ann")
BOB = Player(202, "Bob")
CHANNEL = 1000
LARGEST = 5
"""The largest table a whole game of computers is played at (a game's largest, if smaller)."""
MOVES_BEFORE_RESIGNING = 400


async def lobby_with_computers(
    service: TableService, game_key: str, computers: int, level: str = "random", **table: Any
) -> None:
    await service.lobbies.new_lobby(
        guild_id=1,
        channel_id=CHANNEL,
        creator=ANN,
        game_key=game_key,
        options={},
        computers=computers,
        computer_level=level,
        **table,
    )


async def seats(storage: Storage) -> tuple[SeatRow, ...]:
    row = await storage.games.open_in(CHANNEL)
    assert row is not None
    return row.seats


def players(game_key: str) -> int:
    """The table size a whole game of `game_key` is played at."""
    return min(LARGEST, max(CATALOGUE[game_key].sizes))


def chosen(turn: Turn) -> str:
    """What the search picks for `turn`, as a thinking worker does."""
    return think(turn)


async def test_computer_players_take_named_seats_with_their_level(
    service: TableService, storage: Storage
) -> None:
    await lobby_with_computers(service, "merchants", 2, "random")
    lobby = await service.lobbies.add_computer(CHANNEL, ANN, "random")
    assert [(s.user_id, s.display_name, s.level) for s in await seats(storage)] == [
        (ANN.user_id, "Ann", None),
        (-1, "Ada (computer)", "random"),
        (-2, "Bram (computer)", "random"),
        (-3, "Cleo (computer)", "random"),
    ]
    assert "**Ada (computer)** (random)" in lobby.text
    assert "<@-" not in lobby.text
    lobby = await service.lobbies.remove_computer(CHANNEL, ANN)
    assert [p.name for p in lobby.players] == ["Ann", "Ada (computer)", "Bram (computer)"]
    lobby = await service.lobbies.add_computer(CHANNEL, ANN, "random")
    assert lobby.players[-1].name == "Cleo (computer)"  # the freed name is taken again


async def test_seating_computers_is_refused_beyond_the_table_or_by_outsiders(
    service: TableService,
    storage: Storage,
) -> None:
    with pytest.raises(TableError, match="at most 2 players"):
        await lobby_with_computers(service, "leylines", 2)
    assert await storage.games.open_in(CHANNEL) is None  # nothing was opened
    with pytest.raises(TableError, match="no level 'wild'"):
        await lobby_with_computers(service, "leylines", 1, "wild")
    await lobby_with_computers(service, "leylines", 1)
    with pytest.raises(TableError, match="full"):
        await service.lobbies.add_computer(CHANNEL, ANN, "easy")
    with pytest.raises(TableError, match="not playing"):
        await service.lobbies.remove_computer(CHANNEL, BOB)
    await service.lobbies.remove_computer(CHANNEL, ANN)
    with pytest.raises(TableError, match="No computer player"):
        await service.lobbies.remove_computer(CHANNEL, ANN)


async def test_a_level_shows_in_the_lobby(service: TableService) -> None:
    await lobby_with_computers(service, "albiorix", 1, "hard")
    assert "**Ada (computer)** (hard)" in (await service.lobbies.lobby(CHANNEL)).text


@pytest.mark.parametrize("catalogue", [WITH_NUMBERS])  # Secret Numbers: hidden, no kit
async def test_no_searching_computer_in_a_game_the_search_cannot_play(
    service: TableService,
) -> None:
    with pytest.raises(TableError, match="cannot play Secret Numbers yet"):
        await lobby_with_computers(service, "numbers", 1, "easy")
    await lobby_with_computers(service, "numbers", 0)
    with pytest.raises(TableError, match="cannot play Secret Numbers yet"):
        await service.lobbies.add_computer(CHANNEL, ANN, "hard")
    await service.lobbies.add_computer(CHANNEL, ANN, "random")  # a random player needs no search


async def test_a_computer_is_named_not_pinged_and_told_nothing_privately(
    service: TableService,
    storage: Storage,
) -> None:
    await lobby_with_computers(service, "agents", 1)
    opening = await service.lobbies.start(CHANNEL, ANN)
    [entry] = [o.payload for o in await storage.outbox.pending(opening.game_id)]
    assert {p["user"] for p in entry["private"]} == {ANN.user_id}  # the computer is sent nothing
    assert {n.user_id for n in dms(opening)} == {ANN.user_id}
    assert "<@-1>" not in posted(opening)


async def test_the_computer_plays_its_turn_and_a_stale_choice_changes_nothing(
    service: TableService,
    storage: Storage,
) -> None:
    await service.lobbies.new_lobby(
        guild_id=1, channel_id=CHANNEL, creator=ANN, game_key="leylines", options={"first": 2},
        computers=1, computer_level="random",
    )  # fmt: skip
    game_id = (await service.lobbies.start(CHANNEL, ANN)).game_id
    turn = await service.computers.computer_turn(game_id)
    assert turn is not None and (turn.seat, turn.level, turn.moves_made) == (1, "random", 0)
    update = await service.computers.play_computer(turn, chosen(turn))
    assert posted(update).startswith("Ada (computer) placed")
    assert f"<@{ANN.user_id}>, your turn." in posted(update)
    assert await service.computers.computer_turn(game_id) is None  # Ann's turn now
    with pytest.raises(TableError, match=STALE):
        await service.computers.play_computer(turn, chosen(turn))
    assert (await storage.games.get(game_id) or pytest.fail()).moves_made == 1


async def test_hints_only_where_the_table_allows_them_and_only_to_who_may_act(
    service: TableService,
    storage: Storage,
) -> None:
    await lobby_with_computers(service, "albiorix", 1, hints=True)
    await service.lobbies.start(CHANNEL, ANN)
    row = await storage.games.open_in(CHANNEL)
    assert row is not None and row.hints
    turn = await service.computers.hint_turn(CHANNEL, ANN.user_id)
    assert (turn.seat, turn.level) == (0, "normal")
    with pytest.raises(TableError, match="not playing"):
        await service.computers.hint_turn(CHANNEL, BOB.user_id)
    await service.play.move(CHANNEL, ANN, chosen(turn))
    with pytest.raises(TableError, match="nothing to do now"):
        await service.computers.hint_turn(CHANNEL, ANN.user_id)


async def test_no_hints_at_a_table_that_did_not_allow_them(service: TableService) -> None:
    await lobby_with_computers(service, "albiorix", 1)
    await service.lobbies.start(CHANNEL, ANN)
    with pytest.raises(TableError, match="does not allow hints"):
        await service.computers.hint_turn(CHANNEL, ANN.user_id)


@pytest.mark.parametrize("game_key", sorted(CATALOGUE))
async def test_a_game_of_computers_runs_to_its_end_through_the_service(
    game_key: str, service: TableService, storage: Storage
) -> None:
    """Every seat but the creator's is a computer player (random level: the search is tested in
    tests/ai); the creator plays seeded random moves from what autocomplete offers, and resigns
    after `MOVES_BEFORE_RESIGNING` (random play in Agents rarely completes an objective)."""
    rng = random.Random(game_key)
    await lobby_with_computers(service, game_key, players(game_key) - 1)
    game_id = (await service.lobbies.start(CHANNEL, ANN)).game_id
    for _ in range(MOVES_BEFORE_RESIGNING):
        turn = await service.computers.computer_turn(game_id)
        if turn is not None:
            update = await service.computers.play_computer(turn, chosen(turn))
        else:
            offered = await service.looking.suggestions(CHANNEL, ANN.user_id, "")
            update = await service.play.move(CHANNEL, ANN, rng.choice(offered))
        if update.finished:
            break
    else:
        await service.play.resign(CHANNEL, ANN)
    row = await storage.games.get(game_id)
    assert row is not None and row.status == "finished" and row.result


@pytest.mark.parametrize(
    ("game_key", "level"), [("agents", "easy"), ("merchants", "easy"), ("marsvsearth", "easy")]
)
async def test_searching_computers_play_games_with_secrets_and_dice(
    game_key: str, level: str, service: TableService, storage: Storage
) -> None:
    """Every seat a computer at a searching level (the creator's moves chosen at the same level
    from the creator's seat): a few turns are chosen from the stored state, as a worker does,
    and committed."""
    await lobby_with_computers(service, game_key, players(game_key) - 1, level, hints=True)
    game_id = (await service.lobbies.start(CHANNEL, ANN)).game_id
    for _ in range(6):
        turn = await service.computers.computer_turn(game_id)
        if turn is None:
            mine = await service.computers.hint_turn(CHANNEL, ANN.user_id)
            await service.play.move(CHANNEL, ANN, chosen(replace(mine, level=level)))
        else:
            await service.computers.play_computer(turn, chosen(turn))
    row = await storage.games.get(game_id)
    assert row is not None and row.moves_made == 6
