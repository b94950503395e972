"""Martian Merchants scores and the end: stations built, three of them win at once, and the turn
limit (a ruling) ends a blocked game."""

from __future__ import annotations

from engine.core import Outcome, remembered
from engine.merchants.state import ROUNDS, STATIONS_TO_WIN, MerchantsState


def turn_limit(state: MerchantsState) -> int:
    """The turns played (by all seats together) after which the game ends."""
    return ROUNDS * len(state.players)


def outcome(state: MerchantsState) -> Outcome | None:
    """Three stations win at once; the last player left in wins; at the turn limit the most
    stations win, tied leaders share the win and a tie of everyone still in is a draw. The
    scores are the stations built. Worked out once per state (who acts, settling a move and
    its legality ask it again and again)."""
    return remembered(state, "outcome", lambda: _outcome(state))


def _outcome(state: MerchantsState) -> Outcome | None:
    seats = range(len(state.players))
    scores = tuple(state.stations(s) for s in seats)
    for seat in seats:
        if scores[seat] >= STATIONS_TO_WIN:
            return Outcome((seat,), scores, f"{state.players[seat]} built three stations")
    playing = [s for s in seats if s not in state.resigned]
    if len(playing) < 2:
        return Outcome(tuple(playing), scores, "the other players resigned")
    if state.turns < turn_limit(state):
        return None
    best = max(scores[s] for s in playing)
    leaders = tuple(s for s in playing if scores[s] == best)
    reason = f"turn limit reached; most stations: {best}"
    return Outcome(() if len(leaders) == len(playing) else leaders, scores, reason)
