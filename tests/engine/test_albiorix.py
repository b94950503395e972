"""Albiorix: every rule, ruling and worked example of the rule text."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine.albiorix import GAME, Draw, Mix, Move
from engine.albiorix.pieces import GRID, Pyramid, recombinations
from engine.core import IllegalMove
from tests.engine.test_albiorix_positions import (
    ANN,
    BOB,
    SETUP,
    board_actions,
    names,
    play,
    position,
    reached,
    sq,
    stack,
)

# Set-up and turns


def test_new_game_sets_up_both_corners() -> None:
    state = GAME.new_game(["Ann", "Bob"], {"first": 1}, seed=5)
    assert state.board == position(SETUP).board
    pieces = [s for s in state.board if s is not None]
    assert len(pieces) == 16
    assert sum(len(s.pyramids) for s in pieces) == 30
    assert state.board[sq("a1")] == stack("3b")
    assert state.board[sq("e5")] == stack("3o")
    assert state.to_move == ANN
    assert GAME.legal_moves(state, BOB) == []


def test_each_stash_is_five_of_each_size() -> None:
    pyramids = [p for s in position(SETUP).board if s is not None for p in s.pyramids]
    for seat in (ANN, BOB):
        for size in (1, 2, 3):
            assert pyramids.count(Pyramid(seat, size)) == 5


def test_first_player_is_drawn_from_the_seed_or_chosen() -> None:
    firsts = {GAME.new_game(["Ann", "Bob"], {}, seed).to_move for seed in range(40)}
    assert firsts == {ANN, BOB}
    assert GAME.new_game(["Ann", "Bob"], {"first": 2}, 1).to_move == BOB


@pytest.mark.parametrize("first", [1, 2])
def test_perft_from_the_start(first: int) -> None:
    """Legal actions from the set-up: 72 for the first player (6 moves, 66 mixes), and 5682
    replies in all; the same whichever seat starts, since the set-up is symmetric."""
    state = GAME.new_game(["Ann", "Bob"], {"first": first}, 5)
    seat = state.to_move
    actions = board_actions(state, seat)
    assert len(actions) == 72
    assert sum(isinstance(a, Move) for a in actions) == 6
    replies = 0
    for action in actions:
        after, _ = GAME.apply(state, seat, action)
        replies += len(board_actions(after, after.to_move))
    assert replies == 5682


# Movement: the Soldier diagram of the rule text

SOLDIER = """
    . . . . 3o
    . . . . .
    . 2b-1b . . .
    . . . . .
    . . . . 3b
"""


def test_soldier_diagram_three_destinations_three_refused() -> None:
    moves, mixes = reached(position(SOLDIER), "b3")
    assert moves == names("a5 c5 d4")
    assert not mixes
    assert not moves & names("d2 a1 c1")


def test_soldier_moved_by_the_second_player_advances_downwards() -> None:
    state = position(SOLDIER.replace("2b-1b", "2o-1o"), to_move=BOB)
    assert reached(state, "b3") == (names("a1 c1 d2"), set())


def test_soldier_jumps_over_pieces_and_mixes_where_it_lands() -> None:
    state = position(
        """
        . . 1o-1o . 3o
        . 2o-2o 1o-1o . .
        . 2b-1b 2o-1o . .
        . . . . .
        . . . . 3b
        """
    )
    assert reached(state, "b3") == (names("a5 d4"), names("c5"))


# Movement: every piece on an open board and among blockers


def test_general_rides_orthogonals_and_forward_diagonals_only() -> None:
    state = position(
        """
        . . . . .
        . . . . .
        . . 3b-3b . .
        . . . . .
        3b . . . 3o
        """
    )
    moves, mixes = reached(state, "c3")
    assert moves == names("c1 c2 c4 c5 a3 b3 d3 e3 b4 a5 d4 e5")
    assert not mixes


def test_general_stops_at_the_first_piece_and_may_mix_with_it() -> None:
    state = position(
        """
        . . 2o-1o . 3o
        . . 1o-1o . .
        2b-1b . 3b-3b . .
        . . . . .
        3b . . . .
        """
    )
    moves, mixes = reached(state, "c3")
    assert moves == names("c1 c2 b3 d3 e3 b4 a5 d4")
    assert mixes == names("a3 c4 e5")


def test_general_moved_by_the_second_player_rides_its_forward_diagonals() -> None:
    state = position(
        """
        . . . . 3o
        . . . . .
        . . 3o-3o . .
        . . . . .
        3b . . . .
        """,
        to_move=BOB,
    )
    moves, _ = reached(state, "c3")
    assert moves == names("c1 c2 c4 c5 a3 b3 d3 e3 b2 d2 e1")
    assert "a1" not in moves


def test_diplomat_on_an_open_board_has_nowhere_to_go() -> None:
    state = position(
        """
        . . . . 3o
        . . . . .
        . . 3b-2b . .
        . . . . .
        3b . . . .
        """
    )
    assert reached(state, "c3") == (set(), set())


def test_diplomat_screen_rule() -> None:
    """It must jump exactly one piece (empty squares before it allowed), then stops on any empty
    square beyond or mixes with the next piece met, no farther."""
    state = position(
        """
        . . 2o-1o 1o-1o 3o
        . . 1o-1o . .
        . . . . .
        . 1b-1b . . .
        3b-3b . 3b-2b . 3b
        """
    )
    moves, mixes = reached(state, "c1")
    # Up-left: screen b2, then a3 is empty (the board ends). Up-right: d2, e3 empty, no screen.
    # Forward: c2, c3 empty, screen c4, then c5 is the next piece: a mix, and nothing beyond.
    assert moves == names("a3")
    assert mixes == names("c5")


def test_diplomat_cannot_jump_two_pieces() -> None:
    state = position(
        """
        . . . . 3o
        . . 1o-1o . .
        . . 2o-1o . .
        . . . . .
        3b . 3b-2b . .
        """
    )
    # c3 is the screen, c4 the next piece: a mix there; c5 beyond it is out of reach.
    assert reached(state, "c1") == (set(), names("c4"))


def test_bureaucrat_up_to_three_orthogonal_steps_never_home() -> None:
    state = position(
        """
        . . . . 3o
        . . . . .
        . . 2b-2b . .
        . . . . .
        3b . . . .
        """
    )
    moves, mixes = reached(state, "c3")
    expected = {
        GRID.name(i)
        for i in range(25)
        if 1 <= abs(GRID.square(i)[0] - 2) + abs(GRID.square(i)[1] - 2) <= 3
    }
    assert moves == expected and len(moves) == 20
    assert not mixes
    assert "c3" not in moves


def test_bureaucrat_cannot_pass_through_pieces() -> None:
    state = position(
        """
        . . . . 3o
        . . . . .
        . . . . .
        . 1o-1o . . .
        2b-2b 3b-1b . . 3b
        """
    )
    moves, mixes = reached(state, "a1")
    assert moves == names("a2 a3 a4 b3")
    assert mixes == names("b1 b2")
    assert not moves & names("c1 c2")


def test_dancer_two_diagonal_steps_turning_at_will() -> None:
    state = position(
        """
        . . . . 3o
        . 2o-1o . . .
        . . 3b-1b . .
        . . . . .
        3b . . . .
        """
    )
    moves, mixes = reached(state, "c3")
    # b4 is entered only as a last step, so a5 (beyond it) is out; c5 comes by d4.
    assert moves == names("b2 d2 d4 c1 e1 a3 e3 c5")
    assert mixes == names("a1 b4 e5")


def test_artist_one_step_or_two_forward_through_an_empty_square() -> None:
    open_board = position(
        """
        . . . . 3o
        . . . . .
        . . . . .
        . . 1b-1b . .
        3b . . . .
        """
    )
    assert reached(open_board, "c2") == (names("b2 d2 c1 c3 c4"), set())
    blocked = position(
        """
        . . . . 3o
        . . . . .
        . . 2o-1o . .
        . . 1b-1b . .
        3b . . . .
        """
    )
    assert reached(blocked, "c2") == (names("b2 d2 c1"), names("c3"))
    beyond = position(
        """
        . . . . 3o
        . . 2o-1o . .
        . . . . .
        . . 1b-1b . .
        3b . . . .
        """
    )
    assert reached(beyond, "c2") == (names("b2 d2 c1 c3"), names("c4"))


def test_monads_step_one_square_any_way() -> None:
    state = position(
        """
        . . . . 3o
        . . . . .
        . . 2b . .
        . 1o-1o . . .
        . . . . .
        """
    )
    assert reached(state, "c3") == (names("b3 d3 b4 c4 d4 c2 d2"), names("b2"))


# Control


def test_control_by_top_colour_and_by_a_monad_match_under_the_opponents_top() -> None:
    state = position(
        """
        . . . . 3o
        . . . . .
        . 3b-1o 2b-1o . .
        . . . . .
        3b . . . .
        """
    )
    ann = {GRID.name(a.origin) for a in board_actions(state, ANN)}
    # b3 holds a large blue pyramid like Ann's Queen under an orange top; c3's medium blue
    # matches no Monad of hers.
    assert ann == names("a1 b3")
    bob_turn = replace(state, to_move=BOB)
    assert {GRID.name(a.origin) for a in board_actions(bob_turn, BOB)} == names("b3 c3 e5")


def test_both_players_may_move_the_same_piece_each_forward() -> None:
    state = position(
        """
        . . . . .
        . . . . .
        . . 2o-1b . .
        . . . . .
        2o 3b . . .
        """
    )
    # Ann controls c3 by its blue top, Bob by its medium orange like his Regent on a1.
    assert reached(state, "c3") == (names("a4 b5 d5 e4"), set())
    bob_turn = replace(state, to_move=BOB)
    assert reached(bob_turn, "c3") == (names("a2 d1 e2"), names("b1"))


def test_a_piece_nobody_matches_is_moved_by_its_top_colour_only() -> None:
    state = position(
        """
        . . . . 3o
        . . . . .
        . . 2o-1b . .
        . . . . .
        3b . . . .
        """,
        to_move=BOB,
    )
    assert sq("c3") not in {a.origin for a in board_actions(state, BOB)}
    with pytest.raises(IllegalMove, match="do not control"):
        GAME.parse(state, BOB, "c3-d1")


# Mixing


def test_mix_of_two_monads_can_only_swap_them() -> None:
    assert recombinations(stack("3b"), stack("2o")) == ((stack("2o"), stack("3b")),)
    assert recombinations(stack("3b"), stack("3b")) == ()


def test_mix_of_three_pyramids_has_five_results() -> None:
    results = recombinations(stack("3b"), stack("2o-1o"))
    assert len(results) == 5
    assert (stack("3b"), stack("2o-1o")) not in results
    assert (stack("2o-1o"), stack("3b")) in results
    assert (stack("1o"), stack("3b-2o")) in results


def test_mix_of_four_pyramids_counts() -> None:
    assert len(recombinations(stack("2b-1b"), stack("2o-1o"))) == 11
    # Identical pyramids give fewer distinct pieces.
    assert len(recombinations(stack("3b-3b"), stack("2o-1o"))) == 3
    assert len(recombinations(stack("1b-1b"), stack("1b-1b"))) == 0


def test_top_never_larger_than_bottom() -> None:
    for here, there in recombinations(stack("3b-1b"), stack("2o-1o")):
        for piece in (here, there):
            assert piece.top is None or piece.top.size <= piece.bottom.size


MIXING = """
    . . . . 3o
    . . . . .
    . . 2o-1o . .
    . . . . .
    . 2b-1b . . 3b
"""


def test_mix_of_four_pyramids_on_the_board() -> None:
    state = position(MIXING)
    mixes = [a for a in board_actions(state, ANN) if isinstance(a, Mix)]
    assert len([m for m in mixes if m.origin == sq("b1")]) == 11
    after, events = play(state, "b1xc3 2b-1o/2o-1b")
    assert after.board[sq("b1")] == stack("2b-1o")
    assert after.board[sq("c3")] == stack("2o-1b")
    assert after.to_move == BOB
    assert events == [
        "Ann mixed the Soldier 2b-1b on b1 with the Soldier 2o-1o on c3: now 2b-1o on b1 "
        "and 2o-1b on c3."
    ]


def test_rebuilding_the_originals_only_with_places_exchanged() -> None:
    state = position(MIXING)
    assert GAME.parse(state, ANN, "b1xc3 2o-1o/2b-1b") == Mix(
        sq("b1"), sq("c3"), stack("2o-1o"), stack("2b-1b")
    )
    with pytest.raises(IllegalMove, match="A mix must change the board"):
        GAME.parse(state, ANN, "b1xc3 2b-1b/2o-1o")
    with pytest.raises(IllegalMove, match="top pyramid is never larger"):
        GAME.parse(state, ANN, "b1xc3 1b-2b/2o-1o")


def test_a_mix_may_not_leave_the_mover_without_a_monad() -> None:
    state = position(
        """
        . . . . 3o
        . . . . .
        . . . . .
        . 2o-1o . . .
        . 3b . . .
        """
    )
    mixes = {GAME.notation(a) for a in board_actions(state, ANN) if isinstance(a, Mix)}
    # Of the five results of 3b with 2o-1o only the swap leaves Ann a Monad.
    assert mixes == {"b1xb2 2o-1o/3b"}
    with pytest.raises(IllegalMove, match="would leave you without a Monad"):
        GAME.parse(state, ANN, "b1xb2 3b-2o/1o")


def test_a_mix_may_leave_the_opponent_without_a_monad() -> None:
    state = position(
        """
        . . . . .
        . . . . .
        . . . . .
        . . 3o . .
        . 3b-1b . . 2b
        """
    )
    after, events = play(state, "b1xc2 3b-3o/1b")
    assert after.board[sq("b1")] == stack("3b-3o")
    assert events[-1] == "Bob has no Monad left and must mix one back this turn, or lose."
    assert GAME.outcome(after) is None


def test_a_player_without_a_monad_may_still_move_but_then_loses() -> None:
    state = position(
        """
        . . . . .
        . . 3o-3o . .
        . . . . .
        . 1b . . .
        . . . . 2b
        """,
        to_move=BOB,
    )
    moves = board_actions(state, BOB)
    assert moves and all(isinstance(m, Move) for m in moves)
    after, events = play(state, "c4-c3")
    assert GAME.outcome(after) is not None
    assert GAME.outcome(after).winners == (ANN,)  # type: ignore[union-attr]
    assert events[-1] == "Ann wins: Ann began a turn holding both Monads."
    assert GAME.actors(after) == frozenset()


def test_a_player_without_a_monad_may_mix_one_back() -> None:
    state = position(
        """
        . . . . .
        . . 3o-3o . .
        . . 1b . .
        . . . . .
        . . . . 2b
        """,
        to_move=BOB,
    )
    mixes = {GAME.notation(a) for a in board_actions(state, BOB) if isinstance(a, Mix)}
    assert mixes == {"c4xc3 3o/3o-1b", "c4xc3 3o-1b/3o"}
    after, _ = play(state, "c4xc3 3o/3o-1b")
    assert GAME.outcome(after) is None
    assert after.to_move == ANN


# The win, passing and the move limit


def test_win_at_the_start_of_a_turn_with_both_monads() -> None:
    diagram = """
        . . . . .
        . . . . .
        . . . . .
        . 1b . . .
        . 3b-3o . . 2b
    """
    # Bob, to move without a Monad, may still play; Ann beginning her turn so has won.
    assert GAME.outcome(position(diagram, to_move=BOB)) is None
    outcome = GAME.outcome(position(diagram, to_move=ANN))
    assert outcome is not None and outcome.winners == (ANN,)
    assert outcome.reason == "Ann began a turn holding both Monads"


def test_a_player_with_no_legal_action_passes_and_the_opponent_wins() -> None:
    state = position(
        """
        . . . . .
        . . . . .
        . . . . .
        . . 3o . .
        . 3b-1b . . 2b
        """
    )
    # Ann takes Bob's only Monad into a piece with a blue top: Bob controls nothing and passes.
    after, events = play(state, "b1xc2 3o-1b/3b")
    assert events[-3:] == [
        "Bob has no Monad left and must mix one back this turn, or lose.",
        "Bob has no legal action and passes.",
        "Ann wins: Ann began a turn holding both Monads.",
    ]
    assert after.passes == 1


def test_two_passes_in_a_row_are_a_draw() -> None:
    state = replace(position(SOLDIER), passes=2)
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.is_draw
    assert outcome.reason == "both players passed in a row"


def test_the_move_limit_draws_the_game() -> None:
    state = replace(position(SOLDIER, limit=20), played=19)
    after, events = play(state, "b3-c5")
    outcome = GAME.outcome(after)
    assert outcome is not None and outcome.is_draw
    assert events[-1] == "The game is drawn: the limit of 20 moves and mixes was reached."


def test_the_limit_is_a_table_option() -> None:
    assert GAME.new_game(["A", "B"], {}, 1).limit == 500
    assert GAME.new_game(["A", "B"], {"limit": 60}, 1).limit == 60


def test_resignation_hands_the_win_over() -> None:
    state = GAME.new_game(["Ann", "Bob"], {"first": 1}, 3)
    after, events = GAME.resign(state, ANN)
    outcome = GAME.outcome(after)
    assert outcome is not None and outcome.winners == (BOB,)
    assert events[0].text == "Ann resigned."
    with pytest.raises(IllegalMove):
        GAME.resign(after, BOB)


# Repetition

REPEAT = """
    . . . . 2o
    . . . . .
    . . 2b-2o . .
    . . 2o-2b . .
    2b . . . .
"""
"""Two Bureaucrats both players may move: each holds a medium pyramid like each one's Regent."""


def test_a_reversed_move_may_not_be_repeated_at_once() -> None:
    state, _ = play(position(REPEAT), "c3-c4", "c4-c3")
    banned = Move(sq("c3"), sq("c4"))
    assert banned not in GAME.legal_moves(state, ANN)
    with pytest.raises(IllegalMove, match="may not repeat `c3-c4`: Bob just reversed it"):
        GAME.parse(state, ANN, "c3-c4")
    # A different action is fine; the ban covers only the action just reversed.
    state, _ = play(state, "c3-c5", "c5-c3")
    assert Move(sq("c3"), sq("c5")) not in GAME.legal_moves(state, ANN)
    assert banned in GAME.legal_moves(state, ANN)


def test_a_reversed_mix_may_not_be_repeated_at_once() -> None:
    start = position(REPEAT)
    state, _ = play(start, "c3xc2 2o-2b/2b-2o", "c3xc2 2b-2o/2o-2b")
    assert state.board == start.board
    with pytest.raises(IllegalMove, match="may not repeat"):
        GAME.parse(state, ANN, "c3xc2 2o-2b/2b-2o")
    assert GAME.parse(state, ANN, "c3xc2 2b-2b/2o-2o")


def test_the_mirror_image_of_a_banned_mix_is_banned_too() -> None:
    """Ruling: the same two pieces made by the piece on the other square rebuild the same
    position, so they count as the same repetition."""
    start = position(REPEAT)
    state, _ = play(start, "c3xc2 2o-2b/2b-2o", "c3xc2 2b-2o/2o-2b")
    mirror = Mix(sq("c2"), sq("c3"), stack("2b-2o"), stack("2o-2b"))
    assert mirror not in GAME.legal_moves(state, ANN)
    with pytest.raises(IllegalMove, match="same two pieces as `c3xc2 2o-2b/2b-2o` from the other"):
        GAME.parse(state, ANN, "c2xc3 2b-2o/2o-2b")
    assert GAME.parse(state, ANN, "c2xc3 2b-2b/2o-2o")


def test_the_ban_needs_an_exact_reversal() -> None:
    state, _ = play(position(REPEAT), "c3xc2 2o-2b/2b-2o", "c3xc2 2b-2b/2o-2o")
    assert GAME.parse(state, ANN, "c3xc2 2o-2b/2b-2o")
    state, _ = play(position(REPEAT), "c3-c4", "e5-e4")
    assert Move(sq("c4"), sq("c3")) in GAME.legal_moves(state, ANN)


def test_apply_refuses_illegal_actions_and_other_seats() -> None:
    state = GAME.new_game(["Ann", "Bob"], {"first": 1}, 3)
    with pytest.raises(IllegalMove):
        GAME.apply(state, BOB, Move(sq("e3"), sq("e2")))
    with pytest.raises(IllegalMove):
        GAME.apply(state, ANN, Move(sq("a1"), sq("c3")))
    with pytest.raises(IllegalMove):
        GAME.apply(state, ANN, Move(sq("e5"), sq("d4")))


def test_a_piece_may_mix_with_its_own_side() -> None:
    state = GAME.new_game(["Ann", "Bob"], {"first": 1}, 3)
    after, _ = play(state, "a1xb1 2b/3b-2b")
    assert after.board[sq("a1")] == stack("2b")
    assert after.board[sq("b1")] == stack("3b-2b")


def test_a_three_action_game_ends_in_a_win() -> None:
    """Ann's General mixes with Bob's Diplomat and leaves him one with an orange top; Bob's new
    Diplomat hops a2 and mixes with Ann's Queen, keeping a Regent of his own; Ann, with no
    Monad, could mix one back but only moves, so Bob begins his turn holding both Monads."""
    state = GAME.new_game(["Ann", "Bob"], {"first": 1}, 3)
    state, _ = play(state, "a3xc5 3o-2o/3b-3b")
    state, events = play(state, "a3xa1 3b-3o/2o")
    assert events[-1] == "Ann has no Monad left and must mix one back this turn, or lose."
    rebuilds = [a for a in board_actions(state, ANN) if isinstance(a, Mix)]
    # Each mix open to Ann must give her a Monad back.
    assert rebuilds
    for mix in rebuilds:
        assert any(s.is_monad and s.bottom.colour == ANN for s in (mix.at_origin, mix.at_target))
    state, events = play(state, "c5-a5")
    assert events[-1] == "Bob wins: Bob began a turn holding both Monads."
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == (BOB,)


# Draw offers


def test_a_draw_offered_and_accepted_ends_the_game() -> None:
    state = position(REPEAT)
    assert Draw("offer") in GAME.legal_moves(state, ANN)
    assert GAME.parse(state, ANN, "draw?") == Draw("offer")
    assert GAME.notation(Draw("offer")) == "draw?"
    state, said = GAME.apply(state, ANN, Draw("offer"))
    assert [e.text for e in said] == [
        "Ann offers a draw; Bob may accept or decline it on their turn."
    ]
    assert GAME.actors(state) == {ANN}, "offering does not end the turn"
    assert Draw("offer") not in GAME.legal_moves(state, ANN), "one offer at a time"
    with pytest.raises(IllegalMove, match="waiting for an answer"):
        GAME.parse(state, ANN, "draw?")
    state, _ = play(state, "c3-c4")
    view = GAME.view(state, None)
    assert view.buttons == ("accept draw", "decline draw") and view.draw_offer == ANN
    assert GAME.parse(state, BOB, "accept draw") == Draw("accept")
    state, said = GAME.apply(state, BOB, Draw("accept"))
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.is_draw
    assert [e.text for e in said][-1] == "The game is drawn: the players agreed to a draw."
    offered, _ = GAME.apply(GAME.new_game(["Ann", "Bob"], {"first": 1}, 3), ANN, Draw("offer"))
    assert GAME.from_json(GAME.to_json(offered)) == offered


def test_a_declined_or_ignored_draw_offer_lapses() -> None:
    state, _ = play(position(REPEAT), "draw?", "c3-c4")
    declined, said = GAME.apply(state, BOB, Draw("decline"))
    assert said[0].text == "Bob declined the draw." and declined.draw_offer is None
    assert GAME.actors(declined) == {BOB}, "Bob still moves"
    assert Draw("offer") in GAME.legal_moves(declined, BOB)
    ignored, said = play(state, "c4-c3")
    assert "Ann's draw offer lapsed." in said
    assert ignored.draw_offer is None and GAME.view(ignored, None).buttons == ()
    with pytest.raises(IllegalMove, match="No draw was offered to you"):
        GAME.parse(ignored, ANN, "accept draw")


def test_the_offerer_cannot_answer_their_own_offer() -> None:
    state, _ = play(position(REPEAT), "draw?")
    with pytest.raises(IllegalMove, match="No draw was offered to you"):
        GAME.parse(state, ANN, "accept draw")
    with pytest.raises(IllegalMove):
        GAME.apply(state, ANN, Draw("accept"))
