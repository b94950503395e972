"""The outbox: updates committed with their move and not yet delivered to Discord, and the living
board message they were last delivered to."""

from __future__ import annotations

import json
import time
from typing import Any

from club.storage.database import Connection, Database
from club.storage.rows import Living, OutboxRow, Statement

DELIVERY_ATTEMPTS = 3
"""How often an undelivered update is tried before it is dropped (and logged)."""


async def queue(db: Connection, game_id: int, payload: dict[str, Any]) -> OutboxRow:
    """Queue `payload` for the game, in the transaction of `db`; the entry as queued."""
    queued_at = time.time()
    [(entry,)] = await db.execute_fetchall(
        "INSERT INTO outbox (game_id, payload, created_at) VALUES (?, ?, ?) RETURNING id",
        (game_id, json.dumps(payload), queued_at),
    )
    return OutboxRow(int(entry), payload, 0, queued_at)


def dropped(game_id: int) -> Statement:
    """Drop every update of the game, told or not (in the transaction that ends a game whose
    channel is gone: nothing can be told there any more)."""
    return Statement("DELETE FROM outbox WHERE game_id = ?", (game_id,))


class Outbox:
    """The table `outbox`, and the living board message of `games`."""

    def __init__(self, database: Database) -> None:
        self.database = database

    async def queue(self, game_id: int, payload: dict[str, Any]) -> None:
        """Queue an update that no move brought (such as a board asked for again)."""
        async with self.database.transaction() as db:
            await queue(db, game_id, payload)

    async def pending(self, game_id: int) -> list[OutboxRow]:
        """The game's undelivered updates, oldest first."""
        rows = await self.database.rows(
            "SELECT id, payload, attempts, created_at FROM outbox WHERE game_id = ? ORDER BY id",
            (game_id,),
        )
        return [OutboxRow(r[0], json.loads(r[1]), r[2], float(r[3])) for r in rows]

    async def undelivered_games(self, older_than: float) -> list[int]:
        """Games with an update queued before `older_than` (Unix seconds) still undelivered."""
        rows = await self.database.rows(
            "SELECT DISTINCT game_id FROM outbox WHERE created_at < ? ORDER BY game_id",
            (older_than,),
        )
        return [row[0] for row in rows]

    async def delivered(self, game_id: int, upto: int, living: Living) -> None:
        """Updates up to outbox id `upto` reached Discord; `living` is the board message now."""
        async with self.database.transaction() as db:
            await db.execute("DELETE FROM outbox WHERE game_id = ? AND id <= ?", (game_id, upto))
            await db.execute(
                "UPDATE games SET board_message_id = ?, board_text = ?, board_digest = ? "
                "WHERE id = ?",
                (living.message_id, living.text, living.digest, game_id),
            )

    async def failed(self, game_id: int, upto: int) -> int:
        """Count a failed try of the updates up to `upto`; those tried `DELIVERY_ATTEMPTS`
        times are dropped. Returns how many were dropped."""
        async with self.database.transaction() as db:
            await db.execute(
                "UPDATE outbox SET attempts = attempts + 1 WHERE game_id = ? AND id <= ?",
                (game_id, upto),
            )
            cursor = await db.execute(
                "DELETE FROM outbox WHERE game_id = ? AND attempts >= ?",
                (game_id, DELIVERY_ATTEMPTS),
            )
            return cursor.rowcount
