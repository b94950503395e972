"""Seats that change hands cleanly, through the table service on SQLite: a stand-in's move
thought before its seat was taken back is refused, a person's own move takes their seat back
from a stand-in, a time away begun after a table's claim opened leaves it open, the days away
are limited in any 30 days, and a table hears of a person's absence at most once an hour."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from club.service import TableError, TableService
from club.service.computers import Turn
from club.storage import Storage
from club.storage.sqlite import SqliteDatabase
from tests.service.fixtures import ANN, BOB, GUILD, Clock

HOUR, DAY = 3600.0, 86400.0
CHANNEL = 10
SEED = 7


@pytest.fixture
async def opened(tmp_path: Path) -> AsyncIterator[tuple[TableService, Storage, Clock]]:
    clock = Clock()
    store = Storage(SqliteDatabase(tmp_path / "bot.sqlite3"))
    await store.open()
    yield TableService(store, seed_source=lambda: SEED, clock=clock), store, clock
    await store.close()


async def waiting_on_bob(service: TableService, clock_hours: int = 1) -> None:
    """A Ley Lines game with a clock of `clock_hours`: Ann has moved, it waits on Bob."""
    await service.lobbies.new_lobby(
        guild_id=GUILD,
        channel_id=CHANNEL,
        creator=ANN,
        game_key="leylines",
        options={"first": 1},
        clock_hours=clock_hours,
    )
    await service.lobbies.join(CHANNEL, BOB)
    await service.lobbies.start(CHANNEL, ANN)
    await service.play.move(CHANNEL, ANN, "L c3")


async def standin_thinking(service: TableService, store: Storage, clock: Clock) -> Turn:
    """Bob's clock has run out, Ann seated a stand-in: the turn it is thinking about."""
    await waiting_on_bob(service)
    clock.now += 2 * HOUR
    await service.claims.claim_standin(CHANNEL, ANN)
    row = await store.games.open_in(CHANNEL)
    assert row is not None
    turn = await service.standins.standin_turn(row.id)
    assert turn is not None and turn.seat == 1
    return turn


async def first_legal(service: TableService, seat: int) -> str:
    table = await service.tables.load(CHANNEL, status="active")
    return table.game.notation(table.game.legal_moves(table.state, seat)[0])


async def test_a_standins_move_after_the_seat_was_taken_back_is_refused(
    opened: tuple[TableService, Storage, Clock],
) -> None:
    """Bob takes his seat back while the stand-in thinks: its move is refused, the seat is
    Bob's to play, and the game, in which no stand-in moved, stays rated."""
    service, store, clock = opened
    turn = await standin_thinking(service, store, clock)
    notation = await first_legal(service, 1)
    said = await service.standins.take_seat_back(CHANNEL, BOB.user_id)
    assert said.startswith("Bob is back and plays their own seat again")
    with pytest.raises(TableError):
        await service.computers.play_computer(turn, notation)
    row = await store.games.open_in(CHANNEL)
    assert row is not None and row.moves_made == 1 and not row.unrated
    assert await store.games.standins(row.id) == {}
    update = await service.play.move(CHANNEL, BOB, notation)
    assert update.public.text.startswith("Bob placed")


async def test_a_standins_move_commits_while_it_holds_the_seat_and_unrates_the_game(
    opened: tuple[TableService, Storage, Clock],
) -> None:
    service, store, clock = opened
    turn = await standin_thinking(service, store, clock)
    assert not await store.games.unrated(turn.game_id)  # nothing played by a stand-in yet
    update = await service.computers.play_computer(turn, await first_legal(service, 1))
    assert update.public.text.startswith("Bob placed")
    assert await store.games.unrated(turn.game_id)


async def test_a_persons_own_move_takes_their_seat_back_from_the_standin(
    opened: tuple[TableService, Storage, Clock],
) -> None:
    """Bob moves himself while a stand-in holds his seat: his move is played, the table is
    told once that he is back, the stand-in leaves, and its pending move is refused."""
    service, store, clock = opened
    turn = await standin_thinking(service, store, clock)
    notation = await first_legal(service, 1)
    update = await service.play.move(CHANNEL, BOB, notation)
    back = "Bob is back and plays their own seat again"
    assert update.public.text.count(back) == 1 and "Bob placed" in update.public.text
    assert "seat" in update.confirmation
    assert await store.games.standins(turn.game_id) == {}
    with pytest.raises(TableError):
        await service.computers.play_computer(turn, notation)
    await service.play.move(CHANNEL, ANN, await first_legal(service, 0))
    assert await service.standins.standin_turn(turn.game_id) is None  # Bob's turn, his own
    later = await service.play.move(CHANNEL, BOB, await first_legal(service, 1))
    assert back not in later.public.text


async def test_a_time_away_begun_after_the_claim_opened_leaves_it_open(
    opened: tuple[TableService, Storage, Clock],
) -> None:
    """Bob's 2-hour clock ran out before he went away: Ann may still claim, and the table is
    told so, not that its clock is paused."""
    service, _, clock = opened
    await waiting_on_bob(service, clock_hours=2)
    clock.now += 3 * HOUR
    _, notes = await service.away.go_away(GUILD, BOB, 14)
    [(channel, note)] = notes
    assert channel == CHANNEL and "paused" not in note and "may still claim" in note
    clock.now += HOUR
    update = await service.claims.claim_win(CHANNEL, ANN)
    assert update.finished and "Ann wins" in update.public.text


async def test_a_time_away_begun_before_the_claim_opened_still_pauses_it(
    opened: tuple[TableService, Storage, Clock],
) -> None:
    service, _, clock = opened
    await waiting_on_bob(service, clock_hours=2)
    clock.now += HOUR
    _, [(_, note)] = await service.away.go_away(GUILD, BOB, 1)
    assert "paused" in note
    clock.now += 2 * HOUR
    with pytest.raises(TableError, match="away until"):
        await service.claims.claim_win(CHANNEL, ANN)
    clock.now += DAY - 2 * HOUR  # back: 1 h of the clock is left
    with pytest.raises(TableError, match="claim in 1 h"):
        await service.claims.claim_win(CHANNEL, ANN)


async def test_days_away_are_limited_to_14_in_any_30_across_a_month_boundary(
    opened: tuple[TableService, Storage, Clock],
) -> None:
    """14 days from 18 January, then 13 more from 1 February were 27 days in a row: refused
    until 30 days after the first began."""
    service, _, clock = opened
    clock.now = 17 * DAY  # 1970-01-18
    await service.away.go_away(GUILD, BOB, 14)
    clock.now = 31 * DAY  # 1970-02-01, back
    with pytest.raises(TableError, match="14 days in any 30") as refused:
        await service.away.go_away(GUILD, BOB, 13)
    assert "<t:" in str(refused.value) and "Nothing was changed" in str(refused.value)
    clock.now = 47 * DAY - 1
    with pytest.raises(TableError, match="14 days in any 30"):
        await service.away.go_away(GUILD, BOB, 1)
    clock.now = 47 * DAY  # 30 days after the first began
    said, _ = await service.away.go_away(GUILD, BOB, 14)
    assert "You are away until" in said


async def test_a_table_hears_of_a_persons_absence_at_most_once_an_hour(
    opened: tuple[TableService, Storage, Clock],
) -> None:
    """`/away 1` then `/away 0`, over and over: the first change is told to the table, the rest
    only to the person, until an hour has passed."""
    service, _, clock = opened
    await waiting_on_bob(service, clock_hours=24)
    told: list[tuple[int, str]] = []
    answers = []
    for _ in range(8):
        for days in (1, 0):
            said, notes = await service.away.go_away(GUILD, BOB, days)
            answers.append(said)
            told.extend(notes)
            clock.now += 60
    assert [channel for channel, _ in told] == [CHANNEL]
    assert sum("Welcome back" in a for a in answers) == 8
    assert sum("You are away until" in a for a in answers) == 8
    clock.now += HOUR
    said, notes = await service.away.go_away(GUILD, BOB, 1)
    assert [channel for channel, _ in notes] == [CHANNEL]


async def test_another_persons_absence_is_told_to_the_same_table(
    opened: tuple[TableService, Storage, Clock],
) -> None:
    """The hourly limit is per person: at a table waiting on both players (Agents, where both
    choose their objectives at once), the second one going away is told of too."""
    service, _, _ = opened
    await service.lobbies.new_lobby(
        guild_id=GUILD,
        channel_id=CHANNEL,
        creator=ANN,
        game_key="agents",
        options={},
        clock_hours=24,
    )
    await service.lobbies.join(CHANNEL, BOB)
    await service.lobbies.start(CHANNEL, ANN)
    _, first = await service.away.go_away(GUILD, ANN, 1)
    _, second = await service.away.go_away(GUILD, BOB, 1)
    assert [c for c, _ in first] == [CHANNEL] and [c for c, _ in second] == [CHANNEL]
