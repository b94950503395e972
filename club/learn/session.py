"""The lessons being taken, in memory, by lesson id.

Lessons are not saved: a restart forgets them, and so does a lesson left unused for `IDLE`
seconds (or pushed out when `MOST` are held), and their controls then answer that the lesson
has expired and how to start it again. A lesson id is `<game key>.<8 hex digits>`, random, so an
id never names a lesson of another process or an earlier run, and the game can be named even
for a lesson that is gone.
"""

from __future__ import annotations

import asyncio
import secrets
import time
from collections import OrderedDict
from dataclasses import dataclass, field

from club.learn.lesson import Run

IDLE = 2 * 60 * 60
"""Seconds a lesson is kept without use."""
MOST = 1000
"""Lessons held at once; the least recently used goes first."""


def game_of(lesson_id: str) -> str:
    """The game key a lesson id names."""
    return lesson_id.partition(".")[0]


def expired(lesson_id: str) -> str:
    return (
        "This lesson has expired (the bot restarted, or it lay unused for two hours); "
        f"start it again with `/learn {game_of(lesson_id)}`."
    )


def not_yours(lesson_id: str) -> str:
    return f"This lesson is someone else's; start your own with `/learn {game_of(lesson_id)}`."


@dataclass
class HeldLesson:
    """A lesson and its learner; `lock` lets one action at a time change it."""

    run: Run
    user_id: int
    used: float = field(default_factory=time.monotonic)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)


class Lessons:
    """Every lesson this process holds."""

    def __init__(self, idle: float = IDLE, most: int = MOST) -> None:
        self.idle = idle
        self.most = most
        self._held: OrderedDict[str, HeldLesson] = OrderedDict()

    def __len__(self) -> int:
        return len(self._held)

    def begin(self, run: Run, user_id: int) -> str:
        """Hold `run` for `user_id`; its new lesson id."""
        self._forget_old()
        lesson_id = f"{run.lesson.game.key}.{secrets.token_hex(4)}"
        self._held[lesson_id] = HeldLesson(run, user_id)
        while len(self._held) > self.most:
            self._held.popitem(last=False)
        return lesson_id

    def find(self, lesson_id: str) -> HeldLesson | None:
        """The lesson `lesson_id`, or None if it is gone."""
        self._forget_old()
        held = self._held.get(lesson_id)
        if held is None:
            return None
        held.used = time.monotonic()
        self._held.move_to_end(lesson_id)
        return held

    def drop(self, user_id: int) -> int:
        """Forget every lesson of `user_id` (see `/privacy forget`); how many there were."""
        theirs = [key for key, held in self._held.items() if held.user_id == user_id]
        for key in theirs:
            del self._held[key]
        return len(theirs)

    def _forget_old(self) -> None:
        now = time.monotonic()
        while self._held:
            lesson_id, held = next(iter(self._held.items()))
            if now - held.used < self.idle:
                break
            del self._held[lesson_id]
