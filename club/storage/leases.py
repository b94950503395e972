"""Leases: work that one process claims for a while, so that no other does it too (on a database
several processes share; see `Database.shared`)."""

from __future__ import annotations

from club.storage.database import Repository


class LeaseHolders(Repository):
    """The table `leases`."""

    async def claim(self, name: str, holder: str, now: float, seconds: float) -> bool:
        """Claim the work called `name` for `holder`, from `now` (Unix seconds) for `seconds`:
        True if nobody else holds it (a lease past its time, or the holder's own, is taken
        over)."""
        async with self.database.transaction() as db:
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
        async with self.database.transaction() as db:
            await db.execute("DELETE FROM leases WHERE name = ? AND holder = ?", (name, holder))
