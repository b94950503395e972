"""League pairing: pure, synchronous and deterministic (no I/O). `model` (history, pairing,
reasons), `swiss` (two-player Swiss by maximum-weight matching), `round_robin` (the circle
method), `tables` (table Swiss for 3-10-player games) and `standings` (scores, tie-breaks and the
points by finishing place)."""

from club.leagues.pairing.model import (
    BYE_POINTS,
    Bye,
    History,
    Pairing,
    Played,
    PlayerId,
    Reason,
    Standing,
)
from club.leagues.pairing.round_robin import pair_round_robin, round_robin_rounds
from club.leagues.pairing.standings import FORMATS, place_points, standings
from club.leagues.pairing.swiss import pair_swiss
from club.leagues.pairing.tables import seat_tables, table_sizes

__all__ = [
    "BYE_POINTS",
    "FORMATS",
    "Bye",
    "History",
    "Pairing",
    "Played",
    "PlayerId",
    "Reason",
    "Standing",
    "pair_round_robin",
    "pair_swiss",
    "place_points",
    "round_robin_rounds",
    "seat_tables",
    "standings",
    "table_sizes",
]
