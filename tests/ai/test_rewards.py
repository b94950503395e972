"""What an ended game pays each seat: 1 per winner, 0.5 each in a draw (less for the searching
seat where a game holds draws in contempt), 0 when all lost."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from ai.kits.agents import CONTEMPT, KIT
from ai.kits.leylines import KIT as LEYLINES_KIT
from ai.rewards import drawn, even, rewards
from ai.rollout import rollout
from engine.core import Outcome
from engine.leylines import GAME as LEYLINES
from tests.ai.positions import AGENTS, filled, objectives_set


def test_winners_get_one_and_the_rest_nothing() -> None:
    assert rewards(Outcome((1, 3), None, "a side won"), 5) == (0.0, 1.0, 0.0, 1.0, 0.0)


def test_a_draw_pays_half_to_every_seat() -> None:
    assert rewards(Outcome((), (4, 4, 4), "level"), 3) == (0.5, 0.5, 0.5)


def test_everyone_losing_is_not_a_draw() -> None:
    assert rewards(Outcome((), None, "Earth won", everyone_lost=True), 4) == (0.0,) * 4


def test_a_cut_off_rollout_is_even_by_default() -> None:
    assert LEYLINES_KIT.evaluation is even
    assert even(LEYLINES, LEYLINES.new_game(["Ann", "Bob"], {}, 1), 2) == (0.5, 0.5)


def test_a_search_for_one_seat_may_hold_a_draw_in_contempt() -> None:
    assert KIT.contempt == CONTEMPT and LEYLINES_KIT.contempt == 0
    assert drawn(2, 0, CONTEMPT) == (0.5 - CONTEMPT, 0.5 + CONTEMPT)
    assert drawn(2, 1, CONTEMPT) == pytest.approx((0.9, 0.1))
    assert drawn(2, 1, LEYLINES_KIT.contempt) == (0.5, 0.5)
    level = Outcome((), (4, 4), "level")
    assert rewards(level, 2, (0.3, 0.7)) == (0.3, 0.7)
    assert rewards(Outcome((1,), (3, 4), "won"), 2, (0.3, 0.7)) == (0.0, 1.0)


def test_a_rollout_that_ends_in_a_draw_pays_the_searchs_draw() -> None:
    full = filled(objectives_set({}, 4), 0)
    tied = replace(full, objectives=(full.objectives[0], full.objectives[0]))
    assert AGENTS.outcome(tied) is not None and AGENTS.outcome(tied).is_draw
    found = rollout(AGENTS, tied, 2, random.Random(1), 20, KIT, (0.3, 0.7))
    assert found == ((0.3, 0.7), 0)
