"""Operations for the administrator, on each store: the heartbeat and the health verdict, the
figures of `/status`, the throttled error log, and a backup taken while moves stream in."""

from __future__ import annotations

import asyncio
import logging
import sqlite3
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any, cast

import discord
import pytest

from bot.config import ConfigError, health_stale_seconds, process_name
from bot.operations.cog import ADMINS_ONLY, StatusCommands
from club.faults import Faults
from club.operations.backup import BackupFailed, backup
from club.operations.figures import (
    Figures,
    describe,
    duration,
    gather,
    waiting_on_computers,
)
from club.operations.health import check, judge
from club.operations.heartbeat import HeartbeatWriter
from club.service import Player, TableError, TableService
from club.storage import Storage
from club.storage.rows import Heartbeat as Beat
from club.storage.sqlite import SqliteDatabase
from tests.bot.fakes import FakeFollowup, FakeResponse
from tests.hang import HANG_SECONDS
from tests.service.fixtures import serve

ANN, BOB = Player(101, "Ann"), Player(202, "Bob")


class Clock:
    """A clock the test moves by hand (Unix seconds)."""

    def __init__(self, now: float = 1_000_000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


async def open_table(service: TableService, channel: int, *, computer: bool = False) -> None:
    """A Ley Lines game in `channel` between Ann and Bob (or a computer player), Ann first."""
    await service.lobbies.new_lobby(
        guild_id=1, channel_id=channel, creator=ANN, game_key="leylines", options={"first": 1}
    )
    if computer:
        await service.lobbies.add_computer(channel, ANN, "easy")
    else:
        await service.lobbies.join(channel, BOB)
    await service.lobbies.start(channel, ANN)


async def play_one(service: TableService, channel: int) -> None:
    """The first legal move of whichever of Ann and Bob is to move in `channel`."""
    for player in (ANN, BOB):
        offered = await service.looking.suggestions(channel, player.user_id, "")
        if offered:
            await service.play.move(channel, player, offered[0])
            return
    raise AssertionError("nobody may move")


def test_the_health_limit_is_read_from_the_environment() -> None:
    assert health_stale_seconds({}) == 90
    assert health_stale_seconds({"HEALTH_STALE_SECONDS": "12.5"}) == 12.5
    for bad in ("0", "-3", "soon"):
        with pytest.raises(ConfigError, match="HEALTH_STALE_SECONDS"):
            health_stale_seconds({"HEALTH_STALE_SECONDS": bad})
    assert process_name(None, None) == "all shards"
    assert process_name(4, (1, 3)) == "shards 1,3 of 4"


def test_a_heartbeat_is_healthy_until_it_is_older_than_the_limit() -> None:
    beat = Beat("all shards", "1.0", started_at=0.0, beat_at=100.0)
    assert judge(beat, "all shards", now=190.0, stale_after=90).healthy
    late = judge(beat, "all shards", now=190.5, stale_after=90)
    assert not late.healthy
    assert late.line.startswith("unhealthy:") and "90 s" in late.line and "\n" not in late.line
    never = judge(None, "shards 1 of 2", now=0.0, stale_after=90)
    assert not never.healthy and "shards 1 of 2" in never.line


async def test_each_process_has_its_own_heartbeat(service: TableService, storage: Storage) -> None:
    clock = Clock()
    one = HeartbeatWriter(storage, "shards 0 of 2", clock=clock)
    other = HeartbeatWriter(storage, "shards 1 of 2", clock=clock)
    assert not (await check(storage, one.process, clock(), 90)).healthy
    await one.beat()
    await other.beat()
    clock.now += 60
    await other.beat()
    clock.now += 40  # one's beat is 100 s old, other's 40 s
    assert not (await check(storage, "shards 0 of 2", clock(), 90)).healthy
    assert (await check(storage, "shards 1 of 2", clock(), 90)).healthy
    beats = {b.process: b for b in await storage.operations.heartbeats()}
    assert beats["shards 1 of 2"].beat_at == clock.now - 40
    assert beats["shards 1 of 2"].started_at == clock.now - 100


def count_waiting(service: TableService) -> Callable[[], Awaitable[int]]:
    return lambda: waiting_on_computers(service)


async def test_the_figures_count_games_computer_turns_and_queued_updates(
    service: TableService,
    storage: Storage,
) -> None:
    await service.lobbies.new_lobby(
        guild_id=1, channel_id=10, creator=ANN, game_key="leylines", options={}
    )
    await open_table(service, 20)
    await open_table(service, 30, computer=True)  # Ann moves first: no computer's turn yet
    await HeartbeatWriter(storage, "all shards", clock=Clock(500.0)).beat()
    figures = await gather(storage, "SQLite data/bot.sqlite3", 560.0, count_waiting(service))
    assert (figures.counts.lobbies, figures.counts.active) == (1, 2)
    assert (figures.counts.with_computers, figures.waiting_on_computers) == (1, 0)
    await play_one(service, 30)
    figures = await gather(storage, "SQLite data/bot.sqlite3", 560.0, count_waiting(service))
    assert figures.waiting_on_computers == 1
    queued = figures.counts.queued
    assert queued >= 3 and figures.counts.oldest_queued is not None
    text = describe(figures, this_process="all shards")
    assert "Open games: 2 in play, 1 in lobbies" in text
    assert "Games waiting on a computer player: 1 (of 1 in play with one)" in text
    assert f"Queued updates: {queued}, the oldest" in text
    assert "Process all shards (this one): version " in text
    assert "up 1 min, last poll 1 min ago" in text
    assert "Database: SQLite data/bot.sqlite3" in text


def test_durations_read_at_a_glance() -> None:
    assert [duration(s) for s in (0, 42, 60, 3599, 3600 + 300, 2 * 86400 + 4 * 3600)] == [
        "0 s",
        "42 s",
        "1 min",
        "59 min",
        "1 h 5 min",
        "2 d 4 h",
    ]


class Interaction:
    """What `/status` touches of a discord.Interaction."""

    def __init__(self, *, administrator: bool) -> None:
        self.permissions = discord.Permissions(administrator=administrator)
        self.response = FakeResponse()
        self.followup = FakeFollowup(self.response)


async def test_status_answers_administrators_only_and_privately(
    service: TableService, storage: Storage
) -> None:
    faults = Faults()

    def figures() -> Awaitable[Figures]:
        return gather(storage, "SQLite bot.sqlite3", time.time(), count_waiting(service))

    status = StatusCommands(figures, "all shards", faults)
    stranger = Interaction(administrator=False)
    await status.status.callback(status, cast(Any, stranger))
    assert stranger.response.sent == [(ADMINS_ONLY, True)]
    admin = Interaction(administrator=True)
    await status.status.callback(status, cast(Any, admin))
    [(text, private)] = admin.response.sent
    assert private and text.startswith("Version: ") and "Open games: 0 in play" in text
    assert text.endswith("Errors in the last hour: none")
    faults.report(logging.getLogger("tests.status"), "saving", OSError("disk full"), "A move")
    again = Interaction(administrator=True)
    await status.status.callback(status, cast(Any, again))
    [(text, _)] = again.response.sent
    lines = text.splitlines()
    assert lines[-2:] == [
        "Errors in the last hour:",
        "- saving: 1 since the start, the last 0 s ago: OSError: disk full",
    ]
    assert status.status.default_permissions == discord.Permissions(administrator=True)


def test_faults_log_a_traceback_once_then_a_line_per_kind_per_minute(
    caplog: pytest.LogCaptureFixture,
) -> None:
    clock = Clock()
    faults = Faults(every=60, clock=clock)
    log = logging.getLogger("tests.faults")
    with caplog.at_level(logging.ERROR, logger="tests.faults"):
        for _ in range(5):
            faults.report(log, "disk", OSError("disk full"), "A move could not be saved")
            clock.now += 5
        faults.report(log, "poll", RuntimeError("gone"), "A pass failed")
        clock.now += 60
        faults.report(log, "disk", OSError("disk full"), "A move could not be saved")
    lines = [r for r in caplog.records if r.name == "tests.faults"]
    assert [r.exc_info is not None for r in lines] == [True, True, False]
    assert "and 4 more like it" in lines[2].getMessage()
    assert faults.kinds["disk"].count == 6
    assert set(faults.recent(within=30)) == {"disk"}


async def test_a_backup_during_a_stream_of_moves_holds_every_acknowledged_game(
    tmp_path: Path,
) -> None:
    store = Storage(SqliteDatabase(tmp_path / "bot.sqlite3"))
    service = await serve(store)
    channels = range(1, 7)
    for channel in channels:
        await open_table(service, channel)
    stop = asyncio.Event()
    moved = {channel: asyncio.Event() for channel in channels}

    async def stream(channel: int) -> None:
        while not stop.is_set():
            try:
                await play_one(service, channel)
            except (TableError, AssertionError):  # the game ended
                return
            moved[channel].set()

    streams = [asyncio.create_task(stream(channel)) for channel in channels]
    await asyncio.wait_for(asyncio.gather(*(m.wait() for m in moved.values())), HANG_SECONDS)
    acknowledged = {
        game_id: len(await store.moves.of(game_id)) for game_id in await store.games.open_ids()
    }
    copied = await asyncio.to_thread(backup, tmp_path / "bot.sqlite3", tmp_path / "backup.sqlite3")
    stop.set()
    await asyncio.gather(*streams)
    await store.close()
    assert sum(acknowledged.values()) > 0 and copied.games == len(channels)
    with sqlite3.connect(tmp_path / "backup.sqlite3") as copy:
        assert copy.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
        for game_id, moves in acknowledged.items():
            [(held,)] = copy.execute("SELECT COUNT(*) FROM moves WHERE game_id = ?", (game_id,))
            assert held >= moves
            [(state,)] = copy.execute("SELECT state FROM games WHERE id = ?", (game_id,))
            assert state is not None
    assert not list(tmp_path.glob(".*partial"))


def test_a_backup_needs_a_database_and_another_file(tmp_path: Path) -> None:
    with pytest.raises(BackupFailed, match="there is no database"):
        backup(tmp_path / "missing.sqlite3", tmp_path / "copy.sqlite3")
    sqlite3.connect(tmp_path / "bot.sqlite3").close()
    with pytest.raises(BackupFailed, match="another file"):
        backup(tmp_path / "bot.sqlite3", tmp_path / "bot.sqlite3")
    with pytest.raises(BackupFailed, match="there is no folder"):
        backup(tmp_path / "bot.sqlite3", tmp_path / "no-such-folder" / "copy.sqlite3")
    (tmp_path / "taken").mkdir()
    with pytest.raises(BackupFailed, match="could not be written"):
        backup(tmp_path / "bot.sqlite3", tmp_path / "taken")
