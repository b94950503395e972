"""A match counts every game once, for the contender, and what each side's moves cost."""

from __future__ import annotations

from ai.arena import match
from ai.kits.leylines import KIT
from ai.kits.merchants import KIT as MERCHANTS_KIT
from ai.levels import RANDOM, Level
from ai.search import Budget, Settings
from bench.strength import pairings, wilson
from engine.leylines import GAME
from engine.merchants import GAME as MERCHANTS

TINY = Level("tiny", Budget(6), Settings(depth=6))


def test_a_match_counts_results_and_effort() -> None:
    result = match(GAME, KIT, TINY, RANDOM, games=2, seed=31)
    assert result.games == 2
    assert result.contender.moves > 0 and result.contender.simulated > 0
    assert result.opponent.moves > 0 and result.opponent.simulated == 0
    assert result.opponent.simulated_per_second == 0.0
    assert 0.0 <= result.contender.think_seconds <= result.contender.longest


def test_a_match_without_cpu_caps_is_the_same_every_time() -> None:
    first, again = (match(GAME, KIT, RANDOM, RANDOM, games=4, seed=8) for _ in range(2))
    assert (first.wins, first.draws, first.losses) == (again.wins, again.draws, again.losses)
    assert first.contender.moves == again.contender.moves


def test_a_win_rate_is_reported_with_its_wilson_interval() -> None:
    low, high = wilson(4, 12)
    assert round(low, 3) == 0.138 and round(high, 3) == 0.609
    assert wilson(0, 10)[0] == 0.0 and round(wilson(0, 10)[1], 3) == 0.278
    assert wilson(0, 0) == (0.0, 1.0)


def test_each_two_player_game_pairs_normal_and_hard_with_greedy_and_hard_with_normal() -> None:
    found = pairings(quick=False, games=None, only="leylines")
    assert [(p.contender.name, [o.name for o in p.opponents], p.target) for p in found] == [
        ("normal", ["greedy"], 0.60),
        ("hard", ["greedy"], 0.80),
        ("hard", ["normal"], 0.65),
    ]
    assert {p.games for p in found} == {40}
    assert found[1].contender.budget == Budget(50_000, cpu_seconds=1.9)  # by its CPU cap alone


def test_hard_plays_merchants_beside_a_greedy_and_a_normal_seat() -> None:
    *_, mixed = pairings(quick=False, games=None, only="merchants")
    assert (mixed.contender.name, [o.name for o in mixed.opponents]) == (
        "hard",
        ["greedy", "normal"],
    )
    assert mixed.players == 3 and mixed.target == 1 / 3 and not mixed.yardstick


def test_hard_plays_mars_vs_earth_beside_greedy_and_normal_seats_against_their_rate() -> None:
    [mixed] = pairings(quick=False, games=None, only="marsvsearth")
    assert (mixed.contender.name, [o.name for o in mixed.opponents]) == (
        "hard",
        ["greedy", "normal", "greedy", "normal"],
    )
    assert mixed.target is None and mixed.games == 10


def test_the_other_seats_results_count_each_of_their_games() -> None:
    result = match(MERCHANTS, MERCHANTS_KIT, RANDOM, [RANDOM, RANDOM], 3, 5, 3)
    assert result.games == 3 and result.others.games == 6
    won = result.wins + result.others.wins
    assert result.unfinished == 0 and won == 3  # one winner a game: none was drawn


def test_a_match_seats_the_opponents_in_order_after_the_contender() -> None:
    result = match(MERCHANTS, MERCHANTS_KIT, RANDOM, [RANDOM, TINY], 3, 2, 3, most_moves=30)
    assert result.unfinished == 3
    assert result.contender.simulated == 0 and result.opponent.simulated > 0
