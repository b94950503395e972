"""The table service and the store, on a real SQLite file and a real PostgreSQL database."""

from __future__ import annotations

import asyncio
import json
import threading
import time
from pathlib import Path

import aiosqlite
import pytest

from club.service import Controls, TableError, TableService, wording
from club.storage import Storage
from club.storage.migrations import rendered
from club.storage.rows import ChannelBusy, Commit, StaleGame
from engine.core import GameError
from engine.leylines import GAME as LEYLINES
from engine.leylines.state import LeyLinesState
from tests.conftest import Backend
from tests.service.fixtures import (
    ANN,
    BOB,
    CAT,
    CHANNEL,
    OTHER_CHANNEL,
    Clock,
    serve,
    sqlite,
    started,
)
from tests.service.posted import pinged, posted


async def test_lobby_flow_seats_in_joining_order(service: TableService) -> None:
    lobby = await service.lobbies.new_lobby(
        guild_id=1, channel_id=CHANNEL, creator=ANN, game_key="leylines", options={}
    )
    assert [p.name for p in lobby.players] == ["Ann"]
    assert lobby.options == {"first": 0}
    assert "Options: first: random" in lobby.text
    lobby = await service.lobbies.join(CHANNEL, BOB)
    assert [p.name for p in lobby.players] == ["Ann", "Bob"]
    assert "Bob" not in lobby.text and f"<@{BOB.user_id}>" in lobby.text
    update = await service.lobbies.start(CHANNEL, BOB)
    [opening] = update.told.posts
    assert "Ley Lines of Mars" in opening.text and opening.view is not None
    assert opening.new and len(opening.mentions) == 1


async def test_joining_twice_is_refused(service: TableService) -> None:
    await service.lobbies.new_lobby(
        guild_id=1, channel_id=CHANNEL, creator=ANN, game_key="leylines", options={}
    )
    with pytest.raises(TableError, match="already seated"):
        await service.lobbies.join(CHANNEL, ANN)


async def test_a_full_table_refuses_a_third_player(service: TableService) -> None:
    await service.lobbies.new_lobby(
        guild_id=1, channel_id=CHANNEL, creator=ANN, game_key="leylines", options={}
    )
    await service.lobbies.join(CHANNEL, BOB)
    with pytest.raises(TableError, match="full"):
        await service.lobbies.join(CHANNEL, CAT)
    assert len((await service.lobbies.lobby(CHANNEL)).players) == 2


async def test_start_too_early_and_by_a_non_member(service: TableService, storage: Storage) -> None:
    await service.lobbies.new_lobby(
        guild_id=1, channel_id=CHANNEL, creator=ANN, game_key="leylines", options={}
    )
    with pytest.raises(TableError, match="at least 2 players"):
        await service.lobbies.start(CHANNEL, ANN)
    await service.lobbies.join(CHANNEL, BOB)
    with pytest.raises(TableError, match="not playing"):
        await service.lobbies.start(CHANNEL, CAT)
    assert (await storage.games.open_in(CHANNEL)).status == "lobby"  # type: ignore[union-attr]


async def test_leave_moves_seats_up_and_the_last_leaver_closes_the_lobby(
    service: TableService,
    storage: Storage,
) -> None:
    await service.lobbies.new_lobby(
        guild_id=1, channel_id=CHANNEL, creator=ANN, game_key="leylines", options={}
    )
    await service.lobbies.join(CHANNEL, BOB)
    lobby = await service.lobbies.leave(CHANNEL, ANN)
    assert [(p.name) for p in lobby.players] == ["Bob"]
    row = await storage.games.open_in(CHANNEL)
    assert row is not None and row.seat_of(BOB.user_id) == 0
    with pytest.raises(TableError, match="not playing"):
        await service.lobbies.leave(CHANNEL, CAT)
    closed = await service.lobbies.leave(CHANNEL, BOB)
    assert closed.status == "abandoned"
    assert await storage.games.open_in(CHANNEL) is None
    with pytest.raises(TableError, match="lobby is closed"):
        await service.lobbies.join(CHANNEL, CAT, game_id=closed.game_id)


async def test_options_are_checked(service: TableService) -> None:
    with pytest.raises(GameError, match="Unknown option"):
        await service.lobbies.new_lobby(
            guild_id=1, channel_id=CHANNEL, creator=ANN, game_key="leylines", options={"x": 1}
        )
    with pytest.raises(GameError, match="must be at least 0"):
        await service.lobbies.new_lobby(
            guild_id=1, channel_id=CHANNEL, creator=ANN, game_key="leylines", options={"first": -1}
        )
    with pytest.raises(TableError, match="no game called"):
        await service.lobbies.new_lobby(
            guild_id=1, channel_id=CHANNEL, creator=ANN, game_key="chess", options={}
        )
    await service.lobbies.new_lobby(
        guild_id=1, channel_id=CHANNEL, creator=ANN, game_key="leylines", options={"first": 3}
    )
    await service.lobbies.join(CHANNEL, BOB)
    with pytest.raises(TableError, match="no player 3"):
        await service.lobbies.start(CHANNEL, ANN)


async def test_one_game_per_channel(service: TableService) -> None:
    await started(service)
    with pytest.raises(ChannelBusy):
        await service.lobbies.new_lobby(
            guild_id=1, channel_id=CHANNEL, creator=CAT, game_key="leylines", options={}
        )
    await started(service, OTHER_CHANNEL)


async def test_moves_are_checked_applied_and_logged(
    service: TableService, storage: Storage
) -> None:
    await started(service)
    with pytest.raises(TableError, match="not your turn"):
        await service.play.move(CHANNEL, BOB, "L c3")
    with pytest.raises(TableError, match="not playing"):
        await service.play.move(CHANNEL, CAT, "L c3")
    with pytest.raises(TableError, match="not a placement"):
        await service.play.move(CHANNEL, ANN, "castle kingside")
    update = await service.play.move(CHANNEL, ANN, "l C3")
    assert "Ann placed a large pyramid on c3." in posted(update)
    assert pinged(update) == (BOB.user_id,)
    assert f"<@{BOB.user_id}>" in posted(update)
    with pytest.raises(TableError, match="already taken"):
        await service.play.move(CHANNEL, BOB, "S c3")
    assert [m.notation for m in await storage.moves.of(update.game_id)] == ["L c3"]
    history = (await service.history.record(CHANNEL)).text
    assert "1. Ann: L c3 - Ann placed a large pyramid on c3." in history


async def test_autocomplete_lists_all_own_legal_moves_filtered(service: TableService) -> None:
    """All of them: the autocomplete handler keeps the 25 Discord shows."""
    await started(service)
    everything = await service.looking.suggestions(CHANNEL, ANN.user_id, "")
    assert len(everything) > 25 and len(set(everything)) == len(everything)
    assert await service.looking.suggestions(CHANNEL, ANN.user_id, "cap f") == [
        f"cap f{row}" for row in range(1, 7)
    ]
    assert await service.looking.suggestions(CHANNEL, BOB.user_id, "") == []
    assert await service.looking.suggestions(CHANNEL, CAT.user_id, "") == []
    assert await service.looking.suggestions(OTHER_CHANNEL, ANN.user_id, "") == []


async def test_autocomplete_reads_legal_moves_worked_out_off_the_event_loop(
    backend: Backend, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = LEYLINES
    generate, loop_thread = game.generate, threading.get_ident()

    def generate_off_the_loop(state: LeyLinesState, seat: int) -> object:
        assert threading.get_ident() != loop_thread, "legal moves worked out on the event loop"
        return generate(state, seat)

    monkeypatch.setattr(game, "generate", generate_off_the_loop)
    earlier = backend.store()
    before = await serve(earlier)
    await started(before)
    await before.play.move(CHANNEL, ANN, "L c3")  # the commit's thread works out Bob's moves
    assert "M d4" in await before.looking.suggestions(CHANNEL, BOB.user_id, "M d")
    await earlier.close()
    later = backend.store()
    after = await serve(later)  # after a restart the state is decoded in a thread
    try:
        assert await after.looking.suggestions(CHANNEL, BOB.user_id, "cap f1") == ["cap f1"]
    finally:
        await later.close()


async def test_a_control_outlived_by_its_user_changes_nothing(
    service: TableService, storage: Storage
) -> None:
    await started(service)
    row = await storage.games.open_in(CHANNEL)
    assert row is not None
    await service.play.move(CHANNEL, ANN, "L c3", Controls(row.id, 0))
    await service.play.move(CHANNEL, BOB, "L d4", Controls(row.id, 0))  # Bob has not moved since
    with pytest.raises(TableError, match="moved on"):
        await service.play.move(CHANNEL, ANN, "L e5", Controls(row.id, 0))
    await service.play.move_in_game(ANN, "L e5", Controls(row.id, 1))  # shown after Ann's move
    with pytest.raises(StaleGame):
        await storage.moves.record(row, Commit(1, "move", "L d4", "{}", None, "", {}))
    assert len(await storage.moves.of(row.id)) == 3


async def test_a_typed_move_repeated_before_the_first_applied_is_refused(
    service: TableService,
) -> None:
    await started(service)
    typed = time.time()
    await service.play.move(CHANNEL, ANN, "L c3", sent_at=typed)
    with pytest.raises(TableError, match="earlier action was applied"):
        await service.play.move(CHANNEL, ANN, "L c3", sent_at=typed)
    await service.play.move(CHANNEL, BOB, "L d4", sent_at=time.time())


async def test_a_control_offered_to_others_is_refused(
    service: TableService, storage: Storage
) -> None:
    await started(service)
    row = await storage.games.open_in(CHANNEL)
    assert row is not None
    offered_to_ann = Controls(row.id, 0, offered_to=frozenset({0}))
    await service.play.move(CHANNEL, ANN, "L c3")
    with pytest.raises(TableError, match="moved on"):  # Bob is asked now, but not by that one
        await service.play.move(CHANNEL, BOB, "L d4", offered_to_ann)
    await service.play.move(CHANNEL, BOB, "L d4", Controls(row.id, 1, offered_to=frozenset({1})))


async def test_two_moves_at_once_apply_exactly_once(
    service: TableService, storage: Storage
) -> None:
    await started(service)
    results = await asyncio.gather(
        service.play.move(CHANNEL, ANN, "L c3"),
        service.play.move(CHANNEL, ANN, "L d4"),
        return_exceptions=True,
    )
    assert sum(not isinstance(r, BaseException) for r in results) == 1
    assert sum(isinstance(r, TableError) for r in results) == 1
    row = await storage.games.open_in(CHANNEL)
    assert row is not None
    assert len(await storage.moves.of(row.id)) == 1


async def test_two_processes_racing_on_one_database_apply_once(backend: Backend) -> None:
    one, other = backend.store(), backend.store()
    first, second = await serve(one), await serve(other)
    try:
        await started(first)
        results = await asyncio.gather(
            first.play.move(CHANNEL, ANN, "L c3"),
            second.play.move(CHANNEL, ANN, "L d4"),
            return_exceptions=True,
        )
        assert sum(not isinstance(r, BaseException) for r in results) == 1
        row = await one.games.open_in(CHANNEL)
        assert row is not None and len(await one.moves.of(row.id)) == 1
    finally:
        await one.close()
        await other.close()


async def test_restart_mid_game_continues_from_the_same_position(backend: Backend) -> None:
    earlier = backend.store()
    before = await serve(earlier)
    await started(before)
    await before.play.move(CHANNEL, ANN, "L c3")
    await before.play.move(CHANNEL, BOB, "M d4")
    game_id = (await earlier.games.open_in(CHANNEL) or pytest.fail()).id
    board_before = await before.deliveries.public_view(game_id)
    await earlier.close()

    later = backend.store()
    after = await serve(later)
    try:
        assert await after.deliveries.public_view(game_id) == board_before
        with pytest.raises(TableError, match="not your turn"):
            await after.play.move(CHANNEL, BOB, "S e5")
        await after.play.move(CHANNEL, ANN, "S e5")
        row = await later.games.open_in(CHANNEL)
        assert row is not None
        assert [m.notation for m in await later.moves.of(row.id)] == ["L c3", "M d4", "S e5"]
    finally:
        await later.close()


async def test_a_corrupted_snapshot_breaks_only_its_own_game(
    service: TableService, storage: Storage
) -> None:
    await started(service)
    await started(service, OTHER_CHANNEL)
    db = storage.db
    await db.execute(
        'UPDATE games SET state = \'{"version": 1, "board": 7}\' WHERE channel_id = ?', (CHANNEL,)
    )
    with pytest.raises(TableError, match="could not be loaded"):
        await service.play.move(CHANNEL, ANN, "L c3")
    with pytest.raises(TableError, match="could not be loaded"):
        await service.looking.repost_board(CHANNEL)
    await db.execute("UPDATE games SET state = 'not json' WHERE channel_id = ?", (CHANNEL,))
    with pytest.raises(TableError, match="could not be loaded"):
        await service.play.move(CHANNEL, ANN, "L c3")
    assert await service.looking.suggestions(CHANNEL, ANN.user_id, "") == []
    await service.play.move(OTHER_CHANNEL, ANN, "L c3")
    message = await service.play.abandon(CHANNEL, CAT, moderator=True)
    assert isinstance(message, str) and "abandoned" in message  # closed without a move
    await started(service)


async def test_resign_and_a_whole_game_record_the_result(
    service: TableService, storage: Storage
) -> None:
    await started(service)
    update = await service.play.resign(CHANNEL, BOB)
    assert update.finished
    assert "Ann wins (Bob resigned)." in posted(update)
    assert await storage.games.open_in(CHANNEL) is None
    last = await storage.games.last_in(CHANNEL)
    assert (
        last is not None and last.status == "finished" and last.result == "Ann wins (Bob resigned)."
    )
    with pytest.raises(TableError, match="no game"):
        await service.play.move(CHANNEL, ANN, "L a1")
    assert "Result: Ann wins (Bob resigned)." in (await service.history.record(CHANNEL)).text


async def test_a_full_game_through_the_service(service: TableService, storage: Storage) -> None:
    await started(service)
    players = {0: ANN, 1: BOB}
    while True:
        row = await storage.games.open_in(CHANNEL)
        if row is None:
            break
        state = json.loads(row.state or "{}")
        player = players[state["to_move"]]
        choice = (await service.looking.suggestions(CHANNEL, player.user_id, ""))[0]
        update = await service.play.move(CHANNEL, player, choice)
    assert update.finished
    assert "Game over." in posted(update)
    assert pinged(update) == ()
    last = await storage.games.last_in(CHANNEL)
    assert last is not None and last.status == "finished"
    assert len(await storage.moves.of(last.id)) == 35


async def test_abandon_needs_a_moderator_except_for_a_lobby_creator(
    service: TableService,
    storage: Storage,
) -> None:
    await service.lobbies.new_lobby(
        guild_id=1, channel_id=CHANNEL, creator=ANN, game_key="leylines", options={}
    )
    with pytest.raises(TableError, match="moderator"):
        await service.play.abandon(CHANNEL, BOB, moderator=False)
    await service.play.abandon(CHANNEL, ANN, moderator=False)
    await started(service)
    with pytest.raises(TableError, match="moderator"):
        await service.play.abandon(CHANNEL, ANN, moderator=False)
    await service.play.abandon(CHANNEL, CAT, moderator=True)
    assert (await storage.games.last_in(CHANNEL)).status == "abandoned"  # type: ignore[union-attr]


async def test_secret_in_a_game_without_secrets(service: TableService) -> None:
    await started(service)
    notice = await service.looking.secret(CHANNEL, ANN.user_id)
    assert "no secret" in notice.text
    with pytest.raises(TableError, match="not playing"):
        await service.looking.secret(CHANNEL, CAT.user_id)


async def test_migrations_are_recorded_and_rerun_safely(tmp_path: Path) -> None:
    path = tmp_path / "bot.sqlite3"
    for _ in range(2):
        store = sqlite(path)
        await store.open()
        await store.close()
    async with aiosqlite.connect(path) as db:
        async with db.execute("PRAGMA user_version") as cursor:
            assert (await cursor.fetchone()) == (len(rendered("sqlite")),)
        async with db.execute("PRAGMA journal_mode") as cursor:
            assert (await cursor.fetchone()) == ("wal",)


async def test_an_older_database_keeps_its_games_and_moves_when_migrated(
    tmp_path: Path,
) -> None:
    path = tmp_path / "bot.sqlite3"
    async with aiosqlite.connect(path) as db:
        for number, script in enumerate(rendered("sqlite")[:2], start=1):
            await db.executescript(f"BEGIN; {script}; PRAGMA user_version = {number}; COMMIT;")
        await db.execute(
            "INSERT INTO games (id, channel_id, game_key, options, seed, status, creator_id, "
            "created_at, updated_at) VALUES (1, 5, 'leylines', '{}', 9, 'active', 1, 0, 0)"
        )
        await db.execute("INSERT INTO moves VALUES (1, 1, 0, 'move', 'L c3', 0)")
        await db.commit()
    store = sqlite(path)
    await store.open()
    [move] = await store.moves.of(1)
    assert (move.kind, move.notation) == ("move", "L c3")
    game = await store.games.get(1)
    assert game is not None and game.phase is None and game.phase_deadline is None
    await store.close()


async def test_turn_reminders_come_after_the_deadline_and_survive_a_restart(
    backend: Backend,
) -> None:
    clock, hour = Clock(), 3600.0
    store = backend.store()
    service = await serve(store, seed=7, remind_after=hour, clock=clock)
    await started(service)
    clock.now += hour - 1
    assert await service.clocks.due_reminders() == []
    await service.play.move(CHANNEL, ANN, "L c3")  # the move resets the deadline
    clock.now += hour - 1
    assert await service.clocks.due_reminders() == []
    clock.now += 2
    [(_, channel, notice)] = await service.clocks.due_reminders()
    assert channel == CHANNEL and notice.mentions == (BOB.user_id,)
    assert f"<@{BOB.user_id}>" in notice.text and "Ley Lines of Mars" in notice.text
    assert await service.clocks.due_reminders() == []  # next one an hour later
    await store.close()

    store = backend.store()
    await store.open()
    restarted = TableService(store, remind_after=hour, clock=clock)
    clock.now += hour
    [(_, _, again)] = await restarted.clocks.due_reminders()
    assert again.mentions == (BOB.user_id,)
    await restarted.play.resign(CHANNEL, BOB)
    clock.now += 10 * hour
    assert await restarted.clocks.due_reminders() == []
    await store.close()


async def test_reminders_off_set_no_deadline(service: TableService, storage: Storage) -> None:
    await started(service)
    row = await storage.games.open_in(CHANNEL)
    assert row is not None and row.deadline is None
    assert await service.clocks.due_reminders() == []


async def test_between_tables_the_board_is_the_last_finished_games_end(
    service: TableService,
    storage: Storage,
) -> None:
    await started(service)
    await service.play.move(CHANNEL, ANN, "L c3")
    await service.play.resign(CHANNEL, BOB)
    game_id = await service.looking.repost_board(CHANNEL)
    *_, shown = await storage.outbox.pending(game_id)
    assert shown.payload["fresh"] is True
    assert shown.payload["said"] == "**Ley Lines of Mars**, the final board after 2 moves."
    await started(service)
    await service.play.abandon(CHANNEL, ANN, moderator=True)
    with pytest.raises(TableError, match="There is no game in this channel"):
        await service.looking.repost_board(CHANNEL)
    await service.lobbies.new_lobby(
        guild_id=1, channel_id=CHANNEL, creator=ANN, game_key="leylines", options={}
    )
    with pytest.raises(TableError, match="has not started yet"):
        await service.looking.repost_board(CHANNEL)


async def test_the_final_board_tells_the_result_once_and_counts_one_move(
    service: TableService,
) -> None:
    """`/board` between tables: the heading counts the moves in words (`1 move`), and the
    result is told once, by the board's footer."""
    await started(service)
    await service.play.resign(CHANNEL, ANN)
    game_id = await service.looking.repost_board(CHANNEL)
    delivery = await service.deliveries.delivery(game_id)
    assert delivery is not None
    board = delivery.posts[-1]
    text = "\n".join([*board.narration, board.footer])
    assert text == (
        "**Ley Lines of Mars**, the final board after 1 move.\n"
        "**Game over.** Bob wins (Ann resigned)."
    )


async def test_a_merchants_lobby_says_how_long_a_game_runs(service: TableService) -> None:
    lobby = await service.lobbies.new_lobby(
        guild_id=1, channel_id=CHANNEL, creator=ANN, game_key="merchants", options={}
    )
    assert "as soon as someone builds 3 stations" in lobby.text
    assert "(80 turns at 2 players)" in lobby.text  # a lobby of one counts the fewest
    await service.lobbies.join(CHANNEL, BOB)
    lobby = await service.lobbies.join(CHANNEL, CAT)
    assert "(120 turns at 3 players)" in lobby.text
    leylines = await service.lobbies.new_lobby(
        guild_id=1, channel_id=OTHER_CHANNEL, creator=ANN, game_key="leylines", options={}
    )
    assert "turns at" not in leylines.text


async def test_a_new_table_follows_the_servers_settings(
    service: TableService, storage: Storage
) -> None:
    """`/settings`: the channels that may hold tables, and the clock of a table opened
    without one (an explicit `clock:0` keeps it off)."""
    await service.servers.change_settings(1, channels=(OTHER_CHANNEL,), clock_hours=24)
    with pytest.raises(TableError, match=f"Tables on this server are played in <#{OTHER_CHANNEL}>"):
        await service.lobbies.new_lobby(
            guild_id=1, channel_id=CHANNEL, creator=ANN, game_key="leylines", options={}
        )
    assert await storage.games.open_in(CHANNEL) is None
    lobby = await service.lobbies.new_lobby(
        guild_id=1, channel_id=OTHER_CHANNEL, creator=ANN, game_key="leylines", options={}
    )
    assert lobby.clock_hours == 24
    await service.play.abandon(OTHER_CHANNEL, ANN, moderator=True)
    lobby = await service.lobbies.new_lobby(
        guild_id=1,
        channel_id=OTHER_CHANNEL,
        creator=ANN,
        game_key="leylines",
        options={},
        clock_hours=0,
    )
    assert lobby.clock_hours == 0


async def test_the_board_says_a_game_is_unrated_once_a_computer_stood_in(
    service: TableService,
    storage: Storage,
) -> None:
    await started(service)
    await service.play.move(CHANNEL, ANN, "L c3")
    row = await storage.games.open_in(CHANNEL)
    assert row is not None and not row.unrated
    board = await service.deliveries.delivery(row.id)
    assert board is not None and all(wording.UNRATED not in p.footer for p in board.posts)
    await storage.games.mark_unrated(row.id)
    await service.looking.repost_board(CHANNEL)
    board = await service.deliveries.delivery(row.id)
    assert board is not None and board.posts[-1].footer.endswith(f"\n{wording.UNRATED}")
