"""Rematches through the table service: the Rematch button under a finished game's board opens
a lobby with the same game and table, first players alternate, and late or foreign presses
change nothing."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from club.catalogue import CATALOGUE
from club.service import Controls, TableError, TableService
from club.service.alternation import first_mover
from club.storage import Storage
from club.storage.sqlite import SqliteDatabase
from engine.core import choose_first
from tests.conftest import SEED
from tests.service.fixtures import ANN, BOB, CAT, CHANNEL, OTHER_CHANNEL, serve, sqlite
from tests.service.posted import posted


async def finished(
    service: TableService, *, first: int = 1, hints: bool = False, clock_hours: int = 0
) -> int:
    """A Ley Lines game between Ann and Bob (Ann moves first with `first` 1), ended by Bob
    resigning after one move; its id. Its final board offers the Rematch button."""
    await service.lobbies.new_lobby(
        guild_id=1,
        channel_id=CHANNEL,
        creator=ANN,
        game_key="leylines",
        options={"first": first},
        hints=hints,
        clock_hours=clock_hours,
    )
    await service.lobbies.join(CHANNEL, BOB)
    opening = await service.lobbies.start(CHANNEL, ANN)
    mover = ANN if f"<@{ANN.user_id}>, your turn." in posted(opening) else BOB
    await service.play.move(CHANNEL, mover, "L c3")
    update = await service.play.resign(CHANNEL, BOB)
    assert update.finished
    assert update.told.posts[-1].controls == Controls(update.game_id, 2, rematch=True)
    return update.game_id


async def unchanged(storage: Storage, game_id: int) -> None:
    """Nothing was opened: the channel has no open game and `game_id` is still its last."""
    assert await storage.games.open_in(CHANNEL) is None
    last = await storage.games.last_in(CHANNEL)
    assert last is not None and last.id == game_id


async def test_presses_open_the_rematch_then_seat_the_others_and_first_players_alternate(
    service: TableService,
    storage: Storage,
) -> None:
    old = await finished(service, hints=True, clock_hours=12)
    opened = await service.rematches.rematch(CHANNEL, BOB, old)
    assert opened.opened and opened.lobby.players == (BOB,)
    lobby = opened.lobby
    assert lobby.game_key == "leylines" and lobby.options == {"first": 1}
    assert lobby.hints and lobby.clock_hours == 12 and lobby.creator_id == BOB.user_id
    assert f"first: <@{BOB.user_id}> (first players alternate)" in lobby.text
    assert "first: The" not in lobby.text and "clock: 12 hours a turn" in lobby.text
    row = await storage.games.open_in(CHANNEL)
    assert row is not None and row.rematch_of == old and row.first_user == BOB.user_id

    joined = await service.rematches.rematch(CHANNEL, ANN, old)
    assert not joined.opened and joined.lobby.players == (BOB, ANN)
    # Ann moved first in the finished game, so Bob does now, though Ann sits second...
    started = await service.lobbies.start(CHANNEL, ANN)
    assert f"<@{BOB.user_id}>, your turn." in posted(started)
    await service.play.move(CHANNEL, BOB, "L c3")
    ended = await service.play.resign(CHANNEL, ANN)
    # ... and in the rematch of the rematch, Ann again.
    row = await storage.games.get(ended.game_id)
    assert row is not None and first_mover(row) == BOB.user_id
    await service.rematches.rematch(CHANNEL, BOB, ended.game_id)
    await service.rematches.rematch(CHANNEL, ANN, ended.game_id)
    again = await service.lobbies.start(CHANNEL, BOB)
    assert f"<@{ANN.user_id}>, your turn." in posted(again)


async def test_a_random_first_player_alternates_too_and_computers_sit_down_again(
    service: TableService,
    storage: Storage,
) -> None:
    await service.lobbies.new_lobby(
        guild_id=1,
        channel_id=CHANNEL,
        creator=ANN,
        game_key="agents",
        options={"dealt": True},
        computers=1,
        computer_level="easy",
    )
    update = await service.lobbies.start(CHANNEL, ANN)
    await service.play.resign(CHANNEL, ANN)
    first_seat = choose_first(SEED, 2, 0)
    second = [ANN.user_id, -1][1 - first_seat]

    opened = await service.rematches.rematch(CHANNEL, ANN, update.game_id)
    assert opened.lobby.levels == {-1: "easy"} and len(opened.lobby.players) == 2
    assert opened.lobby.options["dealt"] and opened.lobby.options["first"] == 0
    row = await storage.games.open_in(CHANNEL)
    assert row is not None and row.first_user == second
    started = await service.lobbies.start(CHANNEL, ANN)
    row = await storage.games.get(started.game_id)
    assert row is not None and row.state is not None
    assert json.loads(row.state)["first"] == 1 - first_seat


OPENER = {
    "agents": "first",
    "albiorix": "to_move",
    "leylines": "to_move",
    "marsvsearth": "pog",
    "merchants": "turn",
}
"""Where each game's opening state keeps the seat that moves first."""


def test_every_game_opens_with_the_seat_the_rematch_rule_reads() -> None:
    """`first_mover` reads the opening seat as `choose_first` draws it: every game has the
    `first` option and opens with that seat."""
    assert set(OPENER) == set(CATALOGUE)
    for key, game in ((key, entry.game) for key, entry in CATALOGUE.items()):
        assert "first" in {o.name for o in game.options}, key
        players = ["A", "B", "C"][: min(3, game.max_players)]
        for seed in range(5):
            state = game.new_game(players, {}, seed)
            assert getattr(state, OPENER[key]) == choose_first(seed, len(players), 0), key


async def test_a_stale_or_foreign_press_is_refused_and_changes_nothing(
    service: TableService,
    storage: Storage,
) -> None:
    old = await finished(service)
    with pytest.raises(TableError, match=r"Only the players of that game.*`/join`"):
        await service.rematches.rematch(CHANNEL, CAT, old)
    await unchanged(storage, old)
    with pytest.raises(TableError, match="not one of this channel's"):
        await service.rematches.rematch(OTHER_CHANNEL, ANN, old)
    with pytest.raises(TableError, match="not one of this channel's"):
        await service.rematches.rematch(CHANNEL, ANN, old + 100)
    await unchanged(storage, old)

    await service.rematches.rematch(CHANNEL, ANN, old)
    with pytest.raises(TableError, match="already seated"):
        await service.rematches.rematch(CHANNEL, ANN, old)
    await service.lobbies.join(CHANNEL, CAT)  # anyone may /join the rematch's lobby
    with pytest.raises(TableError, match="full"):
        await service.rematches.rematch(CHANNEL, BOB, old)
    await service.lobbies.start(CHANNEL, ANN)
    with pytest.raises(TableError, match="already started"):
        await service.rematches.rematch(CHANNEL, BOB, old)
    with pytest.raises(TableError, match="did not finish"):
        await service.rematches.rematch(CHANNEL, ANN, old + 1)  # the rematch itself, in play
    rematch = await storage.games.open_in(CHANNEL)
    assert rematch is not None and rematch.version == 2  # Cat joined, Ann started: no more


async def test_another_game_or_a_newer_one_makes_the_button_stale(
    service: TableService,
    storage: Storage,
) -> None:
    old = await finished(service)
    await service.lobbies.new_lobby(
        guild_id=1, channel_id=CHANNEL, creator=CAT, game_key="albiorix", options={}
    )
    with pytest.raises(TableError, match="Another game is open"):
        await service.rematches.rematch(CHANNEL, ANN, old)
    await service.lobbies.leave(CHANNEL, CAT)  # the other lobby is emptied, but it was a newer game
    with pytest.raises(TableError, match="newer game"):
        await service.rematches.rematch(CHANNEL, ANN, old)
    assert await storage.games.open_in(CHANNEL) is None


async def test_an_emptied_rematch_lobby_can_be_opened_again_after_a_restart(
    tmp_path: Path,
) -> None:
    path = tmp_path / "bot.sqlite3"
    store = sqlite(path)
    service = await serve(store)
    old = await finished(service)
    await service.rematches.rematch(CHANNEL, BOB, old)
    await service.lobbies.leave(CHANNEL, BOB)
    await store.close()

    store = sqlite(path)
    restarted = await serve(store)
    opened = await restarted.rematches.rematch(CHANNEL, ANN, old)
    assert opened.opened and opened.lobby.players == (ANN,)
    assert f"first: <@{BOB.user_id}>" in opened.lobby.text
    await store.close()


async def test_an_abandoned_game_has_no_rematch(service: TableService, storage: Storage) -> None:
    await service.lobbies.new_lobby(
        guild_id=1, channel_id=CHANNEL, creator=ANN, game_key="leylines", options={}
    )
    await service.lobbies.join(CHANNEL, BOB)
    update = await service.lobbies.start(CHANNEL, ANN)
    await service.play.abandon(CHANNEL, ANN, moderator=True)
    with pytest.raises(TableError, match="did not finish"):
        await service.rematches.rematch(CHANNEL, ANN, update.game_id)
    assert await storage.games.open_in(CHANNEL) is None


async def test_store_reopened_keeps_a_rematchs_first_player(tmp_path: Path) -> None:
    path = tmp_path / "bot.sqlite3"
    store = Storage(SqliteDatabase(path))
    service = await serve(store)
    old = await finished(service)
    await service.rematches.rematch(CHANNEL, ANN, old)
    await store.close()
    store = sqlite(path)
    restarted = await serve(store)
    await restarted.lobbies.join(CHANNEL, BOB)
    started = await restarted.lobbies.start(CHANNEL, ANN)
    assert f"<@{BOB.user_id}>, your turn." in posted(started)
    await store.close()
