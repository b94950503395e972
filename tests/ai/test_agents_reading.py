"""Hard reads its Agents of M.A.R.S. opponent's objective from the bonds the opponent made: an
objective weighs exp(`READING` x its value x the pips joined) per colour, only objectives that
agree with what the seat has seen count, the sampler draws by these weights (not in Blind
Agents), and hard's shortlist and rollouts rate moves by them (a rollout reading the unshown
values only)."""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter
from dataclasses import replace
from typing import Any

import pytest

from ai.heuristics.agents import (
    believed_net,
    expected,
    guide,
    quiet_shortlist,
    read_believed_net,
    read_net,
    reading_guide,
    seen_net,
    shortlist,
    sight,
)
from ai.kits.agents import PLAIN, QUIET
from ai.samplers.agents import AgentsSampler
from ai.samplers.objectives import READING, read_mean, read_sample, weighed
from engine.agents import GAME, Pyramid
from engine.agents.actions import Place
from engine.agents.state import AgentsState
from tests.ai.positions import objectives_set
from tests.engine.test_agents_support import position

VALUES = (2, 1, 0, -1)
BUILDER = (-20, 0, 10, 30)
"""A count of pips joined per colour that (-1, 0, 1, 2) explains best."""


def shares(
    values: tuple[int, ...], known: tuple[int | None, ...], joined: tuple[int, ...]
) -> dict[tuple[int, ...], float]:
    """Each objective's share of the weight (`weighed`'s cumulative weights taken apart)."""
    fits, cumulative = weighed(values, known, joined, READING)
    return dict(zip(fits, (b - a for a, b in itertools.pairwise((0.0, *cumulative))), strict=True))


def test_the_objective_that_explains_the_count_weighs_most() -> None:
    found = shares(VALUES, (None,) * 4, BUILDER)
    assert len(found) == 24 and math.isclose(sum(found.values()), 1.0)
    assert max(found, key=found.__getitem__) == (-1, 0, 1, 2)
    # weights go as exp(READING * value . count): the best against its reverse
    ratio = found[(-1, 0, 1, 2)] / found[(2, 1, 0, -1)]
    assert math.isclose(ratio, math.exp(READING * (20 + 10 + 60 - (-40 + 0 - 30))))


def test_only_objectives_that_agree_with_the_values_seen_count() -> None:
    found = shares(VALUES, (None, 1, None, 2), BUILDER)
    assert set(found) == {(0, 1, -1, 2), (-1, 1, 0, 2)}
    assert found[(-1, 1, 0, 2)] > found[(0, 1, -1, 2)]


def test_without_a_reading_the_mean_is_that_of_the_values_not_seen() -> None:
    state = objectives_set({}, 3)
    view = sight(state, 0)
    assert read_mean(VALUES, view.objectives[1], BUILDER, 0.0) == pytest.approx(expected(view, 1))
    assert read_mean(VALUES, (2, None, None, -1), BUILDER, 0.0) == pytest.approx((2, 0.5, 0.5, -1))


def test_draws_follow_the_weights() -> None:
    rng = random.Random(5)
    drawn = Counter(read_sample(VALUES, (None,) * 4, BUILDER, READING, rng) for _ in range(4000))
    for objective, share in shares(VALUES, (None,) * 4, BUILDER).items():
        assert drawn[objective] / 4000 == pytest.approx(share, abs=0.03)


def test_the_sampler_reads_the_opponent_and_keeps_what_the_seat_knows() -> None:
    state = replace(objectives_set({}, 3), joined=((), BUILDER))
    plain, reading = AgentsSampler(), AgentsSampler(READING)
    rng = random.Random(11)
    samples = [reading.sample(GAME, state, 0, rng) for _ in range(400)]
    assert all(sample.objectives[0] == state.objectives[0] for sample in samples)
    read = Counter(sample.objectives[1] for sample in samples)
    guessed = Counter(plain.sample(GAME, state, 0, rng).objectives[1] for _ in range(400))
    assert read[(-1, 0, 1, 2)] > 3 * 400 / 24 > guessed[(-1, 0, 1, 2)]
    # seat 1 reads seat 0, who has joined nothing: every objective as likely
    assert shares(VALUES, (None,) * 4, (0, 0, 0, 0))[(2, 1, 0, -1)] == pytest.approx(1 / 24)


def test_blind_agents_is_not_read() -> None:
    state = objectives_set({"blind": True}, 3)
    state = replace(state, joined=(BUILDER, BUILDER))
    first, second = random.Random(2), random.Random(2)
    for _ in range(20):
        read = AgentsSampler(READING).sample(GAME, state, 0, first)
        assert read == AgentsSampler().sample(GAME, state, 0, second)
    assert read_net(state, sight(state, 0), 0, READING) == seen_net(sight(state, 0), 0)


def test_hard_kit_reads_and_rates_moves_by_what_it_read() -> None:
    """Ann values green 1: at the mean of the unseen values Bob holds it at 0.5, so a green
    placed beside greens pays; Bob has joined 40 green pips, which reads as green high for
    him, so hard places it away from them."""
    rows = ". . . . . . .\n" * 7 + "g2 g2 . . . . ."
    state = replace(position(rows), pending=Pyramid("green", 1), joined=((), (0, 40, 0, 0)))
    view = sight(state, 0)
    assert seen_net(view, 0)["green"] == pytest.approx(0.5)
    assert read_net(state, view, 0, READING)["green"] < 0
    moves = GAME.legal_moves(state, 0)
    beside = {Place((2, 0)), Place((0, 1)), Place((1, 1))}
    assert beside <= set(shortlist(GAME, state, 0, moves))
    assert not beside & set(quiet_shortlist(GAME, state, 0, moves))
    assert QUIET.determinizer == AgentsSampler(READING)


def green_beside_greens(**options: Any) -> AgentsState:
    """Ann (green 1) to place a small green beside two medium greens; Bob (green 0) has joined
    40 green pips, which reads as green high for him."""
    rows = ". . . . . . .\n" * 7 + "g2 g2 . . . . ."
    state = position(rows, **options)
    return replace(state, pending=Pyramid("green", 1), joined=((), (0, 40, 0, 0)))


def test_hard_rollouts_read_the_opponent_as_its_shortlist_does() -> None:
    state = green_beside_greens()
    assert believed_net(state, 0)["green"] == pytest.approx(0.5)
    assert read_believed_net(state, 0)["green"] < 0
    moves = GAME.legal_moves(state, 0)
    beside = {Place((2, 0)), Place((0, 1)), Place((1, 1))}
    plain = {guide(GAME, state, 0, moves, random.Random(n)) for n in range(20)}
    reading = {reading_guide(GAME, state, 0, moves, random.Random(n)) for n in range(20)}
    assert plain <= beside and not reading & beside
    assert QUIET.heuristics.guide is reading_guide and PLAIN.heuristics.guide is guide


def test_a_rollout_reads_only_the_values_not_shown() -> None:
    """Bob has shown red -1 and green 0: green's net to Ann is 1 whatever his count; blue and
    yellow, unshown, hold his 1 and 2 (his count says nothing of them: their mean, 1.5) against
    Ann's 0 and -1."""
    state = replace(green_beside_greens(), revealed=((), (0, 1)))
    net = read_believed_net(state, 0)
    assert net["red"] == 3 and net["green"] == 1
    assert net["blue"] == pytest.approx(-1.5) and net["yellow"] == pytest.approx(-2.5)


def test_blind_rollouts_are_not_read() -> None:
    state = green_beside_greens(blind=True)
    assert read_believed_net(state, 0) == believed_net(state, 0)
