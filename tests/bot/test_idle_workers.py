"""Worker pools start when first needed and stop when idle (`bot.workers.pool`): thinkers made
with no search start no process, the first computer turn starts the thinking worker, an idle
stop ends it and the next turn starts it again and gets its move; a stop is never made under
work, and work arriving after one goes to new workers; a search whose worker died is thought
again by new workers. Idleness is judged by a clock the test
moves and checked when the test says, or by the event loop's own check at once (no idle time)."""

from __future__ import annotations

import asyncio
import json
import multiprocessing
import threading
from concurrent.futures import BrokenExecutor, Executor, Future, ThreadPoolExecutor
from multiprocessing.process import BaseProcess
from typing import Any

import pytest

from bot.workers import thinking
from bot.workers.pool import Workers
from bot.workers.thinking import Thinkers
from club.catalogue import CATALOGUE
from club.service import Turn

GUARD = 60.0
"""Seconds a worker may take to end before the test gives up (a guard against hanging)."""
IDLE = 600.0


class Clock:
    """A clock that moves when the test moves it (seconds)."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def new_workers(before: set[BaseProcess]) -> list[BaseProcess]:
    """The worker processes of this process alive now and not among `before`."""
    return [child for child in multiprocessing.active_children() if child not in before]


GAME = CATALOGUE["leylines"].game
OPENING = GAME.new_game(["Ann", "Bob"], {}, 4)
TURN = Turn(1, 1, "leylines", json.dumps(GAME.to_json(OPENING)), 0, "random", 3, 0)
"""A computer's turn at the opening of Ley Lines of Mars (its move pinned by the seed)."""


def test_thinkers_that_have_not_searched_run_no_process(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(thinking, "usable_cores", lambda: 2)
    before = set(multiprocessing.active_children())
    thinkers = Thinkers.in_processes(CATALOGUE)  # as a bot with no computer table makes them
    try:
        assert new_workers(before) == []
    finally:
        thinkers.close()


async def test_the_first_turn_starts_the_worker_an_idle_stop_ends_it_and_the_next_restarts_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(thinking, "usable_cores", lambda: 2)  # one thinking worker
    before = set(multiprocessing.active_children())
    clock = Clock()
    thinkers = Thinkers.in_processes(CATALOGUE, IDLE)
    thinkers.workers.clock = clock
    try:
        move = await thinkers.move_for(TURN)
        GAME.parse(OPENING, 0, move)  # a legal move
        first = new_workers(before)
        assert len(first) == 1
        clock.now += IDLE - 1
        assert not thinkers.workers.stop_idle()  # not idle long enough
        clock.now += 1
        assert thinkers.workers.stop_idle()
        await asyncio.to_thread(first[0].join, GUARD)
        assert not first[0].is_alive() and thinkers.workers.executor is None
        assert await thinkers.move_for(TURN) == move  # new workers, the same move
        second = new_workers(before)
        assert len(second) == 1 and second != first
    finally:
        await asyncio.to_thread(thinkers.close)


class Pools:
    """Makes thread pools of one worker and counts them."""

    def __init__(self) -> None:
        self.made: list[ThreadPoolExecutor] = []

    def __call__(self) -> Executor:
        self.made.append(ThreadPoolExecutor(1))
        return self.made[-1]


async def test_no_stop_under_work_and_work_after_a_stop_goes_to_new_workers() -> None:
    pools, clock = Pools(), Clock()
    workers = Workers(pools, "test", idle_seconds=IDLE, clock=clock)
    assert not workers.stop_idle() and pools.made == []  # nothing to stop before the first work
    go_on = threading.Event()
    working = workers.submit(go_on.wait, GUARD)
    clock.now += 10 * IDLE
    assert not workers.stop_idle()  # the work under way keeps its workers
    go_on.set()
    assert await working  # and gets its answer
    assert not workers.stop_idle()  # idle from the end of the last work, not its start
    clock.now += IDLE
    assert workers.stop_idle() and workers.executor is None
    assert await workers.submit(sum, (1, 2)) == 3  # the next work starts new workers
    assert len(pools.made) == 2
    await asyncio.to_thread(workers.close)


async def test_the_event_loops_check_spares_work_that_came_meanwhile_and_stops_the_idle() -> None:
    pools = Pools()
    workers = Workers(pools, "test", idle_seconds=0.0)  # the check stops the workers at once
    assert await workers.submit(sum, (1, 2)) == 3  # its check is planned as it ends
    go_on = threading.Event()
    working = workers.submit(go_on.wait, GUARD)  # before the check runs
    for _ in range(10):  # the planned check runs, finds work under way
        await asyncio.sleep(0)
    assert workers.executor is pools.made[0]
    go_on.set()
    assert await working
    for _ in range(10):
        if workers.executor is None:
            break
        await asyncio.sleep(0)  # the check planned as the last work ended
    assert workers.executor is None and len(pools.made) == 1
    await asyncio.to_thread(workers.close)


class DiesUnderWork(ThreadPoolExecutor):
    """A pool whose worker dies under its first work, as a process pool's would."""

    def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> Future[Any]:
        died: Future[Any] = Future()
        died.set_exception(BrokenExecutor("a worker died"))
        return died


async def test_a_search_whose_worker_died_under_it_is_handed_to_new_workers() -> None:
    made: list[ThreadPoolExecutor] = []

    def pool() -> Executor:
        made.append(DiesUnderWork(1) if not made else ThreadPoolExecutor(1))
        return made[-1]

    thinkers = Thinkers(pool)
    try:
        GAME.parse(OPENING, 0, await thinkers.move_for(TURN))
        assert len(made) == 2 and thinkers.workers.executor is made[1]
    finally:
        await asyncio.to_thread(thinkers.close)
