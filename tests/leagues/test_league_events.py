"""Creating and joining leagues: organisers only, bad settings refused in one line with nothing
changed, sign-up and its warnings, start, pause and drop."""

from __future__ import annotations

import pytest

from club.leagues.events import Actor, LeagueSpec
from club.service import Player, TableError, TableService
from tests.leagues.venue import people
from tests.service.fixtures import ANN, BOB, CAT, CHANNEL, GUILD

ADMIN = Actor(ANN, manages_server=True)
ROLE = 555
SWISS = LeagueSpec("Autumn", "leylines", "swiss", rounds=3)


async def leagues_kept(service: TableService) -> int:
    return len(await service.leagues.events._leagues.of_guild(GUILD))


@pytest.mark.parametrize(
    ("spec", "said"),
    [
        (LeagueSpec("A", "leylines", "swiss", rounds=0), "plays 1 to 15 rounds"),
        (LeagueSpec("A", "leylines", "round_robin", rounds=12), "plays 1 to 11 rounds"),
        (LeagueSpec("A", "leylines", "table_swiss", rounds=3), "is a two-player game"),
        (LeagueSpec("A", "marsvsearth", "swiss", rounds=3), "choose `table_swiss`"),
        (LeagueSpec("A", "merchants", "round_robin", rounds=3), "choose `table_swiss`"),
        (LeagueSpec("A", "chess", "swiss", rounds=3), "no game called chess"),
        (LeagueSpec("A", "leylines", "swiss", rounds=3, clock_hours=72), "shorter than the round"),
        (LeagueSpec("A", "leylines", "swiss", rounds=3, late_until=4), "Late joins"),
        (LeagueSpec("A", "leylines", "round_robin", rounds=3, late_until=1), "no late joins"),
        (LeagueSpec("A", "albiorix", "swiss", rounds=3, options={"limit": -3}), "limit"),
    ],
)
async def test_bad_settings_get_one_line_and_change_nothing(
    service: TableService, spec: LeagueSpec, said: str
) -> None:
    with pytest.raises(TableError, match=said) as refused:
        await service.leagues.events.create(GUILD, CHANNEL, ADMIN, spec)
    assert "\n" not in str(refused.value)
    assert await leagues_kept(service) == 0


async def test_a_league_is_held_only_where_the_server_lets_tables_be(
    service: TableService,
) -> None:
    await service.servers.change_settings(GUILD, channels=(CHANNEL + 1,))
    with pytest.raises(TableError, match="Tables on this server are played in"):
        await service.leagues.events.create(GUILD, CHANNEL, ADMIN, SWISS)
    assert await leagues_kept(service) == 0
    await service.leagues.events.create(GUILD, CHANNEL + 1, ADMIN, SWISS)


async def test_only_organisers_create_start_pause_or_drop_others(service: TableService) -> None:
    events = service.leagues.events
    member = Actor(BOB, roles=(ROLE,))
    with pytest.raises(TableError, match="Only the server's administrators"):
        await events.create(GUILD, CHANNEL, member, SWISS)
    assert await leagues_kept(service) == 0
    await events.set_organiser_role(GUILD, ROLE)
    league = await events.create(GUILD, CHANNEL, member, SWISS)
    for player in (ANN, BOB, CAT):
        await events.join(league.id, player)
    stranger = Actor(CAT)
    for refused in (events.start(league.id, stranger), events.pause(league.id, stranger)):
        with pytest.raises(TableError, match="Only the server's administrators"):
            await refused
    with pytest.raises(TableError, match="Only the server's administrators"):
        await events.drop(league.id, stranger, ANN.user_id)
    assert (await events.get(league.id)).status == "signup"
    assert len(await events.players(league.id)) == 3
    await events.drop(league.id, stranger, CAT.user_id)  # oneself: allowed
    assert [p.user_id for p in await events.players(league.id)] == [ANN.user_id, BOB.user_id]
    started = await events.start(league.id, member)
    assert started.status == "running"


async def test_a_round_robin_needs_players_enough_for_its_rounds(service: TableService) -> None:
    events = service.leagues.events
    spec = LeagueSpec("RR", "agents", "round_robin", rounds=5)
    league = await events.create(GUILD, CHANNEL, ADMIN, spec)
    for player in people(4):
        await events.join(league.id, player)
    with pytest.raises(TableError, match="4 players play a round robin in 3 rounds, not 5"):
        await events.start(league.id, ADMIN)
    assert (await events.get(league.id)).status == "signup"
    for player in people(9, first=20_000):
        await events.join(league.id, player)
    with pytest.raises(TableError, match="at most 12 players; 13 signed up"):
        await events.start(league.id, ADMIN)


async def test_sign_up_twice_leave_and_away_warning(service: TableService) -> None:
    events = service.leagues.events
    strict = LeagueSpec("Strict", "leylines", "swiss", rounds=2, away_allowed=False)
    league = await events.create(GUILD, CHANNEL, ADMIN, strict)
    await service.away.go_away(GUILD, BOB, 3)
    _, said = await events.join(league.id, BOB)
    assert "this league does not allow `/away`" in said
    _, said = await events.join(league.id, ANN)
    assert "away" not in said
    with pytest.raises(TableError, match="already playing"):
        await events.join(league.id, ANN)
    await events.leave(league.id, ANN)
    with pytest.raises(TableError, match="not signed up"):
        await events.leave(league.id, ANN)
    relaxed = await events.create(GUILD, CHANNEL, ADMIN, SWISS)
    _, said = await events.join(relaxed.id, BOB)
    assert "away" not in said


async def test_late_joins_until_the_round_set(service: TableService) -> None:
    events = service.leagues.events
    spec = LeagueSpec("Late", "leylines", "swiss", rounds=3, late_until=1)
    league = await events.create(GUILD, CHANNEL, ADMIN, spec)
    await events.join(league.id, ANN)
    await events.join(league.id, BOB)
    await events.start(league.id, ADMIN)
    _, said = await events.join(league.id, CAT)  # round 0 in play: plays from round 1
    assert "You joined Late" in said
    late = Player(404, "Dee")
    await events._leagues.change(league.id, "running", round=1)
    with pytest.raises(TableError, match="late joins ran until round 1"):
        await events.join(league.id, late)
