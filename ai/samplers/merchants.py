"""Martian Merchants from one seat's side: everything is on the table but the die's future
rolls, which a fresh seed re-draws."""

from __future__ import annotations

import random
from typing import Any

from ai.samplers.chance import fresh_future
from engine.core import Game, Seat


class MerchantsSampler:
    def sample(self, game: Game[Any, Any], state: Any, seat: Seat, rng: random.Random) -> Any:
        return fresh_future(state, rng)
