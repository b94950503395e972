"""Pacing a table's board edits: an update that only edits a table's board message is held
while the board changed less than `EDIT_SECONDS` ago, so that the updates made meanwhile reach
Discord as one edit showing them all (the delivery reads every update still queued).

Discord allows about 5 edits of a channel's messages per 5 seconds; a table edited more often
is answered with 429s, and its later edits wait anyway. One edit per second per table keeps
within that limit while six people act at once, and tells each update at most one second late.
New messages (a new player to act, pings) are never held: their delivery takes everything
queued with it at once.
"""

from __future__ import annotations

import asyncio
import time
from collections import defaultdict
from contextlib import suppress

EDIT_SECONDS = 1.0
"""Seconds between two changes of one table's board message (a post or an edit) before a
delivery that only edits it goes out."""


class EditPacing:
    """When each table's board message last changed, in this process, and a signal for the
    deliveries held until its next edit."""

    def __init__(self) -> None:
        self.spacing = EDIT_SECONDS
        self._changed: dict[int, float] = {}
        """Game id: when its board message last changed (`time.monotonic`)."""
        self._told: defaultdict[int, asyncio.Event] = defaultdict(asyncio.Event)
        """Game id: set when a delivery of the game ends (then replaced)."""

    def changed(self, game_id: int) -> None:
        """The game's board message was just posted or edited."""
        self._changed[game_id] = time.monotonic()

    def left(self, game_id: int) -> float:
        """Seconds until the game's board message may be edited again (0: now)."""
        since = self._changed.get(game_id)
        left = 0.0 if since is None else since + self.spacing - time.monotonic()
        if left <= 0:
            self._changed.pop(game_id, None)  # long enough ago: forgotten
        return max(0.0, left)

    def told(self, game_id: int) -> None:
        """A delivery of the game ended: wake the deliveries held for its next edit."""
        self._told.pop(game_id, asyncio.Event()).set()

    async def hold(self, game_id: int) -> bool:
        """Wait until the game's board may be edited again, or until a delivery of the game
        ends; whether a delivery ended meanwhile (it may have told what the caller holds)."""
        left = self.left(game_id)
        if left <= 0:
            return False
        told = self._told[game_id]
        with suppress(TimeoutError):
            await asyncio.wait_for(told.wait(), left)
        return told.is_set()
