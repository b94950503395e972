"""Which moves may be taken back (`UndoableGame.undoable`): none that drew, rolled or revealed
what was hidden; every move of the games with nothing hidden and nothing left to chance; no
move at all of Mars vs. Earth."""

from __future__ import annotations

import random

from club.catalogue import CATALOGUE
from engine.agents.actions import Draw, Place, Reveal
from engine.core import UndoableGame
from tests.ai.positions import AGENTS, objectives_set


def test_games_of_open_information_take_back_every_move() -> None:
    for key in ("leylines", "albiorix"):
        game = CATALOGUE[key].game
        assert isinstance(game, UndoableGame)
        state = game.new_game(["Ann", "Bob"], {"first": 1}, 5)
        rng = random.Random(key)
        for _ in range(10):
            seat = min(game.actors(state))
            move = rng.choice(game.legal_moves(state, seat))
            after, _ = game.apply(state, seat, move)
            assert game.undoable(state, move, after) is None
            state = after


def test_mars_vs_earth_has_no_takebacks() -> None:
    assert not isinstance(CATALOGUE["marsvsearth"].game, UndoableGame)


def test_agents_takes_back_placing_but_not_drawing_or_revealing() -> None:
    assert isinstance(AGENTS, UndoableGame)
    state = objectives_set({}, 4)
    seat = state.to_move
    reveals = [m for m in AGENTS.legal_moves(state, seat) if isinstance(m, Reveal)]
    assert reveals
    revealed, _ = AGENTS.apply(state, seat, reveals[0])
    assert AGENTS.undoable(state, reveals[0], revealed) == "it revealed objectives"
    drawn, _ = AGENTS.apply(state, seat, Draw())
    assert AGENTS.undoable(state, Draw(), drawn) == "it drew a pyramid from the bag"
    place = next(m for m in AGENTS.legal_moves(drawn, seat) if isinstance(m, Place))
    placed, _ = AGENTS.apply(drawn, seat, place)
    assert AGENTS.undoable(drawn, place, placed) is None


def test_merchants_takes_back_a_move_unless_the_die_was_rolled_after_it() -> None:
    game = CATALOGUE["merchants"].game
    assert isinstance(game, UndoableGame)
    state = game.new_game(["Ann", "Bob"], {"first": 1}, 6)
    rng = random.Random(6)
    seen = set()
    while len(seen) < 2:
        seat = min(game.actors(state))
        move = rng.choice(game.legal_moves(state, seat))
        after, _ = game.apply(state, seat, move)
        why = game.undoable(state, move, after)
        assert why == (None if after.rolls == state.rolls else "the die was rolled after it")
        seen.add(why)
        state = after
