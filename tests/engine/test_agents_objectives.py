"""Agents of M.A.R.S. objectives: setting them secretly, dealt, Blind Agents, reveal-and-swap
and its limit in both forms, notation, and that no secret leaks into anything public."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine.agents import GAME, Draw, Place, Reveal, SetObjectives, Shift, Swap
from engine.agents.variants import BLACK, Pyramid
from engine.core import BadNotation, IllegalMove
from render.agents import describe_agents
from tests.engine.test_agents_support import ANN, BOB, empty, moves_of, play, position, random_game

SECRET = "objectives red=2 green=1 blue=0 yellow=-1"


def test_objectives_are_set_by_a_hidden_move_and_play_then_begins() -> None:
    state = GAME.new_game(["Ann", "Bob"], {"first": 2}, seed=8)
    move = GAME.parse(state, ANN, SECRET)
    assert move == SetObjectives((2, 1, 0, -1))
    assert GAME.hidden(move) and not GAME.hidden(Draw())
    state, events = GAME.apply(state, ANN, move)
    assert [e.text for e in events if e.to is None] == ["Ann has set their objectives."]
    assert [e.to for e in events if e.to is not None] == [ANN]
    assert GAME.actors(state) == {BOB}
    with pytest.raises(IllegalMove, match="waiting"):
        GAME.parse(state, ANN, "objectives red=1 green=2 blue=0 yellow=-1")
    assert GAME.view(state, None).objectives_set == (True, False)
    assert GAME.view(state, None).objectives == ((None,) * 4, (None,) * 4)
    state, events = GAME.apply(state, BOB, GAME.parse(state, BOB, "objectives y=2 b=1 g=0 r=-1"))
    assert events[-1].text == "Both objectives are set. Bob plays first."
    assert GAME.actors(state) == {BOB}
    assert state.objectives == ((2, 1, 0, -1), (-1, 0, 1, 2))
    secret = "Your secret objectives: red -1, green 0, blue 1, yellow 2."
    assert GAME.view(state, BOB).private[0] == secret


def test_objectives_must_use_each_value_once() -> None:
    state = GAME.new_game(["Ann", "Bob"], {}, seed=8)
    with pytest.raises(IllegalMove, match="each value once"):
        GAME.parse(state, ANN, "objectives red=2 green=2 blue=0 yellow=-1")
    with pytest.raises(BadNotation):
        GAME.parse(state, ANN, "objectives red=2 green=1 blue=0")
    with pytest.raises(BadNotation):
        GAME.parse(state, ANN, "objectives red=2 red=1 blue=0 yellow=-1")
    with pytest.raises(IllegalMove, match="First both players"):
        GAME.parse(state, ANN, "draw")


def test_objective_moves_narrow_token_by_token() -> None:
    state = GAME.new_game(["Ann", "Bob"], {"colours": 5, "fifth": -2}, seed=8)
    texts = [GAME.notation(m) for m in GAME.legal_moves(state, ANN)]
    assert len(texts) == 120 and texts[0] == "objectives red=2 green=1 blue=0 yellow=-1 purple=-2"
    after_red = {t.split()[2] for t in texts if t.split()[1] == "red=2"}
    assert after_red == {"green=1", "green=0", "green=-1", "green=-2"}


def test_dealt_objectives_are_two_different_assignments_from_the_seed() -> None:
    for seed in range(20):
        state = GAME.new_game(["Ann", "Bob"], {"dealt": True}, seed)
        first, second = state.objectives
        assert first is not None and second is not None and first != second
        assert sorted(first) == sorted(second) == [-1, 0, 1, 2]
        assert GAME.actors(state) == {state.first}
        assert GAME.view(state, ANN).private[0] == (
            "Your secret objectives: "
            + ", ".join(f"{c} {v}" for c, v in zip(state.rules.palette, first, strict=True))
            + "."
        )
    same = GAME.new_game(["Ann", "Bob"], {"dealt": True}, 4)
    assert same.objectives == GAME.new_game(["Ann", "Bob"], {"dealt": True}, 4).objectives


def test_reveal_and_swap_is_its_own_move_before_the_action() -> None:
    state = empty()
    state, events = play(state, "reveal red yellow")
    assert events[0].text == (
        "Ann revealed their red and yellow objectives and swapped them: red is now -1, yellow 2."
    )
    assert state.objectives[ANN] == (-1, 1, 0, 2)
    assert GAME.actors(state) == {ANN}
    public = GAME.view(state, None)
    assert public.objectives[ANN] == (-1, None, None, 2)
    assert public.revealed[ANN] == (True, False, False, True)
    assert not any(m.startswith("reveal") for m in moves_of(state))
    with pytest.raises(IllegalMove, match="already revealed"):
        GAME.parse(state, ANN, "reveal green blue")
    state, _ = play(state, "draw", "a1")
    # Bob's turn: he may reveal; Ann's revealed values stay public
    assert "reveal red green" in moves_of(state)
    assert GAME.view(state, None).objectives[ANN] == (-1, None, None, 2)
    state, _ = play(state, "draw", "b1", "reveal green red")
    assert GAME.view(state, None).objectives[ANN] == (1, -1, None, 2)


def _blacks(count: int) -> str:
    row = " ".join(["k1"] * count + ["."] * (7 - count))
    return "\n".join([row] + [". . . . . . ."] * 7)


def test_reveal_limit_fewer_than_four_black_on_the_board() -> None:
    three = position(_blacks(3))
    assert "reveal red blue" in moves_of(three) and GAME.view(three, None).swap_open
    four = position(_blacks(4))
    assert not any(m.startswith("reveal") for m in moves_of(four))
    view = GAME.view(four, None)
    assert view.black_on_board == 4 and not view.swap_open
    with pytest.raises(IllegalMove, match="4 black pyramids"):
        GAME.parse(four, ANN, "reveal red blue")


def test_black_trio_limit_counts_what_left_the_bag() -> None:
    four = position(_blacks(4), trio=True)
    assert "reveal red blue" in moves_of(four)  # four small blacks are not a trio
    trio = position("k1 k2 . . . . .\n" + "\n".join([". . . . . . ."] * 7), trio=True)
    assert "reveal red blue" in moves_of(trio)
    rules = trio.rules
    bag = tuple(
        n - (kind == Pyramid(BLACK, 3)) for kind, n in zip(rules.kinds, trio.bag, strict=True)
    )
    drawn = replace(trio, bag=bag)  # the black large is out of the bag (drawn, held elsewhere)
    assert not GAME.view(drawn, None).swap_open
    assert not any(m.startswith("reveal") for m in moves_of(drawn))
    with pytest.raises(IllegalMove, match="black trio"):
        GAME.parse(drawn, ANN, "reveal red blue")


def test_blind_agents_set_see_and_swap_the_opponents_objectives() -> None:
    state = GAME.new_game(["Ann", "Bob"], {"blind": True, "first": 1}, seed=2)
    state, events = play(state, SECRET)
    assert events[0].text == "Ann has set Bob's objectives."
    assert events[1].to == ANN
    assert state.objectives == (None, (2, 1, 0, -1))
    assert GAME.view(state, BOB).objectives[BOB] == (None,) * 4
    assert GAME.view(state, ANN).objectives[BOB] == (2, 1, 0, -1)
    state, _ = GAME.apply(state, BOB, GAME.parse(state, BOB, "objectives r=-1 g=0 b=1 y=2"))
    ann = GAME.view(state, ANN)
    assert ann.objectives == ((None,) * 4, (2, 1, 0, -1))
    assert ann.projected == (BOB, 0)
    assert ann.private == (
        "Bob's secret objectives (hidden from Bob): red 2, green 1, blue 0, yellow -1.",
        "Your own objectives are hidden from you; Bob sees them.",
        "If the game ended now Bob would score 0 points.",
    )
    state, events = play(state, "reveal red green")
    assert events[0].text.startswith("Ann revealed Bob's red and green objectives")
    assert state.objectives[BOB] == (1, 2, 0, -1)
    assert GAME.view(state, BOB).objectives[BOB] == (1, 2, None, None)


def test_blind_and_dealt_deal_to_the_opponent() -> None:
    state = GAME.new_game(["Ann", "Bob"], {"blind": True, "dealt": True}, seed=2)
    bob_holds = state.objectives[BOB]
    assert GAME.view(state, ANN).objectives[BOB] == bob_holds
    assert GAME.view(state, BOB).objectives[BOB] == (None,) * 4


SMALL = "\n".join(
    [". . . . . . ."] * 4 + [". . . y1 . . .", ". . . g2 . . ."] + [". . . . . . ."] * 2
)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("draw", Draw()),
        (" DRAW ", Draw()),
        ("d", Draw()),
        ("move d4 d5", Shift((3, 3), (3, 4))),
        ("d4 d5", Shift((3, 3), (3, 4))),
        ("d4-d5", Shift((3, 3), (3, 4))),
        ("mv d4 to d5", Shift((3, 3), (3, 4))),
        ("swap d4 d3", Swap((3, 2), (3, 3))),
        ("d4 d3", Swap((3, 2), (3, 3))),
        ("x d3 d4", Swap((3, 2), (3, 3))),
        ("reveal yellow red", Reveal(0, 3)),
        ("reveal y, r", Reveal(0, 3)),
    ],
)
def test_notation_accepts_what_people_type(text: str, expected: object) -> None:
    state = position(SMALL)
    assert GAME.parse(state, ANN, text) == expected


@pytest.mark.parametrize(
    ("text", "error"),
    [
        ("", BadNotation),
        ("fly", BadNotation),
        ("move d4", BadNotation),
        ("move d4 d4", BadNotation),
        ("move d4 z9", BadNotation),
        ("reveal red", BadNotation),
        ("reveal red orange", BadNotation),
        ("place d4", IllegalMove),
        ("move d4 d6", IllegalMove),
        ("swap d4 d5", IllegalMove),
    ],
)
def test_notation_refuses_what_is_not_a_move(text: str, error: type[Exception]) -> None:
    state = position(SMALL)
    with pytest.raises(error):
        GAME.parse(state, ANN, text)


def test_placing_takes_a_bare_square_after_a_draw() -> None:
    state, _ = play(empty(), "draw")
    assert GAME.parse(state, ANN, "e5") == Place((4, 4))
    assert GAME.parse(state, ANN, "put e5") == Place((4, 4))
    with pytest.raises(BadNotation):
        GAME.parse(state, ANN, "place e5 e6")


OPTION_SETS = [
    {},
    {"dealt": True},
    {"blind": True},
    {"blind": True, "dealt": True},
    {"colours": 5},
    {"colours": 5, "fifth": -2, "dealt": True},
    {"trio": True, "biggest": True},
    {"groupsize": True, "nocenter": True, "blind": True},
    {"biggest": True, "groupsize": True, "dealt": True},
]


@pytest.mark.parametrize("seed", range(36))
def test_no_secret_reaches_a_public_view_event_or_alt_text(seed: int) -> None:
    options = OPTION_SETS[seed % len(OPTION_SETS)]
    steps = random_game(10_000 + seed, options)
    for state, _, move, events in steps:
        public = GAME.view(state, None)
        assert public.private == () and public.projected is None
        for owner in (0, 1):
            for colour, value in enumerate(public.objectives[owner]):
                secret = not state.over and colour not in state.revealed[owner]
                assert value is None or not secret, "a secret objective is in the public view"
                assert public.revealed[owner][colour] == (not secret)
        said = [e.text for e in events if e.to is None]
        if isinstance(move, SetObjectives):
            assert len(said) in (1, 2) and "has set" in said[0]
            assert all("=" not in text and " 2," not in text for text in said)
        alt = describe_agents(public)
        shown = repr(public) + " ".join(said) + alt
        assert str(state.seed) not in shown
        for seat in (0, 1):
            for line in GAME.view(state, seat).private:
                assert line not in shown
    final = steps[-1][0]
    assert GAME.outcome(final) is not None
    assert GAME.view(final, None).objectives == final.objectives
