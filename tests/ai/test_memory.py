"""Search trees kept between a seat's moves (`ai.memory`): the next search grows the subtree of
the moves played since, only in open games without chance, within the memory's bounds. Budgets
are iterations only, so every move is pinned by its seed."""

from __future__ import annotations

import random
from typing import Any

from ai.determinize import OPEN
from ai.kit import Kit
from ai.levels import Level, think
from ai.memory import Kept, Memory, descend, reusable
from ai.search import Budget, search
from ai.tree import Node
from club.catalogue import CATALOGUE
from tests.catalogue.nim import GAME as NIM

KIT = Kit(OPEN)  # the generic kit of an open game without chance
LEVEL = Level("test", Budget(300))


def pile(stones: int) -> Any:
    return NIM.new_game(["Ann", "Bob"], {"stones": stones}, 1)


def test_the_next_search_grows_the_subtree_of_the_moves_played_since() -> None:
    memory = Memory()
    state = pile(30)
    first = memory.think("table", NIM, state, 0, LEVEL, 5, KIT)
    assert first.inherited == 0
    alone = think(NIM, state, 0, LEVEL, 5, KIT)  # a first search decides as without a memory
    assert (first.decision.move, first.decision.simulated) == (alone.move, alone.simulated)
    tree: Node[int] = Node()
    assert LEVEL.budget is not None
    search(NIM, state, 0, LEVEL.budget, random.Random(5), KIT, LEVEL.settings, root=tree)
    taken = first.decision.move
    after, _ = NIM.apply(state, 0, taken)
    reply, _ = NIM.apply(after, 1, 2)
    second = memory.think("table", NIM, reply, 0, LEVEL, 6, KIT)
    assert second.inherited == tree.children[(0, taken)].children[(1, 2)].visits > 0
    assert second.decision.iterations == 300  # the budget's simulations come on top
    assert NIM.legal_moves(reply, 0).count(second.decision.move) == 1


def test_a_memory_decides_the_same_for_the_same_moves() -> None:
    def game_of(memory: Memory) -> list[tuple[int, int]]:
        state, made = pile(30), list[tuple[int, int]]()
        while NIM.outcome(state) is None:
            seat = min(NIM.actors(state))
            thought = memory.think(seat, NIM, state, seat, LEVEL, len(made), KIT)
            made.append((thought.decision.move, thought.inherited))
            state, _ = NIM.apply(state, seat, thought.decision.move)
        return made

    made = game_of(Memory())
    assert made == game_of(Memory())
    assert any(inherited for _, inherited in made[2:])


def test_a_position_not_reached_by_the_trees_moves_starts_a_new_tree() -> None:
    memory = Memory()
    memory.think("table", NIM, pile(30), 0, LEVEL, 5, KIT)
    assert len(memory) == 1
    taken_back = memory.think("table", NIM, pile(30), 0, LEVEL, 5, KIT)
    assert taken_back.inherited == 0  # the kept tree is below the move made, not at the root
    other = memory.think("table", NIM, pile(5), 0, LEVEL, 5, KIT)  # too far below
    assert other.inherited == 0


def test_a_node_where_another_seat_chooses_is_not_a_root() -> None:
    state = pile(10)
    node: Node[int] = Node(visits=4)
    node.children[(1, 1)] = Node(1, visits=4, reward=2.0, available=4)
    assert descend(NIM, Kept(state, node, 0.0), state, 0) is None
    assert descend(NIM, Kept(state, node, 0.0), state, 1) is node


def test_games_with_chance_or_hidden_information_keep_no_tree() -> None:
    tiny = Level("tiny", Budget(20))
    assert reusable(NIM) and reusable(CATALOGUE["leylines"].game)
    for key, players in (("merchants", 2), ("agents", 2)):
        entry = CATALOGUE[key]
        game = entry.game
        assert not reusable(game)
        state = game.new_game([f"P{n}" for n in range(players)], {}, 3)
        seat = min(game.actors(state))
        memory = Memory()
        thought = memory.think("table", game, state, seat, tiny, 1, entry.ai)
        assert thought.inherited == 0 and len(memory) == 0


def test_a_memory_keeps_the_latest_keys_and_forgets_stale_trees() -> None:
    now = [0.0]
    memory = Memory(size=2, stale_seconds=10.0, clock=lambda: now[0])
    for key in ("a", "b", "c"):
        memory.think(key, NIM, pile(30), 0, LEVEL, 5, KIT)
    assert len(memory) == 2
    state, _ = NIM.apply(pile(30), 0, NIM.parse(pile(30), 0, "take 1"))
    assert memory.recall("a", NIM, state, 1).visits == 0  # dropped for "c"
    now[0] = 11.0
    memory.think("d", NIM, pile(30), 0, LEVEL, 5, KIT)
    assert len(memory) == 1  # "b" and "c" went stale
