"""`/learn` behind the tables, through its cog with a stand-in for Discord: a lesson's pictures
are drawn by a worker of their own, never by the tables' picture pool; a learner whose lesson
waits for its turn is told how many lessons are ahead, and the lesson then takes that reply's
place."""

from __future__ import annotations

import asyncio
import os
import threading
from typing import Any, cast

import discord

from bot.courier.pictures import Pictures
from bot.learn.cog import LessonCommands, in_lesson_thread
from bot.workers.lanes import LESSON, Lanes, Limits
from club.catalogue import CATALOGUE
from tests.bot.fakes import Counted, FakeFollowup, FakeResponse
from tests.hang import HANG_SECONDS

GUARD = HANG_SECONDS
"""Seconds a step may take before the test gives up (a guard against hanging, not a measure)."""


class Followup(FakeFollowup):
    """Follow-ups as FakeFollowup records them, with their attachments' names."""

    def __init__(self, response: FakeResponse) -> None:
        super().__init__(response)
        self.files: list[str] = []

    async def send(self, text: str = "", *, ephemeral: bool = False, **parts: Any) -> None:
        """As the cog sends a lesson: its words as `content`, its board as `file`."""
        await super().send(parts.pop("content", text), ephemeral=ephemeral)
        self.files.append(parts["file"].filename)


class Interaction:
    """What `/learn` touches of a discord.Interaction."""

    def __init__(self, user: int) -> None:
        self.guild_id = 1
        self.user = type("User", (), {"id": user, "display_name": f"learner {user}"})()
        self.response = FakeResponse()
        self.followup = Followup(self.response)
        self.edits: asyncio.Queue[tuple[str, list[str]]] = asyncio.Queue()
        """Each edit of the "thinking" placeholder: its text and attachments' names."""

    async def edit_original_response(
        self,
        *,
        content: str,
        attachments: list[discord.File] | None = None,
        view: discord.ui.View | None = None,
        embed: discord.Embed | None = None,
    ) -> None:
        self.edits.put_nowait((content, [f.filename for f in attachments or []]))


async def learn(cog: LessonCommands, interaction: Interaction) -> None:
    await cast(Any, cog.learn).callback(cog, interaction, "leylines")


async def test_a_lesson_s_pictures_are_not_drawn_by_the_tables_pool() -> None:
    tables = Counted()
    pictures = Pictures(lambda: tables)
    try:
        learner = Interaction(7)
        await asyncio.wait_for(learn(LessonCommands(CATALOGUE, pictures), learner), GUARD)
        [(text, private)] = learner.response.sent
        assert "step 1 of" in text and private and learner.followup.files
        assert tables.drawn == 0
        assert pictures.behind.executor is not None  # drawn by the lessons' own worker
    finally:
        await asyncio.to_thread(pictures.close)


async def test_a_waiting_learner_is_told_how_many_lessons_are_ahead() -> None:
    pictures = Pictures()
    try:
        cog = LessonCommands(CATALOGUE, pictures)
        cog.lanes = Lanes(limits={LESSON: Limits(at_once=1)})
        other = cog.lanes.ticket(LESSON, 1, 8)
        await other.__aenter__()  # another learner's step holds the only turn
        learner = Interaction(7)
        learning = asyncio.ensure_future(learn(cog, learner))
        told = await asyncio.wait_for(learner.edits.get(), GUARD)
        assert told == ("1 lesson ahead of yours; this message changes as they go.", [])
        other.close()
        await asyncio.wait_for(learning, GUARD)
        text, files = await asyncio.wait_for(learner.edits.get(), GUARD)
        assert "step 1 of" in text and files and learner.response.sent == []
    finally:
        await asyncio.to_thread(pictures.close)


class Sending(Followup):
    """Follow-ups that note whether the lessons' turn was held while each was sent."""

    def __init__(self, response: FakeResponse, lanes: Lanes) -> None:
        super().__init__(response)
        self.lanes = lanes
        self.held: list[int] = []

    async def send(self, text: str = "", *, ephemeral: bool = False, **parts: Any) -> None:
        self.held.append(self.lanes.holding(LESSON))
        await super().send(text, ephemeral=ephemeral, **parts)


async def test_a_lesson_step_is_sent_in_its_turn_one_at_a_time() -> None:
    pictures = Pictures()
    try:
        cog = LessonCommands(CATALOGUE, pictures)
        learners = [Interaction(user) for user in (7, 8, 9)]
        for learner in learners:
            learner.followup = Sending(learner.response, cog.lanes)
        await asyncio.wait_for(asyncio.gather(*(learn(cog, one) for one in learners)), GUARD)
        sent = [cast(Sending, learner.followup) for learner in learners if learner.followup.files]
        assert [s.held for s in sent] == [[1]] * len(sent) and sent  # its upload in its turn
        assert cog.lanes.holding() == 0
    finally:
        await asyncio.to_thread(pictures.close)


async def test_the_lesson_thread_keeps_the_bot_s_priority() -> None:
    """A lesson thread at the lowest priority may hold the interpreter lock while it waits for a
    core, and the bot's event loop with it."""

    def niceness() -> int:
        return os.getpriority(os.PRIO_PROCESS, threading.get_native_id())

    assert await in_lesson_thread(niceness) == os.getpriority(os.PRIO_PROCESS, 0)
