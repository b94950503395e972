"""The engine contract, checked over seeded random playouts of every registered game."""

from __future__ import annotations

import functools
import json
import random
from typing import Any

import pytest

from club.catalogue import CATALOGUE
from engine.core import Game, IllegalMove

SEEDS = (7_370_215_901_231, 4_411_902_337_605, 9_182_736_450_019)
"""Long seeds, so that finding one in a public text cannot be a coincidence."""


def names(count: int) -> list[str]:
    return [f"Player{n}" for n in range(count)]


@functools.cache
def playout(game: Game[Any, Any], seed: int, players: int) -> list[tuple[Any, int, Any, list[Any]]]:
    """Play random legal moves to the end; returns (state before, seat, move, events) steps.
    Played once per game, seed and table size, for all the tests here (no test changes a
    state: the contract test checks that `apply` never mutates)."""
    chooser = random.Random(seed)
    state = game.new_game(names(players), {}, seed)
    steps = []
    while game.outcome(state) is None:
        actors = sorted(game.actors(state))
        assert actors, "nobody may act, yet the game is not over"
        seat = chooser.choice(actors)
        moves = game.legal_moves(state, seat)
        assert moves, f"seat {seat} may act but has no legal move"
        move = chooser.choice(moves)
        after, events = game.apply(state, seat, move)
        steps.append((state, seat, move, events))
        state = after
        assert len(steps) < 10_000, "the game does not end"
    steps.append((state, -1, None, []))
    return steps


def table_sizes(game: Game[Any, Any]) -> list[int]:
    """The fewest and most players, the middle, and 3 where allowed (a game's smallest table
    with a full set-up when 2 players play a variant)."""
    low, high = game.min_players, game.max_players
    sizes = {low, high, (low + high) // 2} | ({3} if low <= 3 <= high else set())
    return sorted(sizes)


CASES = [
    (key, seed, players)
    for key, game in sorted(((key, entry.game) for key, entry in CATALOGUE.items()))
    for seed in SEEDS
    for players in table_sizes(game)
]


@pytest.mark.parametrize(("key", "seed", "players"), CASES)
def test_playout_keeps_the_contract(key: str, seed: int, players: int) -> None:
    game = CATALOGUE[key].game
    steps = playout(game, seed, players)
    final = steps[-1][0]
    assert game.outcome(final) is not None
    assert game.actors(final) == frozenset()
    for state, seat, move, _ in steps[:-1]:
        before = json.dumps(game.to_json(state), sort_keys=True)
        assert game.from_json(json.loads(before)) == state
        for legal in game.legal_moves(state, seat):
            assert game.parse(state, seat, game.notation(legal)) == legal
        game.apply(state, seat, move)
        assert json.dumps(game.to_json(state), sort_keys=True) == before, "apply mutated"
        outsiders = set(range(players)) - game.actors(state)
        for other in outsiders:
            with pytest.raises(IllegalMove):
                game.apply(state, other, move)


@pytest.mark.parametrize(("key", "seed", "players"), CASES)
def test_same_seed_same_game(key: str, seed: int, players: int) -> None:
    game = CATALOGUE[key].game
    first = playout(game, seed, players)
    replayed = game.new_game(names(players), {}, seed)
    for _, seat, move, _ in first[:-1]:
        replayed, _ = game.apply(replayed, seat, game.parse(replayed, seat, game.notation(move)))
    assert game.to_json(replayed) == game.to_json(first[-1][0])


@pytest.mark.parametrize(("key", "seed", "players"), CASES)
def test_no_secret_in_public_views_or_events(key: str, seed: int, players: int) -> None:
    game = CATALOGUE[key].game
    for state, _, move, events in playout(game, seed, players):
        public = repr(game.view(state, None)) + repr([e for e in events if e.to is None])
        assert str(seed) not in public
        assert game.view(state, None).private == ()
        for seat in range(players):
            for line in game.view(state, seat).private:
                assert line not in public
        if move is not None and game.hidden(move) and game.outcome(state) is None:
            said = [e.text for e in events if e.to is None]
            assert all(game.notation(move) not in text for text in said)
