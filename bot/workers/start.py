"""How a worker process (pictures, replays, thinking, reviews) starts: it keeps the bot's
catalogue (`club.catalogue.catalogue_for` the bot's deck, built again in the worker), ignores
Ctrl-C, which the
terminal sends to every process of the group (the bot stops its workers itself), and on Linux it
ends when the bot process ends, however that happens. A worker's parent is the bot's fork server,
which lives as long as any worker does, so the worker watches the bot itself: a bot killed
outside Docker (where the container would take its workers along) leaves no worker running."""

from __future__ import annotations

import os
import select
import signal
import threading

from club.catalogue import CATALOGUE, Catalogue

_catalogue = CATALOGUE
"""The games of this process: in a worker, the bot's catalogue, set once by its initializer;
elsewhere (work done in the bot's threads, by tests) the bundled one."""


def worker_catalogue() -> Catalogue:
    """The catalogue this process plays with (see `worker_started`)."""
    return _catalogue


def worker_started(bot: int, catalogue: Catalogue) -> None:
    """The initializer of every worker process of the bot process `bot` (a process id), which
    plays the games of the bot's `catalogue`."""
    global _catalogue
    _catalogue = catalogue
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(os, "pidfd_open"):
        try:
            watched = os.pidfd_open(bot)
        except ProcessLookupError:  # the bot has already ended
            os._exit(1)
        except OSError:  # a kernel before Linux 5.3: the worker works, unwatched
            return
        threading.Thread(target=_end_with, args=(watched,), daemon=True).start()


def _end_with(watched: int) -> None:
    """Wait until the process behind the pidfd `watched` ends, then end this one (at once: the
    bot that gave it work is gone)."""
    select.select([watched], [], [])
    os._exit(1)
