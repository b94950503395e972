"""Ratings and stats as stored (table `ratings`, one row per server, game title and person),
written inside the store's transactions; the counting itself is `club.ratings.ledger`'s.

A game is counted in the transaction that finishes it (`count`), so no finished game is ever
left uncounted, and finished games are numbered in the order they finished (`number`), so that
counting them all again in that order (`Ledger.rebuild`) gives exactly the same numbers. A
season's end softly resets its server's ratings of its title (`reset`) after a numbered game
(`seasons.reset_after_seq`); counting again applies each reset at the same place.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from club.ratings import standings
from club.ratings.ledger import Rating, counted
from club.ratings.seasons import soft_reset
from club.ratings.skill import Skill
from club.ratings.standings import Ending
from club.storage.database import Connection, Database

COLUMNS = "game_key, user_id, mu, sigma, games, wins, draws, losses, streak"
_UPDATED = ", ".join(f"{c} = excluded.{c}" for c in COLUMNS.split(", ")[2:])
"""An upsert's new values for a rating's counted columns."""


class Ledger:
    """The table `ratings`, and the numbering of finished games it is counted in."""

    def __init__(self, database: Database) -> None:
        self.database = database

    async def ratings(self, guild_id: int, user_id: int) -> list[Rating]:
        """A person's stats and rating in each game title they finished on this server."""
        rows = await self.database.rows(
            f"SELECT {COLUMNS} FROM ratings WHERE guild_id = ? AND user_id = ? ORDER BY game_key",
            (guild_id, user_id),
        )
        return [rating(row) for row in rows]

    async def leaderboard(self, guild_id: int, game_key: str, limit: int) -> list[Rating]:
        """The server's `limit` best in one title: highest rating (mu - 3 sigma) first, then
        the most games."""
        rows = await self.database.rows(
            f"SELECT {COLUMNS} FROM ratings WHERE guild_id = ? AND game_key = ? "
            "ORDER BY mu - 3 * sigma DESC, games DESC, user_id LIMIT ?",
            (guild_id, game_key, limit),
        )
        return [rating(row) for row in rows]

    async def rebuild(self, ending_of: Callable[[str, str], Ending | None]) -> int:
        """Forget all stats and ratings and count every finished game again, in the order the
        games finished, in one transaction; `ending_of(game key, state as JSON text)` tells how
        a game ended (None: it cannot be read, and counts for nothing). Returns the games
        counted."""
        total = 0
        async with self.database.transaction() as db:
            await self.database.lock_ledger(db)
            await db.execute("DELETE FROM ratings")
            resets = list(
                await db.execute_fetchall(
                    "SELECT reset_after_seq, guild_id, game_key FROM seasons "
                    "WHERE status = 'ended' ORDER BY reset_after_seq, id"
                )
            )
            finished = list(
                await db.execute_fetchall(
                    "SELECT id, finished_seq, game_key, state FROM games "
                    "WHERE status = 'finished' ORDER BY finished_seq, id"
                )
            )
            for game_id, seq, game_key, state in finished:
                while resets and resets[0][0] < (seq or 0):
                    _, guild_id, reset_key = resets.pop(0)
                    await reset(db, guild_id, reset_key)
                ending = ending_of(game_key, state)
                if ending is not None:
                    await count(db, game_id, ending)
                    total += 1
            for _, guild_id, reset_key in resets:
                await reset(db, guild_id, reset_key)
        return total


async def reset(db: Connection, guild_id: int, game_key: str) -> None:
    """Softly reset every rating of `game_key` on the server (`club.ratings.seasons.soft_reset`);
    games, results and streaks stay."""
    rows = await db.execute_fetchall(
        "SELECT user_id, mu, sigma FROM ratings WHERE guild_id = ? AND game_key = ?",
        (guild_id, game_key),
    )
    for user_id, mu, sigma in list(rows):
        skill = soft_reset(Skill(mu, sigma))
        await db.execute(
            "UPDATE ratings SET mu = ?, sigma = ? "
            "WHERE guild_id = ? AND game_key = ? AND user_id = ?",
            (skill.mu, skill.sigma, guild_id, game_key, user_id),
        )


def rating(row: Sequence[Any]) -> Rating:
    """A `Rating` from a row of `COLUMNS`."""
    key, user_id, mu, sigma, games, wins, draws, losses, streak = row
    return Rating(key, user_id, Skill(mu, sigma), games, wins, draws, losses, streak)


async def number(db: Connection, game_id: int) -> None:
    """Give a game that has just finished the next number in the order of finished games."""
    await db.execute(
        "UPDATE games SET finished_seq = (SELECT COALESCE(MAX(finished_seq), 0) + 1 FROM games) "
        "WHERE id = ?",
        (game_id,),
    )


async def count(db: Connection, game_id: int, ending: Ending) -> None:
    """Add a finished game (its seats and resignations as stored, ended as `ending` says) to
    its players' stats and, unless its table had hints or a stand-in moved in it
    (`games.hints`, `games.unrated`), to their ratings (see `club.ratings.ledger`). A game
    outside a server counts for nothing."""
    games = await db.execute_fetchall(
        "SELECT guild_id, game_key, hints, unrated FROM games WHERE id = ?", (game_id,)
    )
    guild_id, game_key, hints, unrated = next(iter(games))
    if guild_id is None:
        return
    seats = await db.execute_fetchall(
        "SELECT user_id, level FROM seats WHERE game_id = ? ORDER BY seat", (game_id,)
    )
    resigned = await db.execute_fetchall(
        "SELECT seat FROM moves WHERE game_id = ? AND kind = 'resign'", (game_id,)
    )
    people = [None if level is not None else user_id for user_id, level in seats]
    standing = standings.standing(ending, people, {seat for (seat,) in resigned})
    if not standing.results:
        return
    before = await _ratings(db, guild_id, game_key, list(standing.results))
    for new in counted(game_key, standing, before, rated=not hints and not unrated):
        await db.execute(
            f"INSERT INTO ratings (guild_id, {COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) "
            f"ON CONFLICT (guild_id, game_key, user_id) DO UPDATE SET {_UPDATED}",
            (guild_id, *_values(new)),
        )


async def _ratings(
    db: Connection, guild_id: int, game_key: str, user_ids: list[int]
) -> dict[int, Rating]:
    marks = ", ".join("?" * len(user_ids))
    rows = await db.execute_fetchall(
        f"SELECT {COLUMNS} FROM ratings WHERE guild_id = ? AND game_key = ? "
        f"AND user_id IN ({marks})",
        (guild_id, game_key, *user_ids),
    )
    return {r.user_id: r for r in map(rating, rows)}


def _values(r: Rating) -> tuple[Any, ...]:
    """`r` as the values of `COLUMNS`."""
    mu, sigma = r.skill.mu, r.skill.sigma
    return (r.game_key, r.user_id, mu, sigma, r.games, r.wins, r.draws, r.losses, r.streak)
