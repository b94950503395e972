"""Information-set MCTS on Showdown: it plays on sampled states only, so the opponent's real
card cannot change its choice; and with open cards it plays for the seat that moves."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pytest

from ai.decisive import SAMPLES
from ai.determinize import OPEN, Determinizer
from ai.kit import Kit
from ai.samplers import Unsampled
from ai.search import Budget, Decision, search
from club.catalogue import CATALOGUE
from engine.core import Game, Seat
from tests.ai.showdown import CALL, FOLD, Resample, Showdown, ShowdownState

BUDGET = Budget(iterations=300)
ANN, BOB, CID = 0, 1, 2


def deal(*cards: int, called: frozenset[int] = frozenset()) -> ShowdownState:
    return ShowdownState(("Ann", "Bob", "Cid", "Dee")[: len(cards)], 77, cards, called)


def hidden_search(
    ann: int, bob: int, sampler: Determinizer | None = None
) -> tuple[Decision[str], Showdown, ShowdownState]:
    """Ann, holding `ann`, decides after Bob (holding `bob`) called; seed pinned."""
    game, state = Showdown(), deal(ann, bob, called=frozenset({BOB}))
    decision = search(game, state, ANN, BUDGET, random.Random(5), Kit(sampler or Resample()))
    return decision, game, state


@pytest.mark.parametrize(("ann", "move", "bob"), [(7, CALL, 9), (3, FOLD, 1)])
def test_the_choice_does_not_depend_on_the_hidden_card(ann: int, move: str, bob: int) -> None:
    # Holding 7, six of Bob's eight possible cards are lower: calling is worth 0.75, folding
    # 0.5. Holding 3, calling is worth 0.25. A search that peeked would turn on Bob's real card.
    decisions = {hidden_search(ann, other)[0] for other in range(1, 10) if other != ann}
    assert len({(d.move, d.iterations, d.simulated) for d in decisions}) == 1
    assert {d.move for d in decisions} == {move}
    peeking = hidden_search(ann, bob, OPEN)[0]
    assert peeking.move != move


def test_the_search_plays_on_sampled_states_only() -> None:
    sampler = Resample()
    decision, game, real = hidden_search(7, 9, sampler)
    # one sample per simulation, and up to SAMPLES - 1 more to check the move chosen
    assert decision.iterations <= len(sampler.samples) < decision.iterations + SAMPLES
    assert game.explored and all(state.sampled for state in game.explored)
    assert all(state is not real for state in game.explored)
    assert {seat for state, seat in game.viewed if state is real} == {ANN}


@pytest.mark.parametrize(("cid", "move"), [(9, CALL), (4, FOLD)])
def test_with_open_cards_the_third_seat_plays_for_itself(cid: int, move: str) -> None:
    # Ann and Bob called with 5 and 8; Cid wins by calling only with the highest card, and
    # otherwise does better to fold (a draw) than to call (a loss).
    state = deal(5, 8, cid, called=frozenset({ANN, BOB}))
    assert search(Showdown(), state, CID, BUDGET, random.Random(3), Kit(OPEN)).move == move


def test_in_an_open_phase_the_asked_seat_moves_first() -> None:
    # Everyone may act; Bob is asked, although Ann comes first in seat order. Bob holds the 9:
    # whatever Ann does, calling never does worse for him.
    game = Showdown()
    decision = search(game, deal(2, 9, 5), BOB, BUDGET, random.Random(8), Kit(OPEN))
    assert decision.move == CALL


class NeverSampled:
    """A sampler that finds no sample consistent with the seat's view."""

    def sample(self, game: Game[Any, Any], state: Any, seat: Seat, rng: random.Random) -> Any:
        raise Unsampled("no sample")


@pytest.mark.parametrize("key", ["marsvsearth", "leylines"])
def test_a_seat_without_a_sample_moves_by_rule_of_thumb_or_at_random(key: str) -> None:
    game, kit = CATALOGUE[key].game, CATALOGUE[key].kit
    assert kit is not None
    state = game.new_game([f"P{n}" for n in range(5 if key == "marsvsearth" else 2)], {}, 3)
    seat = min(game.actors(state))
    unsampled = replace(kit, determinizer=NeverSampled())
    decision = search(game, state, seat, Budget(50), random.Random(2), unsampled)
    moves = game.legal_moves(state, seat)
    assert decision.iterations == 0 and decision.move in moves
    known = kit.heuristics
    if known is not None:
        assert decision.move == known.shortlist(game, state, seat, moves)[0]
