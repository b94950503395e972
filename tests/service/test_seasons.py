"""Seasons through the table service, on each store: standings of the rated games inside the
span only, one end however many processes sweep, its archive equal to counting again, the soft
reset of ratings (kept by a rebuild), and a clear refusal for every bad span."""

from __future__ import annotations

import datetime
import time

import pytest

from club.ratings.seasons import KEPT, soft_reset
from club.ratings.skill import Skill, rate
from club.service import Player, TableError, TableService
from club.storage import Storage
from tests.conftest import Backend
from tests.service.fixtures import ANN, BOB, CAT, GUILD, OTHER_GUILD, Clock, seat, serve

DAN = Player(404, "Dan")
DAY = 86400.0
NEW = Skill()


def today(offset_days: int = 0) -> str:
    """The UTC date `offset_days` from the real today (games finish at real times; seasons in
    the tests run from yesterday, so that a test running across midnight UTC still holds its
    games)."""
    day = datetime.datetime.now(datetime.UTC).date() + datetime.timedelta(days=offset_days)
    return day.isoformat()


async def clocked(store: Storage) -> tuple[TableService, Clock]:
    clock = Clock()
    clock.now = time.time()
    return await serve(store, clock=clock), clock


async def won(service: TableService, channel: int, winner: Player, loser: Player) -> None:
    """A Ley Lines game between the two on `GUILD`, won by `winner` (the loser resigns)."""
    await seat(service, channel, "leylines", (winner, loser))
    await service.play.resign(channel, loser)


async def test_standings_rate_only_the_seasons_rated_games_from_new(backend: Backend) -> None:
    store = backend.store()
    service, _ = await clocked(store)
    await won(service, 10, BOB, ANN)  # before the season: moved to yesterday below
    await store.db.execute(
        "UPDATE games SET updated_at = updated_at - ? WHERE channel_id = 10", (2 * DAY,)
    )
    said = await service.seasons.open(GUILD, "leylines", today(-1), today(30), ANN.user_id)
    assert said.startswith("Season 1 of **Ley Lines of Mars** runs <t:")
    await won(service, 11, ANN, BOB)
    await won(service, 12, ANN, CAT)
    await seat(service, 13, "leylines", (DAN,), computers=1)  # a lone person: rates nobody
    await service.play.resign(13, DAN)
    await service.lobbies.new_lobby(
        guild_id=GUILD, channel_id=14, creator=CAT, game_key="leylines", options={}, hints=True
    )
    await service.lobbies.join(14, BOB)
    await service.lobbies.start(14, CAT)
    await service.play.resign(14, BOB)  # hints: unrated, but a league table: Cat earns 1 point
    await store.db.execute(
        "INSERT INTO league_tables (league_id, round, number, game_id, points) "
        "SELECT 1, 1, 1, id, '[1.0, 0.0]' FROM games WHERE channel_id = 14"
    )
    await won(service, 15, ANN, BOB)
    await store.db.execute(  # on another server: not this season's
        "UPDATE games SET guild_id = ? WHERE channel_id = 15", (OTHER_GUILD,)
    )
    (season,) = await store.seasons.of(GUILD, "leylines")
    table = await service.seasons.table(season)
    (ann1,), (bob1,) = rate([[NEW], [NEW]], [1, 2])
    (ann2,), (cat1,) = rate([[ann1], [NEW]], [1, 2])
    expected = [(ANN.user_id, ann2, 2, 2, 0), (BOB.user_id, bob1, 1, 0, 1)]
    expected.append((CAT.user_id, cat1, 1, 0, 1))
    expected.sort(key=lambda e: (-e[1].ordinal, -e[2], e[0]))
    assert [(s.rating.user_id, s.rating.skill, s.rating.games, s.rating.wins, s.rating.losses)
            for s in table] == expected  # fmt: skip
    assert {s.rating.user_id: s.league_points for s in table} == {
        ANN.user_id: 0, BOB.user_id: 0, CAT.user_id: 1
    }  # fmt: skip
    assert expected[0][0] == ANN.user_id and cat1.ordinal != bob1.ordinal
    card = await service.seasons.standings(GUILD, "leylines", None)
    assert card.title == "Season 1 of Ley Lines of Mars"
    lines = card.text.splitlines()
    assert lines[2].startswith(f"1. <@{ANN.user_id}> · season rating **")
    assert "2 games (2W 0D 0L)" in lines[2] and "league" not in lines[2]
    (cat,) = [line for line in lines if f"<@{CAT.user_id}>" in line]
    assert cat.endswith("1 game (0W 0D 1L) · league points 1")
    assert len(lines) == 5
    await store.close()


async def test_a_season_ends_once_archives_what_counting_again_gives_and_resets(
    backend: Backend,
) -> None:
    store, other_store = backend.store(), backend.store()
    service, clock = await clocked(store)
    other, other_clock = await clocked(other_store)  # a second process on the same database
    await service.seasons.open(GUILD, "leylines", today(-1), today(1), ANN.user_id)
    await won(service, 10, ANN, BOB)
    await won(service, 11, ANN, BOB)
    (season,) = await store.seasons.of(GUILD, "leylines")
    counted = await service.seasons.table(season)
    before = {r.user_id: r for r in await store.ledger.leaderboard(GUILD, "leylines", 9)}
    assert await service.seasons.end_due() == []  # not over yet
    clock.now = other_clock.now = season.ends_at
    assert [s.number for s in await service.seasons.end_due()] == [1]
    assert await other.seasons.end_due() == []
    (ended,) = await store.seasons.of(GUILD, "leylines")
    assert ended.ended
    assert await store.seasons.archive(ended) == counted
    assert await service.seasons.table(ended) == counted  # counting again: the same
    after = {r.user_id: r for r in await store.ledger.leaderboard(GUILD, "leylines", 9)}
    for user_id, old in before.items():
        new = after[user_id]
        assert new.skill == soft_reset(old.skill)
        assert new.skill.mu - NEW.mu == pytest.approx((old.skill.mu - NEW.mu) * KEPT)
        assert (new.games, new.wins, new.losses) == (old.games, old.wins, old.losses)
    card = await service.seasons.standings(GUILD, "leylines", 1)
    assert "ended; ratings were softly reset" in card.text
    await won(service, 12, BOB, ANN)  # after the reset
    counted_now = await store.ledger.leaderboard(GUILD, "leylines", 9)
    await store.db.execute("UPDATE ratings SET mu = 0")
    await service.ratings.rebuild()
    assert await store.ledger.leaderboard(GUILD, "leylines", 9) == counted_now
    await other_store.close()
    await store.close()


@pytest.mark.parametrize(
    ("first", "last", "said"),
    [
        ("2027-13-01", "2027-12-31", "is not a date: write it as YYYY-MM-DD"),
        ("tomorrow", "2027-12-31", "is not a date"),
        (today(5), today(4), "must not come before its first"),
        (today(), today(400), "lasts at most 366 days"),
        (today(-30), today(-1), "would already be over"),
    ],
)
async def test_a_bad_span_is_refused_in_one_line_and_makes_nothing(
    service: TableService, storage: Storage, first: str, last: str, said: str
) -> None:
    with pytest.raises(TableError, match=said) as refused:
        await service.seasons.open(GUILD, "leylines", first, last, ANN.user_id)
    assert "\n" not in str(refused.value)
    assert await storage.seasons.of(GUILD, "leylines") == []


async def test_seasons_of_one_title_never_overlap_and_are_numbered(service: TableService) -> None:
    await service.seasons.open(GUILD, "leylines", today(1), today(10), ANN.user_id)
    with pytest.raises(TableError, match="overlap season 1 of Ley Lines of Mars"):
        await service.seasons.open(GUILD, "leylines", today(10), today(20), ANN.user_id)
    await service.seasons.open(GUILD, "leylines", today(11), today(20), ANN.user_id)
    await service.seasons.open(GUILD, "albiorix", today(1), today(10), ANN.user_id)
    await service.seasons.open(OTHER_GUILD, "leylines", today(1), today(10), ANN.user_id)
    listing = await service.seasons.listing(GUILD, "leylines")
    assert [line.split(":")[0] for line in listing.text.splitlines()] == ["Season 1", "Season 2"]
    with pytest.raises(TableError, match="There is no season 3 of Ley Lines of Mars"):
        await service.seasons.standings(GUILD, "leylines", 3)
    with pytest.raises(TableError, match=r"No season of Agents of M\.A\.R\.S\. on this server yet"):
        await service.seasons.standings(GUILD, "agents", None)
    with pytest.raises(TableError, match="There is no game 'chess'"):
        await service.seasons.open(GUILD, "chess", today(1), today(10), ANN.user_id)


async def test_a_season_standing_is_exported_kept_as_a_former_player_and_purged(
    backend: Backend,
) -> None:
    store = backend.store()
    service, clock = await clocked(store)
    await service.seasons.open(GUILD, "leylines", today(-1), today(1), ANN.user_id)
    await won(service, 10, ANN, BOB)
    (season,) = await store.seasons.of(GUILD, "leylines")
    clock.now = season.ends_at
    await service.seasons.end_due()
    exported = await service.privacy.export(ANN.user_id)
    assert [(row["place"], row["wins"]) for row in exported["season_standings"]] == [(1, 1)]
    forgotten = await service.privacy.forget(ANN.user_id)
    assert forgotten.number is not None
    archive = await store.seasons.archive(season)
    assert ANN.user_id not in {s.rating.user_id for s in archive} and len(archive) == 2
    assert (await service.privacy.export(ANN.user_id))["season_standings"] == []
    assert await store.database.scalar("SELECT COUNT(*) FROM seasons") == 1
    await store.privacy.purge_server(GUILD)
    assert await store.database.scalar("SELECT COUNT(*) FROM seasons") == 0
    assert await store.database.scalar("SELECT COUNT(*) FROM season_standings") == 0
    await store.close()
