"""The greedy player: one move ahead by the rules, the yardstick of the strength benchmark.

Greedy plays each of its legal moves in one sample of what it cannot see (the state itself in an
open game: see `ai.determinize`) and takes the move whose result is worth most to it: a win
`WIN`, a loss `-WIN`, a draw or a running game its score less the best other seat's score, by
the game's own count (`SCORES`):
- Ley Lines: points (`state.scores`);
- Martian Merchants: stations built (the outcome's scores);
- Albiorix, which has no points: Monads held (holding both wins);
- Agents of M.A.R.S.: each colour's points now times its net value to the seat, its objective
  less its rival's, a value it has not seen counted as the mean of those it has not seen
  (`ai.heuristics.agents.seen_net`);
- Mars vs. Earth: nothing but the outcome.
Equally good moves are broken at random, from the seeded `rng` only, so greedy plays the same
move for the same seed. It looks at nothing a search would not: the seat's own view and samples.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from ai.decisive import lost, won
from ai.determinize import Determinizer
from ai.heuristics.agents import seen_net
from ai.samplers import Unsampled
from engine.agents.scoring import scored
from engine.agents.state import AgentsState
from engine.agents.view import AgentsView
from engine.albiorix.pieces import monads
from engine.albiorix.state import AlbiorixState
from engine.core import Game, Seat
from engine.leylines.state import LeyLinesState
from engine.merchants.state import MerchantsState

Score = Callable[[Game[Any, Any], Any, Any, Seat], float]
"""`(game, state before, state after the move, seat) -> the seat's lead by the game's count`."""

WIN = 1_000_000.0
"""What a win is worth to greedy: more than any lead in points."""


def lead(scores: list[float], seat: Seat) -> float:
    """`seat`'s score less the best of the others'."""
    return scores[seat] - max(score for other, score in enumerate(scores) if other != seat)


def leylines_lead(game: Game[Any, Any], before: Any, after: Any, seat: Seat) -> float:
    assert isinstance(after, LeyLinesState)
    return lead([float(points) for points in after.scores], seat)


def merchants_lead(game: Game[Any, Any], before: Any, after: Any, seat: Seat) -> float:
    assert isinstance(after, MerchantsState)
    return lead([float(after.stations(n)) for n in range(len(after.players))], seat)


def albiorix_lead(game: Game[Any, Any], before: Any, after: Any, seat: Seat) -> float:
    assert isinstance(after, AlbiorixState)
    return lead([float(len(monads(after.board, n))) for n in range(2)], seat)


def agents_lead(game: Game[Any, Any], before: Any, after: Any, seat: Seat) -> float:
    assert isinstance(before, AgentsState) and isinstance(after, AgentsState)
    view = game.view(before, seat)
    assert isinstance(view, AgentsView)
    net = seen_net(view, seat)
    _, points = scored(after)
    return sum(points[n] * net[colour] for n, colour in enumerate(after.rules.palette))


SCORES: dict[str, Score] = {
    "leylines": leylines_lead,
    "merchants": merchants_lead,
    "albiorix": albiorix_lead,
    "agents": agents_lead,
}


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
    game: Game[Any, Any], state: Any, seat: Seat, rng: random.Random, determinizer: Determinizer
) -> tuple[Any, int]:
    """Greedy's move for `seat` in `state`, and the moves it played to choose it."""
    try:
        sample = determinizer.sample(game, state, seat, rng)
    except Unsampled:
        return rng.choice(game.legal_moves(state, seat)), 0
    moves = game.legal_moves(sample, seat)
    score = SCORES.get(game.key)
    values = [worth(game, sample, seat, move, score) for move in moves]
    best = [move for move, value in zip(moves, values, strict=True) if value == max(values)]
    return rng.choice(best), len(moves)
