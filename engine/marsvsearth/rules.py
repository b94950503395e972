"""Mars vs. Earth: the fixed numbers of the rule text and the small rules built on them."""

from __future__ import annotations

from dataclasses import dataclass

from engine.marsvsearth.deck import Deck


@dataclass(frozen=True)
class Setup:
    """What a table of a given size starts with and needs."""

    resources: int
    """Each resource's starting level."""
    clones: int
    humans: int
    """DNA cards of each kind in the game's DNA deck."""
    threats: int
    """Active threats each round."""
    per_wave: int
    """Successful threats needed in each cloning wave."""


SETUP: dict[int, Setup] = {
    3: Setup(6, 1, 8, 2, 2),
    4: Setup(9, 2, 10, 2, 2),
    5: Setup(9, 2, 13, 3, 3),
    6: Setup(12, 3, 15, 3, 3),
    7: Setup(12, 3, 18, 4, 4),
    8: Setup(15, 4, 20, 4, 4),
    9: Setup(15, 4, 23, 5, 5),
    10: Setup(18, 5, 25, 5, 5),
}
COOP = Setup(6, 0, 0, 1, 1)
"""The 2-player co-operative game: 3-player resources, one threat a round, one success a wave."""

WAVES = 3
TRACK_TOP = 20
"""Resources run on tracks 0-20; a gain beyond 20 is lost."""
HAND = 5
"""Humans (Agents and Civilians) draw up to this many skill cards each round."""
LEADER_LIMIT, NEIGHBOUR_LIMIT, SECOND_LIMIT, UNLED_LIMIT = 3, 2, 1, 1
CIVILIAN_UNLED_LIMIT = 3
"""Field Promotion Variant: each Civilian may give this many cards to an un-led threat."""
PROMOTION_COST = 5
"""Symbols an Agent reveals and discards to field promote a Civilian."""
MOST_SYMBOLS = 3
"""The most symbols one skill card carries."""
COUNTERS = 7
"""+1 threat counters in the box."""
TRIAL_CARDS = 2
"""Accusation cards revealed at a trial."""
FATE_COOP = (2, 3, 4)
"""Co-operative variant: fate cards per threat in waves 1, 2, 3."""


def setup_for(players: int, coop: bool) -> Setup:
    return COOP if coop else SETUP[players]


def distance(a: int, b: int, players: int) -> int:
    """Seats apart round the table (join order is the seating circle)."""
    gap = abs(a - b) % players
    return min(gap, players - gap)


def proximity_limit(seat: int, leader: int, players: int) -> int:
    """Cards `seat` may give to a threat led by `leader`: 3 / 2 / 1 / 0 by distance."""
    limits = (LEADER_LIMIT, NEIGHBOUR_LIMIT, SECOND_LIMIT)
    gap = distance(seat, leader, players)
    return limits[gap] if gap < len(limits) else 0


def clone_level(dna: tuple[bool, ...]) -> int:
    """The sum of the waves (1, 2, 3) in which clone DNA arrived; 0 for a human."""
    return sum(wave for wave, clone in enumerate(dna, start=1) if clone)


def target_of(deck: Deck, threat: int, players: int, coop: bool, counters: int) -> int:
    """A threat's target this round: printed, the 3-4 player change, +1 per counter."""
    adjust = deck.small_adjustment if not coop and players in deck.small_players else 0
    return deck.threats[threat].target + adjust + counters
