"""What a finished game counts for (club.ratings.standings): results, teams, ranks, and whether
ratings change."""

from __future__ import annotations

from club.ratings.standings import Ending, standing

HUMANS, MARTIANS = "humans", "martians"


def test_each_person_is_a_team_of_one_in_a_game_without_sides() -> None:
    counted = standing(Ending(winners=(2,), draw=False), [11, 22, 33], resigned=())
    assert counted.results == {11: "loss", 22: "loss", 33: "win"}
    assert (counted.teams, counted.ranks, counted.rated) == (((11,), (22,), (33,)), (2, 2, 1), True)


def test_a_draw_ties_everyone_and_is_rated() -> None:
    counted = standing(Ending(winners=(), draw=True), [11, 22], resigned=())
    assert counted.results == {11: "draw", 22: "draw"}
    assert (counted.ranks, counted.rated) == ((1, 1), True)


def test_a_resigner_loses_even_when_the_others_draw() -> None:
    counted = standing(Ending(winners=(), draw=True), [11, 22, 33], resigned={1})
    assert counted.results == {11: "draw", 22: "loss", 33: "draw"}
    assert (counted.ranks, counted.rated) == ((1, 2, 1), True)


def test_sides_are_teams_and_a_resigner_stands_alone() -> None:
    sides = (MARTIANS, HUMANS, MARTIANS, HUMANS, MARTIANS)
    ending = Ending(winners=(0, 4), draw=False, sides=sides)
    counted = standing(ending, [11, 22, 33, 44, 55], resigned={2})
    assert counted.results == {11: "win", 22: "loss", 33: "loss", 44: "loss", 55: "win"}
    assert counted.teams == ((11, 55), (22, 44), (33,))
    assert (counted.ranks, counted.rated) == ((1, 2, 2), True)


def test_computers_are_left_out_and_a_lone_person_is_not_rated() -> None:
    against_computers = standing(Ending(winners=(1,), draw=False), [11, None], resigned=())
    assert against_computers.results == {11: "loss"}
    assert not against_computers.rated
    one_side = Ending(winners=(0, 1), draw=False, sides=(HUMANS, HUMANS, MARTIANS))
    counted = standing(one_side, [11, 22, None], resigned=())
    assert counted.teams == ((11, 22),) and not counted.rated


def test_a_game_everyone_lost_changes_no_rating() -> None:
    lost = Ending(winners=(), draw=False, sides=(HUMANS, HUMANS, HUMANS))
    counted = standing(lost, [11, 22, 33], resigned={1})
    assert set(counted.results.values()) == {"loss"}
    assert not counted.rated
