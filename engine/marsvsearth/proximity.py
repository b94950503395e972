"""How many cards a player may give a threat: proximity limits round the seating circle.

A led threat takes 3 cards from its leader, 2 from each neighbour and 1 from the players two
seats away (join order is the seating circle); an un-led threat 1 from each player, or with the
Field Promotion Variant 3 from each Civilian and none from anybody else.
"""

from __future__ import annotations

from engine.marsvsearth.state import CIVILIAN
from engine.marsvsearth.work import Work

LEADER_LIMIT, NEIGHBOUR_LIMIT, SECOND_LIMIT, UNLED_LIMIT = 3, 2, 1, 1
CIVILIAN_UNLED_LIMIT = 3
"""Field Promotion Variant: each Civilian may give this many cards to an un-led threat."""


def distance(a: int, b: int, players: int) -> int:
    """Seats apart round the table (join order is the seating circle)."""
    gap = abs(a - b) % players
    return min(gap, players - gap)


def proximity_limit(seat: int, leader: int, players: int) -> int:
    """Cards `seat` may give to a threat led by `leader`: 3 / 2 / 1 / 0 by distance."""
    limits = (LEADER_LIMIT, NEIGHBOUR_LIMIT, SECOND_LIMIT)
    gap = distance(seat, leader, players)
    return limits[gap] if gap < len(limits) else 0


def limit(w: Work, seat: int, slot: int) -> int:
    """How many cards `seat` may give to the threat in `slot` in all."""
    leader = w.threats[slot].leader
    if leader is None:
        if w.promotion:
            return CIVILIAN_UNLED_LIMIT if w.seats[seat].status == CIVILIAN else 0
        return UNLED_LIMIT
    return proximity_limit(seat, leader, w.size)
