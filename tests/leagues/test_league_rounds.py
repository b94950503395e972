"""A league's rounds on the service: paired once and stored, tables opened in their threads in
the pairing's seat order, results read back, the deadline and absent seats, drops, and the
standings and reasons."""

from __future__ import annotations

import pytest

from club.leagues.events import Actor, LeagueSpec
from club.service import Player, TableService
from club.storage import Storage
from club.storage.leagues import NewRound
from club.storage.privacy import former_id
from tests.leagues.venue import Processes, Venue, people, processes
from tests.service.fixtures import ANN, CHANNEL, GUILD, Clock

ADMIN = Actor(ANN, manages_server=True)
__all__ = ["processes"]  # the fixture
HOUR = 3600.0


async def started(
    service: TableService, spec: LeagueSpec, players: list[Player], venue: Venue
) -> int:
    events = service.leagues.events
    league = await events.create(GUILD, CHANNEL, ADMIN, spec)
    for player in players:
        await events.join(league.id, player)
    await events.start(league.id, ADMIN)
    await service.leagues.rounds.advance(league.id, venue)
    return league.id


async def tables_of(store: Storage, league_id: int, round_number: int) -> list[tuple[int, ...]]:
    """Each table's seats, in seat order, as its game seats them."""
    seated = []
    for table in await store.leagues.tables(league_id, round_number):
        assert table.game_id is not None
        row = await store.games.get(table.game_id)
        assert row is not None
        seated.append(tuple(s.user_id for s in row.seats))
    return seated


async def resign_second_seats(service: TableService, store: Storage, league_id: int) -> None:
    """At each open table of the league's round, the second seat resigns (the first wins)."""
    league = await store.leagues.get(league_id)
    assert league is not None
    for table in await store.leagues.tables(league_id, league.round):
        assert table.game_id is not None and table.thread_id is not None
        row = await store.games.get(table.game_id)
        assert row is not None
        if row.status == "active":
            second = row.seats[1]
            await service.play.resign(table.thread_id, Player(second.user_id, second.display_name))


async def test_a_swiss_round_is_paired_once_and_played_in_threads(processes: Processes) -> None:
    venue, clock = Venue(), Clock()
    service, store = await processes.start(clock=clock)
    five = people(5)
    spec = LeagueSpec("Autumn", "leylines", "swiss", rounds=2, rated=False)
    league_id = await started(service, spec, five, venue)
    [(_, first_round, byes)] = venue.rounds
    assert first_round == 1
    assert len(byes) == 1
    seated = await tables_of(store, league_id, 1)
    pairings = await store.leagues.pairings(league_id, 1)
    assert seated == [tuple(p.user_id for p in pairings if p.table_number == n) for n in (1, 2)]
    for table in await store.leagues.tables(league_id, 1):
        assert table.thread_id == venue.threads[(league_id, 1, table.number)]
        row = await store.games.get(table.game_id or 0)
        assert row is not None and row.channel_id == table.thread_id
        assert row.status == "active" and row.unrated and row.clock_hours == 24
        live = await service.tables.decode(row)
        assert live.actor_ids() == (row.seats[0].user_id,)  # the first seat moves first
    assert len(venue.started) == 2
    again = await service.leagues.rounds.advance(league_id, venue)
    assert again.paired is None and not again.opened  # nothing twice (the venue asserts it)
    restarted, _ = await processes.start(clock=clock)
    assert (await restarted.leagues.rounds.advance(league_id, venue)).paired is None

    await resign_second_seats(service, store, league_id)
    progress = await service.leagues.rounds.advance(league_id, venue)
    assert progress.paired == 2 and len(progress.ended) == 2
    points = [t.points for t in await store.leagues.tables(league_id, 1)]
    assert points == [(1.0, 0.0), (1.0, 0.0)]
    assert all(venue.pings[(league_id, r, p.user_id)] <= 1 for r in (1, 2) for p in five)
    assert [r for _, r, _ in venue.rounds] == [1, 2]
    league = await store.leagues.get(league_id)
    assert league is not None and league.deadline == clock.now + 72 * HOUR

    await resign_second_seats(service, store, league_id)
    progress = await service.leagues.rounds.advance(league_id, venue)
    assert progress.finished and venue.over == [league_id]
    board = await service.leagues.standings(league)
    assert [line.score for line in board.lines][:1] == [2.0]
    assert sum(line.score for line in board.lines) == 6.0  # 4 tables and 2 byes, 1 point each
    why = await service.leagues.why(league, byes[0])
    assert why.startswith("Round 2, ")


async def test_the_deadline_ends_a_table_by_the_claim_rules(processes: Processes) -> None:
    venue, clock = Venue(), Clock()
    service, store = await processes.start(clock=clock)
    spec = LeagueSpec("Quick", "leylines", "swiss", rounds=1, round_hours=48, clock_hours=30)
    pair = people(2)
    league_id = await started(service, spec, pair, venue)
    [table] = await store.leagues.tables(league_id, 1)
    row = await store.games.get(table.game_id or 0)
    assert row is not None
    first = row.seats[0].user_id
    clock.now += 47 * HOUR
    assert (await service.leagues.rounds.advance(league_id, venue)).ended == []
    clock.now += 2 * HOUR
    progress = await service.leagues.rounds.advance(league_id, venue)
    assert progress.finished
    [table] = await store.leagues.tables(league_id, 1)
    assert table.points == (0.0, 1.0)  # the game waited on the first seat: it lost
    ended = await store.games.get(table.game_id or 0)
    assert ended is not None and ended.status == "finished" and ended.seats[0].user_id == first


@pytest.mark.parametrize("absent", ["forfeit", "standin"])
async def test_a_seat_out_of_time_forfeits_or_gets_a_stand_in(
    processes: Processes, absent: str
) -> None:
    venue, clock = Venue(), Clock()
    service, store = await processes.start(clock=clock)
    spec = LeagueSpec("Clocked", "leylines", "swiss", rounds=1, clock_hours=12, absent=absent)
    league_id = await started(service, spec, people(2), venue)
    [table] = await store.leagues.tables(league_id, 1)
    clock.now += 11 * HOUR
    assert (await service.leagues.rounds.advance(league_id, venue)).absent == []
    clock.now += 2 * HOUR
    progress = await service.leagues.rounds.advance(league_id, venue)
    row = await store.games.get(table.game_id or 0)
    assert row is not None
    assert progress.absent == [row.seats[0].user_id]
    if absent == "forfeit":
        assert progress.finished and row.status == "finished"
    else:
        assert row.status == "active"
        assert await store.games.standins(row.id) == {row.seats[0].user_id: "easy"}


async def test_a_dropped_player_resigns_and_is_not_paired_again(processes: Processes) -> None:
    venue = Venue()
    service, store = await processes.start()
    four = people(4)
    spec = LeagueSpec("Drops", "leylines", "swiss", rounds=2)
    league_id = await started(service, spec, four, venue)
    league = await service.leagues.events.drop(league_id, Actor(four[0]), four[0].user_id)
    update = await service.leagues.rounds.drop_seat(league, four[0].user_id)
    assert update is not None and update.finished
    await resign_second_seats(service, store, league_id)
    await service.leagues.rounds.advance(league_id, venue)
    paired = {p.user_id for p in await store.leagues.pairings(league_id, 2)}
    assert paired == {p.user_id for p in four[1:]}
    board = await service.leagues.standings(league)
    assert [line.left for line in board.lines if line.user_id == four[0].user_id] == [0]


async def test_a_pause_stops_the_deadline_and_the_start_resumes_it(processes: Processes) -> None:
    venue, clock = Venue(), Clock()
    service, store = await processes.start(clock=clock)
    spec = LeagueSpec("Paused", "leylines", "swiss", rounds=1, round_hours=10, clock_hours=8)
    league_id = await started(service, spec, people(2), venue)
    league = await store.leagues.get(league_id)
    assert league is not None and league.deadline is not None
    clock.now += 4 * HOUR
    await service.leagues.events.pause(league_id, ADMIN)
    clock.now += 20 * HOUR  # past the deadline and the clock, paused: nothing happens
    assert (await service.leagues.rounds.advance(league_id, venue)).ended == []
    resumed = await service.leagues.events.start(league_id, ADMIN)
    assert resumed.status == "running" and resumed.deadline == league.deadline + 20 * HOUR
    clock.now += 5 * HOUR
    assert (await service.leagues.rounds.advance(league_id, venue)).ended == []
    clock.now += 1 * HOUR
    assert (await service.leagues.rounds.advance(league_id, venue)).finished


async def test_forgetting_a_player_keeps_the_standings_under_a_former_player(
    processes: Processes,
) -> None:
    venue = Venue()
    service, store = await processes.start()
    two = people(2)
    league_id = await started(service, LeagueSpec("Gone", "leylines", "swiss", 1), two, venue)
    gone, kept = two[0].user_id, two[1].user_id
    named = NewRound(((kept, gone),), (), {kept: (f"avoided a rematch with {{p:{gone}}}",)})
    assert await store.leagues.store_round(league_id, 2, named, 0.0)
    exported = await store.privacy.tables_of(gone)
    assert [row["league_id"] for row in exported["league sign-ups"]] == [league_id]
    assert {row["round"] for row in exported["league pairings"]} == {1, 2}
    number = await store.privacy.request_forget(two[0].user_id, 0.0)
    await store.privacy.anonymise(two[0].user_id, number, 0.0)
    former = [p for p in await store.leagues.players(league_id) if p.user_id != two[1].user_id]
    assert [p.display_name for p in former] == [f"Former player {number}"]
    ids = {p.user_id for p in await store.leagues.pairings(league_id)}
    assert two[0].user_id not in ids and two[1].user_id in ids
    reasons = " ".join(p.reason for p in await store.leagues.pairings(league_id))
    assert str(gone) not in reasons and f"{{p:{former_id(number)}}}" in reasons


async def test_a_table_that_ends_moves_its_league_on_and_no_other(processes: Processes) -> None:
    venue, clock = Venue(), Clock()
    service, store = await processes.start(clock=clock)
    spec = LeagueSpec("Winter", "leylines", "swiss", rounds=2, rated=False)
    league_id = await started(service, spec, people(4), venue)
    rounds = service.leagues.rounds
    [first, second] = await store.leagues.tables(league_id, 1)
    assert first.game_id is not None and second.game_id is not None
    assert await rounds.advance_for_game(first.game_id + 1000, venue) is None  # no league's
    await resign_second_seats(service, store, league_id)
    progress = await rounds.advance_for_game(second.game_id, venue)
    assert progress is not None and progress.paired == 2 and len(progress.ended) == 2
    assert [r for _, r, _ in venue.rounds] == [1, 2]
