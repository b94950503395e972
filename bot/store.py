"""The SQLite store: games, seats and the append-only move log.

Schema changes are numbered migrations recorded in `PRAGMA user_version`. The database runs in WAL
mode with full sync, so a committed move survives a crash. Every change to a game is guarded by
its `version` (`UPDATE ... WHERE version = ?`): a writer holding an old version gets `StaleGame`
and changes nothing. One connection is shared by the process; a lock keeps transactions whole.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar

import aiosqlite

from bot.ratings import ledger
from bot.ratings.ledger import Record
from bot.ratings.standings import Ending
from bot.sql import Connection
from engine.core import GameError

MIGRATIONS: tuple[str, ...] = (
    """
    CREATE TABLE games (
        id INTEGER PRIMARY KEY,
        guild_id INTEGER,
        channel_id INTEGER NOT NULL,
        game_key TEXT NOT NULL,
        options TEXT NOT NULL,
        seed INTEGER NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('lobby', 'active', 'finished', 'abandoned')),
        version INTEGER NOT NULL DEFAULT 0,
        state TEXT,
        creator_id INTEGER NOT NULL,
        lobby_message_id INTEGER,
        result TEXT,
        created_at REAL NOT NULL,
        updated_at REAL NOT NULL
    );
    CREATE UNIQUE INDEX games_one_open_per_channel
        ON games (channel_id) WHERE status IN ('lobby', 'active');
    CREATE TABLE seats (
        game_id INTEGER NOT NULL REFERENCES games (id),
        user_id INTEGER NOT NULL,
        seat INTEGER NOT NULL,
        display_name TEXT NOT NULL,
        PRIMARY KEY (game_id, user_id)
    );
    CREATE TABLE moves (
        game_id INTEGER NOT NULL REFERENCES games (id),
        seq INTEGER NOT NULL,
        seat INTEGER NOT NULL,
        kind TEXT NOT NULL CHECK (kind IN ('move', 'resign')),
        notation TEXT NOT NULL,
        created_at REAL NOT NULL,
        PRIMARY KEY (game_id, seq)
    );
    """,
    """
    ALTER TABLE games ADD COLUMN deadline REAL;
    CREATE INDEX games_deadline ON games (deadline) WHERE status = 'active';
    """,
    """
    CREATE TABLE moves_v3 (
        game_id INTEGER NOT NULL REFERENCES games (id),
        seq INTEGER NOT NULL,
        seat INTEGER NOT NULL,
        kind TEXT NOT NULL CHECK (kind IN ('move', 'hidden', 'resign', 'timeout')),
        notation TEXT NOT NULL,
        created_at REAL NOT NULL,
        PRIMARY KEY (game_id, seq)
    );
    INSERT INTO moves_v3 SELECT game_id, seq, seat, kind, notation, created_at FROM moves;
    DROP TABLE moves;
    ALTER TABLE moves_v3 RENAME TO moves;
    ALTER TABLE games ADD COLUMN phase TEXT;
    ALTER TABLE games ADD COLUMN phase_deadline REAL;
    CREATE INDEX games_phase_deadline ON games (phase_deadline) WHERE status = 'active';
    """,
    """
    CREATE TABLE outbox (
        id INTEGER PRIMARY KEY,
        game_id INTEGER NOT NULL REFERENCES games (id),
        payload TEXT NOT NULL,
        attempts INTEGER NOT NULL DEFAULT 0,
        created_at REAL NOT NULL
    );
    CREATE INDEX outbox_by_game ON outbox (game_id, id);
    ALTER TABLE games ADD COLUMN board_message_id INTEGER;
    ALTER TABLE games ADD COLUMN board_text TEXT NOT NULL DEFAULT '';
    ALTER TABLE games ADD COLUMN board_digest TEXT NOT NULL DEFAULT '';
    ALTER TABLE seats ADD COLUMN dm_hinted INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE moves ADD COLUMN said TEXT NOT NULL DEFAULT '';
    """,
    """
    ALTER TABLE seats ADD COLUMN level TEXT;
    ALTER TABLE games ADD COLUMN hints INTEGER NOT NULL DEFAULT 0;
    """,
    """
    CREATE TABLE ratings (
        guild_id INTEGER NOT NULL,
        game_key TEXT NOT NULL,
        user_id INTEGER NOT NULL,
        mu REAL NOT NULL,
        sigma REAL NOT NULL,
        games INTEGER NOT NULL DEFAULT 0,
        wins INTEGER NOT NULL DEFAULT 0,
        draws INTEGER NOT NULL DEFAULT 0,
        losses INTEGER NOT NULL DEFAULT 0,
        streak INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (guild_id, game_key, user_id)
    );
    ALTER TABLE games ADD COLUMN finished_seq INTEGER;
    UPDATE games SET finished_seq = (
        SELECT COUNT(*) FROM games AS earlier WHERE earlier.status = 'finished'
        AND (earlier.updated_at < games.updated_at
             OR (earlier.updated_at = games.updated_at AND earlier.id <= games.id))
    ) WHERE status = 'finished';
    CREATE UNIQUE INDEX games_finished_seq ON games (finished_seq) WHERE finished_seq IS NOT NULL;
    """,
    """
    ALTER TABLE games ADD COLUMN clock_hours INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE games ADD COLUMN claim_at REAL;
    ALTER TABLE games ADD COLUMN rematch_of INTEGER REFERENCES games (id);
    ALTER TABLE games ADD COLUMN first_user INTEGER;
    """,
    """
    CREATE TABLE moves_v8 (
        game_id INTEGER NOT NULL REFERENCES games (id),
        seq INTEGER NOT NULL,
        seat INTEGER NOT NULL,
        kind TEXT NOT NULL CHECK (kind IN ('move', 'hidden', 'resign', 'timeout', 'takeback')),
        notation TEXT NOT NULL,
        created_at REAL NOT NULL,
        said TEXT NOT NULL DEFAULT '',
        PRIMARY KEY (game_id, seq)
    );
    INSERT INTO moves_v8 SELECT game_id, seq, seat, kind, notation, created_at, said FROM moves;
    DROP TABLE moves;
    ALTER TABLE moves_v8 RENAME TO moves;
    CREATE TABLE takeback_requests (
        game_id INTEGER PRIMARY KEY REFERENCES games (id),
        seq INTEGER NOT NULL,
        asker INTEGER NOT NULL,
        accepted TEXT NOT NULL DEFAULT '[]'
    );
    """,
    """
    CREATE TABLE leases (
        name TEXT PRIMARY KEY,
        holder TEXT NOT NULL,
        expires_at REAL NOT NULL
    );
    """,
    """
    CREATE TABLE heartbeats (
        process TEXT PRIMARY KEY,
        version TEXT NOT NULL,
        started_at REAL NOT NULL,
        beat_at REAL NOT NULL
    );
    """,
    """
    ALTER TABLE moves ADD COLUMN undoes INTEGER NOT NULL DEFAULT 1;
    """,
    """
    CREATE TABLE players (
        guild_id INTEGER NOT NULL,
        user_id INTEGER NOT NULL,
        notify TEXT NOT NULL DEFAULT 'both' CHECK (notify IN ('dm', 'channel', 'both', 'none')),
        digest_at REAL,
        PRIMARY KEY (guild_id, user_id)
    );
    CREATE TABLE away (
        guild_id INTEGER NOT NULL,
        user_id INTEGER NOT NULL,
        starts_at REAL NOT NULL,
        ends_at REAL NOT NULL,
        PRIMARY KEY (guild_id, user_id, starts_at)
    );
    CREATE TABLE servers (
        guild_id INTEGER PRIMARY KEY,
        remind_hours REAL,
        clock_hours INTEGER,
        standins INTEGER NOT NULL DEFAULT 1,
        channels TEXT NOT NULL DEFAULT '[]'
    );
    ALTER TABLE seats ADD COLUMN standin_level TEXT;
    ALTER TABLE games ADD COLUMN unrated INTEGER NOT NULL DEFAULT 0;
    """,
    """
    CREATE TABLE nudges (
        guild_id INTEGER NOT NULL,
        user_id INTEGER NOT NULL,
        game_key TEXT NOT NULL,
        told_at REAL NOT NULL,
        PRIMARY KEY (guild_id, user_id, game_key)
    );
    """,
)
DELIVERY_ATTEMPTS = 3
"""How often an undelivered update is tried before it is dropped (and logged)."""


@dataclass(frozen=True)
class PhaseTimer:
    """The timed open phase a game is in (the engine's id) and when it times out, or neither."""

    phase: str | None = None
    deadline: float | None = None


class StaleGame(GameError):
    """The game changed since the caller read it."""

    def __init__(self) -> None:
        super().__init__("The game moved on before your action arrived; nothing was changed.")


class SaveUncertain(Exception):
    """The database went away while it committed: the change may or may not have been made
    (a client cannot know, once the commit was sent and no answer came)."""


class ChannelBusy(GameError):
    """The channel already holds a lobby or a game in play."""

    def __init__(self) -> None:
        super().__init__(
            "This channel already has a game. Finish it, `/resign`, or ask a moderator to "
            "`/abandon` it first."
        )


@dataclass(frozen=True)
class SeatRow:
    user_id: int
    seat: int
    display_name: str
    level: str | None = None
    """A computer player's level (its user id is then negative); None for a person."""


@dataclass(frozen=True)
class GameRow:
    id: int
    guild_id: int | None
    channel_id: int
    game_key: str
    options: dict[str, Any]
    seed: int
    status: str
    version: int
    state: str | None
    creator_id: int
    lobby_message_id: int | None
    result: str | None
    deadline: float | None
    """When the players to move are next reminded (Unix seconds), or None."""
    phase: str | None
    """The engine's id of the timed open phase in progress, or None."""
    phase_deadline: float | None
    """When that phase times out (Unix seconds), or None."""
    living: Living
    """The living board message, as last delivered."""
    moves_made: int
    """How many moves the game's log holds (moves are numbered 1, 2, ... without gaps)."""
    seats: tuple[SeatRow, ...]
    hints: bool = False
    """Whether the table lets its players ask a computer player for a hint (`/hint`)."""
    clock_hours: int = 0
    """The table's fair clock: hours a turn may wait before the others may claim; 0 = none."""
    claim_at: float | None = None
    """When the others may claim the game if the turn still waits (Unix seconds), or None."""
    rematch_of: int | None = None
    """The finished game this lobby is the rematch of, or None."""
    first_user: int | None = None
    """A rematch's player to move first (first players alternate), or None."""
    created_at: float = 0.0
    """When the lobby was opened (Unix seconds)."""
    updated_at: float = 0.0
    """When the game last changed: for a game that is over, when it ended (Unix seconds)."""
    unrated: bool = False
    """Whether the game can no longer change a rating (a computer stood in for a player)."""

    def seat_of(self, user_id: int) -> int | None:
        return next((s.seat for s in self.seats if s.user_id == user_id), None)


@dataclass(frozen=True)
class MoveRow:
    seq: int
    seat: int
    kind: str
    notation: str
    created_at: float
    said: str
    """What the channel was told of this move (public narration)."""
    undoes: int = 1
    """For a takeback: how many actions it undoes (the player's own, and the computer players'
    replies after it)."""


@dataclass(frozen=True)
class TakebackRequest:
    """A player's request to take back the move numbered `seq` (their own), and the user ids of
    the people who accepted it so far."""

    seq: int
    asker: int
    accepted: tuple[int, ...]


@dataclass(frozen=True)
class Heartbeat:
    """A bot process's last sign of life: `beat_at` (Unix seconds) is when its background
    work last completed a pass while connected to Discord."""

    process: str
    version: str
    started_at: float
    beat_at: float


@dataclass(frozen=True)
class Counts:
    """Games by status and the updates queued for delivery (`oldest_queued`: when the oldest
    was queued, Unix seconds; None when none is)."""

    lobbies: int
    active: int
    with_computers: int
    queued: int
    oldest_queued: float | None


@dataclass(frozen=True)
class OutboxRow:
    """An update committed with its move but not yet delivered to Discord."""

    id: int
    payload: dict[str, Any]
    attempts: int


@dataclass(frozen=True)
class Living:
    """The game's living board message: its id, the narration it shows, and a digest of the
    board picture attached to it."""

    message_id: int | None = None
    text: str = ""
    digest: str = ""


SEATS_JSON = "json_group_array(json_array(user_id, seat, display_name, level))"
"""A game's seats as one JSON array of [user id, seat, display name, level] (SQLite's words)."""
_GAME_COLUMNS = (
    "id, guild_id, channel_id, game_key, options, seed, status, version, state, creator_id, "
    "lobby_message_id, result, deadline, phase, phase_deadline, "
    "board_message_id, board_text, board_digest, "
    "(SELECT COALESCE(MAX(seq), 0) FROM moves WHERE moves.game_id = games.id), "
    f"(SELECT {SEATS_JSON} FROM seats "
    "WHERE seats.game_id = games.id), hints, clock_hours, claim_at, rematch_of, first_user, "
    "created_at, updated_at, unrated"
)
"""A game row's columns, its move count and its seats (as JSON), read in one statement."""


def _game_row(row: Sequence[Any]) -> GameRow:
    seats = tuple(sorted((SeatRow(*seat) for seat in json.loads(row[19])), key=lambda s: s.seat))
    return GameRow(
        id=row[0],
        guild_id=row[1],
        channel_id=row[2],
        game_key=row[3],
        options=json.loads(row[4]),
        seed=row[5],
        status=row[6],
        version=row[7],
        state=row[8],
        creator_id=row[9],
        lobby_message_id=row[10],
        result=row[11],
        deadline=row[12],
        phase=row[13],
        phase_deadline=row[14],
        living=Living(row[15], row[16], row[17]),
        moves_made=row[18],
        seats=seats,
        hints=bool(row[20]),
        clock_hours=row[21],
        claim_at=row[22],
        rematch_of=row[23],
        first_user=row[24],
        created_at=row[25],
        updated_at=row[26],
        unrated=bool(row[27]),
    )


class Store:
    """Async access to the database file at `path` (created with its folder if missing).

    Its statements run unchanged on PostgreSQL (`bot.pgstore.PgStore`); what differs is in the
    members a dialect overrides: `open`, `close`, `db`, `_migrate`, `_transaction`, `_rows`,
    `_game_columns`, `_channel_taken`, `_for_update` and `_lock_ledger`."""

    _game_columns: ClassVar[str] = _GAME_COLUMNS
    _channel_taken: ClassVar[tuple[type[Exception], ...]] = (aiosqlite.IntegrityError,)
    """What inserting a second open game in a channel raises (the partial unique index)."""
    shared: ClassVar[bool] = False
    """Whether other processes may use the same database (a SQLite file belongs to one
    process; several processes share a PostgreSQL database), so that work any of them could take
    up is claimed first (`claim`)."""
    _for_update: ClassVar[str] = ""
    """Ends a read whose rows the transaction then rewrites, to lock them until it ends (SQLite:
    its write transaction already excludes every other writer)."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self._db: aiosqlite.Connection | None = None
        self._reader: aiosqlite.Connection | None = None
        self._lock = asyncio.Lock()

    async def open(self, *, read_only: bool = False) -> None:
        """Connect, creating and migrating the database; `read_only`: only read an existing
        database as it is (raises `sqlite3.OperationalError` if there is none)."""
        if read_only:
            self._db = await aiosqlite.connect(
                f"{self.path.resolve().as_uri()}?mode=ro", uri=True, isolation_level=None
            )
            await self._db.execute("PRAGMA busy_timeout = 5000")
            return
        if str(self.path) != ":memory:":
            self.path.parent.mkdir(parents=True, exist_ok=True)
        self._db = await aiosqlite.connect(self.path, isolation_level=None)
        await self._db.execute("PRAGMA journal_mode = WAL")
        await self._db.execute("PRAGMA synchronous = FULL")
        await self._db.execute("PRAGMA foreign_keys = ON")
        await self._db.execute("PRAGMA busy_timeout = 5000")
        await self._migrate()
        if str(self.path) != ":memory:":
            self._reader = await aiosqlite.connect(self.path, isolation_level=None)
            await self._reader.execute("PRAGMA query_only = ON")
            await self._reader.execute("PRAGMA busy_timeout = 5000")

    async def close(self) -> None:
        for connection in (self._reader, self._db):
            if connection is not None:
                await connection.close()
        self._db = self._reader = None

    @property
    def db(self) -> Connection:
        """The writing connection (outside a transaction: for tests and benchmarks)."""
        return self._sqlite

    @property
    def _sqlite(self) -> aiosqlite.Connection:
        if self._db is None:
            raise RuntimeError("The store is not open.")
        return self._db

    async def _migrate(self) -> None:
        async with self._sqlite.execute("PRAGMA user_version") as cursor:
            row = await cursor.fetchone()
        current = int(row[0]) if row else 0
        for number, script in enumerate(MIGRATIONS[current:], start=current + 1):
            await self._sqlite.executescript(
                f"BEGIN; {script}; PRAGMA user_version = {number}; COMMIT;"
            )

    @asynccontextmanager
    async def _transaction(self) -> AsyncIterator[Connection]:
        """One write transaction, committed on success and rolled back on any error."""
        async with self._lock:
            await self.db.execute("BEGIN IMMEDIATE")
            try:
                yield self.db
            except BaseException:
                if self._sqlite.in_transaction:  # SQLite ends it itself on a full disk
                    await self.db.execute("ROLLBACK")
                raise
            await self.db.execute("COMMIT")

    async def _bump(self, db: Connection, game_id: int, version: int, **columns: Any) -> None:
        """Set `columns` and raise the version, only if the game is still at `version`."""
        sets = "".join(f"{name} = ?, " for name in columns)
        cursor = await db.execute(
            f"UPDATE games SET {sets}version = version + 1, updated_at = ? "
            "WHERE id = ? AND version = ?",
            (*columns.values(), time.time(), game_id, version),
        )
        if cursor.rowcount != 1:
            raise StaleGame()

    # Reading

    async def _rows(self, sql: str, params: Sequence[Any] = ()) -> list[Any]:
        """The rows of one read-only statement. It runs on a reading connection of its own
        (WAL lets it read while a write commits), so a read never waits for a commit's sync.
        The statement is run and read to its end in one step of the connection's thread, so
        no two reads overlap: each starts after the last and sees every commit before it."""
        if self._reader is None:  # an in-memory database has one connection
            async with self._lock:
                return list(await self.db.execute_fetchall(sql, params))
        return list(await self._reader.execute_fetchall(sql, params))

    async def _fetch_games(self, where: str, params: Sequence[Any]) -> list[GameRow]:
        rows = await self._rows(f"SELECT {self._game_columns} FROM games WHERE {where}", params)
        return [_game_row(row) for row in rows]

    async def _fetch_game(self, where: str, params: Sequence[Any]) -> GameRow | None:
        found = await self._fetch_games(f"{where} LIMIT 1", params)
        return found[0] if found else None

    async def open_game(self, channel_id: int) -> GameRow | None:
        """The lobby or game in play in this channel, if any."""
        return await self._fetch_game(
            "channel_id = ? AND status IN ('lobby', 'active')", (channel_id,)
        )

    async def game(self, game_id: int) -> GameRow | None:
        return await self._fetch_game("id = ?", (game_id,))

    async def last_game(self, channel_id: int) -> GameRow | None:
        """The newest game of this channel, open or ended."""
        return await self._fetch_game("channel_id = ? ORDER BY id DESC", (channel_id,))

    async def started_games(
        self, channel_id: int, statuses: Sequence[str], limit: int
    ) -> list[GameRow]:
        """This channel's `limit` newest games that started (a lobby closed before its start
        is left out) and are in one of `statuses`, newest first."""
        marks = ", ".join("?" for _ in statuses)
        return await self._fetch_games(
            f"channel_id = ? AND state IS NOT NULL AND status IN ({marks}) "
            "ORDER BY id DESC LIMIT ?",
            (channel_id, *statuses, limit),
        )

    async def due_games(self, now: float) -> list[GameRow]:
        """Games in play whose reminder deadline has passed."""
        return await self._fetch_games(
            "status = 'active' AND deadline <= ? ORDER BY deadline", (now,)
        )

    async def timed_out_games(self, now: float) -> list[GameRow]:
        """Games in play whose open phase's timer has run out."""
        return await self._fetch_games(
            "status = 'active' AND phase_deadline <= ? ORDER BY phase_deadline", (now,)
        )

    async def open_game_ids(self) -> list[int]:
        rows = await self._rows(
            "SELECT id FROM games WHERE status IN ('lobby', 'active') ORDER BY id"
        )
        return [row[0] for row in rows]

    async def games_with_computers(self) -> list[tuple[int, int | None]]:
        """The games in play with a computer player seated, as (game id, server id)."""
        rows = await self._rows(
            "SELECT id, guild_id FROM games WHERE status = 'active' AND EXISTS "
            "(SELECT 1 FROM seats WHERE seats.game_id = games.id AND level IS NOT NULL) "
            "ORDER BY id"
        )
        return [(row[0], row[1]) for row in rows]

    async def moves(self, game_id: int) -> list[MoveRow]:
        rows = await self._rows(
            "SELECT seq, seat, kind, notation, created_at, said, undoes FROM moves "
            "WHERE game_id = ? ORDER BY seq",
            (game_id,),
        )
        return [MoveRow(*row) for row in rows]

    async def moved_since(self, game_id: int, seat: int, seq: int) -> bool:
        """Whether `seat` moved, or a phase timed out, after move number `seq`."""
        return bool(
            await self._scalar(
                "SELECT EXISTS (SELECT 1 FROM moves WHERE game_id = ? AND seq > ? "
                "AND (seat = ? OR kind = 'timeout'))",
                (game_id, seq, seat),
            )
        )

    async def moved_after(self, game_id: int, seat: int, moment: float) -> bool:
        """Whether `seat` moved, or a phase timed out, after `moment` (Unix seconds)."""
        return bool(
            await self._scalar(
                "SELECT EXISTS (SELECT 1 FROM moves WHERE game_id = ? AND created_at > ? "
                "AND (seat = ? OR kind = 'timeout'))",
                (game_id, moment, seat),
            )
        )

    async def _scalar(self, sql: str, params: Sequence[Any]) -> int:
        rows = await self._rows(sql, params)
        return int(rows[0][0]) if rows else 0

    # Writing

    async def create_lobby(
        self,
        *,
        guild_id: int | None,
        channel_id: int,
        game_key: str,
        options: dict[str, Any],
        seed: int,
        creator_id: int,
        creator_name: str,
        hints: bool = False,
        clock_hours: int = 0,
        rematch_of: int | None = None,
        first_user: int | None = None,
    ) -> int:
        """A new lobby with its creator in the first seat; raises ChannelBusy."""
        now = time.time()
        try:
            async with self._transaction() as db:
                [(game_id,)] = await db.execute_fetchall(
                    "INSERT INTO games (guild_id, channel_id, game_key, options, seed, status, "
                    "creator_id, hints, clock_hours, rematch_of, first_user, created_at, "
                    "updated_at) VALUES (?, ?, ?, ?, ?, 'lobby', ?, ?, ?, ?, ?, ?, ?) RETURNING id",
                    (
                        guild_id,
                        channel_id,
                        game_key,
                        json.dumps(options),
                        seed,
                        creator_id,
                        int(hints),
                        clock_hours,
                        rematch_of,
                        first_user,
                        now,
                        now,
                    ),
                )
                await db.execute(
                    "INSERT INTO seats (game_id, user_id, seat, display_name) VALUES (?, ?, 0, ?)",
                    (game_id, creator_id, creator_name),
                )
        except self._channel_taken as error:
            raise ChannelBusy() from error
        return int(game_id)

    async def set_lobby_message(self, game_id: int, message_id: int) -> None:
        async with self._transaction() as db:
            await db.execute(
                "UPDATE games SET lobby_message_id = ? WHERE id = ?", (message_id, game_id)
            )

    async def add_seat(
        self, game: GameRow, user_id: int, display_name: str, level: str | None = None
    ) -> None:
        """Seat a user, or a computer player of `level`, after the others (joining order is
        seating order)."""
        async with self._transaction() as db:
            await self._bump(db, game.id, game.version)
            await db.execute(
                "INSERT INTO seats (game_id, user_id, seat, display_name, level) VALUES (?, ?, "
                "(SELECT COALESCE(MAX(seat), -1) + 1 FROM seats WHERE game_id = ?), ?, ?)",
                (game.id, user_id, game.id, display_name, level),
            )

    async def remove_seat(self, game: GameRow, user_id: int) -> None:
        """Unseat a lobby member; the seats behind move up one."""
        seat = game.seat_of(user_id)
        async with self._transaction() as db:
            await self._bump(db, game.id, game.version)
            await db.execute(
                "DELETE FROM seats WHERE game_id = ? AND user_id = ?", (game.id, user_id)
            )
            await db.execute(
                "UPDATE seats SET seat = seat - 1 WHERE game_id = ? AND seat > ?", (game.id, seat)
            )

    async def start(
        self,
        game: GameRow,
        state: str,
        deadline: float | None,
        timer: PhaseTimer,
        outbox: dict[str, Any],
        claim_at: float | None = None,
    ) -> None:
        """Start the game (`state`: its opening snapshot as JSON text) and queue its opening
        update for delivery, in one transaction."""
        async with self._transaction() as db:
            await self._queue(db, game.id, outbox)
            await self._bump(
                db,
                game.id,
                game.version,
                status="active",
                state=state,
                deadline=deadline,
                phase=timer.phase,
                phase_deadline=timer.deadline,
                claim_at=claim_at,
            )

    async def record_move(
        self,
        game: GameRow,
        *,
        seat: int,
        kind: str,
        notation: str,
        state: str,
        result: str | None,
        deadline: float | None,
        timer: PhaseTimer,
        said: str,
        outbox: dict[str, Any],
        claim_at: float | None = None,
        ending: Ending | None = None,
        undoes: int = 1,
    ) -> None:
        """Append to the move log, save the new snapshot (`state`, JSON text) and queue the
        update that tells the table (`outbox`), in one transaction: a committed move is always
        announced.

        A non-None `result` ends the game (status `finished`), and `ending` (how it ended) then
        counts it for its players' stats and ratings in the same transaction. `kind` is `move`,
        `hidden` (its notation is secret: records never show it), `resign`, `timeout` (seat -1:
        a phase timer) or `takeback` (the last `undoes` actions before it are undone; its seat
        and notation are those of the first of them, the taker's own move).
        `said` is the move's public narration, kept for `/history`. `claim_at` is when the
        others may claim the game if the next turn waits that long (None: no clock).
        """
        async with self._transaction() as db:
            await self._queue(db, game.id, outbox)
            status = "active" if result is None else "finished"
            await self._bump(
                db,
                game.id,
                game.version,
                state=state,
                status=status,
                result=result,
                deadline=deadline,
                phase=timer.phase,
                phase_deadline=timer.deadline,
                claim_at=claim_at,
            )
            await db.execute(
                "INSERT INTO moves (game_id, seq, seat, kind, notation, created_at, said, "
                "undoes) VALUES "
                "(?, (SELECT COALESCE(MAX(seq), 0) + 1 FROM moves WHERE game_id = ?), "
                "?, ?, ?, ?, ?, ?)",
                (game.id, game.id, seat, kind, notation, time.time(), said, undoes),
            )
            if result is not None:
                await self._lock_ledger(db)
                await ledger.number(db, game.id)
            if ending is not None:
                await ledger.count(db, game.id, ending)

    async def postpone(self, game: GameRow, deadline: float | None) -> bool:
        """Move the reminder deadline (None: no more reminders), unless the game or its deadline
        changed since `game` was read: of processes that read the same deadline, one moves it."""
        async with self._transaction() as db:
            cursor = await db.execute(
                "UPDATE games SET deadline = ? WHERE id = ? AND version = ? AND deadline = ?",
                (deadline, game.id, game.version, game.deadline),
            )
            return cursor.rowcount == 1

    async def end(self, game: GameRow, status: str, result: str | None) -> None:
        """Close a lobby or game without a move (abandoned, or a lobby emptied)."""
        async with self._transaction() as db:
            await self._bump(db, game.id, game.version, status=status, result=result)

    # Ratings and stats (see bot.ratings.ledger)

    async def _lock_ledger(self, db: Connection) -> None:
        """Take the right to number finished games and count them, until the transaction ends
        (SQLite: its write transaction already excludes every other writer)."""

    async def records(self, guild_id: int, user_id: int) -> list[Record]:
        """A person's stats and rating in each game title they finished on this server."""
        rows = await self._rows(
            f"SELECT {ledger.COLUMNS} FROM ratings WHERE guild_id = ? AND user_id = ? "
            "ORDER BY game_key",
            (guild_id, user_id),
        )
        return [ledger.record(row) for row in rows]

    async def leaderboard(self, guild_id: int, game_key: str, limit: int) -> list[Record]:
        """The server's `limit` best in one title: highest rating (mu - 3 sigma) first, then
        the most games."""
        rows = await self._rows(
            f"SELECT {ledger.COLUMNS} FROM ratings WHERE guild_id = ? AND game_key = ? "
            "ORDER BY mu - 3 * sigma DESC, games DESC, user_id LIMIT ?",
            (guild_id, game_key, limit),
        )
        return [ledger.record(row) for row in rows]

    async def rebuild_ratings(self, ending_of: Callable[[str, str], Ending | None]) -> int:
        """Forget all stats and ratings and count every finished game again, in the order the
        games finished, in one transaction; `ending_of(game key, state as JSON text)` tells how
        a game ended (None: it cannot be read, and counts for nothing). Returns the games
        counted."""
        counted = 0
        async with self._transaction() as db:
            await self._lock_ledger(db)
            await db.execute("DELETE FROM ratings")
            async with db.execute(
                "SELECT id, game_key, state FROM games WHERE status = 'finished' "
                "ORDER BY finished_seq, id"
            ) as cursor:
                async for game_id, game_key, state in cursor:
                    ending = ending_of(game_key, state)
                    if ending is not None:
                        await ledger.count(db, game_id, ending)
                        counted += 1
        return counted

    # Delivery: the outbox, the living board message and closed-DM hints

    @staticmethod
    async def _queue(db: Connection, game_id: int, payload: dict[str, Any]) -> None:
        await db.execute(
            "INSERT INTO outbox (game_id, payload, created_at) VALUES (?, ?, ?)",
            (game_id, json.dumps(payload), time.time()),
        )

    async def queue(self, game_id: int, payload: dict[str, Any]) -> None:
        """Queue an update that no move brought (such as a board asked for again)."""
        async with self._transaction() as db:
            await self._queue(db, game_id, payload)

    async def outbox(self, game_id: int) -> list[OutboxRow]:
        """The game's undelivered updates, oldest first."""
        rows = await self._rows(
            "SELECT id, payload, attempts FROM outbox WHERE game_id = ? ORDER BY id", (game_id,)
        )
        return [OutboxRow(r[0], json.loads(r[1]), r[2]) for r in rows]

    async def undelivered_games(self, older_than: float) -> list[int]:
        """Games with an update queued before `older_than` (Unix seconds) still undelivered."""
        rows = await self._rows(
            "SELECT DISTINCT game_id FROM outbox WHERE created_at < ? ORDER BY game_id",
            (older_than,),
        )
        return [row[0] for row in rows]

    async def delivered(self, game_id: int, upto: int, living: Living) -> None:
        """Updates up to outbox id `upto` reached Discord; `living` is the board message now."""
        async with self._transaction() as db:
            await db.execute("DELETE FROM outbox WHERE game_id = ? AND id <= ?", (game_id, upto))
            await db.execute(
                "UPDATE games SET board_message_id = ?, board_text = ?, board_digest = ? "
                "WHERE id = ?",
                (living.message_id, living.text, living.digest, game_id),
            )

    async def delivery_failed(self, game_id: int, upto: int) -> int:
        """Count a failed try of the updates up to `upto`; those tried `DELIVERY_ATTEMPTS`
        times are dropped. Returns how many were dropped."""
        async with self._transaction() as db:
            await db.execute(
                "UPDATE outbox SET attempts = attempts + 1 WHERE game_id = ? AND id <= ?",
                (game_id, upto),
            )
            cursor = await db.execute(
                "DELETE FROM outbox WHERE game_id = ? AND attempts >= ?",
                (game_id, DELIVERY_ATTEMPTS),
            )
            return cursor.rowcount

    async def nudge_once(self, guild_id: int, user_id: int, game_key: str, now: float) -> bool:
        """Record that the user is told about `/learn` for `game_key` on this server: True the
        first time only (across restarts and processes)."""
        async with self._transaction() as db:
            cursor = await db.execute(
                "INSERT INTO nudges (guild_id, user_id, game_key, told_at) VALUES (?, ?, ?, ?) "
                "ON CONFLICT (guild_id, user_id, game_key) DO NOTHING",
                (guild_id, user_id, game_key, now),
            )
            return cursor.rowcount == 1

    # Operations: each process's sign of life, and the figures an administrator reads

    async def beat(self, process: str, version: str, started_at: float, now: float) -> None:
        """Record that `process` (running `version` since `started_at`) completed a pass of
        its background work at `now` (Unix seconds)."""
        async with self._transaction() as db:
            await db.execute(
                "INSERT INTO heartbeats (process, version, started_at, beat_at) "
                "VALUES (?, ?, ?, ?) ON CONFLICT (process) DO UPDATE SET "
                "version = excluded.version, started_at = excluded.started_at, "
                "beat_at = excluded.beat_at",
                (process, version, started_at, now),
            )

    async def heartbeats(self) -> list[Heartbeat]:
        """Every process's last sign of life, by process name."""
        rows = await self._rows(
            "SELECT process, version, started_at, beat_at FROM heartbeats ORDER BY process"
        )
        return [Heartbeat(*row) for row in rows]

    async def counts(self) -> Counts:
        """Open games, games in play with a computer seated, and the queued updates."""
        [(lobbies, active, with_computers, queued, oldest)] = await self._rows(
            "SELECT "
            "(SELECT COUNT(*) FROM games WHERE status = 'lobby'), "
            "(SELECT COUNT(*) FROM games WHERE status = 'active'), "
            "(SELECT COUNT(*) FROM games WHERE status = 'active' AND EXISTS "
            "(SELECT 1 FROM seats WHERE seats.game_id = games.id AND level IS NOT NULL)), "
            "(SELECT COUNT(*) FROM outbox), "
            "(SELECT MIN(created_at) FROM outbox)"
        )
        return Counts(lobbies, active, with_computers, queued, oldest)

    # Leases: work that one process claims for a while, so that no other does it too

    async def claim(self, name: str, holder: str, now: float, seconds: float) -> bool:
        """Claim the work called `name` for `holder`, from `now` (Unix seconds) for `seconds`:
        True if nobody else holds it (a lease past its time, or the holder's own, is taken
        over)."""
        async with self._transaction() as db:
            cursor = await db.execute(
                "INSERT INTO leases (name, holder, expires_at) VALUES (?, ?, ?) "
                "ON CONFLICT (name) DO UPDATE SET holder = excluded.holder, "
                "expires_at = excluded.expires_at "
                "WHERE leases.expires_at < ? OR leases.holder = excluded.holder",
                (name, holder, now + seconds, now),
            )
            return cursor.rowcount == 1

    async def release(self, name: str, holder: str) -> None:
        """Give up `holder`'s lease on `name` (nothing if someone else holds it now)."""
        async with self._transaction() as db:
            await db.execute("DELETE FROM leases WHERE name = ? AND holder = ?", (name, holder))

    async def ask_takeback(self, game_id: int, seq: int, asker: int) -> bool:
        """Record `asker`'s request to take back move `seq`: True if this made the request,
        False if a request of that move stood already (it is kept as it was, with the
        acceptances given). The insert decides, so of two requests at once only one makes it.
        A request of an earlier move, which move `seq` has outlived, is replaced."""
        async with self._transaction() as db:
            cursor = await db.execute(
                "INSERT INTO takeback_requests (game_id, seq, asker, accepted) "
                "VALUES (?, ?, ?, '[]') ON CONFLICT (game_id) DO UPDATE SET "
                "seq = excluded.seq, asker = excluded.asker, accepted = excluded.accepted "
                "WHERE takeback_requests.seq < excluded.seq",
                (game_id, seq, asker),
            )
            return cursor.rowcount == 1

    async def takeback_request(self, game_id: int) -> TakebackRequest | None:
        rows = await self._rows(
            "SELECT seq, asker, accepted FROM takeback_requests WHERE game_id = ?", (game_id,)
        )
        if not rows:
            return None
        seq, asker, accepted = rows[0]
        return TakebackRequest(seq, asker, tuple(json.loads(accepted)))

    async def accept_takeback(self, game_id: int, seq: int, user_id: int) -> tuple[int, ...] | None:
        """Count `user_id`'s acceptance of the request to take back move `seq`: the user ids
        of everyone who has accepted it now, or None when no such request stands."""
        async with self._transaction() as db:
            cursor = await db.execute(
                f"SELECT accepted FROM takeback_requests WHERE game_id = ? AND seq = ?"
                f"{self._for_update}",
                (game_id, seq),
            )
            row = await cursor.fetchone()
            if row is None:
                return None
            accepted = sorted({*json.loads(row[0]), user_id})
            await db.execute(
                "UPDATE takeback_requests SET accepted = ? WHERE game_id = ?",
                (json.dumps(accepted), game_id),
            )
            return tuple(accepted)

    async def drop_takeback(self, game_id: int) -> None:
        async with self._transaction() as db:
            await db.execute("DELETE FROM takeback_requests WHERE game_id = ?", (game_id,))

    async def first_dm_hint(self, game_id: int, user_id: int) -> bool:
        """Whether the user is still to be told (once per game) that their DMs are closed;
        marks them told."""
        async with self._transaction() as db:
            cursor = await db.execute(
                "UPDATE seats SET dm_hinted = 1 WHERE game_id = ? AND user_id = ? "
                "AND dm_hinted = 0",
                (game_id, user_id),
            )
            return cursor.rowcount == 1

    async def queued_at(self, game_id: int, entry: int) -> float | None:
        """When the game's outbox entry `entry` was queued (Unix seconds; None if it is not
        queued). With the id, it names one update for good: SQLite gives an id again once the
        entries above it are delivered."""
        rows = await self._rows(
            "SELECT created_at FROM outbox WHERE game_id = ? AND id = ?", (game_id, entry)
        )
        return float(rows[0][0]) if rows else None

    # Tables that never stall: each player's tables, reminders, time away, servers' settings
    # and stand-ins (see bot.service.waiting, bot.service.away, bot.service.standins)

    async def seated_games(self, guild_id: int, user_id: int) -> list[GameRow]:
        """The server's games in play where `user_id` has a seat, oldest first."""
        return await self._fetch_games(
            "guild_id = ? AND status = 'active' AND EXISTS (SELECT 1 FROM seats WHERE "
            "seats.game_id = games.id AND seats.user_id = ?) ORDER BY id",
            (guild_id, user_id),
        )

    async def notify_of(self, guild_id: int, user_ids: Sequence[int]) -> dict[int, str]:
        """How each of `user_ids` chose to be reminded on this server (`dm`, `channel`, `both`
        or `none`); those who never chose are left out (the default is `both`)."""
        if not user_ids:
            return {}
        marks = ", ".join("?" for _ in user_ids)
        rows = await self._rows(
            f"SELECT user_id, notify FROM players WHERE guild_id = ? AND user_id IN ({marks})",
            (guild_id, *user_ids),
        )
        return {user_id: notify for user_id, notify in rows}

    async def set_notify(self, guild_id: int, user_id: int, notify: str) -> None:
        async with self._transaction() as db:
            await db.execute(
                "INSERT INTO players (guild_id, user_id, notify) VALUES (?, ?, ?) "
                "ON CONFLICT (guild_id, user_id) DO UPDATE SET notify = excluded.notify",
                (guild_id, user_id, notify),
            )

    async def claim_digest(self, guild_id: int, user_id: int, now: float, period: float) -> bool:
        """Take the right to send `user_id` this server's reminder digest at `now` (Unix
        seconds): True if none was sent in the `period` seconds before (it is marked sent now,
        so of processes asking at once, and across a restart, one sends it)."""
        async with self._transaction() as db:
            cursor = await db.execute(
                "INSERT INTO players (guild_id, user_id, digest_at) VALUES (?, ?, ?) "
                "ON CONFLICT (guild_id, user_id) DO UPDATE SET digest_at = excluded.digest_at "
                "WHERE players.digest_at IS NULL OR players.digest_at <= ?",
                (guild_id, user_id, now, now - period),
            )
            return cursor.rowcount == 1

    async def away_periods(
        self, guild_id: int | None, user_ids: Sequence[int]
    ) -> list[tuple[int, float, float]]:
        """The times away of `user_ids` on this server, as (user id, start, end) in Unix
        seconds, oldest first."""
        if guild_id is None or not user_ids:
            return []
        marks = ", ".join("?" for _ in user_ids)
        rows = await self._rows(
            "SELECT user_id, starts_at, ends_at FROM away WHERE guild_id = ? "
            f"AND user_id IN ({marks}) ORDER BY starts_at",
            (guild_id, *user_ids),
        )
        return [(u, float(s), float(e)) for u, s, e in rows]

    async def go_away(self, guild_id: int, user_id: int, starts: float, ends: float) -> None:
        """Record a time away from `starts` to `ends` (Unix seconds), ending any time away
        still running at `starts`."""
        async with self._transaction() as db:
            await self._come_back(db, guild_id, user_id, starts)
            await db.execute(
                "INSERT INTO away (guild_id, user_id, starts_at, ends_at) VALUES (?, ?, ?, ?)",
                (guild_id, user_id, starts, ends),
            )

    async def come_back(self, guild_id: int, user_id: int, now: float) -> bool:
        """End the time away running at `now`; False if there was none."""
        async with self._transaction() as db:
            return await self._come_back(db, guild_id, user_id, now)

    @staticmethod
    async def _come_back(db: Connection, guild_id: int, user_id: int, now: float) -> bool:
        await db.execute(
            "DELETE FROM away WHERE guild_id = ? AND user_id = ? AND starts_at >= ?",
            (guild_id, user_id, now),
        )
        cursor = await db.execute(
            "UPDATE away SET ends_at = ? WHERE guild_id = ? AND user_id = ? AND ends_at > ?",
            (now, guild_id, user_id, now),
        )
        return cursor.rowcount > 0

    async def server_settings(self, guild_id: int | None = None) -> list[tuple[Any, ...]]:
        """Servers' settings as rows of (server id, reminder hours, clock hours, stand-ins
        allowed, channels as JSON text): one server's, or every server's."""
        where, params = ("WHERE guild_id = ?", (guild_id,)) if guild_id is not None else ("", ())
        return await self._rows(
            "SELECT guild_id, remind_hours, clock_hours, standins, channels FROM servers "
            f"{where} ORDER BY guild_id",
            params,
        )

    async def set_server_settings(
        self,
        guild_id: int,
        remind_hours: float | None,
        clock_hours: int | None,
        standins: bool,
        channels: Sequence[int],
    ) -> None:
        async with self._transaction() as db:
            await db.execute(
                "INSERT INTO servers (guild_id, remind_hours, clock_hours, standins, channels) "
                "VALUES (?, ?, ?, ?, ?) ON CONFLICT (guild_id) DO UPDATE SET "
                "remind_hours = excluded.remind_hours, clock_hours = excluded.clock_hours, "
                "standins = excluded.standins, channels = excluded.channels",
                (guild_id, remind_hours, clock_hours, int(standins), json.dumps(list(channels))),
            )

    async def standins(self, game_id: int) -> dict[int, str]:
        """The seats a stand-in plays, as {the absent person's user id: its level}."""
        rows = await self._rows(
            "SELECT user_id, standin_level FROM seats WHERE game_id = ? "
            "AND standin_level IS NOT NULL",
            (game_id,),
        )
        return {user_id: level for user_id, level in rows}

    async def set_standin(self, game: GameRow, user_id: int, level: str | None) -> None:
        """A stand-in of `level` takes `user_id`'s seat (None: the person takes it back);
        raises StaleGame if the game moved on since `game` was read."""
        async with self._transaction() as db:
            await self._bump(db, game.id, game.version)
            await db.execute(
                "UPDATE seats SET standin_level = ? WHERE game_id = ? AND user_id = ?",
                (level, game.id, user_id),
            )

    async def mark_unrated(self, game_id: int) -> None:
        """The game will count for no one's rating (a stand-in has played in it)."""
        async with self._transaction() as db:
            await db.execute("UPDATE games SET unrated = 1 WHERE id = ?", (game_id,))

    async def unrated(self, game_id: int) -> bool:
        return bool(await self._scalar("SELECT unrated FROM games WHERE id = ?", (game_id,)))

    async def standin_games(self) -> list[tuple[int, int | None]]:
        """The games in play where a stand-in plays an absent person's seat, as (game id,
        server id)."""
        rows = await self._rows(
            "SELECT id, guild_id FROM games WHERE status = 'active' AND EXISTS "
            "(SELECT 1 FROM seats WHERE seats.game_id = games.id "
            "AND standin_level IS NOT NULL) ORDER BY id"
        )
        return [(row[0], row[1]) for row in rows]
