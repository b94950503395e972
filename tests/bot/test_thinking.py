"""The thinking workers: a turn that waited for a worker thinks that much less on the clock, at
every level, and a hint answers within a wall cap below hard's; a worker warms up in every game
as it starts, and a hard computer's next turn starts from the tree its worker kept, which the
worker ponders meanwhile."""

from __future__ import annotations

import json
import threading
import time

import pytest

from ai.levels import EASY, HARD, NORMAL, RANDOM, level_named
from ai.memory import Memory
from ai.ponder import Pondering
from bot.workers import thinking
from bot.workers.ponderer import Ponderer
from bot.workers.thinking import FLOOR_SECONDS, SPARE_SECONDS, Thinkers, in_time, think, warm
from club.catalogue import CATALOGUE
from club.service import Turn
from club.service.computer_seats import HINT_LEVEL


def test_a_turn_that_waited_for_a_worker_thinks_less_on_the_clock() -> None:
    assert HARD.budget is not None and HARD.budget.wall_seconds is not None
    waited = in_time(HARD, 0.5)
    assert waited.budget is not None
    wall = HARD.budget.wall_seconds - SPARE_SECONDS - 0.5
    assert waited.budget.wall_seconds == pytest.approx(wall)
    assert waited.budget.cpu_seconds == HARD.budget.cpu_seconds
    assert (waited.name, waited.settings) == (HARD.name, HARD.settings)
    late = in_time(HARD, 60.0).budget
    assert late is not None and late.wall_seconds == FLOOR_SECONDS
    assert in_time(RANDOM, 60.0) is RANDOM
    for level in (EASY, NORMAL):
        cut = in_time(level, 60.0).budget
        assert cut is not None and cut.wall_seconds == FLOOR_SECONDS, level.name


def test_a_hint_answers_within_a_wall_cap_below_hards() -> None:
    hint, hard = level_named(HINT_LEVEL).budget, HARD.budget
    assert hint is not None and hint.wall_seconds is not None
    assert hard is not None and hard.wall_seconds is not None
    assert hint.wall_seconds < hard.wall_seconds


def test_a_worker_warms_up_in_every_game() -> None:
    warm()  # a short search from every game's opening, without error


def test_a_hard_computer_keeps_its_tree_and_ponders_it(monkeypatch: pytest.MonkeyPatch) -> None:
    memory = Memory()
    ponderer = Ponderer(Pondering(memory, simulations=10**9), 0.0, lambda: False)
    monkeypatch.setattr(thinking, "MEMORY", memory)
    monkeypatch.setattr(thinking, "PONDERER", ponderer)
    game = CATALOGUE["leylines"].game
    state = game.new_game(["Ann", "Bob"], {}, 4)
    stored = json.dumps(game.to_json(state))
    long_ago = time.monotonic() - 60.0  # it thinks for the floor's time only
    notation = think(Turn(1, 1, "leylines", stored, 0, "hard", 3, 0), long_ago)
    game.parse(state, 0, notation)
    assert len(memory) == 1
    with ponderer.paused():
        assert list(ponderer.pondering.jobs) == [("leylines", 1, 0)]
        ponderer.pondering.jobs.clear()
    think(Turn(2, 2, "leylines", stored, 0, "normal", 3, 0))
    assert len(memory) == 1  # the easier levels search without it
    assert not ponderer.pondering.jobs  # and ponder nothing
    Thinkers(None).close()  # thinking in threads: pondering stops with the thinkers
    assert not [thread for thread in threading.enumerate() if thread.name == "ponder"]
