"""What a seat may believe about a state: determinizers, one per game.

A `Determinizer` turns the true state into a full state that `seat` cannot tell apart from it:
everything `seat` sees (its `view`, the public move log) is kept, and everything hidden from it
(other hands, objectives, the bag, the deck order, and the seed and draw counter that decide
future chance) is sampled afresh. The search plays only on such samples, so it never reads what
the seat could not see at the table.

Games without secrets and without chance after set-up (Ley Lines, Albiorix) need no sampling:
`OPEN` returns the state itself. A game with no determinizer yet cannot be searched.
"""

from __future__ import annotations

import random
from typing import Any, Protocol

from ai.samplers.agents import AgentsSampler
from ai.samplers.marsvsearth import MarsVsEarthSampler
from ai.samplers.merchants import MerchantsSampler
from engine.core import Game, Seat


class Determinizer(Protocol):
    """Samples the hidden part of a state from `seat`'s point of view."""

    def sample(self, game: Game[Any, Any], state: Any, seat: Seat, rng: random.Random) -> Any:
        """A full state of `game` consistent with all that `seat` can see in `state`, its hidden
        part drawn from `rng`; `seat` is one of its actors whenever it is one in `state`."""
        ...


class Open:
    """The determinizer of a perfect-information game: there is nothing to sample."""

    def sample(self, game: Game[Any, Any], state: Any, seat: Seat, rng: random.Random) -> Any:
        return state


OPEN = Open()

DETERMINIZERS: dict[str, Determinizer] = {
    "leylines": OPEN,
    "albiorix": OPEN,
    "agents": AgentsSampler(),
    "merchants": MerchantsSampler(),
    "marsvsearth": MarsVsEarthSampler(),
}
"""The determinizer of each searchable game, by game key (see `ai.samplers`)."""


class NoDeterminizer(LookupError):
    """The game has no determinizer yet, so a search would have to read hidden state."""


def determinizer_for(game: Game[Any, Any]) -> Determinizer:
    """The determinizer registered for `game`; raises `NoDeterminizer` if there is none."""
    found = DETERMINIZERS.get(game.key)
    if found is None:
        raise NoDeterminizer(f"{game.title} has no determinizer: the search cannot play it yet.")
    return found
