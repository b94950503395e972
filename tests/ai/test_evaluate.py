"""The review's evaluation (`ai.evaluate`): the same answer for the same seed and budget, a win
at once settles the value and is the best move, an ended game is worth its outcome, and the
values are chances in [0, 1] for every seat."""

from __future__ import annotations

import pytest

from ai.evaluate import compare, evaluate
from ai.kits.leylines import KIT as LEYLINES
from club.catalogue import CATALOGUE
from tests.ai.test_decisive import opening, wins


@pytest.mark.parametrize("key", sorted(CATALOGUE))
def test_the_same_seed_and_budget_give_the_same_estimate(key: str) -> None:
    game, state, seat = opening(key, 3, 12)
    kit = CATALOGUE[key].ai
    assert kit is not None
    first = evaluate(game, state, seat, 24, 5, kit)
    assert first == evaluate(game, state, seat, 24, 5, kit)
    assert first.actor == seat and first.best in game.legal_moves(state, seat)
    assert len(first.values) == 2 and all(0 <= value <= 1 for value in first.values)


def test_a_win_at_once_is_the_best_move_and_a_certain_win() -> None:
    game, state, seat = opening("leylines", 1, 34)
    found = evaluate(game, state, seat, 8, 1, LEYLINES)
    assert found.best is not None and wins(game, state, seat, found.best)
    assert found.values[seat] == 1.0 and found.values[1 - seat] == 0.0
    other = next(m for m in game.legal_moves(state, seat) if not wins(game, state, seat, m))
    said = compare(game, state, seat, other, found.best, 1, LEYLINES)
    assert said.better_wins and not said.played_wins


def test_an_ended_game_is_worth_its_outcome() -> None:
    game, state, seat = opening("leylines", 1, 34)
    state, _ = game.apply(state, seat, evaluate(game, state, seat, 8, 1, LEYLINES).best)
    found = evaluate(game, state, 1 - seat, 8, 1, LEYLINES)
    assert found.values[seat] == 1.0 and found.actor is None and found.best is None
