"""The samplers of Agents of M.A.R.S. and Martian Merchants: a sample keeps all the seat has
seen, re-draws the rest, never depends on the hidden truth, and is a state the game plays on
from to its end."""

from __future__ import annotations

import math
import random
from dataclasses import replace
from typing import Any, cast

import pytest

from ai.kit import Kit
from ai.kits.agents import KIT as AGENTS_KIT
from ai.kits.agents import QUIET
from ai.kits.merchants import merchants_standing
from ai.levels import Level, think
from ai.policies import by_kind
from ai.search import Budget, Settings
from bench.playouts import first_state
from club.catalogue import CATALOGUE
from engine.agents.state import AgentsState
from engine.core import Game
from engine.merchants.state import Ship
from tests.ai.positions import filled, objectives_set

AGENTS = CATALOGUE["agents"].game
MERCHANTS = CATALOGUE["merchants"].game
TINY = Level("tiny", Budget(8), Settings(depth=8))


def agents_in_play() -> AgentsState:
    """An Agents game past the objectives, with pyramids on the board and none of the second
    player's objectives revealed (seeded)."""
    state = first_state(
        AGENTS, 2, {}, lambda s: not s.setting_objectives and s.draws >= 3 and not s.revealed[1]
    )
    assert isinstance(state, AgentsState)
    return state


def agents_with_bonds() -> AgentsState:
    """An Agents game in play in which both players have made bonds and revealed nothing."""
    state = filled(objectives_set({}, 2), 30)
    assert all(map(any, state.joined)) and not any(state.revealed)
    return state


def hidden_rotated(state: AgentsState, owner: int) -> tuple[int, ...]:
    """The owner's objective with the values of the colours seat 0 has not seen rotated."""
    known = AGENTS.view(state, 0).objectives[owner]
    values = list(state.objectives[owner] or ())
    hidden = [colour for colour, value in enumerate(known) if value is None]
    moved = [values[c] for c in hidden[1:] + hidden[:1]]
    for colour, value in zip(hidden, moved, strict=True):
        values[colour] = value
    return tuple(values)


def sampled(game: Any, state: Any, seat: int, seed: int = 5) -> Any:
    kit = CATALOGUE[game.key].ai
    assert kit is not None
    return kit.determinizer.sample(game, state, seat, random.Random(seed))


def test_an_agents_sample_keeps_what_the_seat_knows_and_guesses_the_rest() -> None:
    state = agents_in_play()
    values = sorted(state.rules.values)
    samples = [sampled(AGENTS, state, 0, seed) for seed in range(30)]
    assert all(s.objectives[0] == state.objectives[0] for s in samples)  # its own
    assert all(sorted(s.objectives[1] or ()) == values for s in samples)  # a whole objective
    assert len({s.objectives[1] for s in samples}) > 5  # the opponent's is guessed
    assert len({s.seed for s in samples}) == 30 and state.seed not in {s.seed for s in samples}
    assert all((s.board, s.bag, s.draws) == (state.board, state.bag, state.draws) for s in samples)


@pytest.mark.parametrize("kit", [AGENTS_KIT, QUIET], ids=["plain", "hard"])
def test_an_agents_sample_does_not_depend_on_the_hidden_objective_or_the_seed(kit: Kit) -> None:
    """Two states seat 0 sees alike (their views are equal) give it the same samples and the
    same move, at every level's kit (hard's reads the bonds made, which its view shows)."""
    state = agents_with_bonds()
    other = replace(
        state,
        objectives=(state.objectives[0], hidden_rotated(state, 1)),
        seed=state.seed + 1,
    )
    assert other.objectives[1] != state.objectives[1]
    assert AGENTS.view(state, 0) == AGENTS.view(other, 0)
    sampler = kit.determinizer
    assert sampler.sample(AGENTS, state, 0, random.Random(5)) == sampler.sample(
        AGENTS, other, 0, random.Random(5)
    )
    first, again = (think(AGENTS, s, 0, TINY, 3, kit).move for s in (state, other))
    assert first == again


class Doctored:
    """The Agents game with every view showing `joined` as the bonds each seat made."""

    def __init__(self, joined: tuple[tuple[int, ...], ...]) -> None:
        self.joined = joined

    def view(self, state: Any, seat: int | None) -> Any:
        return replace(AGENTS.view(state, seat), joined=self.joined)

    def __getattr__(self, name: str) -> Any:
        return getattr(AGENTS, name)


def test_hard_reads_the_bonds_made_from_the_seats_view() -> None:
    """Hard's sampler draws the opponent's objective by the bonds the seat's view shows: with a
    view showing another count, it draws as in a state that holds that count."""
    state = agents_with_bonds()
    builder = (state.joined[0], (-20, 0, 10, 30))
    sampler = QUIET.determinizer
    shown = sampler.sample(cast(Game[Any, Any], Doctored(builder)), state, 0, random.Random(5))
    held = sampler.sample(AGENTS, replace(state, joined=builder), 0, random.Random(5))
    assert shown.objectives == held.objectives
    assert shown.objectives != sampler.sample(AGENTS, state, 0, random.Random(5)).objectives


def test_who_plays_first_is_sampled_until_both_objectives_are_set() -> None:
    state = AGENTS.new_game(["Ann", "Bob"], {}, 4)
    other = replace(state, first=1 - state.first, to_move=1 - state.first, seed=9)
    assert sampled(AGENTS, state, 1) == sampled(AGENTS, other, 1)
    assert {sampled(AGENTS, state, 1, seed).first for seed in range(10)} == {0, 1}


def test_in_blind_agents_a_sample_guesses_the_seats_own_objective() -> None:
    state = filled(objectives_set({"blind": True}, 6), 40)
    other = replace(state, objectives=(hidden_rotated(state, 0), state.objectives[1]))
    assert AGENTS.view(state, 0).objectives[0] == (None,) * state.rules.colours
    assert sampled(AGENTS, state, 0) == sampled(AGENTS, other, 0)
    assert sampled(AGENTS, state, 0).objectives[1] == state.objectives[1]  # it set them


def test_dealt_objectives_are_sampled_different() -> None:
    state = filled(objectives_set({"dealt": True}, 8), 50)
    samples = [sampled(AGENTS, state, 0, seed) for seed in range(30)]
    assert all(s.objectives[0] != s.objectives[1] for s in samples)


def play_on(game: Game[Any, Any], state: Any, seed: int) -> Any:
    """Random moves (a kind of move first) from `state` to the end of the game."""
    rng = random.Random(seed)
    while game.outcome(state) is None:
        seat = min(game.actors(state))
        state, _ = game.apply(state, seat, by_kind(game.legal_moves(state, seat), rng))
    return state


@pytest.mark.parametrize("seat", [0, 1])
def test_an_agents_sample_plays_on_to_its_end(seat: int) -> None:
    state = filled(objectives_set({}, 2), 6)
    sample = sampled(AGENTS, state, seat)
    assert AGENTS.from_json(AGENTS.to_json(sample)) == sample
    assert AGENTS.outcome(play_on(AGENTS, sample, 1)) is not None


def test_a_merchants_sample_plays_on_to_its_end() -> None:
    state = first_state(MERCHANTS, 3, {}, lambda s: s.rolls >= 1)
    sample = sampled(MERCHANTS, state, 2)
    assert MERCHANTS.outcome(play_on(MERCHANTS, sample, 3)) is not None


def test_a_merchants_sample_redraws_only_the_dice() -> None:
    state = first_state(MERCHANTS, 4, {}, lambda s: s.rolls >= 3)
    sample = sampled(MERCHANTS, state, 1)
    assert sample.seed != state.seed
    assert replace(sample, seed=state.seed) == state
    assert sampled(MERCHANTS, replace(state, seed=state.seed + 1), 1) == sample


def test_merchants_cut_off_rollouts_favour_progress_towards_three_stations() -> None:
    """A station counts 1 and a ship carrying its own colour 0.5; a seat's reward is
    1 / (1 + e^(-1.5 x its lead over the best other seat))."""
    state = MERCHANTS.new_game(["Ann", "Bob", "Cy"], {}, 3)
    assert merchants_standing(MERCHANTS, state, 3) == (0.5, 0.5, 0.5)
    home = next(n for n, p in enumerate(state.planets) if p.colour == 0)
    planets = list(state.planets)
    planets[home] = replace(planets[home], station=True)
    ahead = replace(state, planets=tuple(planets))
    lead, behind = 1 / (1 + math.exp(-1.5)), 1 / (1 + math.exp(1.5))
    assert merchants_standing(MERCHANTS, ahead, 3) == pytest.approx((lead, behind, behind))
    ship = next(n for n, p in enumerate(ahead.planets) if p.colour != 0 and p.free_docks)
    planets[ship] = planets[ship].with_dock(planets[ship].docks.index(None), Ship(1, cargo=1))
    carrying = replace(ahead, planets=tuple(planets))
    half = 1 / (1 + math.exp(0.75))
    assert merchants_standing(MERCHANTS, carrying, 3)[1] == pytest.approx(half)
