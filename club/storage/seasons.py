"""Seasons as stored (tables `seasons` and `season_standings`); what they count is
`club.ratings.seasons`'s.

A season is a span of time `[starts_at, ends_at)` (Unix seconds) for one server and game title,
numbered from 1 per server and title; spans of one server and title never overlap. Ending a
season is one transaction, taken once however many processes try: the season is marked ended
with the number of the last game finished before it (`reset_after_seq`, see
`club.storage.ledger.number`), its standings are archived, and the title's ratings on that server
are softly reset (`club.storage.ledger.reset`), so that counting every finished game again
applies the reset at the same point (`Ledger.rebuild`).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from club.ratings.ledger import Rating
from club.ratings.seasons import SeasonStanding
from club.ratings.skill import Skill
from club.storage.database import Repository
from club.storage.ledger import reset


@dataclass(frozen=True)
class Season:
    """One season of a game title on a server; `ended` once its end has been counted."""

    id: int
    guild_id: int
    game_key: str
    number: int
    starts_at: float
    ends_at: float
    ended: bool


@dataclass(frozen=True)
class SeasonGame:
    """A finished game inside a season, as stored: its state as JSON text, whether its table
    could be rated, each seat's user id (None for a computer player), the seats that resigned
    and, at a league table, each seat's league points."""

    game_id: int
    state: str
    rated: bool
    people: tuple[int | None, ...]
    resigned: frozenset[int]
    league_points: tuple[float, ...] | None = None
    """At a league table: the event points each seat earned there."""


class Overlap(Exception):
    """A new season would overlap season `number` of the same server and title."""

    def __init__(self, number: int) -> None:
        super().__init__(number)
        self.number = number


_SEASON = "id, guild_id, game_key, number, starts_at, ends_at, status"


class Seasons(Repository):
    """The tables `seasons` and `season_standings`."""

    async def add(
        self, guild_id: int, game_key: str, starts_at: float, ends_at: float, creator_id: int
    ) -> Season:
        """A new season of `game_key` on the server over `[starts_at, ends_at)`, numbered after
        the server's last season of that title; raises `Overlap` if it would overlap one."""
        async with self.database.transaction() as db:
            rows = await db.execute_fetchall(
                "SELECT number FROM seasons WHERE guild_id = ? AND game_key = ? "
                "AND starts_at < ? AND ends_at > ? ORDER BY number LIMIT 1",
                (guild_id, game_key, ends_at, starts_at),
            )
            for (number,) in rows:
                raise Overlap(number)
            numbers = await db.execute_fetchall(
                "SELECT COALESCE(MAX(number), 0) + 1 FROM seasons "
                "WHERE guild_id = ? AND game_key = ?",
                (guild_id, game_key),
            )
            number = next(iter(numbers))[0]
            added = await db.execute_fetchall(
                "INSERT INTO seasons (guild_id, game_key, number, starts_at, ends_at, status, "
                "creator_id) VALUES (?, ?, ?, ?, ?, 'open', ?) RETURNING id",
                (guild_id, game_key, number, starts_at, ends_at, creator_id),
            )
            season_id = next(iter(added))[0]
        return Season(season_id, guild_id, game_key, number, starts_at, ends_at, False)

    async def of(self, guild_id: int, game_key: str) -> list[Season]:
        """The server's seasons of one title, first first."""
        rows = await self.database.rows(
            f"SELECT {_SEASON} FROM seasons WHERE guild_id = ? AND game_key = ? ORDER BY number",
            (guild_id, game_key),
        )
        return [_season(row) for row in rows]

    async def due(self, now: float) -> list[Season]:
        """Seasons whose span is over but whose end has not been counted yet."""
        rows = await self.database.rows(
            f"SELECT {_SEASON} FROM seasons WHERE status = 'open' AND ends_at <= ? ORDER BY id",
            (now,),
        )
        return [_season(row) for row in rows]

    async def games(self, season: Season) -> list[SeasonGame]:
        """The games of the season's server and title that finished inside its span, in the
        order they finished."""
        games = await self.database.rows(
            "SELECT games.id, state, hints, unrated, league_tables.points FROM games "
            "LEFT JOIN league_tables ON league_tables.game_id = games.id "
            "WHERE guild_id = ? AND game_key = ? AND status = 'finished' "
            "AND updated_at >= ? AND updated_at < ? ORDER BY finished_seq, games.id",
            (season.guild_id, season.game_key, season.starts_at, season.ends_at),
        )
        if not games:
            return []
        ids = [row[0] for row in games]
        marks = ", ".join("?" * len(ids))
        seats = await self.database.rows(
            f"SELECT game_id, user_id, level FROM seats WHERE game_id IN ({marks}) "
            "ORDER BY game_id, seat",
            ids,
        )
        resigns = await self.database.rows(
            f"SELECT game_id, seat FROM moves WHERE kind = 'resign' AND game_id IN ({marks})",
            ids,
        )
        people: dict[int, list[int | None]] = {game_id: [] for game_id in ids}
        for game_id, user_id, level in seats:
            people[game_id].append(None if level is not None else user_id)
        resigned: dict[int, set[int]] = {game_id: set() for game_id in ids}
        for game_id, seat in resigns:
            resigned[game_id].add(seat)
        return [
            SeasonGame(
                game_id,
                state,
                not hints and not unrated,
                tuple(people[game_id]),
                frozenset(resigned[game_id]),
                None if points is None else tuple(json.loads(points)),
            )
            for game_id, state, hints, unrated, points in games
        ]

    async def end(self, season: Season, table: Sequence[SeasonStanding]) -> bool:
        """Count the season's end once: mark it ended, archive `table` (its standings, best
        first) and softly reset the title's ratings on its server, in one transaction. False
        when it had already ended (another process, or an earlier try, counted it)."""
        async with self.database.transaction() as db:
            await self.database.lock_ledger(db)
            cursor = await db.execute(
                "UPDATE seasons SET status = 'ended', reset_after_seq = "
                "(SELECT COALESCE(MAX(finished_seq), 0) FROM games) "
                "WHERE id = ? AND status = 'open'",
                (season.id,),
            )
            if cursor.rowcount != 1:
                return False
            for place, standing in enumerate(table, 1):
                r = standing.rating
                await db.execute(
                    "INSERT INTO season_standings (season_id, place, user_id, mu, sigma, games, "
                    "wins, draws, losses, league_points) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (
                        season.id,
                        place,
                        r.user_id,
                        r.skill.mu,
                        r.skill.sigma,
                        r.games,
                        r.wins,
                        r.draws,
                        r.losses,
                        standing.league_points,
                    ),
                )
            await reset(db, season.guild_id, season.game_key)
        return True

    async def archive(self, season: Season) -> list[SeasonStanding]:
        """An ended season's standings as archived, best first."""
        rows = await self.database.rows(
            "SELECT user_id, mu, sigma, games, wins, draws, losses, league_points "
            "FROM season_standings WHERE season_id = ? ORDER BY place",
            (season.id,),
        )
        return [
            SeasonStanding(
                Rating(season.game_key, user_id, Skill(mu, sigma), games, wins, draws, losses, 0),
                points,
            )
            for user_id, mu, sigma, games, wins, draws, losses, points in rows
        ]


def _season(row: Sequence[Any]) -> Season:
    season_id, guild_id, game_key, number, starts_at, ends_at, status = row
    return Season(season_id, guild_id, game_key, number, starts_at, ends_at, status == "ended")
