"""Stats and ratings through the table service, on each store: kept in the transaction that
finishes a game, by server and title, by side in Mars vs. Earth, never for computers, and counted
again exactly by a rebuild."""

from __future__ import annotations

import json
import re
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from club.catalogue import CATALOGUE
from club.ratings.ledger import Rating
from club.ratings.skill import Skill, rate
from club.ratings.standings import Ending
from club.service import Player, TableService
from club.storage import Storage, ledger
from club.storage.migrations import rendered
from club.storage.rows import Commit
from engine.core import SidedGame
from tests.conftest import Backend
from tests.service.fixtures import ANN, BOB, CAT, GUILD, OTHER_GUILD, play_out, seat, serve, sqlite

DAN, EVE = Player(404, "Dan"), Player(505, "Eve")
NEW = Skill()
SIDES_SEED = 1
"""A game seed whose five-player Mars vs. Earth game (played by `play_out`) is won by one
Martian Clone against four Humans; with `SEED` the Martians win with no clone at the table."""


async def ratings(storage: Storage, *players: Player, guild: int = GUILD) -> dict[str, Rating]:
    """Each player's rating row (by name) in the one title they played."""
    found = {}
    for player in players:
        (rating,) = await storage.ledger.ratings(guild, player.user_id)
        found[player.name] = rating
    return found


async def test_a_resignation_is_a_loss_and_a_win_for_the_other(
    service: TableService, storage: Storage
) -> None:
    await seat(service, 10, "leylines", (ANN, BOB))
    await service.play.resign(10, BOB)
    ann, bob = (await ratings(storage, ANN, BOB)).values()
    (won,), (lost,) = rate([[NEW], [NEW]], [1, 2])
    assert (ann.games, ann.wins, ann.draws, ann.losses, ann.streak) == (1, 1, 0, 0, 1)
    assert (bob.games, bob.wins, bob.draws, bob.losses, bob.streak) == (1, 0, 0, 1, -1)
    assert (ann.skill, bob.skill) == (won, lost)
    assert ann.skill.mu > NEW.mu > bob.skill.mu
    assert await storage.ledger.ratings(OTHER_GUILD, ANN.user_id) == []


async def test_streaks_run_and_titles_and_servers_are_apart(
    service: TableService, storage: Storage
) -> None:
    for channel in (10, 11):
        await seat(service, channel, "leylines", (ANN, BOB))
        await service.play.resign(channel, BOB)
    await seat(service, 12, "albiorix", (ANN, BOB))
    await service.play.resign(12, ANN)
    await seat(service, 13, "leylines", (ANN, BOB), guild=OTHER_GUILD)
    await service.play.resign(13, ANN)
    leylines, albiorix = sorted(
        await storage.ledger.ratings(GUILD, ANN.user_id),
        key=lambda r: r.game_key != "leylines",
    )
    assert (leylines.game_key, leylines.games, leylines.wins, leylines.streak) == (
        "leylines",
        2,
        2,
        2,
    )
    assert (albiorix.game_key, albiorix.games, albiorix.losses, albiorix.streak) == (
        "albiorix",
        1,
        1,
        -1,
    )
    (other,) = await storage.ledger.ratings(OTHER_GUILD, ANN.user_id)
    assert (other.games, other.losses, other.skill) == (1, 1, rate([[NEW], [NEW]], [2, 1])[0][0])


async def test_a_game_played_to_its_end_counts_its_result(
    service: TableService, storage: Storage
) -> None:
    await seat(service, 10, "leylines", (ANN, BOB))
    await play_out(service, 10, (ANN, BOB))
    row = await storage.games.last_in(10)
    assert row is not None and row.status == "finished" and row.state is not None
    game = CATALOGUE["leylines"].game
    outcome = game.outcome(game.from_json(json.loads(row.state)))
    assert outcome is not None
    ann, bob = (await ratings(storage, ANN, BOB)).values()
    if outcome.is_draw:
        (ann_skill,), (bob_skill,) = rate([[NEW], [NEW]], [1, 1])
        assert (ann.draws, bob.draws, ann.streak, bob.streak) == (1, 1, 0, 0)
    else:
        ranks = [1, 2] if outcome.winners == (0,) else [2, 1]
        (ann_skill,), (bob_skill,) = rate([[NEW], [NEW]], ranks)
        assert sorted((ann.wins, bob.wins)) == [0, 1] and ann.wins + ann.losses == 1
    assert (ann.games, bob.games, ann.skill, bob.skill) == (1, 1, ann_skill, bob_skill)


async def test_an_abandoned_game_counts_for_nothing(
    service: TableService, storage: Storage
) -> None:
    await seat(service, 10, "leylines", (ANN, BOB))
    await service.play.move(10, ANN if await _first(storage, 10) == 0 else BOB, "L c3")
    await service.play.abandon(10, ANN, moderator=True)
    assert await storage.ledger.ratings(GUILD, ANN.user_id) == []
    assert await storage.ledger.ratings(GUILD, BOB.user_id) == []


async def test_mars_vs_earth_rates_each_side_as_a_team(backend: Backend) -> None:
    store = backend.store()
    service = await serve(store, seed=SIDES_SEED)
    table = (ANN, BOB, CAT, DAN, EVE)
    await seat(service, 10, "marsvsearth", table)
    await play_out(service, 10, table)
    row = await store.games.last_in(10)
    assert row is not None and row.state is not None
    game = CATALOGUE["marsvsearth"].game
    state = game.from_json(json.loads(row.state))
    assert isinstance(game, SidedGame)
    outcome, sides = game.outcome(state), game.sides(state)
    assert outcome is not None and outcome.winners and len(set(sides)) == 2
    teams = [[p for s, p in enumerate(table) if sides[s] == side] for side in sorted(set(sides))]
    ranks = [1 if table.index(team[0]) in outcome.winners else 2 for team in teams]
    rated = rate([[NEW] * len(team) for team in teams], ranks)
    found = await ratings(store, *table)
    for team, skills in zip(teams, rated, strict=True):
        for player, skill in zip(team, skills, strict=True):
            assert found[player.name].skill == skill
            won = table.index(player) in outcome.winners
            assert (found[player.name].wins, found[player.name].losses) == (won, not won)
    assert teams == [[ANN, BOB, CAT, DAN], [EVE]] and ranks == [2, 1]
    await store.close()


async def test_a_game_lost_by_everyone_is_a_loss_for_all_and_rates_nobody(
    service: TableService,
    storage: Storage,
) -> None:
    table = (ANN, BOB, CAT, DAN, EVE)
    await seat(service, 10, "marsvsearth", table)
    await play_out(service, 10, table)
    row = await storage.games.last_in(10)
    assert row is not None and row.result is not None and "Martians won" in row.result
    for rating in (await ratings(storage, *table)).values():
        assert (rating.games, rating.losses, rating.streak, rating.skill) == (1, 1, -1, NEW)


async def test_computers_are_never_rated_and_rate_no_lone_person(
    service: TableService, storage: Storage
) -> None:
    await seat(service, 10, "leylines", (ANN,), computers=1)
    await service.play.resign(10, ANN)
    (ann,) = await storage.ledger.ratings(GUILD, ANN.user_id)
    assert (ann.games, ann.losses, ann.streak, ann.skill) == (1, 1, -1, NEW)
    assert await storage.ledger.ratings(GUILD, -1) == []
    assert [r.user_id for r in await storage.ledger.leaderboard(GUILD, "leylines", 10)] == [
        ANN.user_id
    ]


async def test_a_table_with_hints_counts_in_the_stats_and_rates_nobody(
    service: TableService,
    storage: Storage,
) -> None:
    await service.lobbies.new_lobby(
        guild_id=GUILD, channel_id=10, creator=ANN, game_key="leylines", options={}, hints=True
    )
    lobby = await service.lobbies.join(10, BOB)
    assert "hints allowed (unrated)" in lobby.text
    await service.lobbies.start(10, ANN)
    await service.play.resign(10, BOB)
    ann, bob = (await ratings(storage, ANN, BOB)).values()
    assert (ann.games, ann.wins, bob.games, bob.losses) == (1, 1, 1, 1)
    assert ann.skill == bob.skill == NEW
    await service.ratings.rebuild()
    assert (await ratings(storage, ANN, BOB))["Ann"].skill == NEW


async def test_people_at_a_table_with_a_computer_are_rated_among_themselves(
    service: TableService,
    storage: Storage,
) -> None:
    await seat(service, 10, "merchants", (ANN, BOB), computers=1)
    row = await storage.games.open_in(10)
    assert row is not None
    assert [s.user_id for s in row.seats] == [ANN.user_id, -1, BOB.user_id]
    # Ann and the computer win: Ann beat Bob, and the computer counts not
    await storage.moves.record(
        row,
        Commit(
            0,
            "move",
            "pass",
            row.state or "{}",
            row.state,
            "",
            {},
            result="Ann and Ada win.",
            ending=Ending(winners=(0, 1), draw=False),
        ),
    )
    ann, bob = (await ratings(storage, ANN, BOB)).values()
    (won,), (lost,) = rate([[NEW], [NEW]], [1, 2])
    assert (ann.skill, ann.wins, bob.skill, bob.losses) == (won, 1, lost, 1)
    assert await storage.ledger.ratings(GUILD, -1) == []


MODEL_WORDS = re.compile(r"\bmu\b|sigma|ordinal|plackett|openskill", re.IGNORECASE)
"""The model's terms, which belong in the README and never in a message."""


async def test_a_first_game_shows_ratings_near_1000_in_plain_words(service: TableService) -> None:
    await seat(service, 10, "leylines", (ANN, BOB))
    await service.play.resign(10, BOB)
    ann = await service.ratings.stats(GUILD, ANN.user_id, "Ann")
    bob = await service.ratings.stats(GUILD, BOB.user_id, "Bob")
    board = await service.ratings.leaderboard(GUILD, "leylines")
    line = "**Ley Lines of Mars** · rating **{}** (provisional) · 1 game ({}) · streak {}"
    assert line.format(1069, "1W 0D 0L", "W1") in ann.text
    assert line.format(963, "0W 0D 1L", "L1") in bob.text
    assert board.text.startswith(
        f"1. <@{ANN.user_id}> · rating **1069** (provisional) · 1 game (1W 0D 0L) · streak W1\n"
        f"2. <@{BOB.user_id}> · rating **963** (provisional) · 1 game (0W 0D 1L) · streak L1\n"
    )
    for card in (ann, bob, board):
        assert "Everyone starts at 1000." in card.text and "provisional rating" in card.text
        assert MODEL_WORDS.search(card.text) is None, card.text
        assert "**-" not in card.text


async def test_the_provisional_mark_goes_after_six_games_taking_turns_to_win(
    service: TableService,
    storage: Storage,
) -> None:
    for game in range(6):
        await seat(service, 10 + game, "leylines", (ANN, BOB))
        await service.play.resign(10 + game, BOB if game % 2 == 0 else ANN)
        text = (await service.ratings.stats(GUILD, ANN.user_id, "Ann")).text
        assert ("(provisional)" in text) == (game < 5), text
    ann, bob = (await ratings(storage, ANN, BOB)).values()
    assert not ann.skill.provisional and not bob.skill.provisional
    board = (await service.ratings.leaderboard(GUILD, "leylines")).text
    assert f"<@{BOB.user_id}> · rating **{bob.skill.shown}** · 6 games (3W 0D 3L)" in board
    assert f"<@{ANN.user_id}> · rating **{ann.skill.shown}** · 6 games (3W 0D 3L)" in board


async def test_the_leaderboard_lists_provisional_players_marked_in_the_order_of_ratings(
    service: TableService,
    storage: Storage,
) -> None:
    for game in range(6):
        await seat(service, 10 + game, "leylines", (ANN, BOB))
        await service.play.resign(10 + game, BOB if game % 2 == 0 else ANN)
    await seat(service, 20, "leylines", (CAT, DAN))
    await service.play.resign(20, DAN)
    found = await ratings(storage, ANN, BOB, CAT, DAN)
    board = await storage.ledger.leaderboard(GUILD, "leylines", 10)
    assert [r.user_id for r in board] == [
        r.user_id for r in sorted(found.values(), key=lambda r: -r.skill.ordinal)
    ]
    shown = [(r.skill.shown, r.skill.provisional) for r in board]
    # Bob and Ann settled after six games; Cat's one win stands between them, provisional
    assert shown == [(1099, False), (1069, True), (1068, False), (963, True)]
    text = (await service.ratings.leaderboard(GUILD, "leylines")).text
    lines = text.splitlines()[:4]
    for place, (line, r) in enumerate(zip(lines, board, strict=True), 1):
        mark = " (provisional)" * r.skill.provisional
        assert line.startswith(f"{place}. <@{r.user_id}> · rating **{r.skill.shown}**{mark} · ")


async def test_a_game_is_finished_and_counted_in_one_transaction(
    service: TableService, storage: Storage, monkeypatch: pytest.MonkeyPatch
) -> None:
    await seat(service, 10, "leylines", (ANN, BOB))

    async def crash(*args: Any) -> None:
        raise RuntimeError("the process died while counting")

    with monkeypatch.context() as patched:
        patched.setattr(ledger, "count", crash)
        with pytest.raises(RuntimeError):
            await service.play.resign(10, BOB)
    row = await storage.games.open_in(10)
    assert row is not None and row.status == "active" and row.moves_made == 0
    assert await storage.ledger.ratings(GUILD, ANN.user_id) == []
    await service.play.resign(10, BOB)
    assert (await ratings(storage, ANN))["Ann"].wins == 1


async def test_ratings_survive_a_restart(backend: Backend) -> None:
    store = backend.store()
    service = await serve(store)
    await seat(service, 10, "leylines", (ANN, BOB))
    await service.play.resign(10, BOB)
    before = await ratings(store, ANN, BOB)
    await store.close()
    store = backend.store()
    await serve(store)
    assert await ratings(store, ANN, BOB) == before
    await store.close()


async def test_a_rebuild_gives_exactly_the_numbers_counted_as_games_finished(
    backend: Backend,
) -> None:
    store = backend.store()
    service = await serve(store, seed=SIDES_SEED)
    everyone = (ANN, BOB, CAT, DAN, EVE)
    await seat(service, 10, "marsvsearth", everyone)
    await play_out(service, 10, everyone)
    for channel, (winner, loser) in enumerate([(ANN, BOB), (BOB, CAT), (CAT, ANN)], 11):
        await seat(service, channel, "leylines", (winner, loser))
        await service.play.resign(channel, loser)
    await seat(service, 20, "leylines", (ANN, BOB))
    await play_out(service, 20, (ANN, BOB))
    await seat(service, 21, "leylines", (DAN,), computers=1)
    await service.play.resign(21, DAN)
    counted = {key: await store.ledger.leaderboard(GUILD, key, 10) for key in CATALOGUE}
    assert len(counted["marsvsearth"]) == 5 and len(counted["leylines"]) == 4
    await store.db.execute("UPDATE ratings SET mu = 0, games = 99")
    assert await service.ratings.rebuild() == 6
    assert {key: await store.ledger.leaderboard(GUILD, key, 10) for key in CATALOGUE} == counted
    await store.close()


async def test_finished_games_are_numbered_in_the_order_they_finished(
    service: TableService,
    storage: Storage,
) -> None:
    for channel in (10, 11, 12):
        await seat(service, channel, "leylines", (ANN, BOB))
    for channel in (12, 10, 11):
        await service.play.resign(channel, ANN)
    rows = await storage.db.execute_fetchall("SELECT channel_id FROM games ORDER BY finished_seq")
    assert [channel for (channel,) in rows] == [12, 10, 11]


RATINGS_MIGRATION = 6
"""The number of the migration that brought ratings (games before it were never counted)."""
OLD_COLUMNS = {
    "games": "id, guild_id, channel_id, game_key, options, seed, status, version, state, "
    "creator_id, lobby_message_id, result, created_at, updated_at, hints",
    "seats": "game_id, user_id, seat, display_name, level",
    "moves": "game_id, seq, seat, kind, notation, created_at, said",
}


async def test_games_finished_before_ratings_existed_count_after_a_rebuild(
    tmp_path: Path,
) -> None:
    games = [(ANN, BOB), (BOB, CAT), (CAT, ANN)]
    counted = {}
    for name, order in (("new", games), ("reversed", games[::-1])):
        store = sqlite(tmp_path / f"{name}.sqlite3")
        service = await serve(store)
        for channel, (winner, loser) in enumerate(order, 10):
            await seat(service, channel, "leylines", (winner, loser))
            await service.play.resign(channel, loser)
        counted[name] = await store.ledger.leaderboard(GUILD, "leylines", 10)
        await store.close()
    old = sqlite3.connect(tmp_path / "old.sqlite3", isolation_level=None)
    for number, script in enumerate(rendered("sqlite")[: RATINGS_MIGRATION - 1], 1):
        old.executescript(f"BEGIN; {script}; PRAGMA user_version = {number}; COMMIT;")
    old.execute("ATTACH ? AS new", (str(tmp_path / "new.sqlite3"),))
    for table, columns in OLD_COLUMNS.items():
        old.execute(f"INSERT INTO {table} ({columns}) SELECT {columns} FROM new.{table}")
    old.execute("UPDATE games SET updated_at = 100 - id")  # finished in the opposite order
    old.close()
    store = sqlite(tmp_path / "old.sqlite3")
    service = await serve(store)
    rows = await store.db.execute_fetchall("SELECT id FROM games ORDER BY finished_seq")
    assert [game_id for (game_id,) in rows] == [3, 2, 1]
    assert await store.ledger.leaderboard(GUILD, "leylines", 10) == []
    assert await service.ratings.rebuild() == 3
    rebuilt = await store.ledger.leaderboard(GUILD, "leylines", 10)
    assert rebuilt == counted["reversed"] != counted["new"]
    await store.close()


async def _first(storage: Storage, channel: int) -> int:
    row = await storage.games.open_in(channel)
    assert row is not None and row.state is not None
    return int(json.loads(row.state)["to_move"])
