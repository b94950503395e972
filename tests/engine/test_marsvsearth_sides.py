"""Each seat's side at the end of a Mars vs. Earth game (what ratings by side read): the winners
are exactly the players of the winning side, and the co-operative game has one side."""

from __future__ import annotations

from engine.core import SidedGame
from engine.marsvsearth import GAME
from tests.engine.test_marsvsearth_outcome import finished


def test_the_winners_are_the_seats_of_the_winning_side() -> None:
    assert isinstance(GAME, SidedGame)
    for seed in range(6):
        state = finished(5, seed)
        outcome = GAME.outcome(state)
        assert outcome is not None
        sides = GAME.sides(state)
        assert len(sides) == 5 and set(sides) <= {"humans", "martians"}
        assert {sides[s] for s in outcome.winners} <= {state.winner}
        assert [s for s in range(5) if sides[s] == state.winner] == list(outcome.winners)


def test_the_cooperative_game_is_all_humans() -> None:
    state = finished(2, seed=3)
    assert GAME.sides(state) == ("humans", "humans")
