"""A search in a game counted by its kit's score weighs the moves worth most one move ahead: at
the root, and at a node below it once visited enough."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

from ai.greedy import worth
from ai.kits.albiorix import KIT as ALBIORIX_KIT
from ai.kits.leylines import KIT, WIDEST, points_lead
from ai.search import WIN_CHECK_AT, Shortlists, widest_at
from ai.tree import Node
from ai.widest import narrows, widest
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


def test_a_node_inside_the_tree_weighs_its_widest_moves_once_visited_enough() -> None:
    game, state, seat = opening("leylines", 3, 20)
    moves = game.legal_moves(state, seat)
    node: Node[Any] = Node(1 - seat, visits=WIN_CHECK_AT - 1)
    shortlists: Shortlists = {}
    rng = random.Random(1)
    assert widest_at(game, state, seat, node, moves, KIT, rng, shortlists) == moves
    node.visits += 1
    chosen = widest_at(game, state, seat, node, moves, KIT, rng, shortlists)
    assert chosen == widest(game, state, seat, moves, points_lead, WIDEST, random.Random(1))
    assert widest_at(game, state, seat, node, moves, KIT, rng, shortlists) is chosen  # found once


def test_only_a_kit_with_a_score_and_widest_narrows_the_moves() -> None:
    assert narrows(KIT)
    assert not narrows(replace(KIT, widest=None)) and not narrows(replace(KIT, score=None))
    assert not narrows(ALBIORIX_KIT)
