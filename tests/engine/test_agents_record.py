"""Agents of M.A.R.S.'s public record of play: per seat and colour, the pips of the bonds its
placements, moves and swaps made less those they broke (`AgentsState.joined`), kept in the
saved state and shown in every view (every board action is public); a game saved before the
record began reads as all zeros."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from engine.agents import GAME, Pyramid
from engine.agents.state import joined_by
from engine.core import BadState
from tests.engine.test_agents_support import ANN, BOB, play, position

EMPTY_ROWS = ". . . . . . .\n" * 7


def test_a_placement_counts_the_bonds_it_makes_for_its_player_only() -> None:
    state = replace(position(EMPTY_ROWS + "r2 r1 . . . . ."), pending=Pyramid("red", 3))
    after, _ = play(state, "place c1")  # beside the small red on b1: 3 + 1 pips
    assert joined_by(after, ANN) == (4, 0, 0, 0)
    assert joined_by(after, BOB) == (0, 0, 0, 0)


def test_a_swap_counts_the_bonds_it_breaks_against_its_player() -> None:
    state = position(EMPTY_ROWS + "r2 r1 g2 g1 . . .")
    after, _ = play(state, "swap b1 c1")  # parts a1-b1 (red, 3 pips) and c1-d1 (green, 3)
    assert after.board[1] == Pyramid("green", 2)
    assert joined_by(after, ANN) == (-3, -3, 0, 0)


def test_every_view_shows_the_record() -> None:
    state = position(EMPTY_ROWS + "r2 r1 g2 g1 . . .")
    after, _ = play(state, "swap b1 c1")
    for viewer in (ANN, BOB, None):
        assert GAME.view(after, viewer).joined == ((-3, -3, 0, 0), (0, 0, 0, 0))
    assert GAME.view(state, None).joined == ((0, 0, 0, 0), (0, 0, 0, 0))


def test_a_move_counts_what_it_leaves_and_what_it_joins() -> None:
    state = position(EMPTY_ROWS + "r1 r1 . r3 . . .", to_move=BOB)
    after, _ = play(state, "move b1 c1")  # leaves a1 (2 pips), joins d1 (4 pips)
    assert joined_by(after, BOB) == (2, 0, 0, 0)
    assert joined_by(after, ANN) == (0, 0, 0, 0)


def test_black_pyramids_make_no_bonds() -> None:
    state = replace(position(EMPTY_ROWS + "k1 . . . . . ."), pending=Pyramid("black", 3))
    after, _ = play(state, "place b1")
    assert joined_by(after, ANN) == (0, 0, 0, 0)


def test_the_record_is_saved_and_an_older_save_reads_as_zeros() -> None:
    state, _ = play(position(EMPTY_ROWS + "r2 r1 g2 g1 . . ."), "swap b1 c1")
    data = json.loads(json.dumps(GAME.to_json(state)))
    assert GAME.from_json(data) == state
    older = GAME.from_json({key: value for key, value in data.items() if key != "joined"})
    assert joined_by(older, ANN) == joined_by(older, BOB) == (0, 0, 0, 0)
    with pytest.raises(BadState):
        GAME.from_json({**data, "joined": [[1, 2], []]})
