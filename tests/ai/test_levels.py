"""The entry point: all-computer games run to their end, the random player, plain-data calls,
and the refusals (an unknown level, a game with no determinizer yet). Budgets are iterations
only, so every move is pinned by its seed. Every searching level has a wall-clock cap below
hard's, and its search stops by it on a clock that races while its CPU time stands still."""

from __future__ import annotations

import random
from typing import Any

import pytest

from ai.determinize import FRESH_FUTURE, OPEN
from ai.kit import Kit, generic
from ai.levels import EASY, HARD, LEVELS, NORMAL, Level, choose, think
from ai.search import Budget, Clocks, Settings, search
from club.catalogue import CATALOGUE
from engine.core import Game
from tests.ai.showdown import Resample, Showdown
from tests.ai.test_searchable_games import Ticking

TINY = Level("tiny", Budget(8), Settings(depth=8))


def play_out(game: Game[Any, Any], players: int, seed: int, kit: Kit | None) -> tuple[Any, int]:
    """An all-computer game at the tiny level; returns the final state and the moves made."""
    state = game.new_game([f"Bot{n}" for n in range(players)], {}, seed)
    made = 0
    while game.outcome(state) is None:
        seat = min(game.actors(state))
        move = think(game, state, seat, TINY, seed + made, kit).move
        state, _ = game.apply(state, seat, move)
        made += 1
    return state, made


@pytest.mark.parametrize(("key", "players"), [("leylines", 2), ("albiorix", 2), ("merchants", 4)])
def test_an_all_computer_game_runs_to_its_end(key: str, players: int) -> None:
    """(An Agents game between computers is played through the table service, where a person
    resigns it: at this budget the search moves pyramids about for thousands of moves.)"""
    entry = CATALOGUE[key]
    state, made = play_out(entry.game, players, 2024, entry.kit)
    game = entry.game
    assert game.outcome(state) is not None
    assert made > 10


def test_an_all_computer_hidden_card_game_runs_to_its_end() -> None:
    game = Showdown()
    state, made = play_out(game, 3, 11, Kit(Resample()))
    assert game.outcome(state) is not None
    assert 1 <= made <= 3


def test_the_random_player_picks_a_legal_move_from_its_seed() -> None:
    game = CATALOGUE["albiorix"].game
    state = game.new_game(["Ann", "Bob"], {"first": 1}, 3)
    moves = {choose(game, state, 0, "random", seed, None) for seed in range(20)}
    assert len(moves) > 1
    assert moves <= set(game.legal_moves(state, 0))
    assert choose(game, state, 0, "random", 7, None) == choose(game, state, 0, "random", 7, None)


def test_an_unknown_level_is_refused() -> None:
    entry = CATALOGUE["leylines"]
    with pytest.raises(KeyError, match="easy, normal, hard"):
        choose(entry.game, entry.game.new_game(["Ann", "Bob"], {}, 1), 0, "grandmaster", 1, None)


def test_a_hidden_game_without_a_kit_is_played_at_random_only() -> None:
    game = CATALOGUE["agents"].game
    assert generic(game) is None  # no sampler of its own: the search cannot play it
    state = game.new_game(["Ann", "Bob"], {}, 1)
    seat = min(game.actors(state))
    assert choose(game, state, seat, "random", 1, None) in game.legal_moves(state, seat)
    with pytest.raises(ValueError, match="Agents"):
        choose(game, state, seat, TINY, 1, None)


def test_an_open_game_without_a_kit_plays_by_its_nature() -> None:
    """Nothing to sample in Ley Lines; a fresh future of Martian Merchants' die."""
    leylines, merchants = CATALOGUE["leylines"].game, CATALOGUE["merchants"].game
    assert generic(leylines) == Kit(OPEN) and generic(merchants) == Kit(FRESH_FUTURE)
    state, _ = play_out(leylines, 2, 7, generic(leylines))
    assert leylines.outcome(state) is not None


def test_every_searching_level_has_a_wall_cap_below_hards() -> None:
    assert HARD.budget is not None and HARD.budget.wall_seconds is not None
    searching = [level for level in LEVELS.values() if level.budget is not None]
    assert {level.name for level in searching} == {"easy", "normal", "hard"}
    for level in searching:
        assert level.budget is not None and level.budget.wall_seconds is not None, level.name
        if level is not HARD:
            assert level.budget.wall_seconds < HARD.budget.wall_seconds, level.name


@pytest.mark.parametrize("level", [EASY, NORMAL, HARD], ids=lambda level: level.name)
def test_a_levels_search_stops_by_its_wall_cap_when_its_cpu_time_stands_still(
    level: Level,
) -> None:
    """A machine so busy that the search gets no CPU: only the clock (0.05 s a reading) ends
    it, by the cap and the reading or two that check the chosen move."""
    entry = CATALOGUE["leylines"]
    game, kit = entry.game, entry.kit
    assert kit is not None and level.budget is not None
    state = game.new_game(["Ann", "Bob"], {"first": 1}, 5)
    wall = Ticking(0.05)
    clocks = Clocks(cpu=lambda: 0.0, wall=wall)
    decision = search(game, state, 0, level.budget, random.Random(1), kit, level.settings, clocks)
    assert level.budget.wall_seconds is not None
    assert wall.now <= level.budget.wall_seconds + 2 * wall.step
    assert 0 < decision.iterations < level.budget.iterations
    assert decision.move in game.legal_moves(state, 0)
