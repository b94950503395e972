"""What a league table's seats earn when its game ends: event points by finishing place.

Rules (README says the same):
- Places: the engine's winners first; then the other seats by their score where the game keeps
  one (higher first), else tied; a seat that resigned (or forfeited, or was claimed against at
  the deadline) after every seat that did not.
- Points by place as the standings count them (`club.leagues.pairing`'s `place_points`): at two
  players a win is 1, a draw 0.5, a loss 0; at a larger table the first group 1 down to the
  last 0, evenly spaced; a table where every seat ties 0.5 each.
- A game ended with no result (a moderator's `/abandon`, `/claim end`) earns nothing for
  anyone.
"""

from __future__ import annotations

from collections.abc import Collection

from club.leagues.pairing import place_points
from engine.core import Outcome, Seat


def places(outcome: Outcome, seats: int, resigned: Collection[Seat]) -> tuple[int, ...]:
    """Each seat's finishing rank (0 best; equal ranks tie), by the rules above."""

    def key(seat: Seat) -> tuple[int, int, int]:
        score = outcome.scores[seat] if outcome.scores is not None else 0
        return (int(seat in resigned), int(seat not in outcome.winners), -score)

    keys = [key(seat) for seat in range(seats)]
    return tuple(sorted(set(keys)).index(k) for k in keys)


def points(outcome: Outcome | None, seats: int, resigned: Collection[Seat]) -> tuple[float, ...]:
    """The event points each seat earns (seat order); None: the game ended with no result."""
    if outcome is None:
        return (0.0,) * seats
    return place_points(places(outcome, seats, resigned))
