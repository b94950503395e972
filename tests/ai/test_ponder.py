"""Pondering (`ai.ponder`): a kept tree grows while the other seat thinks, over its likely
replies, and the next search after the reply inherits more; within its bounds, only in games
whose trees are kept. Budgets are iterations only, so every search is pinned by its seed."""

from __future__ import annotations

import itertools
from typing import Any

from ai.determinize import OPEN
from ai.kit import Kit
from ai.levels import Level
from ai.memory import Memory
from ai.ponder import (
    DROPPED,
    FORGOTTEN,
    LIMITS,
    OVER,
    SEARCHED,
    Pondered,
    Pondering,
    likely,
)
from ai.search import Budget
from ai.tree import Node
from club.catalogue import CATALOGUE
from tests.catalogue.nim import GAME as NIM

KIT = Kit(OPEN)  # the generic kit of an open game without chance
LEVEL = Level("test", Budget(300))
KEY = "table"


def pile(stones: int) -> Any:
    return NIM.new_game(["Ann", "Bob"], {"stones": stones}, 1)


def thought_and_kept(memory: Memory) -> tuple[Any, Node[int]]:
    """Seat 0's search in a pile of 30, through `memory`: the position its move led to, and the
    tree kept there."""
    decision = memory.think(KEY, NIM, pile(30), 0, LEVEL, 5, KIT).decision
    kept = memory.kept(KEY)
    assert kept is not None
    assert kept.state == NIM.apply(pile(30), 0, decision.move)[0]
    return kept.state, kept.node


def steps(pondering: Pondering) -> int:
    """Ponder until nothing is left to ponder; the simulations run."""
    return sum(1 for _ in iter(pondering.step, False))


def test_pondering_grows_the_kept_tree_and_the_next_search_inherits_more() -> None:
    plain, pondered = Memory(), Memory()
    after, _ = thought_and_kept(plain)
    assert thought_and_kept(pondered)[0] == after  # the same search, the same move
    node = pondered.kept(KEY)
    assert node is not None
    before = node.node.visits
    pondering = Pondering(pondered, seconds=float("inf"), simulations=500)
    pondering.add(KEY, NIM, KIT, LEVEL.settings, 0, 7)
    assert steps(pondering) == 500
    assert node.node.visits == before + 500
    assert all(mover == 1 for mover, _ in node.node.children)  # the other seat's replies
    reply, _ = NIM.apply(after, *node.node.best())  # the reply pondered most
    without = plain.think(KEY, NIM, reply, 0, LEVEL, 6, KIT)
    with_pondering = pondered.think(KEY, NIM, reply, 0, LEVEL, 6, KIT)
    assert with_pondering.inherited > without.inherited + 250
    assert with_pondering.decision.iterations == without.decision.iterations == 300


def test_pondering_stops_at_its_bounds_and_when_its_tree_is_recalled() -> None:
    memory = Memory()
    _, node = thought_and_kept(memory)
    ticks = itertools.count()
    by_time = Pondering(memory, seconds=3.0, cpu=lambda: float(next(ticks)))
    by_time.add(KEY, NIM, KIT, LEVEL.settings, 0, 7)
    assert steps(by_time) == 3  # each simulation takes one second of this clock
    by_count = Pondering(memory, seconds=float("inf"), simulations=40)
    by_count.add(KEY, NIM, KIT, LEVEL.settings, 0, 7)
    assert steps(by_count) == 40
    recalled = Pondering(memory, seconds=float("inf"), simulations=40)
    recalled.add(KEY, NIM, KIT, LEVEL.settings, 0, 7)
    visits = node.visits
    memory.recall(KEY, NIM, pile(26), 0)
    assert steps(recalled) == 0 and node.visits == visits


def test_a_finished_game_is_not_pondered() -> None:
    memory, root = Memory(), Node[int]()
    root.children[(0, 2)] = Node(0, visits=1, reward=1.0, available=1)
    memory.keep(KEY, NIM, pile(2), 0, 2, root)  # seat 0 took the last stones
    pondering = Pondering(memory)
    pondering.add(KEY, NIM, KIT, LEVEL.settings, 0, 7)
    assert steps(pondering) == 0 and root.children[(0, 2)].visits == 1


def test_games_with_chance_or_hidden_information_are_not_pondered() -> None:
    for key in ("merchants", "agents"):
        entry = CATALOGUE[key]
        game = entry.game
        assert entry.ai is not None
        state = game.new_game(["P0", "P1"], {}, 3)
        seat = min(game.actors(state))
        memory = Memory()
        move = memory.think(KEY, game, state, seat, Level("tiny", Budget(20)), 1, entry.ai)
        root = Node[Any]()
        root.children[(seat, move.decision.move)] = Node(seat, visits=1, available=1)
        memory.keep(KEY, game, state, seat, move.decision.move, root)  # kept all the same
        pondering = Pondering(memory)
        pondering.add(KEY, game, entry.ai, Level("tiny", Budget(20)).settings, seat, 7)
        assert not pondering.jobs


def test_the_likely_moves_are_the_widest_and_their_equals() -> None:
    def taken(game: Any, before: Any, after: Any, seat: int) -> float:
        return float(before.stones - after.stones)

    assert likely(NIM, Kit(OPEN, score=taken, widest=2), pile(10), 0) == [2, 3]
    assert likely(NIM, Kit(OPEN, score=lambda *_: 0.0, widest=2), pile(10), 0) == [1, 2, 3]
    assert likely(NIM, KIT, pile(10), 0) == [1, 2, 3]  # a kit that weighs every move


def test_a_forgotten_game_is_pondered_no_more_and_its_trees_are_dropped() -> None:
    memory = Memory()
    thought_and_kept(memory)
    other = ("other", 2)
    memory.think(other, NIM, pile(20), 0, LEVEL, 5, KIT)
    ended: list[Pondered] = []
    pondering = Pondering(memory, seconds=float("inf"), simulations=10**9, told=ended.append)
    pondering.add(KEY, NIM, KIT, LEVEL.settings, 0, 7)
    pondering.add(other, NIM, KIT, LEVEL.settings, 0, 7)
    for _ in range(30):
        assert pondering.step()
    memory.forget(lambda key: key == KEY)
    pondering.forget(lambda key: key == KEY)
    assert memory.kept(KEY) is None and memory.kept(other) is not None
    assert list(pondering.jobs) == [other]  # the other table is pondered on
    assert [(e.key, e.why, e.simulations) for e in ended] == [(KEY, FORGOTTEN, 15)]
    assert pondering.step() and pondering.jobs[other].done == 16


def test_why_pondering_ended_is_told_with_its_simulations_and_cpu_time() -> None:
    memory = Memory()
    thought_and_kept(memory)
    ended: list[Pondered] = []
    ticks = itertools.count()
    pondering = Pondering(memory, 3.0, 40, lambda: float(next(ticks)), told=ended.append)
    pondering.add(KEY, NIM, KIT, LEVEL.settings, 0, 7)
    assert steps(pondering) == 3
    pondering = Pondering(memory, float("inf"), 40, told=ended.append)
    pondering.add(KEY, NIM, KIT, LEVEL.settings, 0, 7)
    pondering.step()
    pondering.add(KEY, NIM, KIT, LEVEL.settings, 0, 8)  # its seat searched again
    pondering.step()
    memory.recall(KEY, NIM, pile(26), 0)
    assert steps(pondering) == 0
    root = Node[int]()
    root.children[(0, 2)] = Node(0, visits=1, reward=1.0, available=1)
    memory.keep(KEY, NIM, pile(2), 0, 2, root)
    pondering.add(KEY, NIM, KIT, LEVEL.settings, 0, 7)
    assert steps(pondering) == 0
    assert [(e.why, e.simulations, e.cpu) for e in ended] == [
        (LIMITS, 3, 3.0),
        (SEARCHED, 1, ended[1].cpu),
        (DROPPED, 1, ended[2].cpu),
        (OVER, 0, 0.0),
    ]
    assert all(e.key == KEY for e in ended)
