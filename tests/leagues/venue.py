"""A venue for the leagues' service tests: threads numbered from 900000, each created once
(the test fails on a second thread for the same table), with what each round and table said."""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import AsyncIterator, Sequence
from pathlib import Path
from typing import Any

import pytest

from club.leagues.rounds import Seated
from club.service import Player, TableService, TableUpdate
from club.storage import Storage
from club.storage.leagues import LeagueRow
from tests.service.fixtures import serve, sqlite


class Venue:
    """Records threads, pings, round announcements and started tables."""

    def __init__(self, first_thread: int = 900_000) -> None:
        self._ids = itertools.count(first_thread)
        self.threads: dict[tuple[int, int, int], int] = {}
        self.pings: Counter[tuple[int, int, int]] = Counter()
        """(league, round, user id): how often the league pinged the player in that round."""
        self.rounds: list[tuple[int, int, tuple[int, ...]]] = []
        self.started: list[int] = []
        self.over: list[int] = []

    async def open_thread(self, seated: Seated) -> int:
        key = (seated.league.id, seated.round, seated.number)
        assert key not in self.threads, f"a second thread for table {key}"
        self.threads[key] = thread = next(self._ids)
        for player in seated.players:
            self.pings[(seated.league.id, seated.round, player.user_id)] += 1
        return thread

    async def round_opened(self, league: LeagueRow, round_number: int, byes: Sequence[int]) -> None:
        self.rounds.append((league.id, round_number, tuple(byes)))

    async def table_started(self, update: TableUpdate) -> None:
        self.started.append(update.game_id)

    async def league_over(self, league: LeagueRow) -> None:
        self.over.append(league.id)


def people(count: int, first: int = 10_000) -> list[Player]:
    """`count` players with ids from `first`, named P1, P2..."""
    return [Player(first + n, f"P{n + 1}") for n in range(count)]


async def join_all(service: TableService, league_id: int, players: Sequence[Player]) -> None:
    for player in players:
        await service.leagues.events.join(league_id, player)


class Processes:
    """Table services on one SQLite file, each as a process started anew (all closed at the
    test's end)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.stores: list[Storage] = []

    async def start(self, **settings: Any) -> tuple[TableService, Storage]:
        store = sqlite(self.path)
        self.stores.append(store)
        return await serve(store, **settings), store

    async def close(self) -> None:
        for store in self.stores:
            await store.close()


@pytest.fixture
async def processes(tmp_path: Path) -> AsyncIterator[Processes]:
    """Services on a fresh SQLite file, closed at the end."""
    started = Processes(tmp_path / "bot.sqlite3")
    yield started
    await started.close()
