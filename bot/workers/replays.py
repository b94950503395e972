"""Replays in a lane of their own: which `/replay` animation is made when, and who shares it.

An animation (a finished game's positions as one GIF, `render.replay`) costs a worker up to a
couple of seconds of CPU, a board picture tens of milliseconds. Replays are therefore made by
workers of their own (see `bot.courier.pictures`), never by the board pictures' pool, and those
workers run behind the tables (`bot.workers.behind`: the lowest priority, off the tables' core),
so a board picture neither waits for a worker nor for a core behind an animation. The lane is
as wide as those workers are many (`replay_workers`): one on a machine with at most two usable
cores, where a second animation could only take a core from the board pictures and the event
loop, else two.

- Identical requests share one animation: the same positions at the same byte budget (a digest
  of both, `replay_digest`) are made once, whoever asks while it is waiting or being made awaits
  that one, and the last `KEEP` finished animations are remembered (`KEEP` uploads at most in
  memory), so a finished game asked for again is answered at once.
- An animation is made in its turn (`bot.workers.lanes`, kind "replay"): `at_once` in all, at
  most `PER_SERVER` at once in one server; its first asker is told how many replays are ahead of
  theirs as it waits. Each person has at most `PER_PERSON` different replays waiting or being
  made; beyond, and beyond `WAITING` waiting in all, a request is refused, privately.
- Memory stays bounded: besides `WAITING`, at most `ASKERS` people wait for one at once (each
  holds its game's positions); a request beyond is refused, privately (`Busy`).

A failed animation (a worker died, the game does not fit the budget) fails each of its askers
and is not remembered.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass

from bot.workers.lanes import (
    REPLAY,
    TELL_EVERY,
    Lanes,
    Limits,
    Ticket,
    Told,
    waiting_full_text,
)
from engine.core import GameError
from render.captions import Frame
from render.replay import Animation

log = logging.getLogger(__name__)

Animate = Callable[[Sequence[Frame], int], Awaitable[Animation]]
"""Makes the animation of positions within a byte budget (`Pictures.animate`)."""

KEEP = 4
"""Finished animations remembered (by digest)."""
PER_SERVER = 1
"""Animations made at once in one server at most."""
PER_PERSON = 2
"""Different replays one person may have waiting or being made."""
WAITING = 12
"""Different replays waiting for their turn in all at most."""
ASKERS = 50
"""People waiting for a replay at once, in all channels, at most."""


class Busy(GameError):
    """Too many people wait for a replay: the request is refused (the message is for the asker,
    privately)."""

    def __init__(self) -> None:
        super().__init__(waiting_full_text(REPLAY))


def replay_workers(cores: int) -> int:
    """How many replay workers (animations made at once) a machine with `cores` usable cores
    gets."""
    return 1 if cores <= 2 else 2


def replay_digest(frames: Sequence[Frame], budget: int) -> str:
    """A fingerprint of an animation to make: its positions (views and captions) and budget."""
    return hashlib.sha256(repr((budget, tuple(frames))).encode()).hexdigest()[:32]


@dataclass(frozen=True)
class _Job:
    """An animation waiting or being made (`made`), in the turn of `ticket`."""

    made: asyncio.Future[Animation]
    ticket: Ticket


class ReplayLane:
    """Animations made by `animate`, `at_once` at a time, shared and remembered as the module
    says; the bounds and the pause between words to the waiting may be given (tests)."""

    def __init__(
        self,
        animate: Animate,
        *,
        at_once: int,
        keep: int = KEEP,
        waiting: int = WAITING,
        per_server: int = PER_SERVER,
        per_person: int = PER_PERSON,
        askers: int = ASKERS,
        tell_every: float = TELL_EVERY,
    ) -> None:
        self._animate = animate
        self.keep = keep
        self.askers = askers
        limits = Limits(at_once, per_server, per_person, waiting)
        self.lanes = Lanes(limits={REPLAY: limits}, tell_every=tell_every)
        self._jobs: dict[str, _Job] = {}
        """Every animation waiting or being made, by digest."""
        self._finished: OrderedDict[str, Animation] = OrderedDict()
        self._asking = 0

    async def animation(
        self,
        frames: Sequence[Frame],
        budget: int,
        *,
        channel: int,
        server: int = 0,
        person: int = 0,
        told: Told | None = None,
    ) -> Animation:
        """The animation of `frames` in at most `budget` bytes, asked for by `person` in
        `channel` of `server`: remembered, being made, or made in its turn (an asker who waits
        is told with `told` how many are ahead: the first as they go, the others once). Raises
        `Busy` or `Full` (see the module)."""
        digest = await asyncio.to_thread(replay_digest, frames, budget)
        finished = self._finished.get(digest)
        if finished is not None:
            self._finished.move_to_end(digest)
            return finished
        if self._asking >= self.askers:
            raise Busy()
        job = self._jobs.get(digest)
        self._asking += 1
        try:
            if job is None:
                ticket = self.lanes.ticket(REPLAY, server, person, told)
                making = self._make(channel, digest, tuple(frames), budget, ticket)
                job = self._jobs[digest] = _Job(asyncio.ensure_future(making), ticket)
                job.made.add_done_callback(_retrieved)
            elif told is not None and not job.ticket.turn.is_set():
                await told(self.lanes.ahead(job.ticket))
            return await asyncio.shield(job.made)  # a cancelled asker spares the others
        finally:
            self._asking -= 1

    def close(self) -> None:
        """Give up every replay waiting or being made (the bot is stopping)."""
        for job in list(self._jobs.values()):
            job.made.cancel()

    async def _make(
        self, channel: int, digest: str, frames: tuple[Frame, ...], budget: int, ticket: Ticket
    ) -> Animation:
        """The animation, made in the turn of `ticket`; remembered once made."""
        try:
            async with ticket:
                animation = await self._animate(frames, budget)
        finally:
            del self._jobs[digest]
        log.info(
            "Made a replay in channel %d: %d pictures, %d bytes",
            channel,
            animation.shown,
            len(animation.gif),
        )
        self._finished[digest] = animation
        while len(self._finished) > self.keep:
            self._finished.popitem(last=False)
        return animation


def _retrieved(made: asyncio.Future[Animation]) -> None:
    """Mark a failure as seen: its askers may all have gone (cancelled) meanwhile."""
    if not made.cancelled():
        made.exception()
