"""The replay lane's order and bounds, with a stand-in for the replay workers whose animations
end when the test says: one per server and `at_once` in all, the first asker of a waiting replay
told how many are ahead as they go, the bounds on waiting replays, on one person's and on
askers, a failure shared and forgotten, and everything given up when the bot stops."""

from __future__ import annotations

import asyncio
from collections import defaultdict
from collections.abc import Sequence

import pytest

from bot.workers.lanes import Full
from bot.workers.replays import Busy, ReplayLane
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
    """One `/replay` by `person` in `server`: how many it was told are ahead, and its animation
    being awaited."""

    def __init__(self, lane: ReplayLane, server: int, name: str, person: int = 0) -> None:
        self.told: asyncio.Queue[int] = asyncio.Queue()
        frames = (Frame(View((), None, frozenset(), None), (name,)),)
        asking = lane.animation(
            frames, BUDGET, channel=server, server=server, person=person, told=self.tell
        )
        self.answer = asyncio.ensure_future(asking)

    async def tell(self, ahead: int) -> None:
        self.told.put_nowait(ahead)

    async def was_told(self) -> int:
        return await asyncio.wait_for(self.told.get(), GUARD)

    async def animation(self) -> Animation:
        return await asyncio.wait_for(self.answer, GUARD)


@pytest.fixture
async def workers() -> Workers:
    return Workers()


async def test_one_replay_per_server_and_at_once_in_all(workers: Workers) -> None:
    lane = ReplayLane(workers.animate, at_once=2)
    first = Asker(lane, 1, "a", person=1)
    await workers.started("a")
    second = Asker(lane, 1, "b", person=2)
    assert await second.was_told() == 1
    elsewhere = Asker(lane, 2, "c", person=3)
    await workers.started("c")
    third = Asker(lane, 3, "d", person=4)
    assert await third.was_told() == 3  # two being made, one waiting before it
    assert workers.made == ["a", "c"]
    workers.finish("c")  # server 3's turn: server 1 still has one being made
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


async def test_the_first_asker_is_told_as_the_replays_ahead_go(workers: Workers) -> None:
    lane = ReplayLane(workers.animate, at_once=1, per_person=5, tell_every=0)
    for name in "ab":
        Asker(lane, 1, name)
    await workers.started("a")
    waiting = Asker(lane, 1, "c")
    assert await waiting.was_told() == 2
    sharing = [Asker(lane, 1, "c") for _ in range(2)]
    assert [await asker.was_told() for asker in sharing] == [2, 2]  # once, as they join
    workers.finish("a")
    assert await waiting.was_told() == 1
    await workers.started("b")
    workers.finish("b")
    await workers.started("c")
    made = workers.finish("c")
    assert [await asker.animation() for asker in (waiting, *sharing)] == [made] * 3
    assert waiting.told.empty() and all(asker.told.empty() for asker in sharing)
    again = Asker(lane, 1, "c")
    assert await again.animation() is made and again.told.empty()
    assert workers.made == ["a", "b", "c"]


async def test_waiting_replays_one_person_s_and_askers_are_bounded(workers: Workers) -> None:
    lane = ReplayLane(workers.animate, at_once=1, waiting=2, per_person=2, askers=4)
    Asker(lane, 1, "a", person=7)
    await workers.started("a")
    assert await Asker(lane, 1, "b", person=7).was_told() == 1
    with pytest.raises(Full, match=r"^You already have 2 replays on the way; ask again once"):
        await Asker(lane, 1, "c", person=7).animation()
    assert await Asker(lane, 2, "d", person=8).was_told() == 2
    with pytest.raises(Full, match=r"^Too many replays are waiting right now; try again in a"):
        await Asker(lane, 3, "e", person=9).animation()  # a third one waiting in all
    assert await Asker(lane, 2, "d", person=9).was_told() == 2  # a fourth asker shares "d"
    with pytest.raises(Busy, match=r"^Too many replays are waiting right now"):
        await Asker(lane, 2, "d", person=10).animation()  # a fifth asker
    assert workers.made == ["a"]


async def test_a_failed_replay_fails_its_askers_and_is_not_remembered(workers: Workers) -> None:
    lane = ReplayLane(workers.animate, at_once=1)
    Asker(lane, 1, "first", person=1)
    await workers.started("first")
    askers = [Asker(lane, 1, "a", person=2) for _ in range(2)]
    await askers[0].was_told()
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
