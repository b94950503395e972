"""What a seat may believe about a state: determinizers.

A `Determinizer` turns the true state into a full state that `seat` cannot tell apart from it:
everything `seat` sees (its `view`, the public move log) is kept, and everything hidden from it
(other hands, objectives, the bag, the deck order, and the seed and draw counter that decide
future chance) is sampled afresh. The search plays only on such samples, so it never reads what
the seat could not see at the table.

An open game's nature says which it needs (see `ai.kit.by_nature`): without chance after the
set-up (Ley Lines, Albiorix) there is nothing to sample, `OPEN` returns the state itself; with
chance (Martian Merchants' die) `FRESH_FUTURE` redraws the seed, so later rolls are unknown. A
game with hidden information brings a sampler of its own in its kit (see `ai.samplers`).
"""

from __future__ import annotations

import random
from typing import Any, Protocol

from ai.samplers.chance import fresh_future
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


class FreshFuture:
    """The determinizer of an open game with chance: the state with a fresh seed (its past
    draws stay, its future ones differ)."""

    def sample(self, game: Game[Any, Any], state: Any, seat: Seat, rng: random.Random) -> Any:
        return fresh_future(state, rng)


OPEN = Open()
FRESH_FUTURE = FreshFuture()
