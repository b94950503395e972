"""The fair clock through the table service: claims on time (`/claim win`, `/claim end`), the
reminders before and after a turn has waited too long, and deadlines across a restart."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from club.catalogue import CATALOGUE
from club.service import TableError, TableService
from club.service.fair_clock import duration, next_reminder
from club.storage import Storage
from tests.service.fixtures import ANN, BOB, CAT, CHANNEL, Clock, serve, sqlite, started
from tests.service.posted import posted

HOUR = 3600.0


async def open_at(store: Storage, clock: Clock, remind_after: float = 0) -> TableService:
    return await serve(store, seed=7, remind_after=remind_after, clock=clock)


@pytest.fixture
async def storage(tmp_path: Path) -> AsyncIterator[Storage]:
    """The SQLite store the `clocked` table runs on (opened by `clocked`, closed after the
    test)."""
    store = sqlite(tmp_path / "bot.sqlite3")
    yield store
    await store.close()


@pytest.fixture
async def clocked(storage: Storage) -> tuple[TableService, Clock]:
    """A Ley Lines game with a 2-hour clock; Ann has moved, so it waits for Bob."""
    clock = Clock()
    service = await open_at(storage, clock)
    await started(service, clock_hours=2)
    clock.now += 5 * HOUR  # Ann kept Bob waiting long, but she moves before any claim
    await service.play.move(CHANNEL, ANN, "L c3")
    return service, clock


async def version(storage: Storage) -> int:
    row = await storage.games.open_in(CHANNEL)
    assert row is not None and row.status == "active"
    return row.version


async def test_a_claim_before_the_limit_says_how_long_is_left_and_changes_nothing(
    clocked: tuple[TableService, Clock],
    storage: Storage,
) -> None:
    service, clock = clocked
    before = await version(storage)
    clock.now += HOUR + 15 * 60
    with pytest.raises(TableError, match=r"Too early.*2 h, so you may claim in 45 min\."):
        await service.claims.claim_win(CHANNEL, ANN)
    with pytest.raises(TableError, match="Too early"):
        await service.claims.claim_end(CHANNEL, ANN)
    clock.now += 45 * 60 - 1
    with pytest.raises(TableError, match="claim in less than a minute"):
        await service.claims.claim_win(CHANNEL, ANN)
    assert await version(storage) == before


async def test_who_may_not_claim(clocked: tuple[TableService, Clock], storage: Storage) -> None:
    service, clock = clocked
    clock.now += 3 * HOUR
    before = await version(storage)
    with pytest.raises(TableError, match="waiting for you"):
        await service.claims.claim_win(CHANNEL, BOB)
    with pytest.raises(TableError, match="not playing"):
        await service.claims.claim_win(CHANNEL, CAT)
    with pytest.raises(TableError, match="no game in this channel"):
        await service.claims.claim_end(CHANNEL + 1, ANN)
    assert await version(storage) == before


async def test_a_claimed_win_is_the_absent_players_resignation(
    clocked: tuple[TableService, Clock],
    storage: Storage,
) -> None:
    service, clock = clocked
    clock.now += 2 * HOUR + 1
    update = await service.claims.claim_win(CHANNEL, ANN)
    said = "Ann claimed the game on time: Bob kept the table waiting over 2 h."
    assert update.finished and update.confirmation == f"Done: {said}"
    assert said in posted(update) and "Ann wins" in posted(update)
    row = await storage.games.get(update.game_id)
    assert row is not None and row.status == "finished" and row.claim_at is None
    [*_, last] = await storage.moves.of(update.game_id)
    assert (last.seat, last.kind, last.notation) == (1, "resign", "resign")
    with pytest.raises(TableError, match="no game"):
        await service.claims.claim_win(CHANNEL, ANN)


async def test_a_claimed_end_closes_the_game_with_no_result(
    clocked: tuple[TableService, Clock],
    storage: Storage,
) -> None:
    service, clock = clocked
    clock.now += 3 * HOUR
    update = await service.claims.claim_end(CHANNEL, ANN)
    [post] = update.told.posts
    said = post.text
    assert said.startswith("The Ley Lines of Mars game in this channel ended with no result.")
    assert "Bob kept the table waiting over 2 h" in said
    assert post.new and post.footer == "**Game over.** No result." and post.controls is None
    assert update.finished and post.mentions == ()
    row = await storage.games.last_in(CHANNEL)
    assert row is not None and row.status == "abandoned"
    assert row.result is not None and row.result.startswith("No result: Ann claimed")
    with pytest.raises(TableError, match="no game"):
        await service.play.move(CHANNEL, BOB, "L d4")


async def test_a_move_restarts_the_clock_for_the_others(
    clocked: tuple[TableService, Clock],
) -> None:
    service, clock = clocked
    clock.now += 2 * HOUR - 60
    await service.play.move(CHANNEL, BOB, "L d4")
    clock.now += HOUR
    with pytest.raises(TableError, match="waiting for you"):
        await service.claims.claim_win(CHANNEL, ANN)
    with pytest.raises(TableError, match="claim in 1 h"):
        await service.claims.claim_win(CHANNEL, BOB)


async def test_the_deadline_survives_a_restart(tmp_path: Path) -> None:
    path, clock = tmp_path / "bot.sqlite3", Clock()
    store = sqlite(path)
    service = await open_at(store, clock)
    await started(service, clock_hours=1)
    await service.play.move(CHANNEL, ANN, "L c3")
    await store.close()

    clock.now += HOUR / 2
    store = sqlite(path)
    restarted = await open_at(store, clock)
    with pytest.raises(TableError, match="claim in 30 min"):
        await restarted.claims.claim_win(CHANNEL, ANN)
    clock.now += HOUR / 2 + 1
    assert (await restarted.claims.claim_win(CHANNEL, ANN)).finished
    await store.close()


async def test_a_table_without_a_clock_has_nothing_to_claim(tmp_path: Path) -> None:
    clock = Clock()
    store = sqlite(tmp_path / "bot.sqlite3")
    service = await open_at(store, clock)
    await service.lobbies.new_lobby(
        guild_id=1, channel_id=CHANNEL, creator=ANN, game_key="leylines", options={"first": 1}
    )
    await service.lobbies.join(CHANNEL, BOB)
    await service.lobbies.start(CHANNEL, ANN)
    await service.play.move(CHANNEL, ANN, "L c3")
    clock.now += 1000 * HOUR
    with pytest.raises(TableError, match="no clock"):
        await service.claims.claim_win(CHANNEL, ANN)
    with pytest.raises(TableError, match=r"clock is the hours a turn may wait: 1 to 72"):
        await service.lobbies.new_lobby(
            guild_id=1,
            channel_id=CHANNEL + 1,
            creator=ANN,
            game_key="leylines",
            options={},
            clock_hours=73,
        )
    assert await store.games.open_in(CHANNEL + 1) is None
    await store.close()


async def test_reminders_at_half_the_clock_then_who_may_claim(tmp_path: Path) -> None:
    """With regular reminders off, a clocked turn still gets a warning at half time, and when
    it has run out the channel is told who may claim; then nothing more."""
    clock = Clock()
    store = sqlite(tmp_path / "bot.sqlite3")
    service = await open_at(store, clock)
    await started(service, clock_hours=4)
    await service.play.move(CHANNEL, ANN, "L c3")
    clock.now += 2 * HOUR - 1
    assert await service.clocks.due_reminders() == []
    clock.now += 1
    [(_, _, warning)] = await service.clocks.due_reminders()
    assert warning.mentions == (BOB.user_id,)
    assert warning.text.endswith(
        "If the turn waits 2 h more, the others may claim the game (`/claim`)."
    )
    clock.now += 2 * HOUR
    [(_, _, told)] = await service.clocks.due_reminders()
    assert told.mentions == (BOB.user_id, ANN.user_id)
    assert told.text == (
        f"<@{BOB.user_id}>: **Ley Lines of Mars** has waited over 4 h for your move, so "
        f"<@{ANN.user_id}> may now `/claim win` or `/claim end` (no result)."
    )
    clock.now += 100 * HOUR
    assert await service.clocks.due_reminders() == []
    await store.close()


def test_the_next_reminder_is_the_earliest_due() -> None:
    now = 1000.0
    assert next_reminder(now, 0, None, 0) is None
    assert next_reminder(now, HOUR, None, 0) == now + HOUR
    claim = now + 4 * HOUR
    assert next_reminder(now, 24 * HOUR, claim, 4) == now + 2 * HOUR
    assert next_reminder(now, HOUR, claim, 4) == now + HOUR
    assert next_reminder(now + 3 * HOUR, 24 * HOUR, claim, 4) == claim
    assert next_reminder(claim, 0, claim, 4) is None
    assert next_reminder(claim, HOUR, claim, 4) == claim + HOUR
    assert [duration(s) for s in (59, 60, 3600, 3660 + 59)] == [
        "less than a minute",
        "1 min",
        "1 h",
        "1 h 1 min",
    ]


async def test_at_a_larger_table_a_claim_removes_the_absent_player_and_play_goes_on(
    tmp_path: Path,
) -> None:
    """Martian Merchants at three: the absent player resigns by the game's rules (the seat is
    skipped) and the two others play on; nobody has won yet."""
    clock = Clock()
    store = sqlite(tmp_path / "bot.sqlite3")
    service = await open_at(store, clock)
    await service.lobbies.new_lobby(
        guild_id=1,
        channel_id=CHANNEL,
        creator=ANN,
        game_key="merchants",
        options={"first": 3},
        clock_hours=1,
    )
    await service.lobbies.join(CHANNEL, BOB)
    await service.lobbies.join(CHANNEL, CAT)
    await service.lobbies.start(CHANNEL, ANN)
    clock.now += HOUR + 1
    update = await service.claims.claim_win(CHANNEL, BOB)
    assert not update.finished
    assert "Bob claimed the game on time: Cat kept the table waiting over 1 h." in (posted(update))
    assert "Cat resigned" in posted(update)
    game, row = CATALOGUE["merchants"].game, await store.games.open_in(CHANNEL)
    assert row is not None and row.state is not None
    actors = game.actors(game.from_json(json.loads(row.state)))
    assert actors and 2 not in actors
    clock.now += HOUR + 1
    with pytest.raises(TableError, match="You have left this game"):
        await service.claims.claim_end(CHANNEL, CAT)
    await store.close()


async def test_a_computer_to_move_keeps_nobody_waiting(tmp_path: Path) -> None:
    clock = Clock()
    store = sqlite(tmp_path / "bot.sqlite3")
    service = await open_at(store, clock)
    await service.lobbies.new_lobby(
        guild_id=1,
        channel_id=CHANNEL,
        creator=ANN,
        game_key="leylines",
        options={"first": 2},
        clock_hours=1,
        computers=1,
        computer_level="random",
    )
    await service.lobbies.start(CHANNEL, ANN)
    clock.now += 2 * HOUR
    with pytest.raises(TableError, match="Nobody is keeping the table waiting"):
        await service.claims.claim_win(CHANNEL, ANN)
    await store.close()


async def test_a_player_the_game_also_waits_for_may_not_claim(tmp_path: Path) -> None:
    """Agents: both players choose objectives at once; neither may claim against the other
    until one has chosen."""
    clock = Clock()
    store = sqlite(tmp_path / "bot.sqlite3")
    service = await open_at(store, clock)
    await service.lobbies.new_lobby(
        guild_id=1, channel_id=CHANNEL, creator=ANN, game_key="agents", options={}, clock_hours=1
    )
    await service.lobbies.join(CHANNEL, BOB)
    await service.lobbies.start(CHANNEL, ANN)
    clock.now += 2 * HOUR
    with pytest.raises(TableError, match="waiting for you"):
        await service.claims.claim_win(CHANNEL, BOB)
    await service.play.move(CHANNEL, ANN, "objectives red=2 green=1 blue=0 yellow=-1")
    clock.now += HOUR + 1
    update = await service.claims.claim_win(CHANNEL, ANN)
    assert update.finished and "Ann wins" in posted(update)
    await store.close()
