"""Thinking for computer players off the event loop: the search runs in a worker process.

A turn crosses to the worker as it is stored (the state's JSON, the seat, the level and a seed),
beside the time it was handed over; the worker finds the game and its kit in the catalogue by
the game's key and answers with the move's notation. The workers start from a fork server that
imports the search and the games once (a process that runs an event loop and threads is never
forked); one process per usable core but one, which leaves a core for the event loop and the
pictures. The workers start with the bot and warm up at once (`thinker_started`), so no player's
move pays a worker's start or its first calls. Tests think in a thread instead
(`Thinkers(None)`). A pool whose worker died is replaced at the next move.

A move at the hardest level stops within 1.9 s of CPU and 2.1 s on the clock from the moment
the turn was handed to the workers, less `SPARE_SECONDS` for the way back: the time it waited
for a worker (behind another table's move) is taken from its thinking (`in_time`), down to
`FLOOR_SECONDS`. Each worker keeps the
search trees of its last decisions (`MEMORY`, see `ai.memory`), by game and seat, so a
computer's next search starts from the subtree of the moves played since where the game allows.

After a move at a level in `REMEMBERED`, in a game whose trees are kept (open, without chance:
Ley Lines of Mars, Albiorix), the worker ponders while the humans think (`PONDERER`): a thread
of its own grows the kept tree below the move made, where the other seat is to move (`ai.ponder`),
at most `ai.ponder.PONDER_SECONDS` of CPU and `ai.ponder.PONDER_SIMULATIONS` simulations per
position, and never past the game's end. It runs at the lowest priority and only while the
machine has a core to spare (`bot.play.ponderer`); every turn handed to the worker pauses it
first, within a simulation (its wait counts as time waited), and it resumes after the answer.
The tables' turns are pondered in turn, one simulation each. Thinking in threads ponders in the
bot's process, and `Thinkers.close` ends its thread.
"""

from __future__ import annotations

import asyncio
import functools
import json
import logging
import time
from collections.abc import Callable
from concurrent.futures import BrokenExecutor, Executor
from dataclasses import replace
from typing import Any, TypeVar

from ai.levels import Level, choose, level_named
from ai.memory import Memory
from ai.ponder import Pondering
from ai.search import Budget
from bot.catalogue import CATALOGUE
from bot.play.pictures import process_pool, usable_cores
from bot.play.ponderer import Ponderer
from bot.play.worker_start import worker_started
from bot.service import Turn
from engine.marsvsearth import Deck

log = logging.getLogger(__name__)
T = TypeVar("T")

THOUGHT = "Game %s: a %s move chosen in %.0f ms"
"""The log line of each move chosen (the game, the level, the wall time from the turn handed
to the workers to its move back)."""
SPARE_SECONDS = 0.15
"""Taken from a move's wall-clock cap for the way back: the search's last simulation and check
past its cap, the answer's trip to the event loop and the loop's turn to take it, on a busy
machine (measured with `benchmark.py --load --load-computers 3`)."""
FLOOR_SECONDS = 0.2
"""The least time on the clock a move with a wall cap is given, however long it waited: enough
for a short search and the check that the move does not lose at once."""
MEMORY = Memory()
"""The search trees of this process's last decisions (each worker process has its own)."""
PONDERER = Ponderer(Pondering(MEMORY))
"""Grows the trees of `MEMORY` between this process's searches (its thread starts at the first
tree to ponder)."""
REMEMBERED = frozenset({"hard"})
"""The levels whose searches start from the kept tree: a kept tree makes a search stronger,
and the easier levels stay as strong as `benchmark.py --strength` measures them."""
WARMING = Level("warming", Budget(30))
"""The search each worker runs once in every game as it starts."""


def think(turn: Turn, handed: float | None = None) -> str:
    """The notation of the move the search picks for `turn`, handed to the workers at `handed`
    (`time.monotonic`, the same clock in every process of the machine; None: just now); run in
    a worker, with its pondering paused. The levels in `REMEMBERED` search from the tree kept
    in `MEMORY`, and ponder it after."""
    with PONDERER.paused():
        entry = CATALOGUE[turn.game_key]
        game, kit = entry.game, entry.ai
        state = game.from_json(json.loads(turn.state))
        waited = 0.0 if handed is None else time.monotonic() - handed
        level = in_time(level_named(turn.level), waited)
        if level.name not in REMEMBERED or kit is None:
            return game.notation(choose(game, state, turn.seat, level, turn.seed, kit))
        key = (turn.game_key, turn.game_id, turn.seat)
        move = MEMORY.think(key, game, state, turn.seat, level, turn.seed, kit).decision.move
        PONDERER.ponder(key, game, kit, level.settings, turn.seat, turn.seed)
        return game.notation(move)


def unpondered(work: Callable[..., T], *args: Any) -> T:
    """`work(*args)` run in a worker with its pondering paused (a `/review`'s searches)."""
    with PONDERER.paused():
        return work(*args)


def in_time(level: Level, waited: float) -> Level:
    """`level` with `waited` seconds and `SPARE_SECONDS` less on its wall-clock cap, at least
    `FLOOR_SECONDS`; as it is without a wall-clock cap."""
    budget = level.budget
    if budget is None or budget.wall_seconds is None:
        return level
    wall = max(FLOOR_SECONDS, budget.wall_seconds - SPARE_SECONDS - waited)
    return replace(level, budget=replace(budget, wall_seconds=wall))


def warm() -> None:
    """Make every first call a move would otherwise pay: a short search (`WARMING`) from the
    opening of every game the computers play, its state read from JSON and its move named."""
    for key in CATALOGUE:
        entry = CATALOGUE[key]
        game, kit = entry.game, entry.ai
        if kit is None:
            continue
        players = [f"Player {n}" for n in range(1, game.min_players + 1)]
        state = game.from_json(game.to_json(game.new_game(players, {}, 0)))
        seat = min(game.actors(state))
        game.notation(choose(game, state, seat, WARMING, 0, kit))


def thinker_started(bot: int, deck: Deck | None) -> None:
    """The initializer of a thinking worker: a worker's start (`worker_started`), then `warm`."""
    worker_started(bot, deck)
    warm()


def ready() -> None:
    """Nothing: submitted to a new pool to start its workers at once."""


class Thinkers:
    """Runs searches with the executor that `workers` makes (again if it breaks; None: in the
    event loop's default thread pool)."""

    def __init__(self, workers: Callable[[], Executor] | None, processes: int = 0) -> None:
        self._workers, self._processes = workers, processes
        self.executor = None if workers is None else self._start(workers)

    @classmethod
    def in_processes(cls) -> Thinkers:
        processes = max(1, usable_cores() - 1)
        return cls(functools.partial(process_pool, processes, thinker_started), processes)

    def _start(self, workers: Callable[[], Executor]) -> Executor:
        """New workers, the first `processes` of them started now rather than at a move."""
        executor = workers()
        for _ in range(self._processes):
            executor.submit(ready)
        return executor

    async def move_for(self, turn: Turn) -> str:
        """The notation of the move the search picks for `turn`."""
        handed = time.monotonic()
        notation = await self._think(turn, handed)
        log.info(THOUGHT, turn.game_id, turn.level, (time.monotonic() - handed) * 1000)
        return notation

    async def _think(self, turn: Turn, handed: float) -> str:
        loop = asyncio.get_running_loop()
        try:
            return await loop.run_in_executor(self.executor, think, turn, handed)
        except BrokenExecutor:
            if self._workers is None or self.executor is None:
                raise
            log.warning("A thinking worker died; starting new ones")
            self.executor.shutdown(wait=False, cancel_futures=True)
            self.executor = self._start(self._workers)
            return await loop.run_in_executor(self.executor, think, turn, handed)

    def close(self) -> None:
        """Stop the workers (searches under way are dropped) and the pondering of this
        process (thinking in threads); waits for them to exit."""
        if self.executor is not None:
            self.executor.shutdown(wait=True, cancel_futures=True)
        PONDERER.close()
