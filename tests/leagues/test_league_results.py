"""What a league table's seats earn by their finishing places (see `club.leagues.results`)."""

from __future__ import annotations

from club.leagues.results import places, points
from engine.core import Outcome


def test_two_players_score_a_win_a_draw_and_a_loss() -> None:
    assert points(Outcome((1,), None, "won"), 2, set()) == (0.0, 1.0)
    assert points(Outcome((), None, "drawn"), 2, set()) == (0.5, 0.5)
    assert points(Outcome((0,), None, "resigned"), 2, {1}) == (1.0, 0.0)


def test_a_table_ranks_winners_then_scores_then_those_who_resigned() -> None:
    outcome = Outcome((2,), (1, 3, 3, 0), "three stations")
    assert places(outcome, 4, {3}) == (2, 1, 0, 3)
    assert points(outcome, 4, {3}) == (1 / 3, 2 / 3, 1.0, 0.0)


def test_a_side_that_won_shares_first_and_the_rest_tie_below() -> None:
    outcome = Outcome((0, 3), None, "the Martians win")
    assert points(outcome, 5, set()) == (1.0, 0.0, 0.0, 1.0, 0.0)
    lost = Outcome((), None, "everyone lost", everyone_lost=True)
    assert points(lost, 5, {4}) == (1.0, 1.0, 1.0, 1.0, 0.0)


def test_a_game_with_no_result_earns_nothing() -> None:
    assert points(None, 3, set()) == (0.0, 0.0, 0.0)
