"""Errors that background work and commands outlive, logged without flooding the log.

`Faults.report` logs the first error of a kind with its traceback, and then at most one line
per kind per `every` seconds, saying how many more there were; so a database that is down, full
or read-only fills the log with a line a minute, not a traceback per game or per action. The
last error of each kind is kept for `/status`.
"""

from __future__ import annotations

import errno
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass

from club.storage import cannot_save

EVERY_SECONDS = 60.0
UNSAVABLE_ERRNOS = frozenset({errno.ENOSPC, errno.EROFS, errno.EDQUOT, errno.EACCES})


@dataclass
class Fault:
    """The errors of one kind: how many, the last one's words, and when it happened."""

    count: int
    last: str
    last_at: float
    logged_at: float
    unlogged: int = 0


def unsavable(error: BaseException) -> bool:
    """Whether `error` says the database cannot save anything now: its disk is full, it (or
    its folder) is read-only, or its disk fails; on PostgreSQL, a full disk or a read-only
    server (a standby, or `default_transaction_read_only`)."""
    if cannot_save(error):  # the database's own words for it
        return True
    return isinstance(error, OSError) and error.errno in UNSAVABLE_ERRNOS


class Faults:
    """Counts and logs errors by kind (`every`: seconds between two log lines of a kind;
    `clock` gives Unix seconds)."""

    def __init__(
        self, every: float = EVERY_SECONDS, clock: Callable[[], float] = time.time
    ) -> None:
        self.every = every
        self.clock = clock
        self.kinds: dict[str, Fault] = {}

    def report(self, log: logging.Logger, kind: str, error: BaseException, what: str) -> None:
        """Log that `what` failed with `error` (of the kind `kind`), unless a line of this kind
        was logged less than `every` seconds ago."""
        now = self.clock()
        words = f"{type(error).__name__}: {error}"
        fault = self.kinds.get(kind)
        if fault is None:
            self.kinds[kind] = Fault(1, words, now, now)
            log.error("%s: %s", what, words, exc_info=error)
            return
        fault.count += 1
        fault.last, fault.last_at = words, now
        if now - fault.logged_at < self.every:
            fault.unlogged += 1
            return
        log.error("%s: %s (and %d more like it since the last line)", what, words, fault.unlogged)
        fault.logged_at, fault.unlogged = now, 0

    def recent(self, within: float) -> dict[str, Fault]:
        """The kinds of error seen in the last `within` seconds."""
        now = self.clock()
        return {kind: f for kind, f in self.kinds.items() if now - f.last_at <= within}
