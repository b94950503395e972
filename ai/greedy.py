"""The greedy player: one move ahead by the rules, the yardstick of the strength benchmark.

Greedy plays each of its legal moves in one sample of what it cannot see (the state itself in an
open game without chance: see `ai.determinize`) and takes the move whose result is worth most to
it: a win `WIN`, a loss `-WIN`, a draw or a running game its lead by the game's own count (its
kit's `score`, see `ai.kits`; 0 for a game that counts nothing but the outcome).
Equally good moves are broken at random, from the seeded `rng` only, so greedy plays the same
move for the same seed. It looks at nothing a search would not: the seat's own view and samples.
Greedy made `eager` for a class of moves plays one of them whenever it may (the person-like
player of the benchmark: a person at Agents of M.A.R.S. draws and fills the board).
"""

from __future__ import annotations

import random
from typing import Any

from ai.decisive import lost, won
from ai.kit import Kit, Score
from ai.samplers import Unsampled
from engine.core import Game, Seat

WIN = 1_000_000.0
"""What a win is worth to greedy: more than any lead in points."""


def worth(game: Game[Any, Any], before: Any, seat: Seat, move: Any, score: Score | None) -> float:
    """What playing `move` in the full state `before` is worth to `seat` (see the module)."""
    after, _ = game.apply(before, seat, move)
    outcome = game.outcome(after)
    if won(outcome, seat):
        return WIN
    if lost(outcome, seat):
        return -WIN
    return 0.0 if score is None else score(game, before, after, seat)


def greedy(
    game: Game[Any, Any],
    state: Any,
    seat: Seat,
    rng: random.Random,
    kit: Kit,
    eager: type | None = None,
) -> tuple[Any, int]:
    """Greedy's move for `seat` in `state`, and the moves it played to choose it; a legal move
    of class `eager`, when there is one, unweighed."""
    if eager is not None:
        wanted = [move for move in game.legal_moves(state, seat) if isinstance(move, eager)]
        if wanted:
            return rng.choice(wanted), 0
    try:
        sample = kit.determinizer.sample(game, state, seat, rng)
    except Unsampled:
        return rng.choice(game.legal_moves(state, seat)), 0
    moves = game.legal_moves(sample, seat)
    values = [worth(game, sample, seat, move, kit.score) for move in moves]
    best = [move for move, value in zip(moves, values, strict=True) if value == max(values)]
    return rng.choice(best), len(moves)
