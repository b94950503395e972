"""Decisive moves: every level from normal up takes a win at once and avoids a loss at once.

Positions come from seeded random games (`opening`): the game's own moves, picked by a
`random.Random` of the game's seed, for a number of plies. The levels search with their own
settings and an iteration budget (normal's 600; hard's 50,000 cut to 2,000), no CPU or wall cap,
from pinned seeds, so every move is the same on every run. What wins or loses at once is judged
here by the rules in the true state (`ai.decisive` judges it in the samples a seat may draw).

Before these checks (and the search's discount of later rewards), normal and hard both moved a
ship on instead of delivering the good that builds the third station in the first two Martian
Merchants positions (search seed 1), and moved a piece instead of mixing a Monad back in both
Albiorix positions; the Ley Lines and Merchants blocks were found by the search alone.

Albiorix is won by beginning a turn holding both Monads: a move wins at once when it takes the
other seat's last Monad and that seat cannot mix one back on its turn (game 9), or has no action
at all and passes (`tests.ai.positions_albiorix.STRANDED`). The other seat may offer a draw
before it moves; while `ai.decisive` took the offer for a whole reply, one that does not lose,
no Albiorix move won at once, and normal mixed d3xc3 in game 9 (search seed 3), which does not
win.

In Albiorix a Monad taken is lost only one reply later, when its player cannot mix one back,
so its kit has the last check look two replies deep (`ai.kit.Kit.loss_depth`): in a game of
hard against greedy (`monad_hanging`), hard's move let greedy take its last Monad for good, and
asked again from that position hard (600 simulations) played such a move from 3 of the search
seeds 1 to 24 (9 and 10 among the 8 of `HANGING_SEEDS`) while the check looked one reply deep.

Mars vs. Earth ends at once only when a side reaches its goal (the Humans' ninth success with
five players, a resource at 0 for the Martians), and the moves that decide it are answers put to
one player once everything they turn on is public: the skill group a leader adds to a threat
whose cards are revealed and totalled, the resource an ousted Human lowers. Random games give
losses to block (`eve_ousted`) but no win: Dan's skill group in game 2 is one with the
table's count changed (the Humans' ninth success, or the last food), or with Dan the hidden
clone (`tests.ai.positions_marsvsearth`). Each wins or loses in every sample
the seat may draw, as `ai.decisive` checks it.

Agents of M.A.R.S. hides the bag and the other seat's objective: a draw that fills the last
square wins at once for a seat only where it wins whatever the seat cannot see (game 6); where
it wins in the true state only (games 36 and 54) it is a gamble, which the search may decline.
In its positions with a loss to block, most moves leave the last square to the other seat,
who wins by filling it whatever it draws.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Iterator
from dataclasses import replace
from typing import Any

import pytest

from ai.decisive import SAMPLES, Checker, lost, won
from ai.levels import HARD, NORMAL, Level, choose
from ai.search import WIN_CHECK_AT, Budget, Wins, winning_at
from ai.tree import Node
from club.catalogue import CATALOGUE
from engine.core import Game, Seat
from tests.ai.positions import filled, objectives_set
from tests.ai.positions_albiorix import monad_hanging, monad_taken, stranded
from tests.ai.positions_marsvsearth import eve_ousted, last_food, ninth_success, sabotage

LEVELS = [replace(NORMAL, budget=Budget(600)), replace(HARD, budget=Budget(2_000))]
SEEDS = (1, 2, 3, 4)


def opening(key: str, seed: int, plies: int) -> tuple[Game[Any, Any], Any, Seat]:
    """Game `seed` of `key` (Ann first) after `plies` random moves drawn from `seed`, and the
    seat to move. Random games of Agents of M.A.R.S. fill the board too slowly: its game `seed`
    is filled (`tests.ai.positions.filled`) until `plies` squares are left empty instead."""
    game = CATALOGUE[key].game
    if key == "agents":
        state = filled(objectives_set({}, seed), plies)
        return game, state, min(game.actors(state))
    rng = random.Random(seed)
    state = game.new_game(["Ann", "Bob"], {"first": 1}, seed)
    for _ in range(plies):
        seat = min(game.actors(state))
        state, _ = game.apply(state, seat, rng.choice(game.legal_moves(state, seat)))
    return game, state, min(game.actors(state))


def finished(game: Game[Any, Any], state: Any, seat: Seat, move: Any) -> Any:
    """The state after `move` and the moves `seat` is then left alone to make (a lone legal
    move)."""
    state, _ = game.apply(state, seat, move)
    while game.outcome(state) is None and game.actors(state) == {seat}:
        only = game.legal_moves(state, seat)
        if len(only) != 1:
            break
        state, _ = game.apply(state, seat, only[0])
    return state


def outcomes_after(game: Game[Any, Any], state: Any, seat: Seat, move: Any) -> Iterator[Any]:
    """The outcome after `move` if it ends the game, else after each reply of each next actor
    (as they are asked for): a reply after which that actor still acts alone (an Albiorix draw
    offer) is followed by each of its next moves."""
    after = finished(game, state, seat, move)
    if game.outcome(after) is not None or seat in game.actors(after):
        yield game.outcome(after)
        return
    for actor in sorted(game.actors(after)):
        for reply in game.legal_moves(after, actor):
            replied = finished(game, after, actor, reply)
            if game.outcome(replied) is None and game.actors(replied) == {actor}:
                more = game.legal_moves(replied, actor)
                yield from (game.outcome(finished(game, replied, actor, m)) for m in more)
            else:
                yield game.outcome(replied)


def wins(game: Game[Any, Any], state: Any, seat: Seat, move: Any) -> bool:
    return all(won(outcome, seat) for outcome in outcomes_after(game, state, seat, move))


def loses(game: Game[Any, Any], state: Any, seat: Seat, move: Any) -> bool:
    return any(lost(outcome, seat) for outcome in outcomes_after(game, state, seat, move))


WINS = [
    ("merchants", 8, 152),  # deliver: the third station, turn 77 of 80
    ("merchants", 1, 117),
    ("merchants", 10, 128),
    ("leylines", 1, 34),  # the last piece
    ("leylines", 22, 34),
    ("leylines", 3, 33),  # the last but one: every last piece after it loses
    ("leylines", 13, 33),
    ("agents", 6, 1),  # draw: the last square, more points whatever is drawn
    ("albiorix", 9, 28),  # b3xc3 1b/3o-1o takes orange's last Monad for good
]
BLOCKS = [
    ("merchants", 1, 116),  # six of seven moves let the other seat build its third station
    ("merchants", 7, 119),  # five of six end the game at the turn limit, behind
    ("albiorix", 1, 45),  # without a Monad: eight of nine moves do not mix one back
    ("albiorix", 2, 98),
    ("leylines", 3, 33),
    ("leylines", 14, 34),
    ("agents", 17, 1),  # 79 of 102 moves leave the last square to the other seat, who wins
    ("agents", 31, 1),
    ("agents", 43, 1),
]


BUILT_WINS = [
    ("albiorix", stranded),  # orange, without a Monad, is left with no action
    ("albiorix", monad_taken),  # orange's Dancer takes the last blue Monad for good
    ("marsvsearth", ninth_success),  # Dan's Science: the Humans' ninth success
    ("marsvsearth", sabotage),  # Dan, a hidden clone, fails the threat: food runs out
]
BUILT_BLOCKS = [
    ("marsvsearth", eve_ousted),  # Eve lowers a resource: people is at 1
    ("marsvsearth", last_food),  # Dan's Diplomacy or Military: the threat fails, food runs out
]
"""Positions made on purpose (or for games of more than two): the game and what builds the
position (its one actor moves)."""


def named(value: Any) -> str | None:
    """A test id: a game's key, or the name of what builds the position."""
    return getattr(value, "__name__", None)


def built(key: str, build: Callable[[], Any]) -> tuple[Game[Any, Any], Any, Seat]:
    """The game, the position `build` makes and its one actor."""
    game, state = CATALOGUE[key].game, build()
    [seat] = game.actors(state)
    return game, state, seat


def takes_win(level: Level, key: str, game: Game[Any, Any], state: Any, seat: Seat) -> None:
    """`level` plays a move that wins at once for `seat` in `state` from every search seed."""
    moves = game.legal_moves(state, seat)
    assert any(wins(game, state, seat, move) for move in moves)
    assert not all(wins(game, state, seat, move) for move in moves)
    for search_seed in SEEDS:
        move = choose(game, state, seat, level, search_seed, CATALOGUE[key].ai)
        assert wins(game, state, seat, move), (game.notation(move), search_seed)


@pytest.mark.parametrize("level", LEVELS, ids=lambda level: level.name)
@pytest.mark.parametrize(("key", "seed", "plies"), WINS)
def test_a_win_at_once_is_taken(level: Level, key: str, seed: int, plies: int) -> None:
    takes_win(level, key, *opening(key, seed, plies))


@pytest.mark.parametrize("level", LEVELS, ids=lambda level: level.name)
@pytest.mark.parametrize(("key", "build"), BUILT_WINS, ids=named)
def test_a_win_at_once_in_a_built_position_is_taken(
    level: Level, key: str, build: Callable[[], Any]
) -> None:
    takes_win(level, key, *built(key, build))


def avoids_loss(level: Level, key: str, game: Game[Any, Any], state: Any, seat: Seat) -> None:
    """`level` plays a move that does not lose at once for `seat` in `state`, where some do."""
    moves = game.legal_moves(state, seat)
    assert any(loses(game, state, seat, move) for move in moves)
    assert not all(loses(game, state, seat, move) for move in moves)
    for search_seed in SEEDS[:2]:
        move = choose(game, state, seat, level, search_seed, CATALOGUE[key].ai)
        assert not loses(game, state, seat, move), (game.notation(move), search_seed)


@pytest.mark.parametrize("level", LEVELS, ids=lambda level: level.name)
@pytest.mark.parametrize(("key", "seed", "plies"), BLOCKS)
def test_a_loss_at_once_is_avoided(level: Level, key: str, seed: int, plies: int) -> None:
    avoids_loss(level, key, *opening(key, seed, plies))


@pytest.mark.parametrize("level", LEVELS, ids=lambda level: level.name)
@pytest.mark.parametrize(("key", "build"), BUILT_BLOCKS, ids=named)
def test_a_loss_at_once_in_a_built_position_is_avoided(
    level: Level, key: str, build: Callable[[], Any]
) -> None:
    avoids_loss(level, key, *built(key, build))


def hangs(game: Game[Any, Any], state: Any, seat: Seat, move: Any) -> bool:
    """Whether `move` loses at once for `seat`, or lets a reply win at once for its actor (an
    Albiorix Monad taken for good), judged by the rules in `state`."""
    after = finished(game, state, seat, move)
    if game.outcome(after) is not None or seat in game.actors(after):
        return lost(game.outcome(after), seat)
    return any(
        wins(game, after, actor, reply)
        for actor in game.actors(after)
        for reply in game.legal_moves(after, actor)
    )


@functools.cache
def hanging() -> list[Any]:
    """The actions of `monad_hanging` that hang blue's last Monad."""
    game, state, seat = built("albiorix", monad_hanging)
    return [move for move in game.legal_moves(state, seat) if hangs(game, state, seat, move)]


HANGING_SEEDS = range(9, 17)
"""Search seeds of hard in `monad_hanging` (see the module)."""


def test_hard_does_not_leave_its_last_monad_to_be_taken_for_good() -> None:
    game, state, seat = built("albiorix", monad_hanging)
    assert (len(game.legal_moves(state, seat)), len(hanging())) == (74, 33)
    level = replace(HARD, budget=Budget(600))
    for search_seed in HANGING_SEEDS:
        move = choose(game, state, seat, level, search_seed, CATALOGUE["albiorix"].ai)
        assert move not in hanging(), (game.notation(move), search_seed)


def test_the_albiorix_check_finds_the_monads_taken_for_good_two_replies_deep() -> None:
    game, state, seat = built("albiorix", monad_hanging)
    kit = CATALOGUE["albiorix"].ai
    assert kit is not None and kit.loss_depth == 2
    moves = game.legal_moves(state, seat)

    def doomed(depth: int) -> list[Any]:
        checker = Checker(game, state, seat, state, random.Random(1), kit.determinizer, depth)
        return [move for move in moves if checker.doomed(move)]

    assert doomed(kit.loss_depth) == hanging()
    assert doomed(1) == []  # no reply ends the game at once


@pytest.mark.parametrize(
    ("build", "winning", "doomed"),
    [
        (ninth_success, "skill science", []),
        (sabotage, "skill diplomacy", []),
        (last_food, None, ["skill diplomacy", "skill military"]),
        (eve_ousted, None, ["lower people"]),
    ],
    ids=named,
)
def test_a_mars_vs_earth_decision_wins_or_loses_whatever_the_seat_cannot_see(
    build: Callable[[], Any], winning: str | None, doomed: list[str]
) -> None:
    game, state, seat = built("marsvsearth", build)
    kit = CATALOGUE["marsvsearth"].ai
    assert kit is not None
    first = kit.determinizer.sample(game, state, seat, random.Random(1))
    checker = Checker(game, state, seat, first, random.Random(2), kit.determinizer)
    moves = game.legal_moves(state, seat)
    assert len(list(checker.samples())) == SAMPLES
    found = checker.winning(moves)
    assert (None if found is None else game.notation(found)) == winning
    assert [game.notation(move) for move in moves if checker.doomed(move)] == doomed


def test_a_seat_inside_the_tree_takes_a_win_at_once_once_its_node_is_visited_enough() -> None:
    game, state, seat = opening("leylines", 1, 34)
    moves = game.legal_moves(state, seat)
    node: Node[Any] = Node(1 - seat, visits=WIN_CHECK_AT - 1)
    wins_found: Wins = {}
    assert winning_at(game, state, seat, node, moves, wins_found) is None
    node.visits += 1
    move = winning_at(game, state, seat, node, moves, wins_found)
    assert move is not None and wins(game, state, seat, move)
    assert wins_found == {node: move}
