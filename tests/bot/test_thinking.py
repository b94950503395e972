"""The thinking workers: a turn that waited for a worker thinks that much less on the clock, a
worker warms up in every game as it starts, and a hard computer's next turn starts from the
tree its worker kept."""

from __future__ import annotations

import json
import time

import pytest

from ai.levels import EASY, HARD, RANDOM
from ai.memory import Memory
from bot.catalogue import CATALOGUE
from bot.play import thinking
from bot.play.thinking import FLOOR_SECONDS, SPARE_SECONDS, in_time, think, warm
from bot.service import Turn


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
    assert in_time(EASY, 60.0) is EASY and in_time(RANDOM, 60.0) is RANDOM


def test_a_worker_warms_up_in_every_game() -> None:
    warm()  # a short search from every game's opening, without error


def test_a_hard_computer_keeps_its_tree_for_its_next_turn(monkeypatch: pytest.MonkeyPatch) -> None:
    memory = Memory()
    monkeypatch.setattr(thinking, "MEMORY", memory)
    game = CATALOGUE["leylines"].game
    state = game.new_game(["Ann", "Bob"], {}, 4)
    stored = json.dumps(game.to_json(state))
    long_ago = time.monotonic() - 60.0  # it thinks for the floor's time only
    notation = think(Turn(1, 1, "leylines", stored, 0, "hard", 3, 0), long_ago)
    game.parse(state, 0, notation)
    assert len(memory) == 1
    think(Turn(2, 1, "leylines", stored, 0, "normal", 3, 0))
    assert len(memory) == 1  # the easier levels search without it
