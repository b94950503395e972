"""A search in a game counted by its kit's score weighs the moves worth most one move ahead."""

from __future__ import annotations

import random

from ai.greedy import worth
from ai.kits.leylines import KIT, WIDEST, points_lead
from ai.widest import widest
from tests.ai.test_decisive import opening


def test_the_widest_moves_are_those_worth_most_one_move_ahead() -> None:
    game, state, seat = opening("leylines", 3, 20)
    moves = game.legal_moves(state, seat)
    assert len(moves) > WIDEST
    chosen = widest(game, state, seat, moves, points_lead, WIDEST, random.Random(1))
    values = sorted((worth(game, state, seat, move, points_lead) for move in moves), reverse=True)
    assert len(chosen) == WIDEST
    assert sorted(worth(game, state, seat, move, points_lead) for move in chosen) == sorted(
        values[:WIDEST]
    )
    assert KIT.widest == WIDEST


def test_few_moves_are_all_weighed() -> None:
    game, state, seat = opening("leylines", 3, 20)
    moves = game.legal_moves(state, seat)[:3]
    assert widest(game, state, seat, moves, points_lead, WIDEST, random.Random(1)) == moves
