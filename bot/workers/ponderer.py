"""Pondering in a thread of a thinking worker (`ai.ponder`), between its searches.

Rules:
- Nothing else of the process waits on pondering for more than one simulation: work that
  would share the interpreter lock with it (a search) runs inside `Ponderer.paused()`, which
  stops pondering after the simulation under way and holds it off until the work is done, and
  `RESUME_SECONDS` more, so the work's answer leaves the process first.
- Pondering takes only CPU time nothing else wants: its thread runs at the lowest priority
  (nice `NICE`, its own on Linux), and it waits `BACKOFF_SECONDS` instead of simulating while
  the machine has more runnable threads than cores (`crowded`). The wait matters as much as the
  priority: a thread at nice 19 on a crowded machine may wait long for the CPU while it holds
  the interpreter lock, and a search handed to the worker then waits with it (measured on two
  busy cores beside two processes busy half the time: a search began 86 ms late in the median
  and up to 0.3 s late without the wait, at most 16 ms late with it).
- `forget` drops the trees of a game that ended (or changed other than by a move) and stops
  pondering them, after the simulation under way.
- The thread starts at the first position to ponder; `close` ends it (the thinkers close it when
  they think in threads); it is a daemon, so a worker process ends without it.
"""

from __future__ import annotations

import logging
import os
import sys
import threading
import time
from collections.abc import Callable, Hashable, Iterator
from contextlib import contextmanager
from typing import Any

from ai.kit import Kit
from ai.ponder import Pondering
from ai.search import Settings
from engine.core import Game, Seat

log = logging.getLogger(__name__)

RESUME_SECONDS = 0.05
"""How long pondering waits after the work that paused it, so that the work's answer leaves the
process before pondering takes the interpreter lock again."""
NICE = 19
"""The pondering thread's nice value: the lowest priority."""
BACKOFF_SECONDS = 0.05
"""How long pondering waits when the machine is crowded before it looks again."""
CLOSED = "its worker closed"
FAILED = "it failed"
"""Why pondering ended, besides those of `ai.ponder`."""


def crowded(loadavg: str = "/proc/loadavg") -> bool:
    """Whether more threads are runnable on the machine right now than it has cores (the fourth
    field of Linux's `loadavg` counts them, the caller among them); False where it cannot
    tell."""
    try:
        with open(loadavg) as numbers:
            runnable = int(numbers.read().split()[3].split("/")[0])
    except (OSError, IndexError, ValueError):
        return False
    return runnable > (os.cpu_count() or 1)


def lower_priority(what: str = "Pondering") -> None:
    """Give the calling thread the lowest priority, `NICE` (on Linux, where a thread's nice
    value is its own; elsewhere nothing); `what` names its work in the warning if it cannot."""
    if sys.platform.startswith("linux"):
        try:
            os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), NICE)
        except OSError:
            log.warning("%s runs at the usual priority: it could not lower it", what)


class Ponderer:
    """Runs `pondering` in a thread of its own, between the work of the threads that pause it;
    `crowded` tells when the machine has no CPU time to spare (see the module's rules)."""

    def __init__(
        self,
        pondering: Pondering,
        resume_seconds: float = RESUME_SECONDS,
        crowded: Callable[[], bool] = crowded,
    ) -> None:
        self.pondering, self.resume_seconds, self.crowded = pondering, resume_seconds, crowded
        self._changed = threading.Condition()
        self._pausers = 0
        self._busy = self._stopping = False
        self._resume_at = 0.0
        self._thread: threading.Thread | None = None

    @contextmanager
    def paused(self) -> Iterator[None]:
        """No pondering inside: it stops after the simulation under way, if any."""
        with self._changed:
            self._pausers += 1
            while self._busy:
                self._changed.wait()
        try:
            yield
        finally:
            with self._changed:
                self._pausers -= 1
                self._resume_at = time.monotonic() + self.resume_seconds
                self._changed.notify_all()

    def ponder(
        self,
        key: Hashable,
        game: Game[Any, Any],
        kit: Kit,
        settings: Settings,
        seat: Seat,
        seed: int,
    ) -> None:
        """Ponder the tree kept for `key` (see `Pondering.add`) once the work under way is
        done."""
        with self.paused(), self._changed:
            self.pondering.add(key, game, kit, settings, seat, seed)
            if self.pondering.jobs and self._thread is None:
                self._thread = threading.Thread(target=self._run, name="ponder", daemon=True)
                self._thread.start()

    def forget(self, which: Callable[[Hashable], bool]) -> None:
        """Drop the trees kept for the keys `which` accepts (those of a game that ended) and
        ponder them no more, once the simulation under way is done."""
        with self.paused(), self._changed:
            self.pondering.memory.forget(which)
            self.pondering.forget(which)

    def close(self) -> None:
        """Stop pondering (its positions are dropped) and wait for the thread to end; the next
        `ponder` starts a new one."""
        with self._changed:
            self._stopping = True
            self._changed.notify_all()
            thread = self._thread
        if thread is not None:
            thread.join()
        with self._changed:
            self._stopping, self._thread = False, None
            self.pondering.stop(CLOSED)

    def _run(self) -> None:
        lower_priority()
        while self._next():
            try:
                self.pondering.step()
            except Exception:  # a defect stops pondering, never the worker's searches
                log.exception("Pondering failed; its positions are dropped")
                self.pondering.stop(FAILED)

    def _next(self) -> bool:
        """Wait until there is pondering to do, nobody holds it off and the machine has CPU
        time to spare; False when the thread is to end."""
        with self._changed:
            self._busy = False
            self._changed.notify_all()
            while not self._stopping:
                wait = self._resume_at - time.monotonic()
                if self._pausers or not self.pondering.jobs:
                    self._changed.wait()
                elif wait > 0:
                    self._changed.wait(wait)
                elif self.crowded():
                    self._changed.wait(BACKOFF_SECONDS)
                else:
                    self._busy = True
                    return True
            return False
