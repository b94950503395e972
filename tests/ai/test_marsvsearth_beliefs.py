"""Mars vs. Earth beliefs: the sampler deals the hidden roles by how well they explain the
public record of every round so far, reading nothing hidden."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from ai.samplers.marsvsearth import MarsVsEarthSampler
from ai.samplers.roles import harm_count, record
from bench.playouts import first_state
from engine.marsvsearth import GAME
from engine.marsvsearth.script import look
from engine.marsvsearth.state import AGENT, MarsState

SAMPLES = 300


def after_resolving() -> MarsState:
    """Accusations in round 1 of a seeded random 5-player game: seat 4 (a clone) led a threat,
    added a skill it does not need and counted its wild symbols bad."""
    state = first_state(
        GAME,
        5,
        {},
        lambda s: s.phase == "accuse" and sum(t.result is not None for t in s.threats) >= 2,
    )
    assert isinstance(state, MarsState)
    return state


def next_round() -> MarsState:
    """Human Influence in round 2 of the game of `after_resolving`, every player pressing Done
    or taking the first choice offered: nothing of round 2 has been resolved yet."""
    state = after_resolving()
    while not (state.round == 2 and state.phase == "human"):
        seat = min(GAME.actors(state))
        moves = GAME.legal_moves(state, seat)
        state, _ = GAME.apply(state, seat, next((m for m in moves if str(m) == "done"), moves[0]))
    return state


def clone_counts(state: MarsState, weighed: bool, earlier: bool = True) -> list[int]:
    """How often each seat is a clone in `SAMPLES` samples drawn for seat 0 (seeds 0, 1, ...)."""
    sampler = MarsVsEarthSampler(weighed, earlier)
    counts = [0] * len(state.seats)
    for seed in range(SAMPLES):
        sample = sampler.sample(GAME, state, 0, random.Random(seed))
        for seat, s in enumerate(sample.seats):
            counts[seat] += any(s.dna)
    return counts


def test_harmful_cards_count_as_a_poisson_binomial() -> None:
    assert harm_count(1, [0.5, 0.5]) == pytest.approx(0.5)
    assert harm_count(2, [0.1, 0.6]) == pytest.approx(0.06)
    assert harm_count(0, []) == 1.0
    assert harm_count(3, [0.9, 0.9]) == 0.0


def test_the_record_reads_public_choices_and_counts_only() -> None:
    state = after_resolving()
    seen = record(look(GAME.deck, state).work, 0)
    assert (4, False) in seen.skills and (4, False) in seen.wilds
    assert all(0 not in givers for givers, _ in seen.threats)  # its own cards are known to it
    assert seen.telling


def test_a_seat_that_played_like_a_clone_is_dealt_a_clone_far_more_often() -> None:
    state = after_resolving()
    assert any(state.seats[4].dna)
    uniform, weighed = clone_counts(state, False), clone_counts(state, True)
    assert uniform[4] < SAMPLES * 0.2  # two clones among fourteen unseen DNA cards
    assert weighed[4] > SAMPLES * 0.8
    assert weighed[4] > 5 * uniform[4]


def test_a_seat_that_played_like_a_clone_is_still_believed_one_next_round() -> None:
    state = next_round()
    assert state.seats[4].status == AGENT and any(state.seats[4].dna)
    assert not any(t.result for t in state.threats) and len(state.past) == 3
    uniform = clone_counts(state, False)
    assert clone_counts(state, True, earlier=False) == uniform  # this round tells nothing yet
    weighed = clone_counts(state, True)
    assert uniform[4] < SAMPLES * 0.2
    assert weighed[4] > SAMPLES * 0.8
    assert weighed[4] > 5 * uniform[4]


def test_earlier_rounds_count_the_seats_own_cards_among_the_others() -> None:
    state = next_round()
    seen = record(look(GAME.deck, state).work, 0)
    assert [givers for givers, _ in seen.threats] == [t.givers for t in state.past]
    assert any(0 in t.givers for t in state.past)
    assert (4, False) in seen.skills and (4, False) in seen.wilds
    assert seen.me == frozenset()  # seat 0 is human
    assert record(look(GAME.deck, state).work, 4).me == frozenset({4})
    assert not record(look(GAME.deck, state).work, 0, earlier=False).telling


def test_the_weighing_reads_no_hidden_card() -> None:
    state = after_resolving()
    swapped = list(state.seats)
    swapped[1], swapped[4] = (
        replace(state.seats[1], dna=state.seats[4].dna),
        replace(state.seats[4], dna=state.seats[1].dna),
    )
    other = replace(state, seats=tuple(swapped))
    assert GAME.view(other, 0) == GAME.view(state, 0)
    assert clone_counts(other, True) == clone_counts(state, True)


def test_the_weighing_next_round_reads_no_hidden_card() -> None:
    state = next_round()
    swapped = list(state.seats)
    swapped[1], swapped[4] = (
        replace(state.seats[1], dna=state.seats[4].dna, hand=state.seats[4].hand),
        replace(state.seats[4], dna=state.seats[1].dna, hand=state.seats[1].hand),
    )
    other = replace(state, seats=tuple(swapped), seed=state.seed + 1)
    assert GAME.view(other, 0) == GAME.view(state, 0)
    assert clone_counts(other, True) == clone_counts(state, True)


def test_a_dna_card_the_seat_looked_at_stays_as_it_saw_it() -> None:
    state = replace(after_resolving(), looks=((0, 2, 1),))  # seat 0 saw seat 2's human card
    assert not any(state.seats[2].dna)
    assert clone_counts(state, True)[2] == 0
    assert clone_counts(state, False)[2] > 0
