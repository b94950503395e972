"""A league's month on an injected clock (service tier): a 16-player, 5-round Ley Lines Swiss
with 48-hour rounds and a 24-hour table clock (absent seats forfeit) in which two players
vanish, with a restart in the middle; and a 20-player Mars vs. Earth table Swiss whose tables
all end at the deadline by the claim rules.

The Swiss players follow a script: at a table of two present players the higher-numbered one
resigns at their first turn (the lower plays its first legal move until then), so the lower
wins; a vanished player never acts, so their clock runs out and they forfeit. The expected
standings are tallied in this test from the stored pairings and that script alone (scores,
Buchholz and Sonneborn-Berger by their definitions), independently of the league's own
results and standings."""

from __future__ import annotations

from collections import Counter, defaultdict

from club.leagues.events import Actor, LeagueSpec
from club.service import TableService
from club.storage import Storage
from tests.leagues.venue import Processes, Venue, people, processes
from tests.service.fixtures import ANN, CHANNEL, GUILD, Clock

__all__ = ["processes"]  # the fixture
HOUR = 3600.0
ADMIN = Actor(ANN, manages_server=True)
ROUNDS, ROUND_HOURS = 5, 48


async def play_an_hour(
    service: TableService, store: Storage, league_id: int, vanished: set[int]
) -> None:
    """Every present player to move at a table of the league's round acts by the script."""
    league = await store.leagues.get(league_id)
    assert league is not None
    for table in await store.leagues.tables(league_id, league.round):
        row = None if table.game_id is None else await store.games.get(table.game_id)
        if row is None or row.status != "active" or table.thread_id is None:
            continue
        live = await service.tables.decode(row)
        for seat in live.actors():
            user = live.players[seat]
            if user.user_id in vanished:
                continue
            others = [p.user_id for p in live.players if p.user_id != user.user_id]
            if any(user.user_id > o and o not in vanished for o in others):
                await service.play.resign(table.thread_id, user)
            else:
                move = live.game.legal_moves(live.state, seat)[0]
                await service.play.move(table.thread_id, user, live.game.notation(move))
            break


def expected_winner(seats: tuple[int, ...], vanished: set[int]) -> int:
    """The script's winner: the lower-numbered present player; of two vanished players, the
    second seat (the first, to move, forfeits)."""
    present = [u for u in seats if u not in vanished]
    return min(present) if present else seats[1]


async def tally(store: Storage, league_id: int, vanished: set[int]) -> dict[int, tuple[float, ...]]:
    """Each player's (score, Buchholz, Sonneborn-Berger) from the stored pairings and the
    script, by the definitions (a bye: 1 point, adding to neither tie-break)."""
    score: Counter[int] = Counter()
    met: defaultdict[int, list[tuple[int, float]]] = defaultdict(list)
    seats: defaultdict[tuple[int, int], list[int]] = defaultdict(list)
    for p in await store.leagues.pairings(league_id):
        if p.table_number is None:
            score[p.user_id] += 1
        else:
            seats[(p.round, p.table_number)].append(p.user_id)
    for table in seats.values():
        winner = expected_winner(tuple(table), vanished)
        for user in table:
            [other] = [u for u in table if u != user]
            earned = 1.0 if user == winner else 0.0
            score[user] += earned
            met[user].append((other, earned))
    return {
        user: (
            score[user],
            sum(score[o] for o, _ in met[user]),
            sum(e * score[o] for o, e in met[user]),
        )
        for user in score
    }


async def test_a_month_of_swiss_with_two_players_vanished(processes: Processes) -> None:
    clock, venue = Clock(), Venue()
    service, store = await processes.start(clock=clock)
    players = people(16)
    vanished = {players[4].user_id, players[11].user_id}
    spec = LeagueSpec(
        "Month", "leylines", "swiss", ROUNDS, ROUND_HOURS, clock_hours=24, absent="forfeit"
    )
    league = await service.leagues.events.create(GUILD, CHANNEL, ADMIN, spec)
    for player in players:
        await service.leagues.events.join(league.id, player)
    await service.leagues.events.start(league.id, ADMIN)
    began = clock.now
    for hour in range(30 * 24):
        if hour == 100:  # a restart: everything is read back from the database
            service, store = await processes.start(clock=clock)
        await service.leagues.rounds.advance(league.id, venue)
        if (await store.leagues.get(league.id) or league).status == "finished":
            break
        await play_an_hour(service, store, league.id, vanished)
        clock.now += HOUR
    league = await store.leagues.get(league.id) or league
    assert league.status == "finished" and venue.over == [league.id]
    assert clock.now - began <= ROUNDS * (ROUND_HOURS + 24) * HOUR
    print(f"finished after {(clock.now - began) / HOUR:g} simulated hours")
    assert len(venue.threads) == ROUNDS * 8 and len(venue.rounds) == ROUNDS
    assert max(venue.pings.values()) == 1
    board = await service.leagues.standings(league)
    shown = {
        line.user_id: (line.score, *(value for _, value in line.tiebreaks)) for line in board.lines
    }
    assert shown == await tally(store, league.id, vanished)
    assert board.lines[0].user_id == players[0].user_id and board.lines[0].score == ROUNDS
    assert sum(line.score for line in board.lines) == ROUNDS * 8


async def test_a_mars_vs_earth_table_swiss_of_twenty_ends_every_round(
    processes: Processes,
) -> None:
    clock, venue = Clock(), Venue()
    service, store = await processes.start(clock=clock)
    players = people(20)
    spec = LeagueSpec("Big", "marsvsearth", "table_swiss", 3, 24, clock_hours=12, absent="forfeit")
    league = await service.leagues.events.create(GUILD, CHANNEL, ADMIN, spec)
    for player in players:
        await service.leagues.events.join(league.id, player)
    await service.leagues.events.start(league.id, ADMIN)
    for _ in range(30 * 24):
        await service.leagues.rounds.advance(league.id, venue)
        if (await store.leagues.get(league.id) or league).status == "finished":
            break
        clock.now += HOUR
    league = await store.leagues.get(league.id) or league
    assert league.status == "finished"
    for number in (1, 2, 3):
        pairings = await store.leagues.pairings(league.id, number)
        assert sorted(p.user_id for p in pairings) == [p.user_id for p in players]
        tables = await store.leagues.tables(league.id, number)
        assert all(t.points is not None and len(t.points) >= 5 for t in tables)
    board = await service.leagues.standings(league)
    assert len(board.lines) == 20 and board.lines[0].rank == 1
    assert max(venue.pings.values()) == 1
