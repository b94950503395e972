"""Event standings against tables computed by hand: Swiss (Buchholz, Sonneborn-Berger, a bye),
round robin, table Swiss (points by finishing place, firsts, opponents)."""

from __future__ import annotations

import pytest

from club.leagues.pairing import BYE_POINTS, Bye, History, Played, place_points, standings


def lines(history: History, players: list[int], fmt: str) -> list[tuple[object, ...]]:
    return [
        (s.player, s.rank, s.score, *(value for _, value in s.tiebreaks), s.played)
        for s in standings(players, history, fmt=fmt)
    ]


def test_swiss_standings_with_a_bye_match_the_hand_computed_table() -> None:
    # round 1: 1 beats 2, 3 draws 4, 5 has the bye; round 2: 1 draws 3, 5 beats 2, 4 has the bye
    history = History(
        played=(
            Played(1, (1, 2), (1.0, 0.0)),
            Played(1, (3, 4), (0.5, 0.5)),
            Played(2, (1, 3), (0.5, 0.5)),
            Played(2, (5, 2), (1.0, 0.0)),
        ),
        byes=(Bye(1, 5, BYE_POINTS), Bye(2, 4, BYE_POINTS)),
    )
    # scores: 1 1.5, 2 0, 3 1, 4 1.5 (draw + bye), 5 2 (bye + win)
    # Buchholz (opponents' scores, byes add nothing): 1: 2 + 3 = 0 + 1 = 1; 2: 1 + 5 = 3.5;
    #   3: 4 + 1 = 3; 4: 3 = 1; 5: 2 = 0
    # Sonneborn-Berger: 1: 1*0 + 0.5*1 = 0.5; 2: 0; 3: 0.5*1.5 + 0.5*1.5 = 1.5; 4: 0.5*1 = 0.5;
    #   5: 1*0 = 0
    # 1 and 4 tie on 1.5 and on Buchholz 1 and Sonneborn-Berger 0.5: shared rank 2
    assert lines(history, [1, 2, 3, 4, 5], "swiss") == [
        (5, 1, 2.0, 0.0, 0.0, 1),
        (1, 2, 1.5, 1.0, 0.5, 2),
        (4, 2, 1.5, 1.0, 0.5, 1),
        (3, 4, 1.0, 3.0, 1.5, 2),
        (2, 5, 0.0, 3.5, 0.0, 2),
    ]


def test_round_robin_tie_broken_by_buchholz_then_sonneborn_berger() -> None:
    # four players, all three rounds: 1 beats 2 and 4, loses to 3; 2 beats 3 and 4; 3 beats 4
    history = History(
        played=(
            Played(1, (1, 2), (1.0, 0.0)),
            Played(1, (3, 4), (1.0, 0.0)),
            Played(2, (3, 1), (1.0, 0.0)),
            Played(2, (2, 4), (1.0, 0.0)),
            Played(3, (1, 4), (1.0, 0.0)),
            Played(3, (2, 3), (1.0, 0.0)),
        )
    )
    # 1, 2 and 3 have 2 points each, 4 none. Buchholz is 4 for each of them (everyone met
    # everyone): Sonneborn-Berger decides: 1 beat 2 and 4: 2 + 0 = 2; 2 beat 3 and 4: 2;
    # 3 beat 4 and 1: 0 + 2 = 2. All equal: 1, 2 and 3 share first place.
    assert lines(history, [1, 2, 3, 4], "round_robin") == [
        (1, 1, 2.0, 4.0, 2.0, 3),
        (2, 1, 2.0, 4.0, 2.0, 3),
        (3, 1, 2.0, 4.0, 2.0, 3),
        (4, 4, 0.0, 6.0, 0.0, 3),
    ]


def test_table_swiss_scores_places_and_breaks_ties_by_firsts_then_opponents() -> None:
    # round 1: a 4-seat table finishing 1, 2, 3, 4 in seat order: 1, 2/3, 1/3, 0
    # round 2: a 3-seat table (1 and 5 tie first, 3 last) and 2 and 4 at a 2-seat table (tie)
    history = History(
        played=(
            Played(1, (1, 2, 3, 4), place_points([1, 2, 3, 4])),
            Played(2, (5, 1, 3), place_points([1, 1, 3])),
            Played(2, (2, 4), place_points([1, 1])),
        )
    )
    assert place_points([1, 2, 3, 4]) == (1.0, 2 / 3, 1 / 3, 0.0)
    assert place_points([1, 1, 3]) == (1.0, 1.0, 0.0)
    assert place_points([1, 1]) == (0.5, 0.5)
    # scores: 1: 1 + 1 = 2; 2: 2/3 + 0.5 = 7/6; 3: 1/3 + 0 = 1/3; 4: 0 + 0.5 = 0.5; 5: 1
    # firsts (a shared first place counts): 1 two, 5, 2 and 4 one, 3 none
    # opponents (mean score of the others at each table): 1: (7/6 + 1/3 + 0.5) / 3 + (1 + 1/3)
    #   / 2 = 2/3 + 2/3 = 4/3; 5: (2 + 1/3) / 2 = 7/6
    table = lines(history, [1, 2, 3, 4, 5], "table_swiss")
    assert [line[:4] for line in table] == [
        (1, 1, 2.0, 2.0),
        (2, 2, pytest.approx(7 / 6), 1.0),
        (5, 3, 1.0, 1.0),
        (4, 4, 0.5, 1.0),
        (3, 5, pytest.approx(1 / 3), 0.0),
    ]
    assert table[0][4] == pytest.approx(4 / 3)
    assert table[2][4] == pytest.approx(7 / 6)


def test_a_player_with_no_table_yet_stands_on_zero() -> None:
    assert lines(History(), [7, 3], "swiss") == [(3, 1, 0.0, 0.0, 0.0, 0), (7, 1, 0.0, 0.0, 0.0, 0)]


def test_an_unknown_format_is_refused_in_one_line() -> None:
    with pytest.raises(ValueError, match="unknown format 'knockout': one of swiss, round_robin"):
        standings([1], History(), fmt="knockout")
