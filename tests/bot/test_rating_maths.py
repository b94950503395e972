"""The rating maths against values worked out by hand from the Plackett-Luce update (Weng and
Lin 2011, Algorithm 4, as openskill implements it), with openskill's defaults:
mu = 25, sigma = 25/3, beta = 25/6, tau = 25/300, kappa = 0.0001.

For each team i: its mu_i and sigma2_i are the sums over its players (after tau is added to each
player: sigma^2 + tau^2); c = sqrt(sum over teams of (sigma2_i + beta^2)); p(i, q) =
exp(mu_i / c) / (sum of exp(mu_s / c) over the teams s ranked no better than q). Over the teams
q ranked at or above i (rank_q <= rank_i), A_q being the number of teams of q's rank:
    omega_i = sigma2_i / c * sum_q ([q == i] - p(i, q)) / A_q
    delta_i = gamma_i * sigma2_i / c^2 * sum_q p(i, q) (1 - p(i, q)) / A_q
    gamma_i = sqrt(sigma2_i) / c
and a player j of team i: mu_j += sigma_j^2 / sigma2_i * omega_i,
sigma_j *= sqrt(max(1 - sigma_j^2 / sigma2_i * delta_i, kappa)).

Then the rating shown (club.ratings.skill): 1000 + 20 * (mu - 3 sigma), rounded, at least 0, and
provisional while sigma is above 7.
"""

from __future__ import annotations

import random

import pytest

from club.ratings.skill import Skill, rate

TOLERANCE = 1e-6


def close(got: Skill, mu: float, sigma: float) -> bool:
    return got.mu == pytest.approx(mu, abs=TOLERANCE) and got.sigma == pytest.approx(
        sigma, abs=TOLERANCE
    )


def test_two_new_players_one_wins() -> None:
    # sigma^2 = (25/3)^2 + (25/300)^2 = 69.444444 + 0.006944 = 69.451389 (sigma 8.333750)
    # c = sqrt(2 * (69.451389 + (25/6)^2)) = sqrt(2 * (69.451389 + 17.361111)) = sqrt(173.625)
    #   = 13.176684
    # equal means: p(winner, winner) = p(loser, winner) = 1/2, p(loser, loser) = 1
    # winner: omega = 69.451389 / 13.176684 * (1 - 1/2) = 5.270779 * 0.5 = 2.635389
    #         delta = gamma * sigma^2 / c^2 * (1/2 * 1/2), gamma = 8.333750 / 13.176684 = 0.632462
    #               = 0.632462 * 0.400008 * 0.25 = 0.063247
    #         mu = 25 + 2.635389 = 27.635389; sigma = 8.333750 * sqrt(1 - 0.063247) = 8.065901
    # loser:  omega = 5.270779 * ((0 - 1/2) + (1 - 1)) = -2.635389 -> mu = 22.364611
    #         delta = 0.632462 * 0.400008 * (1/2 * 1/2 + 1 * 0) = 0.063247 -> sigma = 8.065901
    winner, loser = rate([[Skill()], [Skill()]], [1, 2])
    assert close(winner[0], 27.635389, 8.065901)
    assert close(loser[0], 22.364611, 8.065901)


def test_a_draw_between_a_strong_sure_player_and_a_new_one() -> None:
    # A: mu 30, sigma 5 -> sigma2_A = 25 + 0.006944 = 25.006944 (sigma 5.000694)
    # B: new -> sigma2_B = 69.451389
    # c = sqrt(25.006944 + 17.361111 + 69.451389 + 17.361111) = sqrt(129.180556) = 11.365762
    # exp(30 / c) = 14.006285, exp(25 / c) = 9.021300; both rank 1, so each q sums both: 23.027585
    # p_A = 14.006285 / 23.027585 = 0.608239, p_B = 0.391761; A_q = 2 (a tie of two teams)
    # A: omega = 25.006944 / 11.365762 * ((1 - 0.6082394) - 0.6082394) / 2
    #          = 2.200200 * -0.1082394 = -0.238148 -> mu = 29.761852
    #    delta = (5.000694 / 11.365762) * (25.006944 / 129.180556) * 0.6082394 * 0.3917606
    #          = 0.439979 * 0.193581 * 0.238284 = 0.020295 -> sigma = 5.000694 * sqrt(0.979705)
    #          = 4.949690
    # B: omega = 69.451389 / 11.365762 * ((1 - 0.3917606) - 0.3917606) / 2
    #          = 6.110579 * 0.1082394 = 0.661406 -> mu = 25.661406
    #    delta = (8.333750 / 11.365762) * (69.451389 / 129.180556) * 0.238284
    #          = 0.733233 * 0.537630 * 0.238284 = 0.093934
    #          -> sigma = 8.333750 * sqrt(0.906066) = 7.932690
    # (the sure, stronger player loses a little, the new one gains more)
    strong, new = rate([[Skill(30, 5)], [Skill()]], [1, 1])
    assert close(strong[0], 29.761852, 4.949690)
    assert close(new[0], 25.661406, 7.932690)


def test_a_team_of_two_beats_a_team_of_one() -> None:
    # pair: mu 50, sigma2 = 2 * 69.451389 = 138.902778; single: mu 25, sigma2 = 69.451389
    # c = sqrt(138.902778 + 17.361111 + 69.451389 + 17.361111) = sqrt(243.076389) = 15.590907
    # exp(50 / c) = 24.704798, exp(25 / c) = 4.970392, sum 29.675190
    # pair (rank 1): p = 24.704798 / 29.675190 = 0.832507
    #   omega = 138.902778 / 15.590907 * (1 - 0.832507) = 8.909217 * 0.167493 = 1.492233
    #   delta = (11.785702 / 15.590907) * (138.902778 / 243.076389) * 0.832507 * 0.167493
    #         = 0.755934 * 0.571437 * 0.139439 = 0.060233
    #   each player (half the team's variance): mu = 25 + 1.492233 / 2 = 25.746117,
    #   sigma = 8.333750 * sqrt(1 - 0.060233 / 2) = 8.207298
    # single (rank 2): p(single, pair) = 4.970392 / 29.675190 = 0.167493, p(single, single) = 1
    #   omega = 69.451389 / 15.590907 * (-0.167493) = -0.746117 -> mu = 24.253883
    #   delta = (8.333750 / 15.590907) * (69.451389 / 243.076389) * 0.167493 * 0.832507
    #         = 0.534526 * 0.285718 * 0.139439 = 0.021296 -> sigma = 8.333750 * sqrt(0.978704)
    #         = 8.244536
    pair, single = rate([[Skill(), Skill()], [Skill()]], [1, 2])
    assert all(close(player, 25.746117, 8.207298) for player in pair)
    assert close(single[0], 24.253883, 8.244536)


def test_a_new_player_shows_1000_and_a_first_game_moves_it_a_little() -> None:
    new = Skill()
    assert (new.ordinal, new.shown, new.provisional) == (0, 1000, True)  # 25 - 3 * 25/3
    winner, loser = (Skill(27.635389, 8.065901), Skill(22.364611, 8.065901))  # see above
    # 1000 + 20 * (27.635389 - 24.197703) = 1000 + 20 * 3.437686 = 1068.75
    assert (winner.shown, winner.provisional) == (1069, True)
    # 1000 + 20 * (22.364611 - 24.197703) = 1000 - 20 * 1.833092 = 963.34: below 1000, not below 0
    assert (loser.shown, loser.provisional) == (963, True)


def test_the_rating_shown_stops_at_0() -> None:
    assert Skill(-25, 8).shown == 20  # ordinal -49
    assert Skill(-27, 8).shown == 0  # ordinal -51: 1000 - 1020 would be -20
    assert Skill(-100, 1).shown == 0


def test_the_rating_shown_keeps_the_order_of_the_ordinal() -> None:
    chooser = random.Random(7)
    skills = [Skill(chooser.uniform(-40, 60), chooser.uniform(0.5, 9)) for _ in range(2000)]
    by_ordinal = sorted(skills, key=lambda s: s.ordinal, reverse=True)
    shown = [s.shown for s in by_ordinal]
    assert shown == sorted(shown, reverse=True)
    assert len(set(shown)) > 1000  # a real spread, not everything at the floor


def test_provisional_while_sigma_is_above_7() -> None:
    assert Skill(25, 7.000001).provisional and not Skill(25, 7).provisional
    assert not Skill(10, 6).provisional and Skill(40, 8).provisional


def test_two_new_players_taking_turns_to_win_are_provisional_for_5_games() -> None:
    # sigma after each game: 8.07, 7.82, 7.58, 7.36, 7.14, 6.94 (the 6th game ends it)
    ann = bob = Skill()
    marks = []
    for game in range(6):
        (ann,), (bob,) = rate([[ann], [bob]], [1, 2] if game % 2 == 0 else [2, 1])
        marks.append((ann.provisional, bob.provisional))
    assert marks == [(True, True)] * 5 + [(False, False)]
