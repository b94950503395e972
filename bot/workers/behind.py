"""How the workers of heavy work (reviews' positions, lessons' pictures, replays) start: as a
picture worker (`bot.workers.start`), then behind every table.

Rules:
- Lowest priority: the worker's niceness is raised by `NICENESS` (the lowest), and on Linux it
  takes the idle policy (`SCHED_IDLE`), under which it runs only on CPU time that no other
  process wants and gives way at once to a table's work waking up (a niceness alone still
  takes a share of a busy core).
- A core of its own for the tables: on a machine with two usable cores or more, heavy work runs
  on all but the first (`heavy_cores`), so however many reviews, lessons and replays are under
  way, one core is never taken by them.
- Where the system refuses either, the worker works without it; a warning says which.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Set

from bot.workers.start import worker_started
from club.catalogue import Catalogue

log = logging.getLogger(__name__)

NICENESS = 19
"""How much a heavy worker's niceness is raised (Unix nice levels): to the lowest priority."""


def heavy_cores(usable: Set[int]) -> set[int]:
    """The cores heavy work may run on, of the `usable` ones: all but the lowest-numbered when
    there are two or more, else the one."""
    if len(usable) < 2:
        return set(usable)
    return set(usable) - {min(usable)}


def behind_the_tables() -> None:
    """Give this process (its threads to come) the lowest priority and the heavy work's cores
    (see the module's rules)."""
    os.nice(NICENESS)
    if hasattr(os, "SCHED_IDLE"):
        try:
            os.sched_setscheduler(0, os.SCHED_IDLE, os.sched_param(0))
        except OSError:
            log.warning("A heavy worker runs at nice %d: the idle policy was refused", NICENESS)
    if hasattr(os, "sched_getaffinity"):
        try:
            os.sched_setaffinity(0, heavy_cores(os.sched_getaffinity(0)))
        except OSError:
            log.warning("A heavy worker may run on every core: its cores could not be set")


def behind_worker_started(bot: int, catalogue: Catalogue) -> None:
    """The initializer of a heavy worker of the bot process `bot` (reviews' positions, lessons'
    pictures, replays): a picture worker's start (`worker_started`), behind the tables."""
    worker_started(bot, catalogue)
    behind_the_tables()
