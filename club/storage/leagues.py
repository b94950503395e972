"""Server leagues: the events, their players, each round's pairings and tables, and the role
that may organise them (see `club.leagues`).

A round is written once: its pairings, its tables and the league's new round number and
deadline go in one transaction guarded by the round it follows (`store_round`), so of processes
pairing the same round, one writes it, and a restart reads it back instead of pairing again.
A table's thread and game are each recorded once (`set_thread`, `set_game` only fill an empty
column).
"""

from __future__ import annotations

import json
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from club.storage.database import Connection, Repository

LEAGUE_COLUMNS = (
    "id, guild_id, channel_id, name, game_key, options, format, rounds, round_hours, "
    "clock_hours, rated, late_until, away_allowed, absent, seed, status, round, deadline, "
    "paused_at, creator_id, signup_message_id, created_at"
)


@dataclass(frozen=True)
class LeagueRow:
    """A league as stored. `round` is the round in play (0 before the first); `deadline` when
    it ends (Unix seconds); `paused_at` when a pause began (None: not paused)."""

    id: int
    guild_id: int
    channel_id: int
    name: str
    game_key: str
    options: dict[str, Any]
    format: str
    rounds: int
    round_hours: int
    clock_hours: int
    rated: bool
    late_until: int
    away_allowed: bool
    absent: str
    seed: int
    status: str
    round: int
    deadline: float | None
    paused_at: float | None
    creator_id: int
    signup_message_id: int | None
    created_at: float


def _league(row: Sequence[Any]) -> LeagueRow:
    values = list(row)
    values[5] = json.loads(values[5])
    values[10], values[12] = bool(values[10]), bool(values[12])
    return LeagueRow(*values)


@dataclass(frozen=True)
class LeaguePlayer:
    """A player signed up: from which round they play (1: from the start) and the round in
    which they dropped (None: still in)."""

    user_id: int
    display_name: str
    joined_round: int
    dropped_round: int | None


@dataclass(frozen=True)
class LeagueTable:
    """A table of a round: its thread, its game and, once it ended, the event points each seat
    earned (seat order)."""

    round: int
    number: int
    thread_id: int | None
    game_id: int | None
    points: tuple[float, ...] | None


@dataclass(frozen=True)
class PairingRow:
    """A player's place in a round: a seat at a table, or a bye worth `bye_points`; `reason` is
    the pairing's reason as JSON (its parts, see `club.leagues.pairing.Reason`)."""

    round: int
    user_id: int
    table_number: int | None
    seat: int | None
    bye_points: float | None
    reason: str


@dataclass(frozen=True)
class NewRound:
    """A round to store: its tables (seat order, first seat first), its byes with their
    points, and each player's reason parts."""

    tables: tuple[tuple[int, ...], ...]
    byes: tuple[tuple[int, float], ...]
    reasons: dict[int, tuple[str, ...]]


class Leagues(Repository):
    """The tables `leagues`, `league_players`, `league_tables`, `league_pairings` and
    `league_organisers`."""

    # Leagues

    async def create(
        self,
        *,
        guild_id: int,
        channel_id: int,
        creator_id: int,
        seed: int,
        settings: dict[str, Any],
    ) -> int:
        """A new league in sign-up; `settings` holds the columns `/league new` sets (name,
        game_key, options, format, rounds, round_hours, clock_hours, rated, late_until,
        away_allowed, absent)."""
        columns = dict(settings, options=json.dumps(settings["options"]))
        names = ", ".join(columns)
        marks = ", ".join("?" for _ in columns)
        async with self.database.transaction() as db:
            [(league_id,)] = await db.execute_fetchall(
                f"INSERT INTO leagues (guild_id, channel_id, creator_id, seed, status, "
                f"created_at, {names}) VALUES (?, ?, ?, ?, 'signup', ?, {marks}) RETURNING id",
                (guild_id, channel_id, creator_id, seed, time.time(), *columns.values()),
            )
        return int(league_id)

    async def get(self, league_id: int) -> LeagueRow | None:
        rows = await self.database.rows(
            f"SELECT {LEAGUE_COLUMNS} FROM leagues WHERE id = ?", (league_id,)
        )
        return _league(rows[0]) if rows else None

    async def of_guild(self, guild_id: int) -> list[LeagueRow]:
        """The server's leagues, newest first."""
        rows = await self.database.rows(
            f"SELECT {LEAGUE_COLUMNS} FROM leagues WHERE guild_id = ? ORDER BY id DESC",
            (guild_id,),
        )
        return [_league(row) for row in rows]

    async def running(self) -> list[LeagueRow]:
        """Every league whose rounds are being played (paused ones left out)."""
        rows = await self.database.rows(
            f"SELECT {LEAGUE_COLUMNS} FROM leagues WHERE status = 'running' ORDER BY id"
        )
        return [_league(row) for row in rows]

    async def change(self, league_id: int, was: str, **columns: Any) -> bool:
        """Set `columns` of the league, only if its status `was` that; whether it was."""
        sets = ", ".join(f"{name} = ?" for name in columns)
        async with self.database.transaction() as db:
            cursor = await db.execute(
                f"UPDATE leagues SET {sets} WHERE id = ? AND status = ?",
                (*columns.values(), league_id, was),
            )
            return cursor.rowcount == 1

    async def set_signup_message(self, league_id: int, message_id: int) -> None:
        async with self.database.transaction() as db:
            await db.execute(
                "UPDATE leagues SET signup_message_id = ? WHERE id = ?", (message_id, league_id)
            )

    # Players

    async def players(self, league_id: int) -> list[LeaguePlayer]:
        """The league's players in sign-up order."""
        rows = await self.database.rows(
            "SELECT user_id, display_name, joined_round, dropped_round FROM league_players "
            "WHERE league_id = ? ORDER BY joined_round, signup_order",
            (league_id,),
        )
        return [LeaguePlayer(*row) for row in rows]

    async def add_player(self, league_id: int, user_id: int, name: str, joined_round: int) -> bool:
        """Sign the player up from `joined_round` (again, if they had dropped); False if they
        are in already."""
        async with self.database.transaction() as db:
            cursor = await db.execute(
                "INSERT INTO league_players (league_id, user_id, display_name, joined_round, "
                "signup_order) VALUES (?, ?, ?, ?, (SELECT COUNT(*) FROM league_players WHERE "
                "league_id = ?)) ON CONFLICT (league_id, user_id) DO UPDATE SET "
                "joined_round = excluded.joined_round, dropped_round = NULL, "
                "display_name = excluded.display_name "
                "WHERE league_players.dropped_round IS NOT NULL",
                (league_id, user_id, name, joined_round, league_id),
            )
            return cursor.rowcount == 1

    async def remove_player(self, league_id: int, user_id: int) -> bool:
        """Take a player off a league still in sign-up; False if they were not on it."""
        async with self.database.transaction() as db:
            cursor = await db.execute(
                "DELETE FROM league_players WHERE league_id = ? AND user_id = ?",
                (league_id, user_id),
            )
            return cursor.rowcount == 1

    async def drop_player(self, league_id: int, user_id: int, round_number: int) -> bool:
        """The player leaves the league in `round_number`; False if they were not in it."""
        async with self.database.transaction() as db:
            cursor = await db.execute(
                "UPDATE league_players SET dropped_round = ? WHERE league_id = ? AND user_id = ? "
                "AND dropped_round IS NULL",
                (round_number, league_id, user_id),
            )
            return cursor.rowcount == 1

    # Rounds

    async def store_round(
        self, league_id: int, round_number: int, new: NewRound, deadline: float
    ) -> bool:
        """Write round `round_number`'s pairings and tables and make it the league's round
        with `deadline`, in one transaction; False (nothing written) when the league is no
        longer running round `round_number - 1`."""
        async with self.database.transaction() as db:
            cursor = await db.execute(
                "UPDATE leagues SET round = ?, deadline = ? WHERE id = ? AND round = ? "
                "AND status = 'running'",
                (round_number, deadline, league_id, round_number - 1),
            )
            if cursor.rowcount != 1:
                return False
            for number, seats in enumerate(new.tables, 1):
                await db.execute(
                    "INSERT INTO league_tables (league_id, round, number) VALUES (?, ?, ?)",
                    (league_id, round_number, number),
                )
                for seat, user_id in enumerate(seats):
                    await _pairing(db, league_id, round_number, user_id, new, number, seat)
            for user_id, points in new.byes:
                await _pairing(db, league_id, round_number, user_id, new, bye=points)
            return True

    async def tables(self, league_id: int, round_number: int | None = None) -> list[LeagueTable]:
        """The league's tables (of one round), in round and number order."""
        where, params = "league_id = ?", [league_id]
        if round_number is not None:
            where, params = f"{where} AND round = ?", [league_id, round_number]
        rows = await self.database.rows(
            f"SELECT round, number, thread_id, game_id, points FROM league_tables WHERE {where} "
            "ORDER BY round, number",
            params,
        )
        return [
            LeagueTable(r, n, t, g, None if p is None else tuple(json.loads(p)))
            for r, n, t, g, p in rows
        ]

    async def pairings(self, league_id: int, round_number: int | None = None) -> list[PairingRow]:
        """The league's pairings (of one round), by round, table and seat, byes last."""
        where, params = "league_id = ?", [league_id]
        if round_number is not None:
            where, params = f"{where} AND round = ?", [league_id, round_number]
        rows = await self.database.rows(
            "SELECT round, user_id, table_number, seat, bye_points, reason FROM league_pairings "
            f"WHERE {where} ORDER BY round, table_number IS NULL, table_number, seat, user_id",
            params,
        )
        return [PairingRow(*row) for row in rows]

    async def set_thread(
        self, league_id: int, round_number: int, number: int, thread_id: int
    ) -> bool:
        """Record the table's thread, unless one is recorded already; whether it was."""
        return await self._fill(league_id, round_number, number, "thread_id", thread_id)

    async def set_game(self, league_id: int, round_number: int, number: int, game_id: int) -> bool:
        """Record the table's game, unless one is recorded already; whether it was."""
        return await self._fill(league_id, round_number, number, "game_id", game_id)

    async def set_points(
        self, league_id: int, round_number: int, number: int, points: Sequence[float]
    ) -> bool:
        """Record what the table's seats earned, unless it is recorded already."""
        return await self._fill(league_id, round_number, number, "points", json.dumps(points))

    async def _fill(
        self, league_id: int, round_number: int, number: int, column: str, value: Any
    ) -> bool:
        async with self.database.transaction() as db:
            cursor = await db.execute(
                f"UPDATE league_tables SET {column} = ? WHERE league_id = ? AND round = ? "
                f"AND number = ? AND {column} IS NULL",
                (value, league_id, round_number, number),
            )
            return cursor.rowcount == 1

    async def league_of_game(self, game_id: int) -> tuple[int, int, int] | None:
        """The (league, round, table number) a game was played for, if any."""
        rows = await self.database.rows(
            "SELECT league_id, round, number FROM league_tables WHERE game_id = ?", (game_id,)
        )
        return (int(rows[0][0]), int(rows[0][1]), int(rows[0][2])) if rows else None

    # Organisers

    async def organiser_role(self, guild_id: int) -> int | None:
        """The role whose members may organise the server's leagues (besides its admins)."""
        rows = await self.database.rows(
            "SELECT role_id FROM league_organisers WHERE guild_id = ?", (guild_id,)
        )
        return int(rows[0][0]) if rows else None

    async def set_organiser_role(self, guild_id: int, role_id: int | None) -> None:
        """Set (None: clear) the server's organisers' role."""
        async with self.database.transaction() as db:
            if role_id is None:
                await db.execute("DELETE FROM league_organisers WHERE guild_id = ?", (guild_id,))
                return
            await db.execute(
                "INSERT INTO league_organisers (guild_id, role_id) VALUES (?, ?) "
                "ON CONFLICT (guild_id) DO UPDATE SET role_id = excluded.role_id",
                (guild_id, role_id),
            )


async def _pairing(
    db: Connection,
    league_id: int,
    round_number: int,
    user_id: int,
    new: NewRound,
    number: int | None = None,
    seat: int | None = None,
    bye: float | None = None,
) -> None:
    await db.execute(
        "INSERT INTO league_pairings (league_id, round, user_id, table_number, seat, bye_points, "
        "reason) VALUES (?, ?, ?, ?, ?, ?, ?)",
        (
            league_id,
            round_number,
            user_id,
            number,
            seat,
            bye,
            json.dumps(list(new.reasons.get(user_id, ()))),
        ),
    )
