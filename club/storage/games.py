"""Games and their seats: lobbies, starts, ends, reminder deadlines and stand-ins.

Every change to a game is guarded by its `version` (`bump`: `UPDATE ... WHERE version = ?`): a
writer holding an old version gets `StaleGame` and changes nothing.
"""

from __future__ import annotations

import json
import time
from collections.abc import Sequence
from typing import Any

from club.storage.database import Connection, Database
from club.storage.outbox import queue
from club.storage.rows import (
    ChannelBusy,
    Committed,
    GameRow,
    Living,
    OutboxRow,
    PhaseTimer,
    SeatRow,
    StaleGame,
    Statement,
)

COLUMNS = (
    "id, guild_id, channel_id, game_key, options, seed, status, version, state, creator_id, "
    "lobby_message_id, result, deadline, phase, phase_deadline, "
    "board_message_id, board_text, board_digest, "
    "(SELECT COALESCE(MAX(seq), 0) FROM moves WHERE moves.game_id = games.id), "
    "(SELECT {seats} FROM seats "
    "WHERE seats.game_id = games.id), hints, clock_hours, claim_at, rematch_of, first_user, "
    "created_at, updated_at, unrated"
)
"""A game row's columns, its move count and its seats (`{seats}`: the database's JSON aggregate,
`Database.seats_json`), read in one statement."""


async def bump(
    db: Connection, game_id: int, version: int, *, returning: str = "", **columns: Any
) -> Any:
    """Set `columns` and raise the version, only if the game is still at `version`; raises
    StaleGame otherwise. With `returning` (a RETURNING list), the row it reads back in the same
    statement."""
    sets = "".join(f"{name} = ?, " for name in columns)
    sql = (
        f"UPDATE games SET {sets}version = version + 1, updated_at = ? WHERE id = ? AND version = ?"
    )
    params = (*columns.values(), time.time(), game_id, version)
    if returning:  # one statement run and read in one step: one round trip
        rows = list(await db.execute_fetchall(f"{sql} RETURNING {returning}", params))
        if not rows:
            raise StaleGame()
        return rows[0]
    if (await db.execute(sql, params)).rowcount != 1:
        raise StaleGame()
    return None


async def bump_telling(
    db: Connection, database: Database, game: GameRow, entry: OutboxRow, **columns: Any
) -> Committed:
    """`bump` the game after queueing `entry` in the same transaction, reading back, in the
    same statement, the game as committed (its move count as it was before any move the
    transaction records after it) and whether `entry` is the only update its outbox holds."""
    waiting = "(SELECT COUNT(*) FROM outbox WHERE outbox.game_id = games.id)"
    columns_read = f"{COLUMNS.format(seats=database.seats_json)}, {waiting}"
    row = await bump(db, game.id, game.version, returning=columns_read, **columns)
    return Committed(game_row(row), entry, alone=row[-1] == 1)


def game_row(row: Sequence[Any]) -> GameRow:
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


class Games:
    """The tables `games` and `seats`."""

    def __init__(self, database: Database) -> None:
        self.database = database
        self._columns = COLUMNS.format(seats=database.seats_json)

    # Reading

    async def _fetch(self, where: str, params: Sequence[Any]) -> list[GameRow]:
        rows = await self.database.rows(f"SELECT {self._columns} FROM games WHERE {where}", params)
        return [game_row(row) for row in rows]

    async def _fetch_one(self, where: str, params: Sequence[Any]) -> GameRow | None:
        found = await self._fetch(f"{where} LIMIT 1", params)
        return found[0] if found else None

    async def open_in(self, channel_id: int) -> GameRow | None:
        """The lobby or game in play in this channel, if any."""
        return await self._fetch_one(
            "channel_id = ? AND status IN ('lobby', 'active')", (channel_id,)
        )

    async def get(self, game_id: int) -> GameRow | None:
        return await self._fetch_one("id = ?", (game_id,))

    async def last_in(self, channel_id: int) -> GameRow | None:
        """The newest game of this channel, open or ended."""
        return await self._fetch_one("channel_id = ? ORDER BY id DESC", (channel_id,))

    async def started_in(
        self, channel_id: int, statuses: Sequence[str], limit: int
    ) -> list[GameRow]:
        """This channel's `limit` newest games that started (a lobby closed before its start
        is left out) and are in one of `statuses`, newest first."""
        marks = ", ".join("?" for _ in statuses)
        return await self._fetch(
            f"channel_id = ? AND state IS NOT NULL AND status IN ({marks}) "
            "ORDER BY id DESC LIMIT ?",
            (channel_id, *statuses, limit),
        )

    async def due(self, now: float) -> list[GameRow]:
        """Games in play whose reminder deadline has passed."""
        return await self._fetch("status = 'active' AND deadline <= ? ORDER BY deadline", (now,))

    async def timed_out(self, now: float) -> list[GameRow]:
        """Games in play whose open phase's timer has run out."""
        return await self._fetch(
            "status = 'active' AND phase_deadline <= ? ORDER BY phase_deadline", (now,)
        )

    async def seated(self, guild_id: int, user_id: int) -> list[GameRow]:
        """The server's games in play where `user_id` has a seat, oldest first."""
        return await self._fetch(
            "guild_id = ? AND status = 'active' AND EXISTS (SELECT 1 FROM seats WHERE "
            "seats.game_id = games.id AND seats.user_id = ?) ORDER BY id",
            (guild_id, user_id),
        )

    async def open_ids(self) -> list[int]:
        rows = await self.database.rows(
            "SELECT id FROM games WHERE status IN ('lobby', 'active') ORDER BY id"
        )
        return [row[0] for row in rows]

    async def with_computers(self) -> list[tuple[int, int | None]]:
        """The games in play with a computer player seated, as (game id, server id)."""
        rows = await self.database.rows(
            "SELECT id, guild_id FROM games WHERE status = 'active' AND EXISTS "
            "(SELECT 1 FROM seats WHERE seats.game_id = games.id AND level IS NOT NULL) "
            "ORDER BY id"
        )
        return [(row[0], row[1]) for row in rows]

    async def with_standins(self) -> list[tuple[int, int | None]]:
        """The games in play where a stand-in plays an absent person's seat, as (game id,
        server id)."""
        rows = await self.database.rows(
            "SELECT id, guild_id FROM games WHERE status = 'active' AND EXISTS "
            "(SELECT 1 FROM seats WHERE seats.game_id = games.id "
            "AND standin_level IS NOT NULL) ORDER BY id"
        )
        return [(row[0], row[1]) for row in rows]

    async def standins(self, game_id: int) -> dict[int, str]:
        """The seats a stand-in plays, as {the absent person's user id: its level}."""
        rows = await self.database.rows(
            "SELECT user_id, standin_level FROM seats WHERE game_id = ? "
            "AND standin_level IS NOT NULL",
            (game_id,),
        )
        return {user_id: level for user_id, level in rows}

    async def unrated(self, game_id: int) -> bool:
        return bool(
            await self.database.scalar("SELECT unrated FROM games WHERE id = ?", (game_id,))
        )

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
            async with self.database.transaction() as db:
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
        except self.database.channel_taken as error:
            raise ChannelBusy() from error
        return int(game_id)

    async def set_lobby_message(self, game_id: int, message_id: int) -> None:
        async with self.database.transaction() as db:
            await db.execute(
                "UPDATE games SET lobby_message_id = ? WHERE id = ?", (message_id, game_id)
            )

    async def add_seat(
        self, game: GameRow, user_id: int, display_name: str, level: str | None = None
    ) -> None:
        """Seat a user, or a computer player of `level`, after the others (joining order is
        seating order)."""
        async with self.database.transaction() as db:
            await bump(db, game.id, game.version)
            await db.execute(
                "INSERT INTO seats (game_id, user_id, seat, display_name, level) VALUES (?, ?, "
                "(SELECT COALESCE(MAX(seat), -1) + 1 FROM seats WHERE game_id = ?), ?, ?)",
                (game.id, user_id, game.id, display_name, level),
            )

    async def remove_seat(self, game: GameRow, user_id: int) -> None:
        """Unseat a lobby member; the seats behind move up one."""
        seat = game.seat_of(user_id)
        async with self.database.transaction() as db:
            await bump(db, game.id, game.version)
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
    ) -> Committed:
        """Start the game (`state`: its opening snapshot as JSON text) and queue its opening
        update for delivery, in one transaction; what it committed."""
        async with self.database.transaction() as db:
            entry = await queue(db, game.id, outbox)
            return await bump_telling(
                db,
                self.database,
                game,
                entry,
                status="active",
                state=state,
                deadline=deadline,
                phase=timer.phase,
                phase_deadline=timer.deadline,
                claim_at=claim_at,
            )

    async def postpone(self, game: GameRow, deadline: float | None) -> bool:
        """Move the reminder deadline (None: no more reminders), unless the game or its deadline
        changed since `game` was read: of processes that read the same deadline, one moves it."""
        async with self.database.transaction() as db:
            cursor = await db.execute(
                "UPDATE games SET deadline = ? WHERE id = ? AND version = ? AND deadline = ?",
                (deadline, game.id, game.version, game.deadline),
            )
            return cursor.rowcount == 1

    async def end(self, game: GameRow, status: str, result: str | None) -> None:
        """Close a lobby or game without a move (abandoned, or a lobby emptied)."""
        async with self.database.transaction() as db:
            await bump(db, game.id, game.version, status=status, result=result)

    async def first_dm_hint(self, game_id: int, user_id: int) -> bool:
        """Whether the user is still to be told (once per game) that their DMs are closed;
        marks them told."""
        async with self.database.transaction() as db:
            cursor = await db.execute(
                "UPDATE seats SET dm_hinted = 1 WHERE game_id = ? AND user_id = ? "
                "AND dm_hinted = 0",
                (game_id, user_id),
            )
            return cursor.rowcount == 1

    async def set_standin(self, game: GameRow, user_id: int, level: str | None) -> None:
        """A stand-in of `level` takes `user_id`'s seat (None: the person takes it back);
        raises StaleGame if the game moved on since `game` was read."""
        async with self.database.transaction() as db:
            await bump(db, game.id, game.version)
            await db.execute(
                "UPDATE seats SET standin_level = ? WHERE game_id = ? AND user_id = ?",
                (level, game.id, user_id),
            )

    async def note_absence(self, game_id: int, user_id: int, now: float, period: float) -> bool:
        """Record that the table of game `game_id` is told now (`now`, Unix seconds) of the
        time away of the person in `user_id`'s seat: True unless it was told less than `period`
        seconds ago (so of processes asking at once, one tells it)."""
        async with self.database.transaction() as db:
            cursor = await db.execute(
                "UPDATE seats SET away_noted_at = ? WHERE game_id = ? AND user_id = ? "
                "AND (away_noted_at IS NULL OR away_noted_at <= ?)",
                (now, game_id, user_id, now - period),
            )
            return cursor.rowcount == 1

    async def mark_unrated(self, game_id: int) -> None:
        """The game will count for no one's rating (as `unrated_by_standin`, alone)."""
        unrated = self.unrated_by_standin(game_id)
        async with self.database.transaction() as db:
            await db.execute(unrated.sql, unrated.params)

    @staticmethod
    def unrated_by_standin(game_id: int) -> Statement:
        """The game will count for no one's rating: a stand-in's move, committed with it, has
        played in it (see `club.storage.moves.Moves.record`)."""
        return Statement("UPDATE games SET unrated = 1 WHERE id = ?", (game_id,))

    @staticmethod
    def standin_leaves(game_id: int, user_id: int) -> Statement:
        """The stand-in in `user_id`'s seat leaves it, with the person's own move committed
        with it: refused when no stand-in holds that seat any more."""
        return Statement(
            "UPDATE seats SET standin_level = NULL WHERE game_id = ? AND user_id = ? "
            "AND standin_level IS NOT NULL",
            (game_id, user_id),
            1,
        )
