"""Ley Lines of Mars: what a seat sees (everything: the game has no secrets)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from engine import core
from engine.core import Outcome, Seat, View
from engine.leylines.actions import Place
from engine.leylines.scoring import pips_of
from engine.leylines.state import LeyLinesState, Piece


@dataclass(frozen=True, kw_only=True)
class LeyLinesView(View):
    board: tuple[Piece | None, ...]
    stashes: tuple[tuple[int, int, int], ...]
    caps: int
    scores: tuple[int, ...]
    last: tuple[Seat, Place] | None
    scored_lines: tuple[tuple[int, ...], ...]
    line_points: Mapping[tuple[int, ...], int]
    """What each line of `scored_lines` scored its placer, by the line."""


def build_view(
    state: LeyLinesState, seat: Seat | None, actors: frozenset[Seat], outcome: Outcome | None
) -> LeyLinesView:
    """Everything on the board and in hand, and what the last placement's filled lines scored
    (only a placement fills lines, so there are none before the first)."""
    placer = None if state.last is None else state.last[0]
    return LeyLinesView(
        **core.seen(state.players, seat, actors, outcome),
        board=state.board,
        stashes=state.stashes,
        caps=state.caps,
        scores=state.scores,
        last=state.last,
        scored_lines=state.scored_lines,
        line_points={}
        if placer is None
        else {line: pips_of(state.board, line, placer) for line in state.scored_lines},
    )
