"""Agents of M.A.R.S. scoring: the rule text's worked example and every scoring variant."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine.agents import GAME, Rules
from engine.agents.scoring import clusters, colour_points, total
from engine.core import GameError
from tests.engine.test_agents_support import position, pyramid

EXAMPLE = """
y3 y3 y3 r1 g3 g3 b3
y2 y2 r2 r1 g2 g2 b3
k1 .  .  .  .  .  b3
y3 y3 .  g3 g2 .  b2
y2 y2 .  g2 .  .  b2
y1 .  .  g1 .  r3 b1
.  .  .  .  .  r3 .
.  .  .  .  .  r3 .
"""
"""The rule text's end position in spirit: yellow clusters of 13 and 11 pips, green 10 and 8,
blue 14, and red only in groups of three (which do not score)."""

EXAMPLE_OBJECTIVE = (0, 1, -1, 2)
"""Red 0, green 1, blue -1, yellow 2 (palette order: red, green, blue, yellow)."""


def points(diagram: str, **options: object) -> dict[str, int]:
    state = position(diagram, **options)  # type: ignore[arg-type]
    rules = state.rules
    found = clusters(state.board, rules)
    return dict(zip(rules.palette, colour_points(found, rules), strict=True))


def test_rule_text_example_scores_52() -> None:
    assert points(EXAMPLE) == {"red": 0, "green": 18, "blue": 14, "yellow": 24}
    state = position(EXAMPLE, objectives=(EXAMPLE_OBJECTIVE, (2, 1, 0, -1)))
    found = clusters(state.board, state.rules)
    assert sorted((c.colour, c.points) for c in found) == [
        ("blue", 14), ("green", 8), ("green", 10), ("yellow", 11), ("yellow", 13)
    ]  # fmt: skip
    assert total(colour_points(found, state.rules), EXAMPLE_OBJECTIVE) == 52
    view = GAME.view(state, 0)
    assert view.projected == (0, 52)
    assert "If the game ended now you would score 52 points." in view.private


def test_groups_of_three_and_black_groups_never_score() -> None:
    black = EXAMPLE.replace("y1 .  .", "k1 k2 k3").replace("y2 y2 .  g2", "k1 k1 .  g2")
    assert points(black)["yellow"] == 13  # the second yellow group is now too small
    assert "black" not in points(black)


def test_the_size_of_the_group_gives_points() -> None:
    assert points(EXAMPLE, groupsize=True) == {
        "red": 0, "green": 10 + 4 + 8 + 4, "blue": 14 + 6, "yellow": 13 + 5 + 11 + 5
    }  # fmt: skip


def test_only_the_biggest_group_counts_whatever_its_size() -> None:
    # yellow: two groups of 5, the one worth more (13) wins; green: two of 4, 10 wins;
    # red: two groups of 3 (4 and 9 pips), 9 wins although it is smaller than 4
    assert points(EXAMPLE, biggest=True) == {"red": 9, "green": 10, "blue": 14, "yellow": 13}


def test_biggest_and_size_combine() -> None:
    assert points(EXAMPLE, biggest=True, groupsize=True) == {
        "red": 9 + 3, "green": 10 + 4, "blue": 14 + 6, "yellow": 13 + 5
    }  # fmt: skip


def test_biggest_group_of_single_pyramids_scores_the_best_one() -> None:
    singles = """
    r3 .  r1 .  .  .  .
    .  .  .  .  .  .  .
    r2 .  .  .  .  .  .
    .  .  .  .  .  .  .
    .  .  .  .  .  .  .
    .  .  .  .  .  .  .
    .  .  .  .  .  .  .
    .  .  .  .  .  .  .
    """
    assert points(singles, biggest=True)["red"] == 3
    assert points(singles, biggest=True, groupsize=True)["red"] == 4
    assert points(singles)["red"] == 0


def test_no_center_values() -> None:
    assert Rules(nocenter=True).values == (3, 2, -1, -2)
    state = position(EXAMPLE, objectives=((-1, 3, -2, 2), (2, 3, -1, -2)), nocenter=True)
    # red -1 x 0, green 3 x 18, blue -2 x 14, yellow 2 x 24
    assert GAME.view(state, 0).projected == (0, 54 - 28 + 48)


def test_five_colours_with_a_fifth_value_of_plus_three_or_minus_two() -> None:
    assert Rules(colours=5).values == (3, 2, 1, 0, -1)
    assert Rules(colours=5, fifth=-2).values == (2, 1, 0, -1, -2)
    for fifth in (3, -2):
        with pytest.raises(GameError, match="No Center cannot be played with 5 colours"):
            GAME.new_game(["Ann", "Bob"], {"colours": 5, "nocenter": True, "fifth": fifth}, 1)
    board = """
    p3 p3 .  .  .  .  .  .
    p2 p2 .  .  .  .  .  .
    .  .  .  .  .  .  .  .
    .  .  .  .  .  .  .  .
    .  .  .  .  .  .  .  .
    .  .  .  .  .  .  .  .
    .  .  .  .  .  .  .  .
    r1 r1 r1 r1 .  .  .  .
    """
    assert points(board, colours=5) == {"red": 4, "green": 0, "blue": 0, "yellow": 0, "purple": 10}
    state = position(board, objectives=((0, 1, 2, -1, 3), (3, 2, 1, 0, -1)), colours=5)
    assert GAME.view(state, 0).projected == (0, 30)
    minus = position(board, objectives=((2, 1, 0, -1, -2), (2, 1, 0, -1, -2)), colours=5, fifth=-2)
    assert GAME.view(minus, 1).projected == (1, 8 - 20)


def test_more_points_win_and_equal_points_draw() -> None:
    def finished(objectives: tuple[tuple[int, ...], tuple[int, ...]]) -> tuple[int, ...]:
        state = position(EXAMPLE, objectives=objectives)
        board = tuple(p if p is not None else pyramid("k1") for p in state.board)
        outcome = GAME.outcome(replace(state, board=board))
        assert outcome is not None
        return outcome.winners

    assert finished(((0, 1, -1, 2), (2, 1, 0, -1))) == (0,)
    assert finished(((2, 1, 0, -1), (0, 1, -1, 2))) == (1,)
    assert finished(((2, 1, 0, -1), (2, 1, 0, -1))) == ()


def test_the_biggest_group_is_the_one_with_most_pyramids_not_most_pips() -> None:
    """Four small reds (4 pips) beat two large reds (6 pips): "biggest" counts pyramids; pips
    only break a tie in size."""
    board = """
    r3 r3 .  .  .  .  .
    .  .  .  .  .  .  .
    .  .  .  .  .  .  .
    .  .  .  .  .  .  .
    .  .  .  .  .  .  .
    .  .  .  .  .  .  .
    .  .  .  .  .  .  .
    r1 r1 r1 r1 .  .  .
    """
    assert points(board, biggest=True)["red"] == 4
    assert points(board, biggest=True, groupsize=True)["red"] == 4 + 4
