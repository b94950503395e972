"""What an ended game pays each seat: 1 per winner, 0.5 each in a draw, 0 when all lost."""

from __future__ import annotations

from ai.rewards import even, rewards
from engine.core import Outcome
from engine.registry import GAMES


def test_winners_get_one_and_the_rest_nothing() -> None:
    assert rewards(Outcome((1, 3), None, "a side won"), 5) == (0.0, 1.0, 0.0, 1.0, 0.0)


def test_a_draw_pays_half_to_every_seat() -> None:
    assert rewards(Outcome((), (4, 4, 4), "level"), 3) == (0.5, 0.5, 0.5)


def test_everyone_losing_is_not_a_draw() -> None:
    assert rewards(Outcome((), None, "Earth won", everyone_lost=True), 4) == (0.0,) * 4


def test_a_cut_off_rollout_is_even_by_default() -> None:
    game = GAMES["leylines"]
    assert even(game, game.new_game(["Ann", "Bob"], {}, 1), 2) == (0.5, 0.5)
