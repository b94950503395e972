"""The service tests' set-up, shared by their modules (and the bot's tests that drive the
service): the people, channels and servers, a settable clock, a table service opened on a
store, a Ley Lines game started, a game seated and one played out to its end."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from club.service import Player, TableService
from club.storage import Storage
from club.storage.sqlite import SqliteDatabase
from tests.conftest import SEED

ANN = Player(101, "Ann")
BOB = Player(202, "Bob")
CAT = Player(303, "Cat")
CHANNEL, OTHER_CHANNEL = 1000, 2000
GUILD, OTHER_GUILD = 1, 2


class Clock:
    """A settable clock (Unix seconds) for deadline tests."""

    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


def sqlite(path: Path) -> Storage:
    """A store on the SQLite file at `path` (not opened)."""
    return Storage(SqliteDatabase(path))


async def serve(store: Storage, *, seed: int = SEED, **settings: Any) -> TableService:
    """A table service on `store`, opened now, with games seeded `seed` and the service's
    other `settings` (`remind_after`, `clock`, `catalogue`...), as a process started anew."""
    await store.open()
    return TableService(store, seed_source=lambda: seed, **settings)


async def started(service: TableService, channel: int = CHANNEL, **table: Any) -> None:
    """A Ley Lines game in `channel` between Ann and Bob, Ann moving first, with the table's
    other settings (`clock_hours`...)."""
    await service.lobbies.new_lobby(
        guild_id=1,
        channel_id=channel,
        creator=ANN,
        game_key="leylines",
        options={"first": 1},
        **table,
    )
    await service.lobbies.join(channel, BOB)
    await service.lobbies.start(channel, ANN)


async def seat(
    service: TableService,
    channel: int,
    game_key: str,
    players: tuple[Player, ...],
    *,
    guild: int = GUILD,
    computers: int = 0,
) -> None:
    """A game of `game_key` started in `channel` with `players` seated in order (then any
    computer players)."""
    first, *others = players
    await service.lobbies.new_lobby(
        guild_id=guild,
        channel_id=channel,
        creator=first,
        game_key=game_key,
        options={},
        computers=computers,
        computer_level="random",
    )
    for player in others:
        await service.lobbies.join(channel, player)
    await service.lobbies.start(channel, first)


async def play_out(service: TableService, channel: int, players: tuple[Player, ...]) -> None:
    """Random legal moves (seeded) by the seats' players until the game ends."""
    chooser = random.Random(SEED)
    finished = False
    while not finished:
        table = await service.tables.load(channel, status="active")
        actor = chooser.choice(table.actors())
        move = chooser.choice(table.game.legal_moves(table.state, actor))
        update = await service.play.move(channel, players[actor], table.game.notation(move))
        finished = update.finished
