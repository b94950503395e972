"""Martian Merchants for the computer players: open, with a die whose future rolls a fresh seed
redraws; counted in stations built (the outcome's scores).

Calling a cut-off rollout even leaves the search blind here: the game is won by the third
station, which a rollout of a few turns rarely reaches, so a cut-off rollout is judged by each
seat's progress towards it: a station counts 1, a ship of its own carrying its own colour's good
(on its way to a station) `CARGO_OWN`, and a ship carrying another good (something to trade)
`CARGO_OTHER`, counting no more cargo than stations are still missing. A seat's reward grows
with its lead over the best other seat (a lead of one station is worth about 0.82). With random
players at three seats this took a 150-simulation search from 4 wins, 3 draws and a loss in 8
games to 7 wins and a draw (`python benchmark.py --strength` measures the levels).
"""

from __future__ import annotations

import math
from typing import Any

from ai.kit import Kit, by_nature, lead
from ai.rewards import Rewards
from engine.core import Game, Seat
from engine.merchants import GAME
from engine.merchants.state import STATIONS_TO_WIN, MerchantsState
from engine.words import Unit

CARGO_OWN = 0.5
CARGO_OTHER = 0.15
MERCHANTS_SCALE = 1.5
"""Reward steepness per station of lead: 1 / (1 + e^-1.5) is about 0.82."""


def merchants_progress(state: MerchantsState, seat: Seat) -> float:
    """Stations built plus the cargo on their way (see the module's docstring)."""
    cargo = [ship.cargo for _, _, ship in state.docked(seat) if ship.cargo is not None]
    missing = STATIONS_TO_WIN - state.stations(seat)
    own = min(cargo.count(seat), missing)
    other = min(len(cargo) - cargo.count(seat), missing - own)
    return state.stations(seat) + CARGO_OWN * own + CARGO_OTHER * other


def merchants_standing(game: Game[Any, Any], state: Any, players: int) -> Rewards:
    """Each seat's lead in progress over the best other seat, as rewards."""
    assert isinstance(state, MerchantsState)
    progress = [merchants_progress(state, seat) for seat in range(players)]
    return tuple(
        1 / (1 + math.exp(-(mine - max(progress[:seat] + progress[seat + 1 :])) * MERCHANTS_SCALE))
        for seat, mine in enumerate(progress)
    )


def stations_lead(game: Game[Any, Any], before: Any, after: Any, seat: Seat) -> float:
    """The seat's stations less the best other seat's."""
    assert isinstance(after, MerchantsState)
    return lead([float(after.stations(n)) for n in range(len(after.players))], seat)


KIT = Kit(
    by_nature(GAME),
    score=stations_lead,
    unit=Unit("station", "stations"),
    evaluation=merchants_standing,
)
