"""The games the thinking workers are to forget, told by the bot to every worker process at once.

A game that ends (a resignation, an abandon, a claim on time, a last move) or whose position
changes other than by a move (a takeback) leaves trees in the memory of any worker that
searched it (any worker may take any turn) and maybe a position being pondered. The bot adds
its id to `EndedGames`, memory shared with the workers (made before them and handed to each as it
starts); a thread of each worker (`watch`) waits for new ids and forgets their games there, be
the worker idle, pondering or searching.

Rules:
- The last `size` ids are held, in the order told; a watcher that fell behind by more than
  `size` skips the oldest (their trees are dropped by the memory's own bounds).
- An id is a game's number: nothing of its position crosses.
"""

from __future__ import annotations

from collections.abc import Callable
from multiprocessing.context import BaseContext

HELD = 64
"""The ids an `EndedGames` holds (a watcher reads them within one simulation of pondering)."""


class EndedGames:
    """The ids of the last `size` games to forget, shared between processes of `context`."""

    def __init__(self, context: BaseContext, size: int = HELD) -> None:
        self.size = size
        self._changed = context.Condition()
        self._ids = context.Array("q", size + 1, lock=False)  # the count told, then a ring

    def told(self) -> int:
        """How many ids were told so far."""
        with self._changed:
            return int(self._ids[0])

    def add(self, game_id: int) -> None:
        """Tell every watcher to forget the game `game_id`."""
        with self._changed:
            count = self._ids[0]
            self._ids[1 + count % self.size] = game_id
            self._ids[0] = count + 1
            self._changed.notify_all()

    def after(self, seen: int) -> tuple[int, list[int]]:
        """Wait until more than `seen` ids were told; how many were then, and the ids told
        after the first `seen` that are still held."""
        with self._changed:
            self._changed.wait_for(lambda: self._ids[0] > seen)
            count = int(self._ids[0])
            first = max(seen, count - self.size)
            return count, [self._ids[1 + n % self.size] for n in range(first, count)]


def watch(ended: EndedGames, forget: Callable[[int], None], seen: int | None = None) -> None:
    """Forget (`forget`) each game told to `ended` after the first `seen` (None: from now on);
    never returns (run it in a daemon thread)."""
    seen = ended.told() if seen is None else seen
    while True:
        seen, game_ids = ended.after(seen)
        for game_id in game_ids:
            forget(game_id)
