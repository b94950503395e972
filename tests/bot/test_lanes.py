"""The lanes of heavy work, with events and no timing: a table's work takes the first free turn
before any lesson, review or replay waiting; a kind's share, per-server and per-person bounds
(queue or refuse with one line); the waiting told how many are ahead as it moves; and, in the
thinking workers, a computer's move goes before the review positions queued before it, which a
process of their own weighs at a lower priority."""

from __future__ import annotations

import asyncio
import itertools
import os
import threading
from concurrent.futures import ThreadPoolExecutor
from typing import Any, cast

import pytest

from bot.review.cog import in_workers
from bot.workers import thinking
from bot.workers.lanes import LESSON, REPLAY, REVIEW, TABLE, Full, Lanes, Limits, ahead_text
from bot.workers.thinking import Thinkers
from club.catalogue import CATALOGUE
from tests.hang import HANG_SECONDS

GUARD = HANG_SECONDS
"""Seconds a step may take before the test gives up (a guard against hanging, not a measure)."""


class Work:
    """Turns taken in `lanes`, each held until the test lets it go; the order they began in."""

    def __init__(self, lanes: Lanes) -> None:
        self.lanes = lanes
        self.began: list[str] = []
        self.release: dict[str, asyncio.Event] = {}
        self.told: dict[str, list[int]] = {}
        self.moved = asyncio.Event()

    def ask(self, name: str, kind: str, server: int = 0, person: int = 0) -> asyncio.Task[None]:
        ticket = self.lanes.ticket(kind, server, person, self._teller(name))
        self.release[name] = asyncio.Event()
        return asyncio.ensure_future(self._hold(name, ticket))

    async def _hold(self, name: str, ticket: Any) -> None:
        async with ticket:
            self.began.append(name)
            self.moved.set()
            await self.release[name].wait()

    def _teller(self, name: str) -> Any:
        async def told(ahead: int) -> None:
            self.told.setdefault(name, []).append(ahead)
            self.moved.set()

        return told

    async def until(self, done: Any) -> None:
        """Wait until `done()` holds (checked as turns are taken or told)."""

        async def waited() -> None:
            while not done():
                self.moved.clear()
                await self.moved.wait()

        await asyncio.wait_for(waited(), GUARD)


async def test_a_table_s_work_takes_the_first_free_turn_before_waiting_heavy_work() -> None:
    work = Work(Lanes(2))
    work.ask("review 1", REVIEW)
    work.ask("replay 1", REPLAY)
    await work.until(lambda: len(work.began) == 2)
    waiting = [work.ask("lesson", LESSON), work.ask("review 2", REVIEW), work.ask("move", TABLE)]
    await work.until(lambda: len(work.told) == 3)  # each waits, told
    for name, began in (("review 1", 3), ("replay 1", 4), ("move", 5)):
        work.release[name].set()
        await work.until(lambda began=began: len(work.began) == began)
    for name in ("lesson", "review 2"):
        work.release[name].set()
    await asyncio.wait_for(asyncio.gather(*waiting), GUARD)
    assert work.began == ["review 1", "replay 1", "move", "lesson", "review 2"]


async def test_the_words_to_all_the_waiting_keep_one_pace() -> None:
    lanes = Lanes(limits={LESSON: Limits(at_once=1)}, tell_every=0, words_per_second=1e-6)
    work = Work(lanes)
    names = [f"lesson {n}" for n in range(4)]
    for n, name in enumerate(names):
        work.ask(name, LESSON, person=n)
    await work.until(lambda: "lesson 1" in work.told)
    for before, name in itertools.pairwise(names):
        work.release[before].set()
        await work.until(lambda name=name: name in work.began)
    work.release[names[-1]].set()
    assert work.told == {"lesson 1": [1]}  # the next word's time never came before the turns


async def test_a_kind_s_share_leaves_turns_for_the_tables() -> None:
    work = Work(Lanes(3, {REVIEW: Limits(at_once=2)}))
    for n in range(4):
        work.ask(f"review {n}", REVIEW)
    await work.until(lambda: len(work.began) == 2 and len(work.told) == 2)
    moved = work.ask("move", TABLE)
    await work.until(lambda: "move" in work.began)  # the third turn, though reviews wait
    work.release["move"].set()
    await asyncio.wait_for(moved, GUARD)
    assert work.began == ["review 0", "review 1", "move"]


async def test_the_waiting_are_told_how_many_are_ahead_as_it_moves() -> None:
    work = Work(Lanes(limits={REVIEW: Limits(at_once=1)}, tell_every=0))
    for name in ("a", "b", "c"):
        work.ask(name, REVIEW, person=ord(name))
    await work.until(lambda: work.told.get("c") == [2])
    assert work.told == {"b": [1], "c": [2]}
    work.release["a"].set()
    await work.until(lambda: work.told.get("c") == [2, 1] and "b" in work.began)
    work.release["b"].set()
    await work.until(lambda: "c" in work.began)
    assert work.told == {"b": [1], "c": [2, 1]}  # never told twice the same number
    assert ahead_text(REVIEW, 3) == "3 reviews ahead of yours; this message changes as they go."
    assert ahead_text(REPLAY, 1) == "1 replay ahead of yours; this message changes as they go."
    assert ahead_text(LESSON, 0) == "Your lesson is next."


async def test_a_queue_that_moves_fast_tells_the_waiting_once_per_pause() -> None:
    work = Work(Lanes(limits={LESSON: Limits(at_once=1)}, tell_every=HANG_SECONDS * 10))
    names = [f"lesson {n}" for n in range(6)]
    for n, name in enumerate(names):
        work.ask(name, LESSON, person=n)
    await work.until(lambda: len(work.told) == 5)
    for before, name in itertools.pairwise(names):
        work.release[before].set()
        await work.until(lambda name=name: name in work.began)
    work.release[names[-1]].set()
    assert work.told == {name: [n] for n, name in enumerate(names) if n}  # the first word only


async def test_one_server_waits_for_its_own_while_another_server_goes_first() -> None:
    work = Work(Lanes(limits={REVIEW: Limits(at_once=3, per_server=1)}))
    work.ask("server 1, first", REVIEW, server=1, person=1)
    work.ask("server 1, second", REVIEW, server=1, person=2)
    work.ask("server 2", REVIEW, server=2, person=3)
    await work.until(lambda: len(work.began) == 2)
    assert work.began == ["server 1, first", "server 2"]
    assert work.told == {"server 1, second": [2]}
    work.release["server 1, first"].set()
    await work.until(lambda: "server 1, second" in work.began)


async def test_a_person_s_limit_and_the_waiting_limit_refuse_with_one_line() -> None:
    lanes = Lanes(limits={REVIEW: Limits(at_once=1, per_person=1, waiting=1)})
    work = Work(lanes)
    work.ask("first", REVIEW, person=1)
    await work.until(lambda: work.began == ["first"])
    with pytest.raises(Full) as refused:
        lanes.ticket(REVIEW, person=1)
    assert str(refused.value) == (
        "You already have 1 review on the way; ask again once one is done."
    )
    work.ask("second", REVIEW, person=2)
    with pytest.raises(Full) as refused:
        lanes.ticket(REVIEW, person=3)
    assert str(refused.value) == (
        "Too many reviews are waiting right now; try again in a few minutes."
    )
    lanes.ticket(TABLE, person=1).close()  # other kinds are not bounded by the review's
    work.release["first"].set()
    await work.until(lambda: "second" in work.began)
    lanes.ticket(REVIEW, person=1).close()  # one's own done: a new one is taken


async def test_a_waiter_that_gives_up_leaves_the_queue() -> None:
    lanes = Lanes(limits={REVIEW: Limits(at_once=1, per_person=1)}, tell_every=0)
    work = Work(lanes)
    work.ask("first", REVIEW, person=1)
    await work.until(lambda: work.began == ["first"])
    gone = work.ask("gone", REVIEW, person=2)
    later = work.ask("later", REVIEW, person=3)
    await work.until(lambda: work.told.get("later") == [2])
    gone.cancel()
    await work.until(lambda: work.told.get("later") == [2, 1])
    assert lanes.waiting(REVIEW) == 1
    work.release["first"].set()
    await work.until(lambda: "later" in work.began)
    work.release["later"].set()
    await asyncio.wait_for(later, GUARD)
    assert work.began == ["first", "later"] and lanes.holding() == 0
    lanes.ticket(REVIEW, person=2).close()  # the one who gave up holds nothing


class Positions:
    """Review positions and computer moves run by one thinking worker (a thread): each notes that
    it began, and the first position is held until the test lets it go."""

    def __init__(self) -> None:
        self.loop = asyncio.get_running_loop()
        self.began: list[str] = []
        self.first_began = asyncio.Event()
        self.hold = threading.Event()

    def position(self, name: str) -> str:
        self.began.append(name)
        if name == "position 1":
            self.loop.call_soon_threadsafe(self.first_began.set)
            self.hold.wait(GUARD)
        return name

    def think(self, turn: Any, handed: float) -> str:
        self.began.append("move")
        return "a move"


async def test_a_computer_s_move_is_not_queued_behind_review_positions(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    positions = Positions()
    monkeypatch.setattr(thinking, "think", positions.think)
    thinkers = Thinkers(lambda: ThreadPoolExecutor(1), processes=1)  # one thinking worker
    weigh = in_workers(thinkers)
    try:
        reviews = [asyncio.ensure_future(weigh(positions.position, "position 1"))]
        await asyncio.wait_for(positions.first_began.wait(), GUARD)
        reviews += [
            asyncio.ensure_future(weigh(positions.position, f"position {n}")) for n in (2, 3, 4)
        ]
        await asyncio.sleep(0)  # each review has asked for its position's turn
        turn = cast(Any, type("Turn", (), {"game_id": 1, "level": "hard"})())
        move = thinkers.move_for(turn)
        assert await asyncio.wait_for(move, GUARD) == "a move"  # the position is still held
        positions.hold.set()
        await asyncio.wait_for(asyncio.gather(*reviews), GUARD)
        assert positions.began == ["position 1", "move", "position 2", "position 3", "position 4"]
    finally:
        positions.hold.set()
        await asyncio.to_thread(thinkers.close)


async def test_review_positions_are_weighed_by_a_process_of_their_own_at_a_lower_priority() -> None:
    thinkers = Thinkers.in_processes(CATALOGUE)
    try:
        niceness = await asyncio.wait_for(thinkers.behind(os.nice, 0), GUARD)
        assert niceness > os.nice(0)
        assert thinkers.workers.executor is None  # no computer player's worker was started
    finally:
        await asyncio.to_thread(thinkers.close)
