"""Board pictures: views drawn off the event loop, each distinct view once; and the workers that
make replays.

A view (a picklable frozen dataclass; never a game state) is drawn by its game's renderer,
which the catalogue finds by the view's type (`club.catalogue.Catalogue.renderer_for`). The bot
draws in a pool of worker processes, one per core it may use (threads would share one
interpreter lock), started by the "forkserver" method: a process that runs an event loop and
threads is never forked. Tests whose catalogue holds a game of their own (it cannot cross to a
worker) draw in a thread instead (`Pictures(renderer_for=catalogue.renderer_for)`).

A lesson's pictures (`draw(view, behind=True)`) are drawn by a worker of their own at a lower
priority (the replay workers' start), never by the tables' pool: a lesson waits behind the
tables' boards, never they behind a lesson. Both pools share the remembered pictures.

Replays (animations of a whole game, `render.replay`) are made by workers of their own, never
by the board pictures' pool: `replay_workers` processes (see `bot.workers.replays`, which decides
which replay is made when) from the same fork server, started at the first replay and running
behind the tables (`bot.workers.behind`); in a thread of their own with `Pictures()`. So a board
picture never waits behind an animation.

The last `KEEP` pictures are remembered by `view_digest`, so the channel's board, `/board` and a
DM showing the same view share one drawing; a view being drawn is awaited, not drawn again. A
pool whose worker died (the pictures it was drawing fail; their deliveries are tried again) is
replaced by a new one at the next drawing (or replay).

The fork server starts with the bot (it imports the renderers then, not at the first picture);
the picture and replay workers start at the first picture or replay, and the bot's stop after
`WORKER_IDLE_MINUTES` without one, until the next (see `bot.workers.pool`).
"""

from __future__ import annotations

import asyncio
import functools
import logging
import multiprocessing
import os
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from multiprocessing import forkserver
from multiprocessing.context import BaseContext
from typing import Any, TypeVar

from bot.workers.behind import behind_worker_started
from bot.workers.pool import Workers
from bot.workers.replays import replay_workers
from bot.workers.start import worker_started
from club.catalogue import CATALOGUE, Catalogue
from club.service import view_digest
from club.shared import SharedWork
from engine.core import View
from render.captions import Frame
from render.renderer import Rendered, Renderer
from render.replay import Animation, animate

log = logging.getLogger(__name__)

PRELOADED = ("club.catalogue", "ai", "bot.workers.start", "bot.workers.replays")
"""What the fork server imports once for every worker: the picture, replay and thinking
workers."""
T = TypeVar("T")
KEEP = 64
"""How many pictures are remembered (by view digest)."""


def usable_cores() -> int:
    """The cores this process may run on (its CPU affinity where the system tells it)."""
    if hasattr(os, "sched_getaffinity"):
        return max(1, len(os.sched_getaffinity(0)))
    return os.cpu_count() or 1


def start_fork_server() -> BaseContext:
    """The context of the bot's fork server, started now if it is not running: it imports the
    renderers and the search (`PRELOADED`) once, for every worker it will start."""
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload(list(PRELOADED))
    forkserver.ensure_running()
    return context


def process_pool(
    workers: int,
    catalogue: Catalogue,
    started: Callable[[int, Catalogue], None] = worker_started,
) -> ProcessPoolExecutor:
    """`workers` processes that start when first needed, from the one fork server of the bot
    (`start_fork_server`). A
    worker runs `started` with the bot's process id and `catalogue` first: by default it keeps
    the catalogue, ignores Ctrl-C and ends with the bot (see `bot.workers.start`)."""
    return ProcessPoolExecutor(
        max_workers=workers,
        mp_context=start_fork_server(),
        initializer=started,
        initargs=(os.getpid(), catalogue),
    )


class Pictures:
    """Draws views with the executor that `workers` makes at the first picture (again if it
    breaks; None: in the event loop's default thread pool) and remembers the last `keep`
    pictures. Draws the pictures asked for `behind` the tables' with the executor that `behind`
    makes (None: a thread of its own). Makes replays with the executor that `replays` makes at
    the first replay (again if it breaks; None: a thread of its own), which runs
    `replays_at_once` of them at a time. Each stops after `idle_seconds` without work (None:
    never; see `bot.workers.pool`)."""

    def __init__(
        self,
        workers: Callable[[], Executor] | None = None,
        *,
        keep: int = KEEP,
        behind: Callable[[], Executor] | None = None,
        replays: Callable[[], Executor] | None = None,
        replays_at_once: int = 1,
        renderer_for: Callable[[View], Renderer[Any]] = CATALOGUE.renderer_for,
        idle_seconds: float | None = None,
    ) -> None:
        self.renderer_for = renderer_for
        """The renderer of a view's game (by default the catalogue's)."""
        self.boards = Workers(workers, "picture", idle_seconds=idle_seconds)
        if behind is None:
            behind = functools.partial(ThreadPoolExecutor, 1, "picture-behind")
        self.behind = Workers(behind, "lesson picture", idle_seconds=idle_seconds)
        if replays is None:
            replays = functools.partial(ThreadPoolExecutor, replays_at_once, "replay")
        self.replays = Workers(replays, "replay", idle_seconds=idle_seconds)
        self.replays_at_once = replays_at_once
        self._drawn: SharedWork[str, Rendered] = SharedWork(keep)

    @classmethod
    def in_processes(
        cls, catalogue: Catalogue, workers: int | None = None, idle_seconds: float | None = None
    ) -> Pictures:
        """Pictures of the games of `catalogue` drawn by `workers` processes (default: one per
        usable core), those drawn behind them by one process of their own and replays by
        `replay_workers` processes of their own, both behind the tables; the fork server
        starts now (see `process_pool`)."""
        cores = usable_cores()
        at_once = replay_workers(cores)
        start_fork_server()
        return cls(
            functools.partial(process_pool, workers or cores, catalogue),
            behind=functools.partial(process_pool, 1, catalogue, behind_worker_started),
            replays=functools.partial(process_pool, at_once, catalogue, behind_worker_started),
            replays_at_once=at_once,
            renderer_for=catalogue.renderer_for,
            idle_seconds=idle_seconds,
        )

    def text_board(self, view: View) -> str:
        """The text board of `view` (text mode's board; cheap: made on the caller's thread)."""
        return self.renderer_for(view).text_board(view)

    async def draw(self, view: View, *, behind: bool = False) -> Rendered:
        """The picture of `view`: remembered, being drawn, or drawn now (by the tables' pool,
        or `behind` them by a worker of its own: a lesson's)."""
        drawing = self._drawing(view, self.behind if behind else self.boards)
        return await asyncio.shield(drawing)  # a cancelled caller spares the others

    async def behind_tables(self, draw: Callable[..., T], *args: Any) -> T:
        """`draw(*args)`: a picture of no table (a review's chart, a league's standings), drawn
        by the worker behind the tables' pictures (the lessons' pictures')."""
        return await self.behind.submit(draw, *args)

    async def animate(self, frames: Sequence[Frame], budget: int) -> Animation:
        """A replay of `frames` in at most `budget` bytes (see `render.replay.animate`), made
        by the replay workers; which replay is made when, and shared, is decided by
        `bot.workers.replays`."""
        draw = self.renderer_for(frames[0].view).draw
        return await self.replays.submit(animate, tuple(frames), budget, draw)

    def prepare(self, views: Iterable[View | None]) -> None:
        """Start drawing these views at once (in parallel), for `draw` to find them later."""
        for view in views:
            if view is not None:
                self._drawing(view, self.boards)

    def _drawing(self, view: View, workers: Workers) -> asyncio.Future[Rendered]:
        digest = view_digest(view)
        drawing = self._drawn.get(digest)
        if drawing is None:
            picture = self.renderer_for(view).render
            drawing = self._drawn.begin(digest, workers.submit(picture, view))
        return drawing

    def close(self) -> None:
        """Stop the workers (pictures and replays not yet begun are dropped); waits for them
        to exit."""
        self._drawn.clear()
        self.boards.close()
        self.behind.close()
        self.replays.close()
