"""Agents of M.A.R.S. rules of thumb: prospects count groups that may still grow, a cut-off
rollout favours the seat ahead in them, bonds rate board actions, the shortlist keeps the best
of them, a draw and a reveal that pays or ends a sure draw (never one that makes one), rollouts
place where they bond and draw more when ahead, and the search weighs every seat's best moves
only; in a rollout each seat plays against the colours its opponent has revealed and only
those, so a reveal costs the seat that makes it."""

from __future__ import annotations

import math
import random
from dataclasses import replace

from ai.heuristics.agents import (
    SHORTLIST,
    believed_net,
    expected,
    gain,
    guide,
    lead,
    open_guide,
    prospects,
    quiet_shortlist,
    seen_net,
    shortlist,
    standing,
)
from ai.kit import Kit
from ai.kits.agents import KIT, PLAIN, QUIET
from ai.levels import EASY, GREEDY, HARD, NORMAL, Level, kit_for, think
from ai.rollout import rollout
from ai.search import Budget, Settings, _moves_at
from engine.agents.actions import Draw, Place, Reveal, Shift, Swap
from engine.agents.state import AgentsState
from engine.agents.variants import Pyramid
from engine.agents.view import AgentsView
from tests.ai.positions import AGENTS, objectives_set

A2, B2 = Place((0, 1)), Place((1, 1))


def laid_out(**rules: bool) -> AgentsState:
    """Seat 0 (values 2, 1, 0, -1 for red, green, blue, yellow) to move, seat 1 holding the
    reverse; red a1-d1 (3, 3, 2, 1 pips: a scoring group of 9), green a3-c3 (1 pip each), blue
    a5-b5 (2 each), yellow g8 (3)."""
    state = objectives_set(dict(rules), 1)
    board: list[Pyramid | None] = [None] * state.rules.grid.size
    pieces = {
        (0, 0): Pyramid("red", 3),
        (1, 0): Pyramid("red", 3),
        (2, 0): Pyramid("red", 2),
        (3, 0): Pyramid("red", 1),
        (0, 2): Pyramid("green", 1),
        (1, 2): Pyramid("green", 1),
        (2, 2): Pyramid("green", 1),
        (0, 4): Pyramid("blue", 2),
        (1, 4): Pyramid("blue", 2),
        (6, 7): Pyramid("yellow", 3),
    }
    for square, piece in pieces.items():
        board[state.rules.grid.index(square)] = piece
    return replace(state, board=tuple(board), to_move=0)


def view_of(state: AgentsState, seat: int) -> AgentsView:
    view = AGENTS.view(state, seat)
    assert isinstance(view, AgentsView)
    return view


def test_prospects_count_a_share_of_the_groups_that_may_still_grow() -> None:
    # Red scores 9; green's three small pyramids count half of 3 pips, blue's pair a quarter
    # of 4, a lone yellow nothing.
    assert prospects(laid_out()) == (9, 1.5, 1.0, 0.0)
    # Only the Biggest Group Counts: every biggest group scores whatever its size.
    assert prospects(laid_out(biggest=True)) == (9, 3, 4, 3)


def test_a_cut_off_rollout_favours_the_seat_ahead_in_prospects() -> None:
    state = laid_out()
    # Seat 0: 2 x 9 + 1 x 1.5 = 19.5; seat 1: -1 x 9 + 1 x 1 = -8; 46 empty squares.
    ahead = 1 / (1 + math.exp(-27.5 * 1.5 / 6 * math.sqrt(2 / 47)))
    first, second = standing(AGENTS, state, 2)
    assert first == ahead and abs(second - (1 - ahead)) < 1e-12
    swapped = replace(state, objectives=(state.objectives[1], state.objectives[0]))
    assert standing(AGENTS, swapped, 2) == (second, first)
    assert standing(AGENTS, replace(state, objectives=(None, None)), 2) == (0.5, 0.5)


def test_an_unseen_value_counts_as_the_mean_of_those_not_seen() -> None:
    state = laid_out()
    assert expected(view_of(state, 0), 1) == (0.5,) * 4
    shown = replace(state, revealed=((), (0, 3)))
    assert expected(view_of(shown, 0), 1) == (-1, 0.5, 0.5, 2)
    assert seen_net(view_of(state, 0), 0) == {
        "red": 1.5,
        "green": 0.5,
        "blue": -0.5,
        "yellow": -1.5,
    }


def test_bonds_rate_moves_and_swaps() -> None:
    state = laid_out()
    net = seen_net(view_of(state, 0), 0)
    # The small red leaving d1 breaks its bond with c1's medium: 1.5 x (1 + 2).
    assert gain(state, net, Shift((3, 0), (4, 0))) == -4.5
    # Seat 1 loses by red (-1 against a mean of 0.5): taking b1's large red away to b4
    # breaks bonds worth 1.5 x (6 + 5).
    assert gain(state, seen_net(view_of(state, 1), 1), Shift((1, 0), (1, 3))) == 16.5
    # c1's medium red and c3's small green swap: red bonds of 1.5 x 5 and 1.5 x 3 and a green
    # bond of 0.5 x 2 are broken, none made.
    assert gain(state, net, Swap((2, 0), (2, 2))) == -13


def test_the_shortlist_keeps_the_placements_that_bond_most() -> None:
    state = replace(laid_out(), pending=Pyramid("red", 2))
    moves = AGENTS.legal_moves(state, 0)
    # Beside a large red (a2, b2): 1.5 x 5 each, the most any square gives.
    kept = shortlist(AGENTS, state, 0, moves)
    assert kept[:2] == [A2, B2] and len(kept) == SHORTLIST
    assert guide(AGENTS, state, 0, moves, random.Random(3)) in (A2, B2)


def test_the_shortlist_keeps_a_draw_and_a_reveal_that_pays() -> None:
    state = replace(laid_out(), to_move=1)
    moves = AGENTS.legal_moves(state, 1)
    kept = shortlist(AGENTS, state, 1, moves)
    # Seat 1 gives red -1 and yellow 2: swapping them turns -9 into 18 on red's points.
    assert Draw() in kept and Reveal(0, 3) in kept
    assert len([m for m in kept if isinstance(m, Shift | Swap)]) == SHORTLIST
    assert [m for m in kept if isinstance(m, Reveal)] == [Reveal(0, 3)]
    # Seat 0 already gives red its 2: no reveal pays.
    assert not any(isinstance(m, Reveal) for m in shortlist(AGENTS, laid_out(), 0, moves))


def test_a_reveal_ends_a_sure_draw_and_never_makes_one() -> None:
    shown = replace(laid_out(), to_move=1, revealed=((0, 1, 2, 3), ()))
    # Seat 1 holds seat 0's objective, all of it revealed: every board ends in a tie, so the
    # search weighs the cheapest swap (green and blue: -1 x 1.5 + 1 x 1 on their prospects).
    same = replace(shown, objectives=((2, 1, 0, -1), (2, 1, 0, -1)))
    kept = shortlist(AGENTS, same, 1, AGENTS.legal_moves(same, 1))
    assert [m for m in kept if isinstance(m, Reveal)] == [Reveal(1, 2)]
    # Swapping blue and yellow would pay (+1 on blue's prospects) but give seat 1 seat 0's
    # objective: no reveal is weighed.
    near = replace(shown, objectives=((2, 1, 0, -1), (2, 1, -1, 0)))
    kept = shortlist(AGENTS, near, 1, AGENTS.legal_moves(near, 1))
    assert not any(isinstance(m, Reveal) for m in kept)
    # With a value of seat 0's still unknown to seat 1, nothing is sure: the swap is weighed.
    hidden = replace(near, revealed=((0, 1), ()))
    kept = shortlist(AGENTS, hidden, 1, AGENTS.legal_moves(hidden, 1))
    assert [m for m in kept if isinstance(m, Reveal)] == [Reveal(2, 3)]


def test_hard_reveals_only_to_end_a_sure_draw() -> None:
    state = replace(laid_out(), to_move=1)
    moves = AGENTS.legal_moves(state, 1)
    # The swap of red and yellow that pays on the board (see above) is not weighed.
    quiet = quiet_shortlist(AGENTS, state, 1, moves)
    assert quiet == [m for m in shortlist(AGENTS, state, 1, moves) if not isinstance(m, Reveal)]
    assert Draw() in quiet
    # Holding seat 0's revealed objective: the cheapest swap ends the sure draw.
    same = replace(state, revealed=((0, 1, 2, 3), ()), objectives=((2, 1, 0, -1),) * 2)
    kept = quiet_shortlist(AGENTS, same, 1, AGENTS.legal_moves(same, 1))
    assert [m for m in kept if isinstance(m, Reveal)] == [Reveal(1, 2)]


def test_hard_plays_with_the_quiet_kit_and_the_other_levels_with_the_plain_one() -> None:
    assert kit_for(HARD, KIT) is QUIET and kit_for(replace(HARD, budget=Budget(9)), KIT) is QUIET
    assert all(kit_for(level, KIT) is KIT for level in (EASY, NORMAL, GREEDY))
    assert PLAIN.hard is None and QUIET.hard is None and KIT.heuristics == PLAIN.heuristics
    state = replace(laid_out(), to_move=1)
    fixed = Budget(30)
    for level in (replace(HARD, budget=fixed), replace(NORMAL, budget=fixed)):
        moves = [think(AGENTS, state, 1, level, seed, KIT).move for seed in range(4)]
        revealed = any(isinstance(move, Reveal) for move in moves)
        assert revealed == (level.name == NORMAL.name), (level.name, moves)


def test_the_search_weighs_every_seats_best_moves_below_the_root() -> None:
    state = replace(laid_out(), pending=Pyramid("red", 2))
    assert _moves_at(AGENTS, state, 0, KIT) == shortlist(
        AGENTS, state, 0, AGENTS.legal_moves(state, 0)
    )
    level = Level("fixed", Budget(40), Settings(depth=6))
    after, _ = AGENTS.apply(state, 0, think(AGENTS, state, 0, level, 7, KIT).move)
    assert prospects(after)[0] == 11  # the medium joined the red group
    # Seat 1's best answer takes b1's large red away (see the bonds test).
    answers = _moves_at(AGENTS, replace(laid_out(), to_move=1), 1, KIT)
    assert answers[0] == Shift((1, 0), (1, 3))


def test_a_rollout_draws_more_often_for_the_seat_ahead() -> None:
    state = laid_out()
    assert lead(state, 0) == 27.5 and lead(state, 1) == -27.5
    drawn = [
        sum(
            guide(AGENTS, mover, seat, AGENTS.legal_moves(mover, seat), random.Random(n)) == Draw()
            for n in range(200)
        )
        for seat, mover in ((0, state), (1, replace(state, to_move=1)))
    ]
    assert drawn[0] > 130 and drawn[1] < 70  # three in four, one in four
    rollout = guide(AGENTS, state, 0, AGENTS.legal_moves(state, 0), random.Random(1))
    assert not isinstance(rollout, Reveal)


def blue_valued(revealed: tuple[int, ...]) -> AgentsState:
    """`laid_out` with seat 1 (blue 1) to place a large blue, seat 0 holding red 0, green 1,
    blue 2, yellow -1 with the colours `revealed`."""
    state = laid_out()
    return replace(
        state,
        objectives=((0, 1, 2, -1), state.objectives[1]),
        revealed=(revealed, ()),
        to_move=1,
        pending=Pyramid("blue", 3),
    )


def test_a_rollout_plays_by_what_the_mover_knows() -> None:
    hidden = blue_valued(())
    # Seat 1 knows its own values; seat 0's unseen ones count as their mean, 0.5.
    assert believed_net(hidden, 1) == {"red": -1.5, "green": -0.5, "blue": 0.5, "yellow": 1.5}
    # Seat 0 knows its own; seat 1 has revealed nothing.
    assert believed_net(hidden, 0) == {"red": -0.5, "green": 0.5, "blue": 1.5, "yellow": -1.5}
    # Red and blue revealed: seat 1 sees blue's 2 and red's 0, the others at their mean 0.
    assert believed_net(blue_valued((0, 2)), 1) == {
        "red": -1.0,
        "green": 0.0,
        "blue": -1.0,
        "yellow": 2.0,
    }


BESIDE_BLUE = {Place(square) for square in ((0, 3), (1, 3), (0, 5), (1, 5), (2, 4))}


def test_the_opponent_joins_a_colour_until_it_is_revealed_against_it() -> None:
    for seed in range(5):
        placed = [
            guide(AGENTS, state, 1, AGENTS.legal_moves(state, 1), random.Random(seed))
            for state in (blue_valued(()), blue_valued((0, 2)))
        ]
        assert placed[0] in BESIDE_BLUE and placed[1] not in BESIDE_BLUE
        # Rollouts in which each seat sees the other's objective: seat 1 keeps away either way.
        unrevealed = blue_valued(())
        seeing = open_guide(
            AGENTS, unrevealed, 1, AGENTS.legal_moves(unrevealed, 1), random.Random(seed)
        )
        assert seeing not in BESIDE_BLUE


def mean_reward(kit: Kit, state: AgentsState, rollouts: int = 60) -> float:
    """Seat 0's mean reward over seeded rollouts of 12 moves from `state`."""
    found = [rollout(AGENTS, state, 2, random.Random(n), 12, kit)[0][0] for n in range(rollouts)]
    return sum(found) / rollouts


def test_a_reveal_costs_the_seat_that_makes_it_in_rollouts() -> None:
    hidden, shown = blue_valued(()), blue_valued((0, 2))
    # Playing on what each seat knows, seat 1 turns against blue once seat 0 has shown it.
    assert mean_reward(KIT, shown) < mean_reward(KIT, hidden) - 0.02
    # Seeing each other's objectives, a reveal changes nothing: the same rollouts, move for move.
    seeing = replace(KIT, heuristics=replace(KIT.heuristics, guide=open_guide))
    assert mean_reward(seeing, shown) == mean_reward(seeing, hidden)
