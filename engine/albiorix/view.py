"""Albiorix as one seat sees it: everything is public, so every seat sees the same board."""

from __future__ import annotations

from dataclasses import dataclass

from engine import core
from engine.albiorix import notation
from engine.albiorix.moves import actors, controlled, draw_talk
from engine.albiorix.pieces import Stack, monads
from engine.albiorix.scoring import outcome
from engine.albiorix.state import AlbiorixState, Played
from engine.core import Seat, View


@dataclass(frozen=True, kw_only=True)
class AlbiorixView(View):
    board: tuple[Stack | None, ...]
    """Every square a1, b1, ..., e5: a Stack (bottom pyramid, top pyramid or None) or None."""
    to_move: Seat | None
    """Whose turn it is; None once the game is over."""
    monads: tuple[tuple[int, ...], tuple[int, ...]]
    """Per seat, the squares of its Monads (one-pyramid pieces of its colour)."""
    control: tuple[tuple[int, ...], tuple[int, ...]]
    """Per seat, the squares of the pieces it may move (a square may be in both)."""
    last: Played | None
    """The latest action: `last.action.origin` and `.target` are the squares to mark."""
    passes: int
    played: int
    limit: int
    draw_offer: Seat | None = None
    """The seat whose draw offer waits for an answer."""
    focus: int | None = None
    """Preview only: the square whose destinations are shown."""
    destinations: tuple[int, ...] = ()
    """Preview only: the squares the focused piece may move to (empty) or mix with (occupied)."""


def build(state: AlbiorixState, seat: Seat | None) -> AlbiorixView:
    """What `seat` (None: a spectator) sees; the buttons answer a draw offer."""
    result = outcome(state)
    board = state.board
    return AlbiorixView(
        **core.seen(state.players, seat, actors(state), result),
        board=board,
        to_move=None if result else state.to_move,
        monads=(tuple(monads(board, 0)), tuple(monads(board, 1))),
        control=(tuple(controlled(board, 0)), tuple(controlled(board, 1))),
        last=state.last,
        passes=state.passes,
        played=state.played,
        limit=state.limit,
        buttons=tuple(
            notation.write(talk)
            for talk in draw_talk(state, state.to_move)
            if talk.answer != "offer" and not result
        ),
        draw_offer=None if result else state.draw_offer,
    )
