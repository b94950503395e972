"""Pondering in a worker's thread (`bot.workers.ponderer`): it ponders within its bounds, a pause
stops it between two simulations and the next search runs on the same tree, it waits while the
machine is crowded, and a closed ponderer leaves no thread. The tests wait for what the thread
does, never for a time."""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from ai.memory import Memory
from ai.ponder import Pondering
from bot.workers import thinking
from bot.workers.ponderer import Ponderer, crowded
from tests.ai.test_ponder import KEY, KIT, LEVEL, NIM, thought_and_kept
from tests.hang import HANG_SECONDS


def spare() -> bool:
    """A machine with CPU time to spare."""
    return False


def until(ponderer: Ponderer, done: Callable[[], bool]) -> None:
    """Wait for `done` (checked with pondering paused) to hold."""
    deadline = time.monotonic() + HANG_SECONDS
    while time.monotonic() < deadline:
        with ponderer.paused():
            if done():
                return
        time.sleep(0.001)
    raise AssertionError("the pondering thread never got there")


def ponder_threads() -> list[threading.Thread]:
    return [thread for thread in threading.enumerate() if thread.name == "ponder"]


def test_a_ponderer_ponders_in_its_thread_within_its_bounds() -> None:
    memory = Memory()
    _, node = thought_and_kept(memory)
    before = node.visits
    ponderer = Ponderer(Pondering(memory, seconds=float("inf"), simulations=200), 0.0, spare)
    ponderer.ponder(KEY, NIM, KIT, LEVEL.settings, 0, 7)
    until(ponderer, lambda: not ponderer.pondering.jobs)
    assert node.visits == before + 200
    ponderer.close()
    assert not ponder_threads()


def test_a_pause_stops_pondering_and_the_next_search_runs_on_the_same_tree() -> None:
    memory = Memory()
    after, node = thought_and_kept(memory)
    reply, _ = NIM.apply(after, 1, 2)
    ponderer = Ponderer(Pondering(memory, seconds=float("inf"), simulations=10**9), 0.0, spare)
    ponderer.ponder(KEY, NIM, KIT, LEVEL.settings, 0, 7)
    until(ponderer, lambda: node.visits > 1000)
    with ponderer.paused():
        visits, replied = node.visits, node.children[(1, 2)].visits
        thought = memory.think(KEY, NIM, reply, 0, LEVEL, 6, KIT)
        assert thought.inherited == replied
        assert node.children[(1, 2)].visits == replied + 300
        assert node.visits == visits  # nothing pondered meanwhile
    until(ponderer, lambda: not ponderer.pondering.jobs)  # its tree was recalled
    assert node.visits == visits
    ponderer.close()
    assert not ponder_threads()


def test_closing_stops_pondering_under_way() -> None:
    memory = Memory()
    _, node = thought_and_kept(memory)
    ponderer = Ponderer(Pondering(memory, seconds=float("inf"), simulations=10**9), 0.0, spare)
    ponderer.ponder(KEY, NIM, KIT, LEVEL.settings, 0, 7)
    until(ponderer, lambda: node.visits > 1000)
    ponderer.close()
    assert not ponder_threads() and not ponderer.pondering.jobs
    visits = node.visits
    ponderer.ponder(KEY, NIM, KIT, LEVEL.settings, 0, 7)  # a closed ponderer starts again
    until(ponderer, lambda: node.visits > visits)
    ponderer.close()
    assert not ponder_threads()


def test_a_crowded_machine_holds_pondering_off() -> None:
    memory = Memory()
    _, node = thought_and_kept(memory)
    before, seen = node.visits, list[int]()

    def crowded_thrice() -> bool:
        seen.append(node.visits)
        return len(seen) <= 3

    pondering = Pondering(memory, seconds=float("inf"), simulations=50)
    ponderer = Ponderer(pondering, 0.0, crowded_thrice)
    ponderer.ponder(KEY, NIM, KIT, LEVEL.settings, 0, 7)
    until(ponderer, lambda: not ponderer.pondering.jobs)
    assert seen[:4] == [before] * 4  # no simulation before the fourth look
    assert node.visits == before + 50
    ponderer.close()


def test_crowded_compares_the_runnable_threads_with_the_cores(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(os, "cpu_count", lambda: 2)
    loadavg = tmp_path / "loadavg"
    loadavg.write_text("2.10 1.50 0.90 3/120 4242\n")
    assert crowded(str(loadavg))
    loadavg.write_text("2.10 1.50 0.90 2/120 4242\n")
    assert not crowded(str(loadavg))
    assert not crowded(str(tmp_path / "missing"))


def test_a_review_runs_in_the_workers_with_pondering_paused(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    memory = Memory()
    _, node = thought_and_kept(memory)
    ponderer = Ponderer(Pondering(memory, seconds=float("inf"), simulations=10**9), 0.0, spare)
    monkeypatch.setattr(thinking, "PONDERER", ponderer)
    ponderer.ponder(KEY, NIM, KIT, LEVEL.settings, 0, 7)
    until(ponderer, lambda: node.visits > 1000)

    def review() -> tuple[int, int]:
        before = node.visits
        time.sleep(0.05)  # ten of the interpreter's switch intervals: pondering would run
        return before, node.visits

    before, after = thinking.unpondered(review)
    assert before == after
    ponderer.close()
    assert not ponder_threads()
