"""Albiorix notation, preview, view and saved state."""

from __future__ import annotations

import json
import random

import pytest

from engine.albiorix import GAME, Mix, Move, Played
from engine.albiorix.pieces import GRID
from engine.core import AmbiguousMove, BadNotation, BadState, IllegalMove
from tests.engine.test_albiorix_positions import ANN, BOB, play, position, sq, stack


def test_canonical_notation() -> None:
    assert GAME.notation(Move(sq("b3"), sq("c5"))) == "b3-c5"
    mix = Mix(sq("b2"), sq("c3"), stack("3b-1o"), stack("2b"))
    assert GAME.notation(mix) == "b2xc3 3b-1o/2b"
    assert GAME.hidden(mix) is False


def test_every_legal_action_reads_back_from_its_notation() -> None:
    state = GAME.new_game(["Ann", "Bob"], {"first": 1}, 11)
    rng = random.Random(3)
    for _ in range(30):
        if GAME.outcome(state):
            break
        seat = state.to_move
        actions = GAME.legal_moves(state, seat)
        for action in actions:
            assert GAME.parse(state, seat, GAME.notation(action)) == action
        state, _ = GAME.apply(state, seat, rng.choice(actions))


@pytest.mark.parametrize("text", ["b3-a5", "B3-A5", " b3 - a5 ", "b3 a5", "b3a5", "b3:a5"])
def test_moves_are_read_leniently(text: str) -> None:
    state = GAME.new_game(["Ann", "Bob"], {"first": 1}, 11)
    assert GAME.parse(state, ANN, text) == Move(sq("b3"), sq("a5"))


def test_short_mix_result_when_only_one_fits() -> None:
    state = GAME.new_game(["Ann", "Bob"], {"first": 1}, 11)
    wanted = Mix(sq("a1"), sq("b1"), stack("2b"), stack("3b-2b"))
    assert GAME.parse(state, ANN, "a1xb1 2/3-2") == wanted
    assert GAME.parse(state, ANN, "A1 x B1  2 / 3-2") == wanted
    assert GAME.parse(state, ANN, "a1*b1 2b/3b-2b") == wanted


def test_colours_settle_an_ambiguous_short_result() -> None:
    state = GAME.new_game(["Ann", "Bob"], {"first": 1}, 11)
    with pytest.raises(AmbiguousMove) as raised:
        GAME.parse(state, ANN, "c1xc4 3-1/2-2")
    assert "`c1xc4 3b-1o/2b-2o`, `c1xc4 3b-1o/2o-2b`" in str(raised.value)
    assert GAME.parse(state, ANN, "c1xc4 3-1/2o-2b") == Mix(
        sq("c1"), sq("c4"), stack("3b-1o"), stack("2o-2b")
    )


def test_a_mix_without_its_result_lists_the_choices_or_takes_the_only_one() -> None:
    state = GAME.new_game(["Ann", "Bob"], {"first": 1}, 11)
    with pytest.raises(AmbiguousMove, match="Which result"):
        GAME.parse(state, ANN, "c1xc4")
    lonely = position(
        """
        . . . . 3o
        . . . . .
        . . . . .
        . 2o-1o . . .
        . 3b . . .
        """
    )
    assert GAME.parse(lonely, ANN, "b1xb2") == Mix(sq("b1"), sq("b2"), stack("2o-1o"), stack("3b"))


def test_the_prefix_of_a_mix_picks_out_its_results() -> None:
    """The bot's follow-up menu: every legal action starting with `c1xc4`."""
    state = GAME.new_game(["Ann", "Bob"], {"first": 1}, 11)
    texts = [GAME.notation(a) for a in GAME.legal_moves(state, ANN)]
    assert [t for t in texts if t.startswith("c1xc4 ")] == [
        "c1xc4 2b-1o/3b-2o",
        "c1xc4 2b-2o/3b-1o",
        "c1xc4 2o-1o/3b-2b",
        "c1xc4 2o-2b/3b-1o",
        "c1xc4 3b-1o/2b-2o",
        "c1xc4 3b-1o/2o-2b",
        "c1xc4 3b-2o/2b-1o",
    ]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("hello", "not an Albiorix action"),
        ("b2", "not an Albiorix action"),
        ("f1-a1", "off the board"),
        ("b2-b2", "another square"),
        ("a1xb1 3-4/1", "1, 2 or 3 pips"),
        ("a1xb1 3r/2b-2b", "colours are"),
        ("a1xb1 3b 2b", "not the result of a mix"),
    ],
)
def test_bad_notation(text: str, message: str) -> None:
    with pytest.raises(BadNotation, match=message):
        GAME.parse(GAME.new_game(["Ann", "Bob"], {"first": 1}, 11), ANN, text)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("c3-c4", "no piece on c3"),
        ("e5-d4", "do not control the Queen 3o on e5"),
        ("a1-c3", "The Queen 3b on a1 cannot reach c3"),
        ("b3-a5 2/2", "a5 is empty"),
        ("a1xb1 2b-2b/3o", r"share out exactly the pyramids of both pieces \(3b 2b 2b\)"),
    ],
)
def test_illegal_actions_are_explained(text: str, message: str) -> None:
    with pytest.raises(IllegalMove, match=message):
        GAME.parse(GAME.new_game(["Ann", "Bob"], {"first": 1}, 11), ANN, text)


def test_not_your_turn_and_game_over() -> None:
    state = GAME.new_game(["Ann", "Bob"], {"first": 1}, 11)
    with pytest.raises(IllegalMove, match="Ann's turn"):
        GAME.parse(state, BOB, "d3-c1")
    over, _ = GAME.resign(state, BOB)
    with pytest.raises(IllegalMove, match="over"):
        GAME.parse(over, ANN, "b3-a5")


# Preview


def test_preview_of_a_square_marks_its_destinations() -> None:
    state = GAME.new_game(["Ann", "Bob"], {"first": 1}, 11)
    view = GAME.preview(state, ANN, " B2 ")
    assert view is not None
    assert view.focus == sq("b2")
    assert {GRID.name(i) for i in view.destinations} == {"a2", "b1", "b3", "c2"}
    soldier = GAME.preview(state, ANN, "b3")
    assert soldier is not None
    assert {GRID.name(i) for i in soldier.destinations} == {"a5", "c5", "d4"}


def test_preview_for_the_player_waiting_uses_their_forward() -> None:
    state = GAME.new_game(["Ann", "Bob"], {"first": 1}, 11)
    view = GAME.preview(state, BOB, "d3")
    assert view is not None
    assert {GRID.name(i) for i in view.destinations} == {"b2", "c1", "e1"}


@pytest.mark.parametrize("text", ["e5", "c3", "b2-b4", "z9", "", "hello"])
def test_no_preview_for_other_texts(text: str) -> None:
    assert GAME.preview(GAME.new_game(["Ann", "Bob"], {"first": 1}, 11), ANN, text) is None


# View and saved state


def test_view_shows_monads_control_and_the_last_action() -> None:
    state = GAME.new_game(["Ann", "Bob"], {"first": 1}, 11)
    view = GAME.view(state, None)
    assert view.monads == ((sq("a1"),), (sq("e5"),))
    assert {GRID.name(i) for i in view.control[ANN]} == {
        "a1",
        "b1",
        "c1",
        "a2",
        "b2",
        "c2",
        "a3",
        "b3",
    }
    assert view.to_move == ANN and view.actors == frozenset({ANN})
    assert view.last is None and view.focus is None and view.destinations == ()
    after, _ = play(state, "c1xc4 3b-1o/2o-2b")
    seen = GAME.view(after, BOB)
    assert seen.last == Played(
        ANN,
        Mix(sq("c1"), sq("c4"), stack("3b-1o"), stack("2o-2b")),
        (stack("3b-2b"), stack("2o-1o")),
    )
    # c4's medium orange is under a blue top: Ann moves it by its top, Bob not at all now.
    assert sq("c4") in seen.control[ANN] and sq("c4") not in seen.control[BOB]
    # c1's large blue under an orange top: both.
    assert sq("c1") in seen.control[ANN] and sq("c1") in seen.control[BOB]
    assert seen.played == 1 and seen.passes == 0 and seen.limit == 500
    assert seen.private == () and seen.buttons == ()


def test_json_round_trip_mid_game() -> None:
    state, _ = play(GAME.new_game(["Ann", "Bob"], {"first": 1}, 11), "c1xc4 3b-1o/2o-2b", "c1-c3")
    data = json.loads(json.dumps(GAME.to_json(state)))
    assert GAME.from_json(data) == state


@pytest.mark.parametrize(
    "damage",
    [
        lambda d: d.update(version=99),
        lambda d: d.pop("board"),
        lambda d: d["board"].__setitem__(0, [[0, 1], [0, 3]]),
        lambda d: d["board"].__setitem__(0, [[2, 3]]),
        lambda d: d["board"].pop(),
    ],
)
def test_damaged_state_is_refused(damage: object) -> None:
    data = GAME.to_json(GAME.new_game(["Ann", "Bob"], {"first": 1}, 11))
    damage(data)  # type: ignore[operator]
    with pytest.raises(BadState):
        GAME.from_json(data)
