"""Each person's data through the privacy service, on each store: what is held, the export, and
a forget that renames the person's seats "Former player N", resigns their tables in play once,
leaves every other player's record byte for byte as it was, leaves neither their id nor their
name anywhere in either database, is resumed after a stop and changes nothing a second time;
and a departed server's purge."""

from __future__ import annotations

import asyncio
import json
import random
import sqlite3
from typing import Any

import asyncpg
import pytest

from club.catalogue import CATALOGUE
from club.service import Player, TableService
from club.storage import Storage
from club.storage.postgres import PgDatabase
from club.storage.privacy import PERSON_COLUMN, PERSON_COLUMNS, former_id
from club.storage.sqlite import SqliteDatabase
from engine.core import GameError
from tests.conftest import Backend
from tests.hang import HANG_SECONDS
from tests.service.fixtures import GUILD, OTHER_GUILD, play_out, seat, serve

ZED = Player(987654321012345678, "Zephyrine Quill")
ANN, BOB, CAT = (
    Player(7_000_000_000_000_000 + n, name) for n, name in ((1, "Ann"), (2, "Bob"), (3, "Cat"))
)
SHARED, OTHERS, IN_PLAY, LOBBY = 10, 11, 12, 13
"""Channels: a finished game of Zed and Ann, one of Ann and Bob, Zed and Bob's game in play,
and a lobby of Zed and Cat."""


async def populate(service: TableService, storage: Storage) -> None:
    """Finished games with and without Zed, a game in play, a lobby and Zed's settings."""
    await seat(service, SHARED, "leylines", (ZED, ANN))
    await play_out(service, SHARED, (ZED, ANN))
    await seat(service, OTHERS, "leylines", (ANN, BOB))
    await play_out(service, OTHERS, (ANN, BOB))
    await seat(service, IN_PLAY, "leylines", (ZED, BOB))
    await service.lobbies.new_lobby(
        guild_id=OTHER_GUILD, channel_id=LOBBY, creator=ZED, game_key="leylines", options={}
    )
    await service.lobbies.join(LOBBY, CAT)
    await service.waiting.set_notify(GUILD, ZED.user_id, "dm")
    await storage.people.go_away(GUILD, ZED.user_id, 1e9, 2e9)
    await storage.people.nudge_once(GUILD, ZED.user_id, "leylines", 1e9)


async def others_record(store: Storage) -> list[Any]:
    """Every row of a game Zed never sat in, and every rating but Zed's."""
    ids = f"({ZED.user_id}, {former_id(1)})"
    mine = f"(SELECT game_id FROM seats WHERE user_id IN {ids} UNION "
    mine += f"SELECT id FROM games WHERE creator_id IN {ids})"
    reads = [
        f"SELECT * FROM games WHERE id NOT IN {mine} ORDER BY id",
        f"SELECT * FROM seats WHERE game_id NOT IN {mine} ORDER BY game_id, seat",
        f"SELECT * FROM moves WHERE game_id NOT IN {mine} ORDER BY game_id, seq",
        f"SELECT * FROM ratings WHERE user_id NOT IN {ids} ORDER BY guild_id, game_key, user_id",
    ]
    return [[tuple(row) for row in await store.database.rows(sql)] for sql in reads]


async def dump(backend: Backend, store: Storage) -> str:
    """The whole database as text: SQLite's `iterdump`, or every PostgreSQL table's rows."""
    database = store.database
    if isinstance(database, SqliteDatabase):
        with sqlite3.connect(database.path) as db:
            return "\n".join(db.iterdump())
    assert isinstance(database, PgDatabase)
    connection = await asyncpg.connect(database.url)
    try:
        tables = await connection.fetch(
            "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' "
            "ORDER BY table_name"
        )
        lines = []
        for (table,) in tables:
            rows = await connection.fetch(f"SELECT * FROM {table} ORDER BY {table}::text")
            lines.append(f"{table}: {[tuple(row) for row in rows]!r}")
        return "\n".join(lines)
    finally:
        await connection.close()


async def test_show_counts_servers_and_times(backend: Backend) -> None:
    store = backend.store()
    service = await serve(store)
    try:
        await populate(service, store)
        held = await service.privacy.held(ZED.user_id)
        assert held.counts["games"] == 3
        assert held.counts["moves"] > 0
        assert held.counts["ratings"] == 1
        assert (held.counts["settings"], held.counts["times away"], held.counts["notices"]) == (
            1,
            1,
            1,
        )
        assert held.servers == (GUILD, OTHER_GUILD)
        assert held.oldest is not None and held.newest is not None
        assert held.oldest <= held.newest
        nobody = await service.privacy.held(999)
        assert not nobody.anything
    finally:
        await store.close()


async def test_export_names_others_by_seat_only(backend: Backend) -> None:
    store = backend.store()
    service = await serve(store)
    try:
        await populate(service, store)
        export = await service.privacy.export(ZED.user_id)
        text = json.dumps(export)
        assert export["names"] == [ZED.name]
        assert [g["your_seat"] for g in export["games"]] == [0, 0, 0]
        assert export["games"][0]["seats"] == [ZED.name, ANN.name]
        assert export["games"][0]["moves"][0]["seat"] == 0
        assert len(export["ratings"]) == 1 and export["settings"][0]["notify"] == "dm"
        for other in (ANN, BOB, CAT):
            assert str(other.user_id) not in text.replace(str(ZED.user_id), "")
        assert all(g["game"] != 2 for g in export["games"])  # Ann and Bob's game is not Zed's
    finally:
        await store.close()


async def test_forget_keeps_others_and_leaves_no_trace(backend: Backend) -> None:
    store = backend.store()
    service = await serve(store)
    try:
        await populate(service, store)
        before = await others_record(store)
        board_before = (await service.ratings.leaderboard(GUILD, "leylines")).text

        done = await service.privacy.forget(ZED.user_id)

        assert done.number == 1 and done.games == 2  # the lobby was left
        assert len(done.updates) == 1 and done.updates[0].finished  # Bob wins the game in play
        assert [lobby.status for lobby in done.lobbies] == ["lobby"]  # Cat keeps the lobby
        after = await others_record(store)
        assert after[0] == before[0] and after[2] == before[2]  # others' games and moves
        bob_before = [r for r in before[3] if r[2] == BOB.user_id]
        assert [r for r in after[3] if r[2] == ANN.user_id] == [
            r for r in before[3] if r[2] == ANN.user_id
        ]
        assert bob_before != [r for r in after[3] if r[2] == BOB.user_id]  # Bob won by resign
        record = await service.history.record(SHARED)
        assert "Former player 1" in record.heading and ZED.name not in record.text
        board = (await service.ratings.leaderboard(GUILD, "leylines")).text
        assert "**Former player 1**" in board
        assert f"<@{ANN.user_id}>" in board_before and f"<@{ANN.user_id}>" in board
        text = await dump(backend, store)
        assert str(ZED.user_id) not in text
        assert "Zephyrine" not in text
        assert not (await service.privacy.held(ZED.user_id)).anything

        again = await service.privacy.forget(ZED.user_id)
        assert again.number is None
        assert await dump(backend, store) == text
    finally:
        await store.close()


async def test_a_forget_cut_short_is_resumed(backend: Backend) -> None:
    store = backend.store()
    service = await serve(store)
    await populate(service, store)
    number = await store.privacy.request_forget(ZED.user_id, 1.0)
    await store.close()  # stopped after the request was recorded
    store = backend.store()
    service = await serve(store)
    try:
        [done] = await service.privacy.resume()
        assert done.number == number and done.games == 2
        assert "Zephyrine" not in await dump(backend, store)
        assert await service.privacy.resume() == []
    finally:
        await store.close()


async def test_every_person_column_is_covered(backend: Backend) -> None:
    """Every column named as holding a Discord user id or name, read from the schema, is one
    that export and forget cover."""
    store = backend.store()
    await store.open()
    try:
        if backend.name == "sqlite":
            tables = await store.database.rows(
                "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
            )
            columns = {
                (table, info[1])
                for (table,) in tables
                for info in await store.database.rows(f"PRAGMA table_info({table})")
            }
        else:
            columns = {
                (row[0], row[1])
                for row in await store.database.rows(
                    "SELECT table_name, column_name FROM information_schema.columns "
                    "WHERE table_schema = 'public'"
                )
            }
        personal = {c for c in columns if PERSON_COLUMN.search(c[1])}
        assert personal == set(PERSON_COLUMNS)
    finally:
        await store.close()


async def test_a_departed_server_is_purged_after_its_grace(backend: Backend) -> None:
    store = backend.store()
    service = await serve(store)
    try:
        await populate(service, store)
        await store.servers.set_settings(OTHER_GUILD, None, None, True, ())
        await store.servers.set_settings(GUILD, None, None, True, ())
        now = service.tables.now()
        await store.privacy.server_left(GUILD, now - 31 * 86400)
        await store.privacy.server_left(OTHER_GUILD, now - 31 * 86400)
        assert await store.privacy.server_back(OTHER_GUILD)  # the bot was added back
        assert await service.privacy.purge_departed(30, lambda guild: True) == [GUILD]
        left = await store.database.rows("SELECT DISTINCT guild_id FROM games")
        assert [tuple(r) for r in left] == [(OTHER_GUILD,)]
        assert await store.database.scalar("SELECT COUNT(*) FROM ratings") == 0
        assert [r[0] for r in await store.servers.settings()] == [OTHER_GUILD]
        assert await service.privacy.purge_departed(30, lambda guild: True) == []
    finally:
        await store.close()


@pytest.mark.parametrize("name", ["Al", 'Zoë "Z" \\o/'])
def test_a_name_is_replaced_as_a_whole_word(name: str) -> None:
    from club.storage.privacy import Scrubber

    scrub = Scrubber(5, name, 2)
    said = f"{name} playing_store; Also <@5> and <@!5>: {name}'s turn"
    assert scrub.text(said) == (
        "Former player 2 playing_store; Also **Former player 2** and **Former player 2**: "
        "Former player 2's turn"
    )
    state = json.dumps({"players": ["Bob", name], "note": name})
    assert json.loads(scrub.state(state, 1) or "") == {
        "players": ["Bob", "Former player 2"],
        "note": name,
    }


async def test_a_forget_racing_moves_on_another_process_loses_nothing(
    postgresql: Backend,
) -> None:
    """Two processes on one PostgreSQL database: one forgets Zed while the other plays the
    game Zed is in (as Zed and as Bob). Every move the other was told is done stays in the log,
    the resignation comes after them, and no trace of Zed is left."""
    forgetting_store = postgresql.store()
    forgetting = await serve(forgetting_store)
    playing_store = postgresql.store()
    playing = await serve(playing_store)
    try:
        await seat(forgetting, IN_PLAY, "leylines", (ZED, BOB))
        chooser = random.Random(5)
        done: list[str] = []
        under_way = asyncio.Event()

        async def play() -> None:
            while (row := await playing_store.games.open_in(IN_PLAY)) is not None:
                game = CATALOGUE[row.game_key].game
                state = game.from_json(json.loads(row.state or "{}"))
                actor = chooser.choice(sorted(game.actors(state)))
                move = game.notation(chooser.choice(game.legal_moves(state, actor)))
                try:
                    await playing.play.move(IN_PLAY, (ZED, BOB)[actor], move)
                except GameError:  # the game moved on, or is over
                    continue
                done.append(move)
                if len(done) == 3:
                    under_way.set()

        player = asyncio.create_task(play())
        await asyncio.wait_for(under_way.wait(), HANG_SECONDS)
        forgotten = await forgetting.privacy.forget(ZED.user_id)
        await asyncio.wait_for(player, HANG_SECONDS)
        moves = await forgetting_store.moves.of(1)
        assert [m.notation for m in moves if m.kind == "move"] == done
        assert forgotten.number == 1
        if forgotten.updates:  # Zed resigned before the game ended: last, and once
            assert moves[-1].kind == "resign" and moves[-1].seat == 0
        assert [m.kind for m in moves].count("resign") == len(forgotten.updates)
        row = await forgetting_store.games.get(1)
        assert row is not None and row.status == "finished"
        assert "Zephyrine" not in await dump(postgresql, forgetting_store)
    finally:
        await forgetting_store.close()
        await playing_store.close()
