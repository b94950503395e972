"""The entry point: all-computer games run to their end, the random player, plain-data calls,
and the refusals (an unknown level, a game with no determinizer yet). Budgets are iterations
only, so every move is pinned by its seed."""

from __future__ import annotations

from typing import Any

import pytest

from ai.determinize import DETERMINIZERS, Determinizer, NoDeterminizer
from ai.levels import Level, choose, choose_from_json, think
from ai.search import Budget, Settings
from engine.core import Game
from engine.registry import GAMES
from tests.ai.showdown import Resample, Showdown

TINY = Level("tiny", Budget(8), Settings(depth=8))


def play_out(
    game: Game[Any, Any], players: int, seed: int, determinizer: Determinizer | None = None
) -> tuple[Any, int]:
    """An all-computer game at the tiny level; returns the final state and the moves made."""
    state = game.new_game([f"Bot{n}" for n in range(players)], {}, seed)
    made = 0
    while game.outcome(state) is None:
        seat = min(game.actors(state))
        move = think(game, state, seat, TINY, seed + made, determinizer).move
        state, _ = game.apply(state, seat, move)
        made += 1
    return state, made


@pytest.mark.parametrize(("key", "players"), [("leylines", 2), ("albiorix", 2), ("merchants", 4)])
def test_an_all_computer_game_runs_to_its_end(key: str, players: int) -> None:
    """(An Agents game between computers is played through the table service, where a person
    resigns it: at this budget the search moves pyramids about for thousands of moves.)"""
    game = GAMES[key]
    state, made = play_out(game, players, 2024)
    assert game.outcome(state) is not None
    assert made > 10


def test_an_all_computer_hidden_card_game_runs_to_its_end() -> None:
    game = Showdown()
    state, made = play_out(game, 3, 11, Resample())
    assert game.outcome(state) is not None
    assert 1 <= made <= 3


def test_the_random_player_picks_a_legal_move_from_its_seed() -> None:
    game = GAMES["albiorix"]
    state = game.new_game(["Ann", "Bob"], {"first": 1}, 3)
    moves = {choose(game, state, 0, "random", seed) for seed in range(20)}
    assert len(moves) > 1
    assert moves <= set(game.legal_moves(state, 0))
    assert choose(game, state, 0, "random", 7) == choose(game, state, 0, "random", 7)


def test_choose_from_json_answers_in_notation() -> None:
    game = GAMES["leylines"]
    state = game.new_game(["Ann", "Bob"], {"first": 2}, 9)
    text = choose_from_json("leylines", game.to_json(state), 1, "random", 4)
    assert text == game.notation(choose(game, state, 1, "random", 4))


def test_an_unknown_level_is_refused() -> None:
    game = GAMES["leylines"]
    with pytest.raises(KeyError, match="easy, normal, hard"):
        choose(game, game.new_game(["Ann", "Bob"], {}, 1), 0, "grandmaster", 1)


def test_a_game_without_a_determinizer_is_not_searched(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delitem(DETERMINIZERS, "agents")
    game = GAMES["agents"]
    state = game.new_game(["Ann", "Bob"], {}, 1)
    seat = min(game.actors(state))
    with pytest.raises(NoDeterminizer, match="Agents"):
        choose(game, state, seat, TINY, 1)
