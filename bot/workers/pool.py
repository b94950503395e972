"""A pool of workers (pictures, replays, thinking) that starts when first needed and stops when
idle.

Rules:
- Nothing starts before the first work: the pool is made at the first `Workers.submit` (or
  `Workers.start`), and its first `at_once` processes are started then, the rest as work needs
  them.
- A pool with no work under way for `idle_seconds` (the bot's `WORKER_IDLE_MINUTES`) stops (its
  processes exit, with whatever they kept in memory); the next work starts a new one. The event loop
  checks once the idle time has passed since the last work ended (`Workers.stop_idle`; a test calls
  it with its own clock). Work is counted from its submission to its answer on the event loop, and
  the check runs on the event loop too, so a pool is never stopped under work, and work that arrives
  after a stop goes to new workers: no work is lost or failed by a stop.
- A pool that broke (a worker died) is dropped at once; the next work starts a new one.
"""

from __future__ import annotations

import asyncio
import functools
import logging
import time
from collections.abc import Callable
from concurrent.futures import BrokenExecutor, Executor
from typing import Any, TypeVar

log = logging.getLogger(__name__)
T = TypeVar("T")

STARTED = "Started the %s workers"
STOPPED = "Stopped the %s workers: idle for %.0f s"


def ready() -> None:
    """Nothing: submitted to a new pool to start one of its processes at once."""


class Workers:
    """The executor that `make` makes (None: the event loop's default thread pool), named `what`
    in the log, made at the first work and again after it broke or stopped for being idle
    `idle_seconds` (None: never) by `clock` (seconds); `at_once` of its processes start as it is
    made."""

    def __init__(
        self,
        make: Callable[[], Executor] | None,
        what: str,
        *,
        at_once: int = 0,
        idle_seconds: float | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self._make = make
        self.what = what
        self.at_once = at_once
        self.idle_seconds = idle_seconds
        self.clock = clock
        self.executor: Executor | None = None
        self._closed = False
        self._working = 0
        """Work submitted whose answer has not reached the event loop yet."""
        self._since = clock()
        """When the last work ended (or the pool was made)."""
        self._check: asyncio.TimerHandle | None = None

    def start(self) -> Executor | None:
        """The executor, made now if there is none (raises RuntimeError once closed)."""
        if self._closed:
            raise RuntimeError(f"the {self.what} workers are stopped")
        if self.executor is None and self._make is not None:
            self.executor = self._make()
            self._since = self.clock()
            for _ in range(self.at_once):
                self.executor.submit(ready)
            log.info(STARTED, self.what)
        return self.executor

    def submit(self, work: Callable[..., T], *args: Any) -> asyncio.Future[T]:
        """`work(*args)` in a worker (in new workers if there are none or they broke)."""
        loop = asyncio.get_running_loop()
        executor = self.start()
        try:
            future = loop.run_in_executor(executor, work, *args)
        except BrokenExecutor:
            self._drop_broken(executor)
            executor = self.start()
            future = loop.run_in_executor(executor, work, *args)
        self._working += 1
        future.add_done_callback(functools.partial(self._ended, executor))
        return future

    def stop_idle(self) -> bool:
        """Stop the workers if no work is under way and none has been for `idle_seconds`;
        whether it stopped them (they exit in the background)."""
        idle = self.clock() - self._since
        if self.executor is None or self._working or self.idle_seconds is None:
            return False
        if idle < self.idle_seconds:
            return False
        executor, self.executor = self.executor, None
        executor.shutdown(wait=False)
        log.info(STOPPED, self.what, idle)
        return True

    def close(self) -> None:
        """Stop the workers (work not yet begun is dropped); waits for them to exit."""
        self._closed = True  # a check still planned finds no executor
        executor, self.executor = self.executor, None
        if executor is not None:
            executor.shutdown(wait=True, cancel_futures=True)

    def _ended(self, executor: Executor | None, future: asyncio.Future[Any]) -> None:
        """Work's answer reached the event loop: its pool is dropped if it broke, else checked
        for idleness `idle_seconds` from now."""
        self._working -= 1
        self._since = self.clock()
        if not future.cancelled() and isinstance(future.exception(), BrokenExecutor):
            self._drop_broken(executor)
        self._plan_check()

    def _plan_check(self) -> None:
        """Have the event loop call `_checked` once the idle time may have passed."""
        if self._check is None and self.executor is not None and self.idle_seconds is not None:
            wait = max(0.0, self._since + self.idle_seconds - self.clock())
            self._check = asyncio.get_running_loop().call_later(wait, self._checked)

    def _checked(self) -> None:
        self._check = None
        if not self.stop_idle() and self.executor is not None and not self._working:
            self._plan_check()  # work came and went meanwhile: check again later

    def _drop_broken(self, executor: Executor | None) -> None:
        """Drop `executor` (a worker died), if it is still this pool's."""
        if executor is not None and executor is self.executor:
            log.warning("A %s worker died; starting new ones", self.what)
            executor.shutdown(wait=False, cancel_futures=True)
            self.executor = None
