"""Agents of M.A.R.S.: set-up, the bag, draw-then-place, moves, swaps, black, Ko, the end."""

from __future__ import annotations

import json
import random
from dataclasses import replace

import pytest

from engine.agents import (
    GAME,
    AgentsState,
    Draw,
    Place,
    Pyramid,
    Reveal,
    Rules,
    SetObjectives,
    Shift,
    Swap,
    moves,
)
from engine.agents.variants import BLACK, board_key
from engine.core import BadState, GameError, IllegalMove
from tests.engine.test_agents_support import ANN, BOB, empty, moves_of, play, position

LANE = """
. . . . . . .
. . . . . . .
. . . . . . .
. . . . . . .
. . . . . . .
. . . . . . .
. . . . . . .
. . . . . . .
"""


def test_bag_and_board_per_rulings() -> None:
    four, five = Rules(), Rules(colours=5)
    assert (four.grid.columns, four.grid.rows) == (7, 8)
    assert (five.grid.columns, five.grid.rows) == (8, 8)
    assert sum(four.full_bag) == 59 and sum(five.full_bag) == 70
    counts = dict(zip(four.kinds, four.full_bag, strict=True))
    for colour in ("red", "green", "blue", "yellow"):
        assert [counts[Pyramid(colour, s)] for s in (1, 2, 3)] == [4, 4, 5]
    assert [counts[Pyramid(BLACK, s)] for s in (1, 2, 3)] == [5, 1, 1]
    counts5 = dict(zip(five.kinds, five.full_bag, strict=True))
    assert [counts5[Pyramid("purple", s)] for s in (1, 2, 3)] == [4, 4, 5]
    assert [counts5[Pyramid(BLACK, s)] for s in (1, 2, 3)] == [5, 0, 0]


def test_new_game_starts_with_both_players_setting_objectives() -> None:
    state = GAME.new_game(["Ann", "Bob"], {"first": 2}, seed=99)
    assert GAME.actors(state) == {ANN, BOB}
    assert state.first == BOB
    assert all(square is None for square in state.board)
    assert len(GAME.legal_moves(state, ANN)) == 24
    assert GAME.view(state, None).phase == "objectives"
    five = GAME.new_game(["Ann", "Bob"], {"colours": 5}, seed=99)
    assert len(GAME.legal_moves(five, ANN)) == 120
    assert len(five.board) == 64


def test_options_are_typed_and_checked() -> None:
    names = [o.name for o in GAME.options]
    assert names == [
        "colours", "fifth", "blind", "trio", "biggest", "groupsize", "nocenter", "dealt", "first"
    ]  # fmt: skip
    assert all(len(o.description) <= 100 and o.name.islower() for o in GAME.options)
    with pytest.raises(GameError):
        GAME.new_game(["Ann", "Bob"], {"colours": 6}, 1)
    with pytest.raises(GameError, match="5 colours"):
        GAME.new_game(["Ann", "Bob"], {"colours": 5, "trio": True}, 1)
    with pytest.raises(GameError):
        GAME.new_game(["Ann"], {}, 1)


def test_draw_then_place_is_a_two_step_turn() -> None:
    state = empty()
    state, events = play(state, "draw")
    drawn = state.pending
    assert drawn is not None
    size = ("small", "medium", "large")[drawn.size - 1]
    assert events[0].text == f"Ann drew a {size} {drawn.colour} pyramid."
    assert events[0].to is None
    view = GAME.view(state, None)
    assert view.drawn == drawn and view.buttons == ()
    full = dict(zip(state.rules.kinds, state.rules.full_bag, strict=True))
    assert dict(view.bag)[drawn] == full[drawn] - 1
    assert GAME.actors(state) == {ANN}
    assert all(isinstance(m, Place) for m in GAME.legal_moves(state, ANN))
    assert len(GAME.legal_moves(state, ANN)) == 56
    for refused in ("draw", "reveal red blue"):
        with pytest.raises(IllegalMove, match="First place"):
            GAME.parse(state, ANN, refused)
    state, events = play(state, "d4")
    assert state.board[state.rules.grid.parse("d4")] == drawn
    assert state.pending is None and state.to_move == BOB
    assert GAME.view(state, None).buttons == ("draw",)


def test_place_needs_a_draw_and_an_empty_square() -> None:
    state = position(LANE.replace(". . . . . . .\n", "r1 . . . . . .\n", 1))
    with pytest.raises(IllegalMove, match="Draw a pyramid first"):
        GAME.parse(state, ANN, "place b2")
    state, _ = play(state, "draw")
    with pytest.raises(IllegalMove, match="a8 is taken"):
        GAME.parse(state, ANN, "place a8")


def test_draws_are_reproducible_from_the_seed() -> None:
    def drawn(seed: int) -> list[Pyramid]:
        state = GAME.new_game(["Ann", "Bob"], {"dealt": True}, seed)
        pieces = []
        for square in ("a1", "b1", "c1", "d1", "e1", "f1", "g1", "a2"):
            state, _ = play(state, "draw")
            assert state.pending is not None
            pieces.append(state.pending)
            state, _ = play(state, f"place {square}")
        return pieces

    assert drawn(5) == drawn(5)
    assert drawn(5) != drawn(6)


def test_every_pyramid_in_the_bag_is_drawn_in_proportion() -> None:
    """The draw is uniform over the pyramids in the bag, not over kinds: over 2,000 first draws
    (seeds pinned) black, 7 of the 59 pyramids (12%), comes up about 12% of the time, not the
    20% (3 of 15 kinds) a draw over kinds would give; a small black (5) far more often than the
    large black (1)."""
    counts: dict[Pyramid, int] = {}
    start = empty()
    for seed in range(2000):
        state, _ = play(replace(start, seed=seed), "draw")
        assert state.pending is not None
        counts[state.pending] = counts.get(state.pending, 0) + 1
    black = sum(n for piece, n in counts.items() if piece.colour == BLACK)
    assert 0.09 < black / 2000 < 0.15
    assert counts[Pyramid(BLACK, 1)] > 3 * counts[Pyramid(BLACK, 3)]
    state = empty()
    for _ in range(56):
        state, _ = play(state, "draw")
        square = next(i for i, p in enumerate(state.board) if p is None)
        state, _ = GAME.apply(state, state.to_move, Place(state.rules.grid.square(square)))
    assert sum(state.bag) == 3
    assert GAME.outcome(state) is not None


MOVES = """
. . . . . . .
. . . . . . .
. . . . . . .
. . . . . . .
. . . y1 . . .
. . . g2 . . .
. . . k1 . . .
r3 . . . . . .
"""


def test_each_size_moves_exactly_its_pips_in_a_straight_line() -> None:
    state = position(MOVES)
    legal = moves_of(state)
    # small yellow on d4 moves one step in each direction (down is the green: a swap)
    assert {"move d4 c4", "move d4 e4", "move d4 d5", "swap d3 d4"} <= legal
    # medium green on d3 moves two: jumping the black d2 onto d1, or the yellow onto d5
    assert {"move d3 b3", "move d3 f3", "move d3 d1", "move d3 d5"} <= legal
    assert "move d3 d4" not in legal and "move d3 c3" not in legal
    # large red on a1 moves three: up or right only (left and down leave the board)
    assert {"move a1 a4", "move a1 d1"} <= legal
    assert {m for m in legal if m.startswith("move a1")} == {"move a1 a4", "move a1 d1"}


def test_a_move_stopped_by_the_board_edge_is_no_move() -> None:
    state = position(MOVES)
    legal = moves_of(state)
    assert not any(m.startswith("move b") for m in legal)
    with pytest.raises(IllegalMove, match="exactly 3 squares"):
        GAME.parse(state, ANN, "move a1 a3")
    with pytest.raises(IllegalMove, match="exactly 2 squares"):
        GAME.parse(state, ANN, "move d3 e3")


def test_black_pyramids_never_move_and_are_never_swapped() -> None:
    state = position(MOVES)
    assert not any("d2" in m for m in moves_of(state))
    with pytest.raises(IllegalMove, match="Black pyramids"):
        GAME.parse(state, ANN, "move d2 d1")
    with pytest.raises(IllegalMove, match="Black pyramids"):
        GAME.parse(state, ANN, "swap d2 d3")


def test_a_swap_needs_one_pyramid_to_reach_the_other_whatever_the_sizes() -> None:
    state = position(
        """
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
        b1 . . . . . .
        . . . . . . .
        . . . . . . .
        y3 . g2 . . . .
        """
    )
    legal = moves_of(state)
    assert "swap a1 a4" in legal  # the large moves three onto the small
    assert "swap a1 c1" in legal  # the medium moves two onto the large
    after, events = play(state, "swap a4 a1")
    assert after.board[0] == Pyramid("blue", 1)
    assert events[0].text == "Ann swapped the large yellow on a1 with the small blue on a4."


def test_identical_pyramids_cannot_swap() -> None:
    state = position(
        """
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
        g2 . g2 . g1 . .
        """
    )
    assert "swap a1 c1" not in moves_of(state)
    with pytest.raises(IllegalMove, match="identical"):
        GAME.parse(state, ANN, "swap a1 c1")
    assert "swap c1 e1" in moves_of(state)


def test_ko_forbids_undoing_the_opponents_last_move() -> None:
    state = position(MOVES)
    state, _ = play(state, "move d4 d5")
    assert state.last == (ANN, Shift((3, 3), (3, 4)))
    assert "move d5 d4" not in moves_of(state)
    with pytest.raises(IllegalMove, match="Ko"):
        GAME.parse(state, BOB, "move d5 d4")
    state, _ = play(state, "move a1 a4")
    # Ann may move her piece back: Ko forbids only undoing the opponent's last action
    assert "move d5 d4" in moves_of(state)


def test_ko_forbids_swapping_the_same_two_squares_back() -> None:
    state = position(MOVES)
    state, _ = play(state, "swap d3 d4")
    assert state.last == (ANN, Swap((3, 2), (3, 3)))
    assert "swap d3 d4" not in moves_of(state)
    with pytest.raises(IllegalMove, match="Ko"):
        GAME.parse(state, BOB, "swap d4 d3")


CORNERS = """
. . . . . . r1
. . . . . . .
. . . . . . .
. . . . . . .
. . . . . . .
. . . . . . .
. . . . . . .
g1 . . . . . .
"""


def test_ko_forbids_bringing_back_any_board_seen_since_the_last_placement() -> None:
    state, _ = play(position(CORNERS), "move a1 a2", "move g8 g7", "move a2 a1")
    assert "move g7 g8" not in moves_of(state)
    with pytest.raises(IllegalMove, match="Ko: that would bring back a board already seen"):
        GAME.parse(state, BOB, "move g7 g8")
    # A placement opens a new chapter: the boards before it may come back.
    state, _ = play(state, "draw", "place d4", "move a1 a2", "move g7 g8")
    assert state.board[state.rules.grid.index((6, 7))] is not None


def test_ko_removes_exactly_the_moves_and_swaps_that_bring_back_a_seen_board() -> None:
    rng = random.Random(7)
    state = GAME.new_game(["Ann", "Bob"], {}, seed=7)
    state, _ = GAME.apply(state, ANN, SetObjectives((2, 1, 0, -1)))
    state, _ = GAME.apply(state, BOB, SetObjectives((-1, 0, 1, 2)))
    forbidden_seen = 0
    while not GAME.outcome(state) and forbidden_seen < 40:
        free = moves.board_actions(replace(state, seen=()))
        allowed = moves.board_actions(state)
        assert allowed == [a for a in free if key_after(state, a) not in state.seen]
        forbidden_seen += len(free) - len(allowed)
        choices = [m for m in GAME.legal_moves(state, state.to_move) if not isinstance(m, Reveal)]
        wanted = Draw() if rng.random() < 0.05 or not allowed else rng.choice(allowed)
        move = wanted if wanted in choices else rng.choice(choices)
        state, _ = GAME.apply(state, state.to_move, move)
    assert forbidden_seen >= 40, "the walk should meet the Ko rule often"


def key_after(state: AgentsState, action: Shift | Swap) -> str:
    """The board key after `action`, whatever the Ko rule says of it."""
    grid = state.rules.grid
    one, other = (
        (action.origin, action.target)
        if isinstance(action, Shift)
        else (action.first, action.second)
    )
    board = list(state.board)
    a, b = grid.index(one), grid.index(other)
    board[a], board[b] = board[b], board[a]
    return board_key(tuple(board))


def test_a_reveal_and_swap_does_not_lift_ko() -> None:
    state, _ = play(position(MOVES), "move d4 d5", "reveal red blue")
    assert "move d5 d4" not in moves_of(state)
    with pytest.raises(IllegalMove, match="undo Ann's last action"):
        GAME.parse(state, BOB, "move d5 d4")


def test_the_game_ends_the_moment_the_last_square_is_filled() -> None:
    state = empty()
    rules = state.rules
    pieces = [kind for kind, n in zip(rules.kinds, rules.full_bag, strict=True) for _ in range(n)]
    kept = pieces[:55]  # every colour in runs, so clusters form; black last (left over)
    board = (None, *kept)
    bag = tuple(n - kept.count(kind) for kind, n in zip(rules.kinds, rules.full_bag, strict=True))
    state = replace(state, board=board, bag=bag, draws=55)
    assert GAME.outcome(state) is None
    state, _ = play(state, "draw")
    state, events = play(state, "place a1")
    outcome = GAME.outcome(state)
    assert outcome is not None and GAME.actors(state) == frozenset()
    assert sum(state.bag) == 3
    assert events[1].text.startswith("The board is full. Points on the board:")
    assert events[2].text.startswith("Ann's objectives were red 2, green 1, blue 0, yellow -1:")
    view = GAME.view(state, None)
    assert view.phase == "over" and view.scores == outcome.scores
    assert view.objectives == ((2, 1, 0, -1), (-1, 0, 1, 2))
    assert view.private == () and GAME.view(state, ANN).private == ()


def test_resignation_ends_the_game_for_the_other() -> None:
    state = GAME.new_game(["Ann", "Bob"], {}, 3)
    state, events = GAME.resign(state, BOB)
    assert events[0].text == "Bob resigned."
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == (ANN,) and outcome.scores is None
    assert GAME.actors(state) == frozenset()
    with pytest.raises(IllegalMove):
        GAME.resign(state, ANN)


def test_wrong_turn_is_refused() -> None:
    state = position(MOVES)
    with pytest.raises(IllegalMove, match="Ann's turn"):
        GAME.parse(state, BOB, "draw")
    with pytest.raises(IllegalMove):
        GAME.apply(state, BOB, Draw())


def test_json_round_trip_and_damage() -> None:
    state, _ = play(position(MOVES), "move d4 d5", "draw")
    data = json.loads(json.dumps(GAME.to_json(state)))
    assert GAME.from_json(data) == state
    with pytest.raises(BadState):
        GAME.from_json({**data, "version": 99})
    with pytest.raises(BadState):
        GAME.from_json({**data, "board": data["board"][:-1]})
    with pytest.raises(BadState):
        GAME.from_json({**data, "pending": ["orange", 2]})
    with pytest.raises(BadState):
        GAME.from_json({**data, "last": [0, ["fly", 1, 2]]})
    assert GAME.from_json(GAME.to_json(replace(state, resigned=1))).resigned == 1


def test_a_player_with_no_move_or_swap_must_draw() -> None:
    state = position(_only_blacks())
    assert GAME.legal_moves(state, ANN)[0] == Draw()
    assert {m for m in moves_of(state) if not m.startswith("reveal")} == {"draw"}
    state = replace(state, revealed_this_turn=True)
    assert moves_of(state) == {"draw"}


def _only_blacks() -> str:
    return "\n".join(["k1 k2 k3 . . . ."] + [". . . . . . ."] * 7)


def test_the_first_player_is_drawn_from_the_seed_or_chosen() -> None:
    firsts = {GAME.new_game(["Ann", "Bob"], {"dealt": True}, seed).to_move for seed in range(30)}
    assert firsts == {ANN, BOB}
    chosen = GAME.new_game(["Ann", "Bob"], {"dealt": True, "first": 2}, 5)
    assert GAME.actors(chosen) == {BOB}


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("swap d4 d5", "d5 is empty, and a swap exchanges two pyramids"),
        ("swap d5 d4", "a swap exchanges two pyramids; to go there write `move d4 d5`"),
        ("move d6 d4", "There is no pyramid on d6"),
        ("move d3 d4", "d4 is taken; to exchange the two write `swap d3 d4`"),
        ("swap d3 a1", "Neither pyramid reaches the other's square"),
        ("move d3 h3", "off the board"),
        ("objectives red=2 green=1 blue=0 yellow=-1", "already set"),
        ("reveal red red", "Name two different colours"),
    ],
)
def test_every_refused_board_move_names_its_rule(text: str, reason: str) -> None:
    with pytest.raises(GameError) as refused:
        GAME.parse(position(MOVES), ANN, text)
    assert reason in str(refused.value)


def test_nothing_may_be_done_once_the_game_is_over() -> None:
    state, _ = GAME.resign(position(MOVES), BOB)
    with pytest.raises(IllegalMove, match="The game is over"):
        GAME.parse(state, ANN, "draw")
