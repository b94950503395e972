"""Thinking for computer players off the event loop: the search runs in a worker process.

A turn crosses to the worker as it is stored (the state's JSON, the seat, the level and a seed),
beside the time it was handed over; the worker finds the game and its kit in the catalogue by
the game's key and answers with the move's notation. The workers start from a fork server that
imports the search and the games once (a process that runs an event loop and threads is never
forked); one process per usable core but one, which leaves a core for the event loop and the
pictures. A bot without computer players starts none: the workers start, all of them, at the first
search (a computer's turn, a hint) and warm up at once (`thinker_started`), so only that
search pays their start and first calls (a computer's turn pays them during its pause, from its time
on the clock, see below). The bot's stop after `WORKER_IDLE_MINUTES` without a search, their trees
and pondering with them, and the next search starts them again (see `bot.workers.pool`). Tests think
in a thread instead (`Thinkers(None)`). A search whose worker died is handed to new workers.

A move (and a `/hint`, which asks the normal level) stops within its level's caps (`ai.levels`:
hard's 1.9 s of CPU and 2.1 s on the clock, the easier levels' caps on the clock below hard's)
from the moment the turn was handed to the workers, less `SPARE_SECONDS` for the way back: the
time it waited for a worker (behind another table's move) is taken from its thinking
(`in_time`), down to `FLOOR_SECONDS`. Each worker keeps the
search trees of its last decisions (`MEMORY`, see `ai.memory`), by game and seat, so a
computer's next search starts from the subtree of the moves played since where the game allows.

After a move at a level in `REMEMBERED`, in a game whose trees are kept (open, without chance:
Ley Lines of Mars, Albiorix), the worker ponders while the humans think (`PONDERER`): a thread
of its own grows the kept tree below the move made, where the other seat is to move (`ai.ponder`),
at most `ai.ponder.PONDER_SECONDS` of CPU and `ai.ponder.PONDER_SIMULATIONS` simulations per
position, and never past the game's end. It runs at the lowest priority and only while the
machine has a core to spare (`bot.workers.ponderer`); every turn handed to the worker pauses it
first, within a simulation (its wait counts as time waited), and it resumes after the answer.
The tables' turns are pondered in turn, one simulation each. Thinking in threads ponders in the
bot's process, and `Thinkers.close` ends its thread. The end of a position's pondering is logged
(`PONDERED`: the game's number, the seat, why, the simulations and CPU seconds; never a move).

A `/review`'s positions are weighed behind the tables' searches: by a worker process of their
own (`Thinkers.behind`), started at the first review from the same fork server, at a lower
priority (a replay worker's start, `bot.workers.replays`), so a computer's move never waits for a
review's position, nor for a core behind one; in a thread of its own when thinking in threads.

A game that ends, or whose position changes other than by a move (see
`club.service.tables.Tables.changed`), is forgotten by every worker at once (`Thinkers.forget`,
through `bot.workers.ended`): its trees are dropped and its pondering stops within a simulation.
A human's move forgets nothing: the next search starts from the subtree of the moves since.
"""

from __future__ import annotations

import functools
import json
import logging
import multiprocessing
import threading
import time
from collections.abc import Callable
from concurrent.futures import BrokenExecutor, Executor, ThreadPoolExecutor
from dataclasses import replace
from typing import Any, TypeVar

from ai.levels import Level, choose, kit_for, level_named
from ai.memory import Memory
from ai.ponder import Pondered, Pondering
from ai.search import Budget
from bot.courier.pictures import process_pool, usable_cores
from bot.workers.behind import behind_worker_started
from bot.workers.ended import EndedGames, watch
from bot.workers.ponderer import Ponderer
from bot.workers.pool import Workers
from bot.workers.start import worker_catalogue, worker_started
from club.catalogue import Catalogue
from club.service import Turn

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
PONDERED = "Game %s: pondering for seat %s ended (%s) after %d simulations, %.2f s of CPU"
"""The log line of each position's pondering as it ends (the game, the seat, why, the
simulations run and their CPU seconds)."""
MEMORY = Memory()
"""The search trees of this process's last decisions (each worker process has its own)."""


def pondered(ended: Pondered) -> None:
    """Log the end of a position's pondering (`PONDERED`); its key is (game key, game, seat)."""
    key: Any = ended.key
    _, game_id, seat = key
    log.info(PONDERED, game_id, seat, ended.why, ended.simulations, ended.cpu)


PONDERER = Ponderer(Pondering(MEMORY, told=pondered))
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
        entry = worker_catalogue()[turn.game_key]
        game, kit = entry.game, entry.ai
        state = game.from_json(json.loads(turn.state))
        waited = 0.0 if handed is None else time.monotonic() - handed
        level = in_time(level_named(turn.level), waited)
        kit = kit_for(level, kit)  # the kit the search and the pondering play with
        if level.name not in REMEMBERED or kit is None:
            return game.notation(choose(game, state, turn.seat, level, turn.seed, kit))
        key = (turn.game_key, turn.game_id, turn.seat)
        move = MEMORY.think(key, game, state, turn.seat, level, turn.seed, kit).decision.move
        PONDERER.ponder(key, game, kit, level.settings, turn.seat, turn.seed)
        return game.notation(move)


def in_game(game_id: int, key: Any) -> bool:
    """Whether `key` (game key, game, seat) is of the game `game_id`."""
    return bool(key[1] == game_id)


def forget(game_id: int) -> None:
    """Drop this process's trees of the game `game_id` and ponder it no more (it ended, or its
    position changed other than by a move)."""
    PONDERER.forget(functools.partial(in_game, game_id))


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
    for entry in worker_catalogue().values():
        game, kit = entry.game, entry.ai
        if kit is None:
            continue
        players = [f"Player {n}" for n in range(1, game.min_players + 1)]
        state = game.from_json(game.to_json(game.new_game(players, {}, 0)))
        seat = min(game.actors(state))
        game.notation(choose(game, state, seat, WARMING, 0, kit))


def thinker_started(bot: int, catalogue: Catalogue, ended: EndedGames | None = None) -> None:
    """The initializer of a thinking worker: a worker's start (`worker_started`), a thread
    that forgets the games told to `ended` (`bot.workers.ended.watch`), then `warm`."""
    worker_started(bot, catalogue)
    if ended is not None:
        threading.Thread(target=watch, args=(ended, forget), name="forget", daemon=True).start()
    warm()


class Thinkers:
    """Runs searches with the executor that `workers` makes at the first search (again if it
    breaks; None: in the event loop's default thread pool), `processes` of its workers started
    at once, stopped after `idle_seconds` without a search (None: never; see
    `bot.workers.pool`); its workers forget the games told to `ended` (None: it thinks in
    threads, with this process's memory). A review's positions are weighed by the executor
    that `behind` makes (None: a thread of its own), stopped when idle as the others."""

    def __init__(
        self,
        workers: Callable[[], Executor] | None,
        processes: int = 0,
        ended: EndedGames | None = None,
        idle_seconds: float | None = None,
        behind: Callable[[], Executor] | None = None,
    ) -> None:
        self.workers = Workers(workers, "thinking", at_once=processes, idle_seconds=idle_seconds)
        if behind is None:
            behind = functools.partial(ThreadPoolExecutor, 1, "review")
        self.reviewers = Workers(behind, "review", idle_seconds=idle_seconds)
        self._ended = ended

    @classmethod
    def in_processes(cls, catalogue: Catalogue, idle_seconds: float | None = None) -> Thinkers:
        """Searches in worker processes (one fewer than the usable cores, at least one) that
        play the games of `catalogue`."""
        processes = max(1, usable_cores() - 1)
        ended = EndedGames(multiprocessing.get_context("forkserver"))  # that of `process_pool`
        started = functools.partial(thinker_started, ended=ended)
        return cls(
            functools.partial(process_pool, processes, catalogue, started),
            processes,
            ended,
            idle_seconds,
            functools.partial(process_pool, 1, catalogue, behind_worker_started),
        )

    def forget(self, game_id: int) -> None:
        """Every worker drops its trees of the game `game_id` and ponders it no more (it
        ended, or its position changed other than by a move)."""
        if self._ended is None:
            forget(game_id)
        else:
            self._ended.add(game_id)

    async def move_for(self, turn: Turn) -> str:
        """The notation of the move the search picks for `turn`."""
        handed = time.monotonic()
        notation = await self._think(turn, handed)
        log.info(THOUGHT, turn.game_id, turn.level, (time.monotonic() - handed) * 1000)
        return notation

    async def _think(self, turn: Turn, handed: float) -> str:
        try:
            return await self.workers.submit(think, turn, handed)
        except BrokenExecutor:  # its worker died under it: new workers think it again
            return await self.workers.submit(think, turn, handed)

    async def behind(self, work: Callable[..., T], *args: Any) -> T:
        """`work(*args)` (a review's position) in the review worker, behind the tables'
        searches, with this process's pondering paused when it runs in a thread."""
        return await self.reviewers.submit(unpondered, work, *args)

    def close(self) -> None:
        """Stop the workers (searches under way are dropped) and the pondering of this
        process (thinking in threads); waits for them to exit."""
        self.workers.close()
        self.reviewers.close()
        PONDERER.close()
