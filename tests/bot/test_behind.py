"""Heavy workers (reviews' positions, lessons' pictures, replays) run behind the tables: at the
lowest priority, under the idle policy on Linux, and off the first core when there are two."""

from __future__ import annotations

import asyncio
import os
import sys

import pytest

from bot.courier.pictures import Pictures
from bot.workers.behind import NICENESS, heavy_cores
from bot.workers.thinking import Thinkers
from club.catalogue import CATALOGUE
from tests.hang import HANG_SECONDS


def placement() -> tuple[int, int, frozenset[int]]:
    """This process's niceness, scheduling policy and cores."""
    return os.nice(0), os.sched_getscheduler(0), frozenset(os.sched_getaffinity(0))


def test_heavy_work_keeps_off_the_first_core_when_there_are_two_or_more() -> None:
    assert heavy_cores({0, 1}) == {1}
    assert heavy_cores({2, 5, 7}) == {5, 7}
    assert heavy_cores({3}) == {3}


linux_only = pytest.mark.skipif(
    not sys.platform.startswith("linux"), reason="scheduling policies and cores are Linux's"
)


@linux_only
async def test_review_and_lesson_and_replay_workers_run_behind_the_tables() -> None:
    thinkers = Thinkers.in_processes(CATALOGUE)
    pictures = Pictures.in_processes(CATALOGUE, 1)
    tables = placement()
    try:
        heavy = [
            await asyncio.wait_for(work, HANG_SECONDS)
            for work in (
                thinkers.behind(placement),
                pictures.behind.submit(placement),
                pictures.replays.submit(placement),
            )
        ]
        board = await asyncio.wait_for(pictures.boards.submit(placement), HANG_SECONDS)
    finally:
        await asyncio.to_thread(thinkers.close)
        await asyncio.to_thread(pictures.close)
    assert board == tables  # a board picture's worker keeps the bot's place
    cores = frozenset(heavy_cores(tables[2]))
    expected = (min(tables[0] + NICENESS, 19), os.SCHED_IDLE, cores)
    assert heavy == [expected] * 3
