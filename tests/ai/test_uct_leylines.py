"""UCT on Ley Lines positions built from pictures: it takes a win and blocks a loss.

Positions are read through the game's JSON form, the search through the public contract only.
Each position is checked by exhaustive minimax first, so the test says what the search must find.
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

from ai.kits.leylines import DEPTH, KIT
from ai.rollout import rollout
from ai.search import Budget, search
from engine.leylines import GAME

ANN, BOB = 0, 1
PIECES = {"x": None, **{c: (ANN, n) for n, c in enumerate("sml", 1)}}
PIECES |= {c: (BOB, n) for n, c in enumerate("SML", 1)}
BUDGET = Budget(iterations=400)


def position(diagram: str, to_move: int, scores: tuple[int, int]) -> Any:
    """A state from a picture, row 6 first: `.` empty, `x` cap, `s m l` Ann's pyramids, `S M L`
    Bob's; what is not on the board is still in hand."""
    rows = [row.split() for row in diagram.strip().splitlines()]
    board: list[list[int | None] | None] = [None] * 36
    stashes = [[5, 5, 5], [5, 5, 5]]
    caps = 5
    for top, codes in enumerate(rows):
        for column, code in enumerate(codes):
            if code == ".":
                continue
            piece = PIECES[code]
            if piece is None:
                caps -= 1
                board[(5 - top) * 6 + column] = [None, 0]
            else:
                stashes[piece[0]][piece[1] - 1] -= 1
                board[(5 - top) * 6 + column] = list(piece)
    data = GAME.to_json(GAME.new_game(["Ann", "Bob"], {}, 5))
    data.update(board=board, stashes=stashes, caps=caps, scores=list(scores), to_move=to_move)
    return GAME.from_json(data)


def minimax(state: Any, seat: int) -> float:
    """What `seat` gets with perfect play by both: 1 a win, 0.5 a draw, 0 a loss."""
    outcome = GAME.outcome(state)
    if outcome is not None:
        return 0.5 if outcome.is_draw else float(seat in outcome.winners)
    (actor,) = GAME.actors(state)
    values = [minimax(GAME.apply(state, actor, m)[0], seat) for m in GAME.legal_moves(state, actor)]
    return max(values) if actor == seat else min(values)


def values(state: Any, seat: int) -> dict[str, float]:
    return {
        GAME.notation(move): minimax(GAME.apply(state, seat, move)[0], seat)
        for move in GAME.legal_moves(state, seat)
    }


def chosen(state: Any, seat: int, seed: int) -> str:
    return GAME.notation(search(GAME, state, seat, BUDGET, random.Random(seed), KIT).move)


# Bob to move, leading 22 to 17: L d4 fills a1-f6 (7 points) and b6-f2 (8) and wins whatever
# follows; every other move loses.
WIN = position(
    """
    M M m x l m
    x s l M M m
    . . L . l s
    x x S M s S
    L m s . S L
    S l L . s S
    """,
    to_move=BOB,
    scores=(17, 22),
)

# Ann to move, 14 to 16 behind. Bob's last pyramid, a large, threatens c6 for 14 points; Ann's
# greedy M d3 (11 points) loses to it, only M c6 (7 points, and the threat gone) holds a draw.
BLOCK = position(
    """
    S M . M l L
    L s m L s l
    L x s S M S
    M s l . x m
    M S m . x l
    S x . m x l
    """,
    to_move=ANN,
    scores=(14, 16),
)


def test_the_positions_are_what_they_claim() -> None:
    win = values(WIN, BOB)
    assert [move for move, value in win.items() if value == 1.0] == ["L d4"]
    block = values(BLOCK, ANN)
    assert max(block.values()) == 0.5
    assert [move for move, value in block.items() if value == 0.5] == ["M c6"]


def test_uct_takes_the_win() -> None:
    assert {chosen(WIN, BOB, seed) for seed in (1, 2, 3)} == {"L d4"}


def test_uct_blocks_the_loss() -> None:
    assert {chosen(BLOCK, ANN, seed) for seed in (1, 2, 3)} == {"M c6"}


def test_the_same_seed_searches_the_same_way() -> None:
    first, again = (search(GAME, BLOCK, ANN, BUDGET, random.Random(9), KIT) for _ in range(2))
    assert (first.move, first.iterations, first.simulated) == (
        again.move,
        again.iterations,
        again.simulated,
    )
    assert first.iterations == BUDGET.iterations


def test_a_rollout_plays_to_the_end_of_the_game_whatever_the_levels_depth() -> None:
    state = GAME.new_game(["Ann", "Bob"], {"first": 1}, 5)
    _, played = rollout(GAME, state, 2, random.Random(5), 4, KIT)
    assert played == DEPTH == 35  # every piece placed: the kit's depth, not the 4 asked for
    generic = replace(KIT, depth=None)
    assert rollout(GAME, state, 2, random.Random(5), 4, generic)[1] == 4
