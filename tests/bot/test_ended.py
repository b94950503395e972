"""The games the thinking workers forget (`bot.workers.ended`): every watcher, in this process or
another, is told every game ended after it started watching, in order; one that fell behind
skips the oldest; the thinkers tell their workers (or, thinking in threads, forget at once), and
a worker of the bot's own pool drops the trees and pondering of the game told, and only of it.
The tests wait for what the watchers report, never for a time."""

from __future__ import annotations

import asyncio
import json
import multiprocessing
import queue
import threading
import time

import pytest

from ai.memory import Memory
from ai.ponder import Pondering
from bot.workers import thinking
from bot.workers.ended import EndedGames, watch
from bot.workers.ponderer import Ponderer
from bot.workers.thinking import Thinkers
from club.catalogue import CATALOGUE
from club.service import Turn
from tests.ai.test_ponder import KIT, LEVEL, NIM, pile
from tests.hang import HANG_SECONDS

CONTEXT = multiprocessing.get_context("spawn")  # the bot's is the fork server's: the same here


def watched(ended: EndedGames) -> queue.SimpleQueue[int]:
    """A watcher of `ended` in a thread of this process: the ids it forgets."""
    forgotten: queue.SimpleQueue[int] = queue.SimpleQueue()
    started = threading.Event()

    def run() -> None:
        started.set()
        watch(ended, forgotten.put)

    threading.Thread(target=run, daemon=True).start()
    started.wait()
    return forgotten


def test_the_games_told_are_read_in_order_and_the_oldest_skipped_when_behind() -> None:
    ended = EndedGames(CONTEXT, size=4)
    ended.add(1)
    assert ended.told() == 1
    assert ended.after(0) == (1, [1])
    ended.add(2)
    ended.add(3)
    assert ended.after(1) == (3, [2, 3])
    for game_id in range(4, 10):
        ended.add(game_id)
    assert ended.after(3) == (9, [6, 7, 8, 9])  # fell behind: the oldest are skipped


def test_watchers_in_threads_and_processes_are_all_told_what_ended_since_they_began() -> None:
    ended = EndedGames(CONTEXT)
    ended.add(6)  # before anyone watched: nobody forgets it
    here = [watched(ended), watched(ended)]
    told = CONTEXT.Queue()
    processes = [
        CONTEXT.Process(target=watch, args=(ended, told.put, 1), daemon=True) for _ in range(2)
    ]
    for process in processes:
        process.start()
    ended.add(7)
    ended.add(8)
    for forgotten in here:
        assert [forgotten.get(), forgotten.get()] == [7, 8]
    assert sorted(told.get() for _ in range(4)) == [7, 7, 8, 8]
    for process in processes:
        process.kill()
        process.join()


def test_thinkers_in_threads_forget_at_once_and_in_processes_tell_their_workers(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    memory = Memory()
    ponderer = Ponderer(Pondering(memory), 0.0, lambda: False)
    monkeypatch.setattr(thinking, "PONDERER", ponderer)
    for game_id in (1, 2):
        memory.think(("nim", game_id, 0), NIM, pile(30), 0, LEVEL, 5, KIT)
    Thinkers(None).forget(1)
    assert memory.kept(("nim", 1, 0)) is None and memory.kept(("nim", 2, 0)) is not None
    ended = EndedGames(CONTEXT)
    Thinkers(None, ended=ended).forget(2)
    assert ended.after(0) == (1, [2]) and memory.kept(("nim", 2, 0)) is not None


def kept_in_worker(game_id: int) -> tuple[bool, bool]:
    """Run in a thinking worker: whether it keeps a tree of game `game_id`'s seat 0, and
    whether it ponders it."""
    key = ("albiorix", game_id, 0)
    with thinking.PONDERER.paused():
        return thinking.MEMORY.kept(key) is not None, key in thinking.PONDERER.pondering.jobs


def test_a_worker_of_the_bots_pool_forgets_a_game_the_bot_tells_it_ended(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(thinking, "usable_cores", lambda: 2)  # one worker: it took the turns
    thinkers = Thinkers.in_processes(CATALOGUE)
    game = CATALOGUE["albiorix"].game
    stored = json.dumps(game.to_json(game.new_game(["Ann", "Bob"], {}, 4)))

    def in_worker(game_id: int) -> tuple[bool, bool]:
        executor = thinkers.workers.executor  # started by the first move
        assert executor is not None
        return executor.submit(kept_in_worker, game_id).result()

    try:
        for game_id in (7, 9):
            turn = Turn(game_id, game_id * 10, "albiorix", stored, 0, "hard", 3, 0)
            asyncio.run(thinkers.move_for(turn))
            assert in_worker(game_id) == (True, True)
        thinkers.forget(7)
        deadline = time.monotonic() + HANG_SECONDS  # a bound on a hung worker, not a wait for time
        while in_worker(7) != (False, False):
            assert time.monotonic() < deadline, "the worker still keeps or ponders game 7"
        assert in_worker(9) == (True, True)  # a game not told goes on
    finally:
        thinkers.close()
