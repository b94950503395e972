"""The house's figures (`python benchmark.py --house`): how much work a `/move` and a takeback
cost the database and the engine, and how large the service and storage classes are.

A two-player Ley Lines of Mars table (seed pinned) on a SQLite file in a temporary folder plays
`MOVES` moves through the table service, each delivered; one more move is measured, then its
delivery twice: as the request that committed it makes it (from what the commit left in memory)
and as the recovery poll makes it (reading the outbox and the game; the transport reads nothing
more); then one player asks to take back their move and the other accepts. SQLite's trace
callback counts the statements each request sends (by their first word: SELECT, INSERT,
UPDATE, DELETE; BEGIN and COMMIT apart), and the service's decodes of a stored state
(`bot.service.tables._read_state`) and replays of a game from its seed
(`bot.service.takebacks.positions`) are counted around each request. Methods are counted per
class as defined in its own body (not inherited), properties included.
"""

from __future__ import annotations

import inspect
import tempfile
from collections import Counter
from collections.abc import Awaitable, Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import aiosqlite

import bot.service.tables
import bot.service.takebacks
from bench.report import Section
from bot.service import Player, TableService, TableUpdate
from bot.storage import Storage
from bot.storage.rows import Living
from bot.storage.sqlite import SqliteDatabase

MOVES = 12
"""Moves played before the measured `/move` and takeback."""
ANN, BOB = Player(101, "Ann"), Player(202, "Bob")
CHANNEL = 10
BOARD = 555
"""The board message's id that each delivery leaves."""
KINDS = ("SELECT", "INSERT", "UPDATE", "DELETE")


@contextmanager
def _counting(module: Any, name: str, counts: Counter[str]) -> Iterator[None]:
    """Count calls of `module.name` under the key `name` while the block runs."""
    original = getattr(module, name)

    def counted(*args: Any, **kwargs: Any) -> Any:
        counts[name] += 1
        return original(*args, **kwargs)

    setattr(module, name, counted)
    try:
        yield
    finally:
        setattr(module, name, original)


async def _measured(storage: Storage, request: Callable[[], Awaitable[Any]]) -> Counter[str]:
    """The statements, decodes and replays of one request."""
    counts: Counter[str] = Counter()

    def traced(sql: str) -> None:
        word = sql.split(None, 1)[0].upper()
        counts[word if word in KINDS else "other"] += 1

    connections: list[Any] = [
        c for c in vars(storage.database).values() if isinstance(c, aiosqlite.Connection)
    ]
    for connection in connections:  # the writing connection and the reading one
        await connection.set_trace_callback(traced)
    try:
        with (
            _counting(bot.service.tables, "_read_state", counts),
            _counting(bot.service.takebacks, "positions", counts),
        ):
            await request()
    finally:
        for connection in connections:
            await connection.set_trace_callback(None)
    return counts


async def _kept(into: list[TableUpdate], request: Awaitable[TableUpdate]) -> None:
    """Run `request`, keeping what it returns in `into`."""
    into.append(await request)


def _row(name: str, counts: Counter[str]) -> str:
    statements = " | ".join(str(counts[kind]) for kind in KINDS)
    return (
        f"| {name} | {statements} | {counts['other']} | {counts['_read_state']} "
        f"| {counts['positions']} |"
    )


async def _requests(folder: Path) -> list[str]:
    storage = Storage(SqliteDatabase(folder / "house.sqlite3"))
    await storage.open()
    service = TableService(storage, seed_source=lambda: 7)
    await service.lobbies.new_lobby(
        guild_id=1, channel_id=CHANNEL, creator=ANN, game_key="leylines", options={"first": 0}
    )
    await service.lobbies.join(CHANNEL, BOB)
    await service.lobbies.start(CHANNEL, ANN)
    for _ in range(MOVES):
        table = await service.tables.load(CHANNEL, status="active")
        [seat] = table.actors()
        notation = table.game.notation(table.game.legal_moves(table.state, seat)[0])
        await service.play.move(CHANNEL, (ANN, BOB)[seat], notation)
        delivery = await service.deliveries.delivery(table.row.id)
        assert delivery is not None
        await service.deliveries.delivered(delivery, Living(BOARD, "", ""))
    table = await service.tables.load(CHANNEL, status="active")
    [seat] = table.actors()
    mover = (ANN, BOB)[seat]
    notation = table.game.notation(table.game.legal_moves(table.state, seat)[0])
    played: list[TableUpdate] = []
    move = await _measured(
        storage, lambda: _kept(played, service.play.move(CHANNEL, mover, notation))
    )
    [update] = played
    assert update.queued is not None
    from_memory = await _measured(
        storage, lambda: service.deliveries.delivery(table.row.id, update.queued)
    )
    told = await _measured(storage, lambda: service.deliveries.delivery(table.row.id))
    asked = await _measured(storage, lambda: service.takebacks.ask_takeback(CHANNEL, mover))
    other = (ANN, BOB)[1 - seat]
    request = await storage.takebacks.request(table.row.id)
    assert request is not None
    accepted = await _measured(
        storage,
        lambda: service.takebacks.answer_takeback(CHANNEL, other, table.row.id, request.seq, True),
    )
    await storage.close()
    return [
        f"After {MOVES} moves of a two-player Ley Lines table (SQLite):",
        "",
        "| request | SELECT | INSERT | UPDATE | DELETE | other | decodes | replays |",
        "|---|---|---|---|---|---|---|---|",
        _row("`/move`", move),
        _row("its delivery by the request that committed it (from memory)", from_memory),
        _row("the same delivery by the recovery poll (the outbox and the game read)", told),
        _row("`/takeback` asked", asked),
        _row("takeback accepted (the undo)", accepted),
    ]


def _methods(cls: type) -> int:
    return sum(
        1
        for name, value in vars(cls).items()
        if not name.startswith("__") and (inspect.isfunction(value) or isinstance(value, property))
    )


def _classes(folder: Path) -> list[str]:
    """The container's services and the storage's repositories, with their methods."""
    storage = Storage(SqliteDatabase(folder / "unopened.sqlite3"))
    service = TableService(storage)
    parts = [("TableService", service), ("Storage", storage)]
    parts += [
        (f"{name}.{part}", value)
        for name, owner in parts
        for part, value in vars(owner).items()
        if type(value).__module__.startswith(("bot.service", "bot.storage"))
    ]
    lines = [
        "",
        "Methods per class (defined in its own body):",
        "",
        "| class | methods |",
        "|---|---|",
    ]
    lines += [
        f"| `{name}` ({type(value).__name__}) | {_methods(type(value))} |" for name, value in parts
    ]
    return lines


async def bench_house() -> Section:
    with tempfile.TemporaryDirectory() as folder:
        lines = ["## The house: work per request and class sizes", ""]
        lines += await _requests(Path(folder))
        lines += _classes(Path(folder))
    return Section(lines, [])
