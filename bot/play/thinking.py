"""Thinking for computer players off the event loop: the search runs in a worker process.

`ai.choose_from_json` takes and returns plain data (the stored state's JSON, the seat, the level
and a seed; the move's notation) beside the game and its kit, which the worker finds in the
catalogue by the game's key, so a turn crosses to the worker as it is stored. The workers
start from a fork server that imports the search and the games once (a process that runs an
event loop and threads is never forked); one process per usable core but one, which leaves a
core for the event loop and the pictures. A move at the hardest level stops within 1.9 s of CPU
and 2.1 s on the clock. Tests think in a thread instead (`Thinkers(None)`). A pool whose worker
died is replaced at the next move.
"""

from __future__ import annotations

import asyncio
import functools
import json
import logging
from collections.abc import Callable
from concurrent.futures import BrokenExecutor, Executor

from ai import choose_from_json
from bot.catalogue import CATALOGUE
from bot.play.pictures import process_pool, usable_cores
from bot.service import Turn

log = logging.getLogger(__name__)


def think(turn: Turn) -> str:
    """The notation of the move the search picks for `turn` (run in a worker)."""
    entry = CATALOGUE[turn.game_key]
    state = json.loads(turn.state)
    return choose_from_json(entry.game, state, turn.seat, turn.level, turn.seed, entry.ai)


class Thinkers:
    """Runs searches with the executor that `workers` makes (again if it breaks; None: in the
    event loop's default thread pool)."""

    def __init__(self, workers: Callable[[], Executor] | None) -> None:
        self._workers = workers
        self.executor = None if workers is None else workers()

    @classmethod
    def in_processes(cls) -> Thinkers:
        return cls(functools.partial(process_pool, max(1, usable_cores() - 1)))

    async def move_for(self, turn: Turn) -> str:
        """The notation of the move the search picks for `turn`."""
        loop = asyncio.get_running_loop()
        try:
            return await loop.run_in_executor(self.executor, think, turn)
        except BrokenExecutor:
            if self._workers is None or self.executor is None:
                raise
            log.warning("A thinking worker died; starting new ones")
            self.executor.shutdown(wait=False, cancel_futures=True)
            self.executor = self._workers()
            return await loop.run_in_executor(self.executor, think, turn)

    def close(self) -> None:
        """Stop the workers (searches under way are dropped); waits for them to exit."""
        if self.executor is not None:
            self.executor.shutdown(wait=True, cancel_futures=True)
