"""Who chose text mode (`/textmode`): boards sent to them come as text, not pictures (see
club.service.textmode). A person is in text mode while they have a row; the choice holds on
every server and in direct messages."""

from __future__ import annotations

from collections.abc import Sequence

from club.storage.database import Database


class TextReaders:
    """The table `text_readers`."""

    def __init__(self, database: Database) -> None:
        self.database = database

    async def reading(self, user_ids: Sequence[int]) -> frozenset[int]:
        """Those of `user_ids` in text mode."""
        if not user_ids:
            return frozenset()
        marks = ", ".join("?" for _ in user_ids)
        rows = await self.database.rows(
            f"SELECT user_id FROM text_readers WHERE user_id IN ({marks})", tuple(user_ids)
        )
        return frozenset(user_id for (user_id,) in rows)

    async def choose(self, user_id: int, on: bool, now: float) -> None:
        """Turn text mode on (since `now`, Unix seconds; kept if already on) or off."""
        async with self.database.transaction() as db:
            if on:
                await db.execute(
                    "INSERT INTO text_readers (user_id, since) VALUES (?, ?) "
                    "ON CONFLICT (user_id) DO NOTHING",
                    (user_id, now),
                )
            else:
                await db.execute("DELETE FROM text_readers WHERE user_id = ?", (user_id,))
