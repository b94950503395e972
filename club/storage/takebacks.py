"""Takeback requests: at most one standing request per game, and who accepted it so far."""

from __future__ import annotations

import json

from club.storage.database import Database
from club.storage.rows import Statement, TakebackRequest


class TakebackRequests:
    """The table `takeback_requests`."""

    def __init__(self, database: Database) -> None:
        self.database = database

    async def ask(self, game_id: int, seq: int, asker: int) -> bool:
        """Record `asker`'s request to take back move `seq`: True if this made the request,
        False if a request of that move stood already (it is kept as it was, with the
        acceptances given). The insert decides, so of two requests at once only one makes it.
        A request of an earlier move, which move `seq` has outlived, is replaced."""
        async with self.database.transaction() as db:
            cursor = await db.execute(
                "INSERT INTO takeback_requests (game_id, seq, asker, accepted) "
                "VALUES (?, ?, ?, '[]') ON CONFLICT (game_id) DO UPDATE SET "
                "seq = excluded.seq, asker = excluded.asker, accepted = excluded.accepted "
                "WHERE takeback_requests.seq < excluded.seq",
                (game_id, seq, asker),
            )
            return cursor.rowcount == 1

    async def request(self, game_id: int) -> TakebackRequest | None:
        """The game's standing request, if any."""
        rows = await self.database.rows(
            "SELECT seq, asker, accepted FROM takeback_requests WHERE game_id = ?", (game_id,)
        )
        if not rows:
            return None
        seq, asker, accepted = rows[0]
        return TakebackRequest(seq, asker, tuple(json.loads(accepted)))

    async def accept(self, game_id: int, seq: int, user_id: int) -> tuple[int, ...] | None:
        """Count `user_id`'s acceptance of the request to take back move `seq`: the user ids
        of everyone who has accepted it now, or None when no such request stands."""
        async with self.database.transaction() as db:
            rows = list(
                await db.execute_fetchall(
                    f"SELECT accepted FROM takeback_requests WHERE game_id = ? AND seq = ?"
                    f"{self.database.for_update}",
                    (game_id, seq),
                )
            )
            if not rows:
                return None
            accepted = sorted({*json.loads(rows[0][0]), user_id})
            await db.execute(
                "UPDATE takeback_requests SET accepted = ? WHERE game_id = ?",
                (json.dumps(accepted), game_id),
            )
            return tuple(accepted)

    @staticmethod
    def answered(game_id: int, seq: int) -> Statement:
        """Drop the request to take back move `seq`, answered by the undo it goes with (see
        `club.storage.moves.Moves.record`): refused when no such request stands any more."""
        return Statement(
            "DELETE FROM takeback_requests WHERE game_id = ? AND seq = ?", (game_id, seq), 1
        )

    async def drop(self, game_id: int) -> None:
        async with self.database.transaction() as db:
            await db.execute("DELETE FROM takeback_requests WHERE game_id = ?", (game_id,))
