"""Ley Lines of Mars: every rule, ruling and worked example of the rule text."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from engine.core import AmbiguousMove, BadNotation, BadState, IllegalMove
from engine.leylines import GAME, LeyLinesState, Piece, Place
from engine.leylines.actions import CAP
from engine.leylines.state import CAP_PIECE, GRID

ANN, BOB = 0, 1
_CODES = {
    ".": None,
    "x": CAP_PIECE,
    **{c: Piece(ANN, n) for n, c in enumerate("sml", start=1)},
    **{c: Piece(BOB, n) for n, c in enumerate("SML", start=1)},
}


def position(diagram: str, to_move: int = ANN, scores: tuple[int, int] = (0, 0)) -> LeyLinesState:
    """A state from a picture of the board, row 6 first: `.` empty, `x` cap, `s m l` Ann's
    pyramids, `S M L` Bob's. Stashes and caps left are what the picture leaves over."""
    rows = [row.split() for row in diagram.strip().splitlines()]
    assert len(rows) == 6 and all(len(row) == 6 for row in rows)
    board: list[Piece | None] = [None] * 36
    for top_row, codes in enumerate(rows):
        for column, code in enumerate(codes):
            board[GRID.index((column, 5 - top_row))] = _CODES[code]
    placed = [p for p in board if p is not None]

    def stash(seat: int) -> tuple[int, int, int]:
        left = [5 - sum(1 for p in placed if p.owner == seat and p.size == n) for n in (1, 2, 3)]
        return left[0], left[1], left[2]

    return LeyLinesState(
        players=("Ann", "Bob"),
        seed=1234,
        board=tuple(board),
        stashes=(stash(ANN), stash(BOB)),
        caps=5 - sum(1 for p in placed if p.is_cap),
        scores=scores,
        to_move=to_move,
    )


def play(state: LeyLinesState, text: str) -> tuple[LeyLinesState, list[str]]:
    seat = state.to_move
    after, events = GAME.apply(state, seat, GAME.parse(state, seat, text))
    return after, [e.text for e in events]


def test_new_game_setup() -> None:
    state = GAME.new_game(["Ann", "Bob"], {"first": 2}, seed=99)
    assert state.to_move == BOB
    assert state.stashes == ((5, 5, 5), (5, 5, 5))
    assert state.caps == 5
    assert all(square is None for square in state.board)
    assert len(GAME.legal_moves(state, BOB)) == 4 * 36
    assert GAME.legal_moves(state, ANN) == []


def test_first_player_is_drawn_from_the_seed() -> None:
    firsts = {GAME.new_game(["Ann", "Bob"], {}, seed).to_move for seed in range(40)}
    assert firsts == {ANN, BOB}
    assert GAME.new_game(["A", "B"], {}, 7).to_move == GAME.new_game(["A", "B"], {}, 7).to_move


def test_filling_one_line_scores_own_pips_only() -> None:
    # a2 holds Bob's medium; Ann's large on b1 fills the two-square line a2-b1.
    # Lines are named from their left end.
    state = position(
        """
        . . . . . .
        . . . . . .
        . . . . . .
        . . . . . .
        M . . . . .
        . . . . . .
        """
    )
    after, said = play(state, "L b1")
    assert after.scores == (3, 0)
    assert after.scored_lines == ((GRID.parse("a2"), GRID.parse("b1")),)
    assert "Line a2-b1 is filled: Ann scores 3." in said
    assert after.to_move == BOB


def test_filling_two_lines_scores_both_and_the_pyramid_twice() -> None:
    # c2 lies on b1-f5 and on a4-d1.
    only_one = position(
        """
        . . . . . .
        . . . . . L
        s . . . l .
        . m . S . .
        . . . . . .
        . m . . . .
        """
    )
    after, said = play(only_one, "M c2")
    # b1-f5: m(2) + M placed (2) + Bob's S + l(3) + Bob's L = 7; a4-d1 is still open at d1.
    assert after.scores == (7, 0)
    assert len(after.scored_lines) == 1
    both = position(
        """
        . . . . . .
        . . . . . L
        s . . . l .
        . m . S . .
        . . . . . .
        . m . S . .
        """
    )
    after, said = play(both, "M c2")
    # b1-f5 scores 7 as above; a4-d1 scores s(1) + m(2) + the placed M(2) = 5.
    assert after.scores == (12, 0)
    assert len(after.scored_lines) == 2
    assert sum("is filled" in line for line in said) == 2


def test_a_cap_bounds_a_line() -> None:
    # The cap on c3 cuts a1-f6: a1-b2 is a line of its own, filled edge to cap.
    state = position(
        """
        . . . . . .
        . . . . . .
        . . . . . .
        . . x . . .
        . L . . . .
        . . . . . .
        """
    )
    after, said = play(state, "S a1")
    assert said[-1] == "Line a1-b2 is filled: Ann scores 1."
    assert after.scores == (1, 0)
    assert after.scored_lines == ((GRID.parse("a1"), GRID.parse("b2")),)


def test_a_line_between_two_caps_scores() -> None:
    state = position(
        """
        . . . . . x
        . . . . . .
        . . . m . .
        . . x . . .
        . . . . . .
        . . . . . .
        """
    )
    after, _ = play(state, "L e5")  # d4-e5 lies between the caps on c3 and f6
    assert after.scores == (5, 0)


def test_a_line_of_one_square_never_scores() -> None:
    # The rule text's example: a corner square is no diagonal. a1 also has a cap beside it on b2.
    state = position(
        """
        . . . . . .
        . . . . . .
        . . . . . .
        . . . . . .
        . x . . . .
        . . . . . .
        """
    )
    after, said = play(state, "L a1")
    assert after.scores == (0, 0)
    assert after.scored_lines == ()
    assert len(said) == 1
    corner = position(
        """
        . . . . . l
        . . . . . .
        . . . . . .
        . . . . . .
        . . . . . .
        . . . . . .
        """
    )
    after, _ = play(corner, "L f1")  # f1's other diagonal runs to a6 and is open
    assert after.scores == (0, 0)


def test_a_cap_that_fills_or_closes_lines_scores_nothing() -> None:
    state = position(
        """
        . . . . . .
        . . . . . .
        l . . . . .
        . l . . . .
        l . l . . .
        . . . . . .
        """
    )
    after, said = play(state, "cap b1")  # fills a2-b1
    assert (after.scores, after.scored_lines, after.caps) == ((0, 0), (), 4)
    after, said = play(state, "cap d1")  # closes a4-c2, now bounded by the cap and full
    assert (after.scores, after.scored_lines) == ((0, 0), ())
    assert len(said) == 1


def test_a_player_without_pyramids_places_caps_then_passes() -> None:
    state = position(
        """
        . . . . . .
        . . . . . .
        . . . . . .
        . . . . . .
        . . . . . .
        . . . . . .
        """,
        to_move=BOB,
    )
    state = replace(state, stashes=((0, 0, 0), (5, 5, 5)), caps=1)
    assert {m.size for m in GAME.legal_moves(replace(state, to_move=ANN), ANN)} == {CAP}
    assert GAME.parse(replace(state, to_move=ANN), ANN, "a1") == Place(CAP, 0)
    with pytest.raises(IllegalMove, match="no large pyramids"):
        GAME.parse(replace(state, to_move=ANN), ANN, "L a1")
    after, said = play(state, "cap a1")  # Bob takes the last cap: Ann has nothing left
    assert after.to_move == BOB
    assert said[-1] == "Ann has nothing left to place and passes."
    after, _ = play(after, "L b1")
    assert after.to_move == BOB


def test_game_ends_after_35_pieces_with_one_empty_square() -> None:
    # Caps are offered last, so they are placed once both stashes are empty.
    state = GAME.new_game(["Ann", "Bob"], {"first": 1}, seed=5)
    while GAME.outcome(state) is None:
        assert state.placed < 35
        seat = state.to_move
        state, _ = GAME.apply(state, seat, GAME.legal_moves(state, seat)[-1])
    assert state.placed == 35
    assert sum(p is None for p in state.board) == 1
    assert state.stashes == ((0, 0, 0), (0, 0, 0)) and state.caps == 0
    assert GAME.actors(state) == frozenset()


def test_more_points_wins_and_equal_points_draw() -> None:
    full = position(
        """
        l l l l l l
        l l l l l l
        l l l l l L
        L L L L L L
        L L L L L L
        L L L L L .
        """,
        scores=(10, 10),
    )
    full = replace(full, stashes=((0, 0, 0), (0, 0, 0)), caps=0)
    # The end is the 35th piece on the board, whatever the pieces are.
    outcome = GAME.outcome(full)
    assert outcome is not None and outcome.is_draw
    assert outcome.scores == (10, 10)
    won = GAME.outcome(replace(full, scores=(12, 10)))
    assert won is not None and won.winners == (ANN,)


def test_resignation_ends_the_game_for_the_other() -> None:
    state = GAME.new_game(["Ann", "Bob"], {"first": 1}, seed=3)
    after, events = GAME.resign(state, BOB)
    assert [e.text for e in events] == ["Bob resigned."]
    outcome = GAME.outcome(after)
    assert outcome is not None and outcome.winners == (ANN,)
    assert "Bob resigned" in outcome.reason
    assert GAME.actors(after) == frozenset()
    with pytest.raises(IllegalMove):
        GAME.resign(after, ANN)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("L c3", Place(3, 14)),
        ("l c3", Place(3, 14)),
        ("c3 L", Place(3, 14)),
        ("Lc3", Place(3, 14)),
        ("large c3", Place(3, 14)),
        ("3 c3", Place(3, 14)),
        ("M a1", Place(2, 0)),
        ("small f6", Place(1, 35)),
        ("cap d4", Place(CAP, 21)),
        ("x d4", Place(CAP, 21)),
        ("  S   b2 ", Place(1, 7)),
    ],
)
def test_notation_accepts_what_people_type(text: str, expected: Place) -> None:
    state = GAME.new_game(["Ann", "Bob"], {"first": 1}, seed=1)
    assert GAME.parse(state, ANN, text) == expected


@pytest.mark.parametrize(
    ("text", "error"),
    [
        ("", BadNotation),
        ("hello", BadNotation),
        ("L", BadNotation),
        ("L c3 M", BadNotation),
        ("L g1", BadNotation),
        ("L a7", BadNotation),
        ("Q c3", BadNotation),
        ("c3", AmbiguousMove),
    ],
)
def test_notation_refuses_what_is_not_a_move(text: str, error: type[Exception]) -> None:
    state = GAME.new_game(["Ann", "Bob"], {"first": 1}, seed=1)
    with pytest.raises(error):
        GAME.parse(state, ANN, text)


def test_wrong_turn_and_taken_square_are_illegal() -> None:
    state = GAME.new_game(["Ann", "Bob"], {"first": 1}, seed=1)
    with pytest.raises(IllegalMove, match="Ann's turn"):
        GAME.parse(state, BOB, "L c3")
    state, _ = play(state, "L c3")
    with pytest.raises(IllegalMove, match="already taken"):
        GAME.parse(state, BOB, "S c3")
    with pytest.raises(IllegalMove):
        GAME.apply(state, BOB, Place(2, 14))


def test_damaged_json_is_reported() -> None:
    state = GAME.new_game(["Ann", "Bob"], {}, seed=1)
    data = GAME.to_json(state)
    with pytest.raises(BadState):
        GAME.from_json({**data, "version": 99})
    with pytest.raises(BadState):
        GAME.from_json({**data, "board": [[0, 7]] * 36})
    with pytest.raises(BadState):
        GAME.from_json(json.loads('{"version": 1}'))


def test_c_is_a_cap_and_one_point_is_singular() -> None:
    from engine.leylines.notation import points_words

    state = GAME.new_game(["Ann", "Bob"], {"first": 1}, 1)
    assert GAME.notation(GAME.parse(state, 0, "c d4")) == "cap d4"
    assert GAME.parse(state, 0, "d4 c") == GAME.parse(state, 0, "cap d4")
    assert points_words(1) == "1 point" and points_words(0) == "0 points"


def test_refusals_name_the_rule() -> None:
    state = GAME.new_game(["Ann", "Bob"], {"first": 1}, seed=1)
    with pytest.raises(IllegalMove, match="No Volcano cap is left"):
        GAME.parse(replace(state, caps=0), ANN, "cap c3")
    state, _ = play(state, "L c3")
    with pytest.raises(IllegalMove, match="a piece goes on an empty square"):
        GAME.parse(state, BOB, "S c3")
    over, _ = GAME.resign(state, BOB)
    with pytest.raises(IllegalMove, match="The game is over"):
        GAME.parse(over, ANN, "S d4")
