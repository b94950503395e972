"""How a worker process (pictures, replays, thinking, reviews) starts: it plays Mars vs. Earth
with the bot's deck (the fork server imported the bundled one), ignores Ctrl-C, which the
terminal sends to every process of the group (the bot stops its workers itself), and on Linux it
ends when the bot process ends, however that happens. A worker's parent is the bot's fork server,
which lives as long as any worker does, so the worker watches the bot itself: a bot killed
outside Docker (where the container would take its workers along) leaves no worker running."""

from __future__ import annotations

import os
import select
import signal
import threading

from club.catalogue import install_marsvsearth_deck
from engine.marsvsearth import Deck


def worker_started(bot: int, deck: Deck | None) -> None:
    """The initializer of every worker process of the bot process `bot` (a process id), which
    plays Mars vs. Earth with `deck` (None: the bundled deck, see
    `club.catalogue.marsvsearth_deck`)."""
    if deck is not None:
        install_marsvsearth_deck(deck)
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
