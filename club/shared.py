"""Work shared by everyone who asks for the same thing at once, and remembered for a while: a
picture of a view, a finished game's replay positions, a replay's post.

Rules:
- A piece of work is begun once per key; whoever asks meanwhile awaits that piece (callers
  shield it, so one asker cancelled spares the others).
- The last `keep` pieces are remembered, the least recently asked for forgotten first.
- A piece that failed or was cancelled is forgotten at once, so the next asker begins it again;
  its failure counts as seen, even if every asker has gone.
"""

from __future__ import annotations

import asyncio
import functools
from collections import OrderedDict
from collections.abc import Awaitable, Hashable
from typing import Generic, TypeVar

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


class SharedWork(Generic[K, V]):
    """The work under way or done, by key, the last `keep` of it (see the module)."""

    def __init__(self, keep: int) -> None:
        self.keep = keep
        self._work: OrderedDict[K, asyncio.Future[V]] = OrderedDict()

    def get(self, key: K) -> asyncio.Future[V] | None:
        """The work of `key` under way or remembered, now the most recently asked for."""
        found = self._work.get(key)
        if found is not None:
            self._work.move_to_end(key)
        return found

    def begin(self, key: K, work: Awaitable[V]) -> asyncio.Future[V]:
        """Begin `work` as the work of `key`, remembered unless it fails."""
        begun = asyncio.ensure_future(work)
        begun.add_done_callback(functools.partial(self._ended, key))
        self._work[key] = begun
        while len(self._work) > self.keep:
            self._work.popitem(last=False)
        return begun

    def clear(self) -> None:
        """Forget everything (work under way goes on for those who await it)."""
        self._work.clear()

    def _ended(self, key: K, ended: asyncio.Future[V]) -> None:
        failed = ended.cancelled() or ended.exception() is not None
        if failed and self._work.get(key) is ended:
            del self._work[key]
