"""Ratings and stats as stored (the counting itself is `club.ratings.ledger`'s)."""

from __future__ import annotations

from collections.abc import Callable

from club.ratings import ledger
from club.ratings.ledger import Rating
from club.ratings.standings import Ending
from club.storage.database import Database


class Ledger:
    """The table `ratings`, and the numbering of finished games it is counted in."""

    def __init__(self, database: Database) -> None:
        self.database = database

    async def ratings(self, guild_id: int, user_id: int) -> list[Rating]:
        """A person's stats and rating in each game title they finished on this server."""
        rows = await self.database.rows(
            f"SELECT {ledger.COLUMNS} FROM ratings WHERE guild_id = ? AND user_id = ? "
            "ORDER BY game_key",
            (guild_id, user_id),
        )
        return [ledger.rating(row) for row in rows]

    async def leaderboard(self, guild_id: int, game_key: str, limit: int) -> list[Rating]:
        """The server's `limit` best in one title: highest rating (mu - 3 sigma) first, then
        the most games."""
        rows = await self.database.rows(
            f"SELECT {ledger.COLUMNS} FROM ratings WHERE guild_id = ? AND game_key = ? "
            "ORDER BY mu - 3 * sigma DESC, games DESC, user_id LIMIT ?",
            (guild_id, game_key, limit),
        )
        return [ledger.rating(row) for row in rows]

    async def rebuild(self, ending_of: Callable[[str, str], Ending | None]) -> int:
        """Forget all stats and ratings and count every finished game again, in the order the
        games finished, in one transaction; `ending_of(game key, state as JSON text)` tells how
        a game ended (None: it cannot be read, and counts for nothing). Returns the games
        counted."""
        counted = 0
        async with self.database.transaction() as db:
            await self.database.lock_ledger(db)
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
