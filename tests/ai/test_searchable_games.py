"""Agents of M.A.R.S. and Martian Merchants played by the search to their end, the rollout policy
that picks a kind of move first, a search under a CPU cap that stops once its move is settled,
and one that stops at its wall-clock cap (read from a test clock). Budgets are iterations only
(seeded), except where a cap is the point."""

from __future__ import annotations

import random
from collections import Counter

from ai.arena import match
from ai.kits.agents import KIT
from ai.kits.albiorix import KIT as ALBIORIX_KIT
from ai.kits.leylines import KIT as LEYLINES_KIT
from ai.kits.merchants import KIT as MERCHANTS_KIT
from ai.levels import RANDOM, Level, choose
from ai.policies import by_kind, uniform
from ai.search import Budget, Clocks, Settings, search, settled
from ai.tree import Node
from engine.agents.actions import Draw, Shift
from engine.leylines import GAME as LEYLINES
from engine.merchants import GAME as MERCHANTS
from tests.ai.positions import AGENTS, filled, objectives_set

TINY = Level("tiny", Budget(8), Settings(depth=6))


SMALLEST = Level("smallest", Budget(3), Settings(depth=3))
MOST_MOVES = 3000


def test_computers_play_a_whole_game_of_agents_to_its_end() -> None:
    """Both seats searched from the first move (objectives set by the search too); a game
    takes some 200 moves at this budget."""
    seeds = random.Random(2)
    state = AGENTS.new_game(["Ann", "Bob"], {}, seeds.getrandbits(32))
    made = 0
    while AGENTS.outcome(state) is None and made < MOST_MOVES:
        seat = min(AGENTS.actors(state))
        move = choose(AGENTS, state, seat, SMALLEST, seeds.getrandbits(32), KIT)
        state, _ = AGENTS.apply(state, seat, move)
        made += 1
    assert AGENTS.outcome(state) is not None


def test_a_merchants_match_between_a_search_and_a_random_player_ends() -> None:
    result = match(MERCHANTS, MERCHANTS_KIT, TINY, RANDOM, games=1, seed=5)
    assert result.games == 1 and result.unfinished == 0
    assert result.contender.simulated > 0


def test_a_match_stops_a_game_unfinished_after_its_most_moves() -> None:
    result = match(AGENTS, KIT, RANDOM, RANDOM, games=2, seed=1, most_moves=10)
    assert (result.unfinished, result.contender.moves + result.opponent.moves) == (2, 20)


def test_a_kind_of_move_is_picked_before_the_move() -> None:
    moves = [Draw(), *(Shift((0, n), (1, n)) for n in range(20))]
    rng = random.Random(4)
    picked = Counter(type(by_kind(moves, rng)) for _ in range(2000))
    assert 900 < picked[Draw] < 1100
    assert KIT.policy is by_kind and ALBIORIX_KIT.policy is uniform


def test_a_capped_search_is_settled_once_no_other_move_can_catch_up() -> None:
    root: Node[str] = Node()
    root.children = {(0, "a"): Node(0, visits=70), (0, "b"): Node(0, visits=10)}
    budget = Budget(100, cpu_seconds=10.0)
    assert settled(root, budget, 80, 1e-6)  # 20 left of the iterations, 60 behind
    assert not settled(root, Budget(200, cpu_seconds=10.0), 80, 1e-6)  # 120 left
    assert settled(root, Budget(200, cpu_seconds=10.0), 80, 0.6)  # time for 40 more


def test_the_kind_first_search_chooses_the_same_legal_move_for_the_same_seed() -> None:
    state = filled(objectives_set({}, 3), 30)
    first, again = (choose(AGENTS, state, state.to_move, TINY, 8, KIT) for _ in range(2))
    assert first == again and first in AGENTS.legal_moves(state, state.to_move)


class Ticking:
    """A clock that moves on by `step` seconds each time it is read."""

    def __init__(self, step: float) -> None:
        self.now, self.step = 0.0, step

    def __call__(self) -> float:
        self.now += self.step
        return self.now


def test_a_search_stops_at_its_wall_clock_cap_whatever_its_cpu_time() -> None:
    game, kit = LEYLINES, LEYLINES_KIT
    state = game.new_game(["Ann", "Bob"], {"first": 1}, 5)
    slow = Clocks(cpu=lambda: 0.0, wall=Ticking(0.1))  # no CPU spent, 0.1 s a reading
    budget = Budget(1_000, cpu_seconds=1.0, wall_seconds=2.0)
    decision = search(game, state, 0, budget, random.Random(1), kit, Settings(), slow)
    assert 5 <= decision.iterations <= 20  # 0.9 of 2 s in readings of 0.1 s, one per simulation
    assert decision.move in game.legal_moves(state, 0)
    still = Clocks(cpu=lambda: 0.0, wall=lambda: 0.0)
    unhurried = search(game, state, 0, budget, random.Random(1), kit, clocks=still)
    assert unhurried.iterations > 500  # no clock ends it: it runs until its lead is settled
