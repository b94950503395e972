"""`python -m bot migrate-to-postgres`: everything in the SQLite file reaches the empty PostgreSQL
database as it was, play goes on there, and a database that already has games is refused."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from bot import command_line
from club.service import TableService
from club.storage import Storage
from club.storage.postgres import PgDatabase
from club.storage.sqlite import SqliteDatabase
from tests.postgres import Cluster
from tests.service.fixtures import ANN, BOB, serve, started

FINISHED, PLAYING, LOBBY, NEW = 10, 11, 12, 13
"""The channels of a finished game, a game in play, a lobby, and a lobby opened after the copy."""


async def snapshot(store: Storage) -> dict[str, Any]:
    """Every game as the store reads it, with its moves and undelivered updates, and Ann's and
    Bob's ratings."""
    await store.open()
    try:
        games = [await store.games.last_in(channel) for channel in (FINISHED, PLAYING, LOBBY)]
        return {
            "games": games,
            "moves": [await store.moves.of(game.id) for game in games if game],
            "outbox": [await store.outbox.pending(game.id) for game in games if game],
            "ratings": [await store.ledger.ratings(1, player.user_id) for player in (ANN, BOB)],
        }
    finally:
        await store.close()


async def three_tables(path: Path) -> dict[str, Any]:
    """A SQLite store holding a game Bob resigned, a game in play and a lobby."""
    store = Storage(SqliteDatabase(path))
    service = await serve(store, seed=7)
    await started(service, FINISHED)
    await service.play.resign(FINISHED, BOB)
    await started(service, PLAYING)
    await service.play.move(PLAYING, ANN, "L c3")
    await service.lobbies.new_lobby(
        guild_id=1, channel_id=LOBBY, creator=BOB, game_key="leylines", options={}
    )
    await store.close()
    return await snapshot(Storage(SqliteDatabase(path)))


async def play_on(url: str) -> tuple[int, list[int]]:
    """Bob's move in the copied game and a new lobby: the new lobby's id and the game's
    undelivered updates' ids."""
    store = Storage(PgDatabase(url))
    await store.open()
    try:
        service = TableService(store, seed_source=lambda: 7)
        update = await service.play.move(PLAYING, BOB, "M d4")
        lobby = await service.lobbies.new_lobby(
            guild_id=1, channel_id=NEW, creator=ANN, game_key="leylines", options={}
        )
        return lobby.game_id, [row.id for row in await store.outbox.pending(update.game_id)]
    finally:
        await store.close()


def test_every_game_seat_move_update_and_rating_is_copied_and_play_goes_on(
    postgres_server: Cluster,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    path = tmp_path / "bot.sqlite3"
    before = asyncio.run(three_tables(path))
    url = asyncio.run(postgres_server.new_database(migrated=False))
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    monkeypatch.setenv("DATABASE_PATH", str(path))
    monkeypatch.setenv("DATABASE_URL", url)
    command_line.main(["migrate-to-postgres"])
    said = capsys.readouterr().out
    assert all(f"{rows}," in said for rows in ("games: 3", "seats: 5", "moves: 2", "ratings: 2"))
    assert asyncio.run(snapshot(Storage(PgDatabase(url)))) == before
    new_lobby, outbox = asyncio.run(play_on(url))
    assert new_lobby == 4
    assert outbox == sorted(set(outbox)) and len(outbox) == len(before["outbox"][1]) + 1
    with pytest.raises(SystemExit, match="already holds games, moves, outbox, ratings, seats;"):
        command_line.main(["migrate-to-postgres"])
    asyncio.run(postgres_server.drop_database(url))


async def a_server_setting(url: str) -> None:
    """An administrator's setting (turn reminders every 6 hours) in the database at `url`."""
    store = Storage(PgDatabase(url, pool_size=1))
    await store.open()
    try:
        await store.servers.set_settings(1, 6.0, None, True, [])
    finally:
        await store.close()


def test_a_database_with_a_server_setting_is_refused(
    postgres_server: Cluster,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    path = tmp_path / "bot.sqlite3"
    asyncio.run(three_tables(path))
    url = asyncio.run(postgres_server.new_database(migrated=False))
    asyncio.run(a_server_setting(url))
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DATABASE_PATH", str(path))
    monkeypatch.setenv("DATABASE_URL", url)
    with pytest.raises(SystemExit, match=r"already holds servers; copy only into a database"):
        command_line.main(["migrate-to-postgres"])
    asyncio.run(postgres_server.drop_database(url))


def test_without_database_url_nothing_is_copied(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "bot.sqlite3"
    path.touch()
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DATABASE_PATH", str(path))
    monkeypatch.delenv("DATABASE_URL", raising=False)
    with pytest.raises(SystemExit, match="set DATABASE_URL"):
        command_line.main(["migrate-to-postgres"])
