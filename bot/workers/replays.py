"""Replays in a lane of their own: which `/replay` animation is made when, and who shares it.

An animation (a finished game's positions as one GIF, `render.replay`) costs a worker up to a
couple of seconds of CPU, a board picture tens of milliseconds. Replays are therefore made by
workers of their own (see `bot.courier.pictures`), never by the board pictures' pool, and those
workers run at a lower priority (`NICENESS`), so a board picture neither waits for a worker nor
for a core behind an animation. The lane is as wide as those workers are many
(`replay_workers`): one on a machine with at most two usable cores, where a second animation
could only take a core from the board pictures and the event loop, else two.

- Identical requests share one animation: the same positions at the same byte budget (a digest
  of both, `replay_digest`) are made once, whoever asks while it is waiting or being made awaits
  that one, and the last `KEEP` finished animations are remembered (`KEEP` uploads at most in
  memory), so a finished game asked for again is answered at once.
- At most one animation is made per channel at a time and `at_once` in all; the others wait
  their turn, first come first served (a waiting replay whose channel has one being made is
  passed over until that one is done), and their askers are told, privately, how many are
  ahead of theirs.
- Memory stays bounded: at most `WAITING_PER_CHANNEL` different replays wait in one channel,
  `WAITING` in all, and `ASKERS` people wait for one at once (each holds its game's positions);
  a request beyond these is refused, privately (`Busy`).

A failed animation (a worker died, the game does not fit the budget) fails each of its askers
and is not remembered.
"""

from __future__ import annotations

import asyncio
import functools
import hashlib
import logging
import os
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field

from bot.workers.start import worker_started
from club.catalogue import Catalogue
from engine.core import GameError
from engine.words import Unit
from render.captions import Frame
from render.replay import Animation

log = logging.getLogger(__name__)

Animate = Callable[[Sequence[Frame], int], Awaitable[Animation]]
"""Makes the animation of positions within a byte budget (`Pictures.animate`)."""
Tell = Callable[[str], Awaitable[None]]
"""Tells the asker something privately."""

KEEP = 4
"""Finished animations remembered (by digest)."""
WAITING_PER_CHANNEL = 3
"""Different replays waiting for their turn in one channel at most (besides the one being made)."""
WAITING = 12
"""Different replays waiting for their turn in all channels at most."""
ASKERS = 50
"""People waiting for a replay at once, in all channels, at most."""
NICENESS = 10
"""How much lower a replay worker's CPU priority is than the bot's (Unix nice levels)."""
BUSY = "Too many replays are being made right now; try again in a minute."


class Busy(GameError):
    """The lane is full: the request is refused (the message is for the asker, privately)."""

    def __init__(self) -> None:
        super().__init__(BUSY)


def replay_workers(cores: int) -> int:
    """How many replay workers (animations made at once) a machine with `cores` usable cores
    gets."""
    return 1 if cores <= 2 else 2


def replay_worker_started(bot: int, catalogue: Catalogue) -> None:
    """The initializer of a replay worker of the bot process `bot`: a picture worker (see
    `bot.workers.start`) at a lower priority."""
    worker_started(bot, catalogue)
    os.nice(NICENESS)


def replay_digest(frames: Sequence[Frame], budget: int) -> str:
    """A fingerprint of an animation to make: its positions (views and captions) and budget."""
    return hashlib.sha256(repr((budget, tuple(frames))).encode()).hexdigest()[:32]


OTHERS = Unit("other")


def queued(ahead: int) -> str:
    """What the asker of a replay that waits behind `ahead` others is told."""
    return f"Your replay is queued behind {OTHERS.of(ahead)}; it will be posted here shortly."


@dataclass(eq=False)
class _Job:
    """One animation to make, waiting or being made, and its result for every asker."""

    channel: int
    digest: str
    frames: tuple[Frame, ...]
    budget: int
    made: asyncio.Future[Animation] = field(
        default_factory=lambda: asyncio.get_running_loop().create_future()
    )
    making: asyncio.Future[Animation] | None = None
    """The animation being made (None while the job waits its turn)."""


class ReplayLane:
    """Animations made by `animate`, `at_once` at a time, at most one per channel, shared and
    remembered as the module says; the bounds may be given (tests)."""

    def __init__(
        self,
        animate: Animate,
        *,
        at_once: int,
        keep: int = KEEP,
        waiting: int = WAITING,
        waiting_per_channel: int = WAITING_PER_CHANNEL,
        askers: int = ASKERS,
    ) -> None:
        self._animate = animate
        self.at_once = at_once
        self.keep = keep
        self.waiting = waiting
        self.waiting_per_channel = waiting_per_channel
        self.askers = askers
        self._jobs: dict[str, _Job] = {}
        """Every job waiting or being made, by digest."""
        self._queue: list[_Job] = []
        """The jobs waiting, first come first."""
        self._making: dict[int, _Job] = {}
        """The jobs being made, by channel."""
        self._finished: OrderedDict[str, Animation] = OrderedDict()
        self._asking = 0

    async def animation(
        self, channel: int, frames: Sequence[Frame], budget: int, tell: Tell
    ) -> Animation:
        """The animation of `frames` in at most `budget` bytes, asked for in `channel`:
        remembered, being made, or made in its turn (the asker is told with `tell` when it has
        to wait). Raises `Busy` when the lane is full."""
        digest = await asyncio.to_thread(replay_digest, frames, budget)
        finished = self._finished.get(digest)
        if finished is not None:
            self._finished.move_to_end(digest)
            return finished
        if self._asking >= self.askers:
            raise Busy()
        job = self._jobs.get(digest) or self._queued(channel, digest, tuple(frames), budget)
        self._asking += 1
        try:
            if job.making is None:
                await tell(queued(len(self._making) + self._queue.index(job)))
            return await asyncio.shield(job.made)  # a cancelled asker spares the others
        finally:
            self._asking -= 1

    def close(self) -> None:
        """Give up every replay waiting or being made (the bot is stopping)."""
        for job in self._queue:
            del self._jobs[job.digest]
            job.made.cancel()
        self._queue.clear()
        for job in list(self._making.values()):
            job.made.cancel()
            if job.making is not None:
                job.making.cancel()

    def _queued(self, channel: int, digest: str, frames: tuple[Frame, ...], budget: int) -> _Job:
        """A new job at the end of the queue, started at once if its turn has come; raises
        `Busy` when the queue is full."""
        in_channel = sum(job.channel == channel for job in self._queue)
        if len(self._queue) >= self.waiting or in_channel >= self.waiting_per_channel:
            raise Busy()
        job = _Job(channel, digest, frames, budget)
        job.made.add_done_callback(_retrieved)
        self._jobs[digest] = job
        self._queue.append(job)
        self._start_next()
        return job

    def _start_next(self) -> None:
        """Start the first waiting jobs whose channel has none being made, while fewer than
        `at_once` are."""
        for job in list(self._queue):
            if len(self._making) >= self.at_once:
                return
            if job.channel not in self._making:
                self._queue.remove(job)
                self._making[job.channel] = job
                job.making = asyncio.ensure_future(self._animate(job.frames, job.budget))
                job.making.add_done_callback(functools.partial(self._made, job))

    def _made(self, job: _Job, making: asyncio.Future[Animation]) -> None:
        """A job ended: its askers get its result, a success is remembered, the next starts."""
        del self._making[job.channel]
        del self._jobs[job.digest]
        error = None if making.cancelled() else making.exception()
        if not job.made.done():
            if making.cancelled():
                job.made.cancel()
            elif error is not None:
                job.made.set_exception(error)
            else:
                animation = making.result()
                log.info(
                    "Made a replay in channel %d: %d pictures, %d bytes",
                    job.channel,
                    animation.shown,
                    len(animation.gif),
                )
                self._remember(job.digest, animation)
                job.made.set_result(animation)
        self._start_next()

    def _remember(self, digest: str, animation: Animation) -> None:
        self._finished[digest] = animation
        while len(self._finished) > self.keep:
            self._finished.popitem(last=False)


def _retrieved(made: asyncio.Future[Animation]) -> None:
    """Mark a job's failure as seen: its askers may all have gone (cancelled) meanwhile."""
    if not made.cancelled():
        made.exception()
