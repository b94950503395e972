"""The greedy player: it takes the move that scores most at once, and the same one for a seed;
made eager for draws, it is the benchmark's person-like player of Agents of M.A.R.S.

Positions come from seeded random games: the first position of each that offers a move that
changes the mover's lead by the game's count and one that does not."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pytest

from ai.greedy import greedy, worth
from ai.kits.leylines import KIT as LEYLINES
from ai.kits.merchants import KIT as MERCHANTS
from ai.levels import GREEDY, LEVELS, choose, think
from club.catalogue import CATALOGUE
from engine.agents.actions import Draw
from engine.core import Game, Seat
from tests.ai.positions import filled, objectives_set


def scoring_position(key: str, seed: int) -> tuple[Game[Any, Any], Any, Seat]:
    """The first position of random game `seed` (Ann first) where the mover's moves differ in
    worth (see `ai.greedy.worth`); Agents starts from a nearly full board."""
    game = CATALOGUE[key].game
    rng = random.Random(seed)
    if key == "agents":
        state = filled(objectives_set({}, seed), 6)
    else:
        state = game.new_game(["Ann", "Bob"], {"first": 1}, seed)
    while game.outcome(state) is None:
        seat = min(game.actors(state))
        moves = game.legal_moves(state, seat)
        values = {worth(game, state, seat, move, CATALOGUE[key].kit.score) for move in moves}
        if len(values) > 1:
            return game, state, seat
        state, _ = game.apply(state, seat, rng.choice(moves))
    raise AssertionError("no position with a scoring move")


@pytest.mark.parametrize("key", ["leylines", "albiorix", "agents", "merchants"])
def test_greedy_takes_the_move_that_scores_most_at_once(key: str) -> None:
    game, state, seat = scoring_position(key, 5)
    moves = game.legal_moves(state, seat)
    values = {move: worth(game, state, seat, move, CATALOGUE[key].kit.score) for move in moves}
    for seed in range(4):
        move = choose(game, state, seat, "greedy", seed, CATALOGUE[key].kit)
        assert values[move] == max(values.values()) > min(values.values())


def test_greedy_plays_the_same_move_for_the_same_seed() -> None:
    game = CATALOGUE["leylines"].game
    state = game.new_game(["Ann", "Bob"], {"first": 1}, 9)
    moves = {choose(game, state, 0, GREEDY, seed, LEYLINES) for seed in range(12)}
    assert len(moves) > 1  # nothing scores on the first move: ties are broken at random
    first, again = (choose(game, state, 0, GREEDY, 3, LEYLINES) for _ in range(2))
    assert first == again


def test_greedy_is_a_level_that_does_not_search() -> None:
    game = CATALOGUE["merchants"].game
    state = game.new_game(["Ann", "Bob", "Cid"], {"first": 1}, 4)
    decision = think(game, state, 0, "greedy", 1, MERCHANTS)
    assert LEVELS["greedy"] is GREEDY and decision.iterations == 0
    assert decision.move in game.legal_moves(state, 0)


def test_the_person_like_player_draws_whenever_it_may_and_places_as_greedy_does() -> None:
    game, state, seat = scoring_position("agents", 5)
    kit = CATALOGUE["agents"].kit
    person = replace(GREEDY, name="person-like", eager=Draw)
    drawn, _ = greedy(game, state, seat, random.Random(1), kit, Draw)
    assert drawn == Draw() and choose(game, state, seat, person, 1, kit) == Draw()
    assert {choose(game, state, seat, GREEDY, n, kit) for n in range(4)} != {Draw()}
    placing, _ = game.apply(state, seat, Draw())
    for seed in range(4):
        assert choose(game, placing, seat, person, seed, kit) == choose(
            game, placing, seat, GREEDY, seed, kit
        )
