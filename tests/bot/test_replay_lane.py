"""The replay lane's order and bounds, with a stand-in for the replay workers whose animations
end when the test says: one per channel and `at_once` in all, askers of a waiting replay told
how many are ahead, the bounds on waiting replays and askers, a failure shared and forgotten,
and everything given up when the bot stops."""

from __future__ import annotations

import asyncio
from collections import defaultdict
from collections.abc import Sequence

import pytest

from bot.workers.replays import BUSY, Busy, ReplayLane, queued
from engine.core import View
from render.captions import Frame
from render.replay import Animation
from tests.hang import HANG_SECONDS

GUARD = HANG_SECONDS
"""Seconds a step may take before the test gives up (a guard against hanging, not a measure)."""
BUDGET = 1000


class Workers:
    """Animations named by their first caption, each ending when `finish` or `fail` says."""

    def __init__(self) -> None:
        self.made: list[str] = []
        self.begun: defaultdict[str, asyncio.Event] = defaultdict(asyncio.Event)
        self.ends: defaultdict[str, asyncio.Future[Animation]] = defaultdict(
            asyncio.get_running_loop().create_future
        )

    async def animate(self, frames: Sequence[Frame], budget: int) -> Animation:
        name = frames[0].caption[0]
        self.made.append(name)
        self.begun[name].set()
        return await self.ends[name]

    async def started(self, name: str) -> None:
        await asyncio.wait_for(self.begun[name].wait(), GUARD)

    def finish(self, name: str) -> Animation:
        animation = Animation(name.encode(), 1, 1)
        self.ends.pop(name).set_result(animation)
        return animation

    def fail(self, name: str) -> None:
        self.ends.pop(name).set_exception(OSError("a worker died"))


class Asker:
    """One `/replay`: what it was told, and its animation being awaited."""

    def __init__(self, lane: ReplayLane, channel: int, name: str) -> None:
        self.told: asyncio.Queue[str] = asyncio.Queue()
        frames = (Frame(View((), None, frozenset(), None), (name,)),)
        self.answer = asyncio.ensure_future(lane.animation(channel, frames, BUDGET, self.tell))

    async def tell(self, text: str) -> None:
        self.told.put_nowait(text)

    async def was_told(self) -> str:
        return await asyncio.wait_for(self.told.get(), GUARD)

    async def animation(self) -> Animation:
        return await asyncio.wait_for(self.answer, GUARD)


@pytest.fixture
async def workers() -> Workers:
    return Workers()


async def test_one_replay_per_channel_and_at_once_in_all(workers: Workers) -> None:
    lane = ReplayLane(workers.animate, at_once=2)
    first = Asker(lane, 1, "a")
    await workers.started("a")
    second = Asker(lane, 1, "b")
    assert await second.was_told() == queued(1)
    elsewhere = Asker(lane, 2, "c")
    await workers.started("c")
    third = Asker(lane, 3, "d")
    assert await third.was_told() == queued(3)
    assert workers.made == ["a", "c"]
    workers.finish("c")  # channel 3's turn: channel 1 still has one being made
    await workers.started("d")
    assert await elsewhere.animation() == Animation(b"c", 1, 1)
    workers.finish("a")
    await workers.started("b")
    assert workers.made == ["a", "c", "d", "b"]
    for name, asker in (("b", second), ("d", third)):
        workers.finish(name)
        await asker.animation()
    await first.animation()
    assert first.told.empty() and elsewhere.told.empty()


async def test_askers_of_a_waiting_replay_share_it_and_are_told(workers: Workers) -> None:
    lane = ReplayLane(workers.animate, at_once=1)
    Asker(lane, 1, "a")
    await workers.started("a")
    askers = [Asker(lane, 2, "b") for _ in range(3)]
    assert [await asker.was_told() for asker in askers] == [queued(1)] * 3
    workers.finish("a")
    await workers.started("b")
    made = workers.finish("b")
    assert [await asker.animation() for asker in askers] == [made] * 3
    again = Asker(lane, 2, "b")
    assert await again.animation() is made and again.told.empty()
    assert workers.made == ["a", "b"]


async def test_waiting_replays_and_askers_are_bounded(workers: Workers) -> None:
    lane = ReplayLane(workers.animate, at_once=1, waiting=2, waiting_per_channel=1, askers=4)
    Asker(lane, 1, "a")
    await workers.started("a")
    assert await Asker(lane, 1, "b").was_told() == queued(1)
    with pytest.raises(Busy, match=BUSY):
        await Asker(lane, 1, "c").animation()  # a second one waiting in channel 1
    assert await Asker(lane, 2, "d").was_told() == queued(2)
    with pytest.raises(Busy):
        await Asker(lane, 3, "e").animation()  # a third one waiting in all
    assert await Asker(lane, 2, "d").was_told() == queued(2)  # a fourth asker shares "d"
    with pytest.raises(Busy):
        await Asker(lane, 2, "d").animation()  # a fifth asker
    assert workers.made == ["a"]
    assert BUSY == "Too many replays are being made right now; try again in a minute."


async def test_a_failed_replay_fails_its_askers_and_is_not_remembered(workers: Workers) -> None:
    lane = ReplayLane(workers.animate, at_once=1)
    Asker(lane, 1, "first")
    await workers.started("first")
    askers = [Asker(lane, 1, "a") for _ in range(2)]
    for asker in askers:
        await asker.was_told()
    workers.finish("first")
    await workers.started("a")
    workers.fail("a")
    workers.begun["a"].clear()
    for asker in askers:
        with pytest.raises(OSError, match="a worker died"):
            await asker.animation()
    again = Asker(lane, 1, "a")
    await workers.started("a")
    workers.finish("a")
    await again.animation()
    assert workers.made == ["first", "a", "a"]


async def test_closing_gives_up_every_replay_waiting_or_being_made(workers: Workers) -> None:
    lane = ReplayLane(workers.animate, at_once=1)
    making = Asker(lane, 1, "a")
    await workers.started("a")
    waiting = Asker(lane, 1, "b")
    await waiting.was_told()
    lane.close()
    for asker in (making, waiting):
        with pytest.raises(asyncio.CancelledError):
            await asker.animation()
    assert workers.made == ["a"]
