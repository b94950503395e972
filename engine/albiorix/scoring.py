"""Albiorix results: how a game ends and who won, and the sentence that says so.

There are no scores. A player wins by beginning a turn holding both Monads, or when the other
resigns; the game is drawn by agreement, by two passes in a row, or at the move limit.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from engine.albiorix.pieces import monads
from engine.core import Outcome, remembered

if TYPE_CHECKING:
    from engine.albiorix.state import AlbiorixState


def outcome(state: AlbiorixState) -> Outcome | None:
    """The result once the game is over, else None; worked out once per state (who acts, a
    move's checks and the next turn ask it again and again)."""
    return remembered(state, "outcome", lambda: _outcome(state))


def _outcome(state: AlbiorixState) -> Outcome | None:
    names = state.players
    if state.resigned is not None:
        return Outcome((1 - state.resigned,), None, f"{names[state.resigned]} resigned")
    if len(monads(state.board, state.to_move)) == 2:
        who = names[state.to_move]
        return Outcome((state.to_move,), None, f"{who} began a turn holding both Monads")
    if state.agreed:
        return Outcome((), None, "the players agreed to a draw")
    if state.passes >= 2:
        return Outcome((), None, "both players passed in a row")
    if state.played >= state.limit:
        return Outcome((), None, f"the limit of {state.limit} moves and mixes was reached")
    return None


def verdict(players: Sequence[str], result: Outcome) -> str:
    """The closing sentence: who won and why, or why the game is drawn."""
    if result.winners:
        return f"{players[result.winners[0]]} wins: {result.reason}."
    return f"The game is drawn: {result.reason}."
