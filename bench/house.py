"""The house's figures (`python benchmark.py --house`): how much work a `/move` and a takeback
cost the database and the engine, and how large the service and storage classes are.

A two-player Ley Lines of Mars table (seed pinned) on a SQLite file in a temporary folder plays
`MOVES` moves through the table service, each delivered (one of them taken back and played
again); one more move is measured, then its delivery twice: as the request that committed it
makes it (from what the commit left in memory) and as the recovery poll makes it (reading the
outbox and the game; the transport reads nothing more); then one player asks to take back their
move and the other accepts. SQLite's trace callback counts the statements each request sends
(by their first word: SELECT, INSERT, UPDATE, DELETE; BEGIN and COMMIT apart), and the
service's decodes of a stored state (`club.service.tables._read_state`) and replays of a game
from its seed (`club.service.takebacks.positions`) are counted around each request. The same
table is played again on a PostgreSQL server of the run's own (`tests.postgres.Cluster`; not
run, with the reason, where its server binaries are missing), and each request's round trips
to the database are counted on both (`bench.hops`). Methods are counted per class as defined
in its own body (not inherited), properties included.
"""

from __future__ import annotations

import inspect
import tempfile
from collections import Counter
from collections.abc import Awaitable, Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import aiosqlite

import club.service.tables
import club.service.takebacks
from bench.hops import HopCounter, Hops, Relay
from bench.report import Section
from bench.scale import start_server
from club.service import Player, TableService, TableUpdate
from club.storage import Storage
from club.storage.postgres import PgDatabase
from club.storage.rows import Living
from club.storage.sqlite import SqliteDatabase

MOVES = 12
"""Moves played before the measured `/move` and takeback."""
TAKEN_BACK = 6
"""The move taken back (and played again) among them, so that the measured requests find their
statements prepared on PostgreSQL (once per pooled connection, as a running bot has them)."""
ANN, BOB = Player(101, "Ann"), Player(202, "Bob")
CHANNEL = 10
BOARD = 555
"""The board message's id that each delivery leaves."""
KINDS = ("SELECT", "INSERT", "UPDATE", "DELETE")
REQUESTS = (
    "`/move`",
    "its delivery by the request that committed it (from memory)",
    "the same delivery by the recovery poll (the outbox and the game read)",
    "`/takeback` asked",
    "takeback accepted (the undo)",
)
"""The requests measured, in the order they are made."""


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


@dataclass
class Measured:
    """What one request cost: its statements (SQLite), decodes and replays, and its round trips
    to the database (`bench.hops`)."""

    counts: Counter[str]
    hops: Hops


async def _measured(
    storage: Storage, counter: HopCounter, request: Callable[[], Awaitable[Any]]
) -> Measured:
    """The statements, decodes, replays and round trips of one request."""
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
            _counting(club.service.tables, "_read_state", counts),
            _counting(club.service.takebacks, "positions", counts),
            counter.counting(storage.database) as hops,
        ):
            await request()
    finally:
        for connection in connections:
            await connection.set_trace_callback(None)
    return Measured(counts, hops)


async def _kept(into: list[TableUpdate], request: Awaitable[TableUpdate]) -> None:
    """Run `request`, keeping what it returns in `into`."""
    into.append(await request)


def _row(name: str, counts: Counter[str]) -> str:
    statements = " | ".join(str(counts[kind]) for kind in KINDS)
    return (
        f"| {name} | {statements} | {counts['other']} | {counts['_read_state']} "
        f"| {counts['positions']} |"
    )


async def _requests(storage: Storage, counter: HopCounter) -> list[Measured]:
    """Play the table on `storage` and measure each request of `REQUESTS`, in order."""
    await storage.open()
    try:
        return await _played(storage, counter)
    finally:
        await storage.close()


async def _played(storage: Storage, counter: HopCounter) -> list[Measured]:
    service = TableService(storage, seed_source=lambda: 7)
    await service.lobbies.new_lobby(
        guild_id=1, channel_id=CHANNEL, creator=ANN, game_key="leylines", options={"first": 0}
    )
    await service.lobbies.join(CHANNEL, BOB)
    await service.lobbies.start(CHANNEL, ANN)
    for number in range(1, MOVES + 1):
        table = await service.tables.load(CHANNEL, status="active")
        [seat] = table.actors()
        notation = table.game.notation(table.game.legal_moves(table.state, seat)[0])
        await service.play.move(CHANNEL, (ANN, BOB)[seat], notation)
        if number == TAKEN_BACK:  # each statement is prepared before it is measured
            await _take_back(storage, counter, service, table.row.id, seat)
        delivery = await service.deliveries.delivery(table.row.id)
        assert delivery is not None
        await service.deliveries.delivered(delivery, Living(BOARD, "", ""))
    table = await service.tables.load(CHANNEL, status="active")
    [seat] = table.actors()
    mover = (ANN, BOB)[seat]
    notation = table.game.notation(table.game.legal_moves(table.state, seat)[0])
    played: list[TableUpdate] = []
    move = await _measured(
        storage, counter, lambda: _kept(played, service.play.move(CHANNEL, mover, notation))
    )
    [update] = played
    assert update.queued is not None or storage.shared  # a shared database is read instead
    from_memory = await _measured(
        storage, counter, lambda: service.deliveries.delivery(table.row.id, update.queued)
    )
    told = await _measured(storage, counter, lambda: service.deliveries.delivery(table.row.id))
    asked, accepted = await _take_back(storage, counter, service, table.row.id, seat)
    return [move, from_memory, told, asked, accepted]


async def _take_back(
    storage: Storage, counter: HopCounter, service: TableService, game_id: int, seat: int
) -> tuple[Measured, Measured]:
    """The player at `seat` asks to take back their move and the other accepts: what each
    request cost."""
    mover, other = (ANN, BOB)[seat], (ANN, BOB)[1 - seat]
    asked = await _measured(
        storage, counter, lambda: service.takebacks.ask_takeback(CHANNEL, mover)
    )
    request = await storage.takebacks.request(game_id)
    assert request is not None
    accepted = await _measured(
        storage,
        counter,
        lambda: service.takebacks.answer_takeback(CHANNEL, other, game_id, request.seq, True),
    )
    return asked, accepted


async def _on_sqlite(folder: Path) -> list[Measured]:
    return await _requests(Storage(SqliteDatabase(folder / "house.sqlite3")), HopCounter())


async def _on_postgresql() -> tuple[list[Measured] | None, str | None]:
    """The requests on a PostgreSQL server of the run's own, through a counting `Relay`; or
    None and why PostgreSQL could not be run."""
    server, reason = start_server(durable=False)
    if server is None:
        return None, reason
    try:
        url = await server.new_database()
        counter = HopCounter()
        relay = Relay(server.port, counter.hop)
        await relay.start()
        try:
            return await _requests(Storage(PgDatabase(relay.through(url))), counter), None
        finally:
            await relay.close()
    finally:
        server.stop()


def _hops_row(name: str, sqlite: Measured, postgresql: Measured | None) -> str:
    pg = (
        "- | -"
        if postgresql is None
        else f"{postgresql.hops.total} | {postgresql.hops.in_transaction}"
    )
    return f"| {name} | {sqlite.hops.total} | {sqlite.hops.in_transaction} | {pg} |"


async def _request_lines(folder: Path) -> list[str]:
    sqlite = await _on_sqlite(folder)
    postgresql, reason = await _on_postgresql()
    lines = [
        f"After {MOVES} moves of a two-player Ley Lines table, the {TAKEN_BACK}th taken back "
        "and played again (SQLite):",
        "",
        "| request | SELECT | INSERT | UPDATE | DELETE | other | decodes | replays |",
        "|---|---|---|---|---|---|---|---|",
        *(_row(name, m.counts) for name, m in zip(REQUESTS, sqlite, strict=True)),
        "",
        "Round trips to the database per request, the same table on each database "
        "(`bench/hops.py`): on SQLite, calls handed to a connection's thread and waited for "
        "(a statement, a row fetched, a cursor closed, BEGIN, COMMIT); on PostgreSQL, turns on "
        "the wire (a statement, a statement's preparation, BEGIN, COMMIT; a connection given "
        'back to the pool costs none). "in the transaction": inside `Database.transaction()`, '
        "the write lock's hold on SQLite, a pooled connection's on PostgreSQL; every one of "
        "them is made under the table's lock.",
        "",
        "| request | SQLite hops | SQLite, in the transaction | PostgreSQL round trips "
        "| PostgreSQL, in the transaction |",
        "|---|---|---|---|---|",
    ]
    pg: list[Measured | None] = list(postgresql) if postgresql else [None] * len(REQUESTS)
    lines += [_hops_row(*row) for row in zip(REQUESTS, sqlite, pg, strict=True)]
    if postgresql is None:
        lines += ["", f"PostgreSQL not run: {reason}"]
    return lines


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
        if type(value).__module__.startswith(("club.service", "club.storage"))
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
        lines += await _request_lines(Path(folder))
        lines += _classes(Path(folder))
    return Section(lines, [])
