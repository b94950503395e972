"""A change of a game in play that is not a move (abandoned, its channel gone, a stand-in
seated or given back) is an action like any other: one transaction records its move row (of
an explicit kind, never replayed as an engine move) and the outbox entry that tells the
channel, which the one projection shows."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from club.service import TableService
from club.storage import Storage
from club.storage.rows import Living
from tests.service.fixtures import ANN, BOB, CAT, CHANNEL, Clock, serve, sqlite, started

HOUR = 3600.0
TITLE = "Ley Lines of Mars"


@pytest.fixture
async def opened(tmp_path: Path) -> AsyncIterator[tuple[TableService, Storage, Clock]]:
    """A Ley Lines game with a 1-hour clock; Ann has moved, so it waits for Bob."""
    clock = Clock()
    store = sqlite(tmp_path / "bot.sqlite3")
    served = await serve(store, clock=clock)
    await started(served, clock_hours=1)
    await served.play.move(CHANNEL, ANN, "L c3")
    yield served, store, clock
    await store.close()


async def game_id(store: Storage) -> int:
    row = await store.games.last_in(CHANNEL)
    assert row is not None
    return row.id


async def test_an_abandoned_game_records_the_abandon_and_tells_the_channel(
    opened: tuple[TableService, Storage, Clock],
) -> None:
    tables, store, _ = opened
    game = await game_id(store)
    await tables.play.abandon(CHANNEL, CAT, moderator=True)
    said = f"The {TITLE} game in this channel was abandoned by a moderator."  # Cat: not seated
    *_, last = await store.moves.of(game)
    assert (last.seq, last.seat, last.kind, last.said) == (2, -1, "abandon", said)
    row = await store.games.last_in(CHANNEL)
    assert row is not None and (row.status, row.result) == ("abandoned", None)
    delivery = await tables.deliveries.delivery(game)
    assert delivery is not None
    final = delivery.posts[-1]
    assert final.text == f"{said}\n**Game over.** No result."
    assert final.new and final.controls is None and final.mentions == ()
    record = (await tables.history.record(CHANNEL)).text
    assert f"2. The game ended with no result - {said}" in record


async def test_a_gone_channel_ends_the_game_and_drops_what_it_had_to_tell(
    opened: tuple[TableService, Storage, Clock],
) -> None:
    tables, store, _ = opened
    game = await game_id(store)
    await tables.deliveries.channel_gone(game)
    *_, last = await store.moves.of(game)
    assert (last.kind, last.said) == ("abandon", "Its channel is gone.")
    row = await store.games.last_in(CHANNEL)
    assert row is not None and (row.status, row.result) == ("abandoned", "Its channel is gone.")
    assert await store.outbox.pending(game) == []


async def test_a_stand_in_seated_and_given_back_are_actions_a_replay_steps_over(
    opened: tuple[TableService, Storage, Clock],
) -> None:
    tables, store, clock = opened
    game = await game_id(store)
    clock.now += 2 * HOUR
    seated = await tables.claims.claim_standin(CHANNEL, ANN)
    [post] = seated.told.posts
    assert post.new and "Ann seated a stand-in (easy computer) for Bob" in post.text
    turn = await tables.standins.standin_turn(game)
    assert turn is not None and turn.moves_made == 2  # the seat's change is move 2
    table = await tables.tables.load(CHANNEL, status="active")
    notation = table.game.notation(table.game.legal_moves(table.state, 1)[0])
    await tables.computers.play_computer(turn, notation)
    back = await tables.standins.take_seat_back(CHANNEL, BOB.user_id)
    assert back.told.posts[-1].text.startswith("Bob is back and plays their own seat again")
    assert await store.games.standins(game) == {}
    await tables.play.resign(CHANNEL, ANN)
    moves = await store.moves.of(game)
    assert [(m.kind, m.seat) for m in moves] == [
        ("move", 0), ("standin", 1), ("move", 1), ("back", 1), ("resign", 0),
    ]  # fmt: skip
    record = (await tables.history.record(CHANNEL)).text
    assert "2. A stand-in (easy computer) took Bob's seat - Ann seated a stand-in" in record
    assert "4. Bob took their seat back - Bob is back" in record
    replay = await tables.history.replay(CHANNEL)
    views = [frame.view for frame in replay.frames]
    assert len(views) == len(moves) + 1
    assert views[2] == views[1] and views[4] == views[3]  # the position stayed as it was


async def test_a_delivery_between_the_load_and_the_commit_is_not_told_over(
    opened: tuple[TableService, Storage, Clock], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The poll tells the game's last updates while a move is being decided (its table
    loaded): the move's own update is then told from the database, with the board message
    that delivery left, not from the one the request loaded before it."""
    tables, store, _ = opened
    game = await game_id(store)
    board = Living(555, "", "")
    checked = tables.tables.check_fresh

    async def polled_meanwhile(*args: Any) -> int:
        waiting = await tables.deliveries.delivery(game)
        assert waiting is not None
        await tables.deliveries.delivered(waiting, board)
        return await checked(*args)

    monkeypatch.setattr(tables.tables, "check_fresh", polled_meanwhile)
    update = await tables.play.move(CHANNEL, BOB, "L d4")
    assert update.queued is None
    told = await tables.deliveries.delivery(game, update.queued)
    assert told is not None and told.living.message_id == board.message_id
