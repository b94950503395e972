"""The chance a seat cannot foresee: every game draws its random events from its seed and a
counter of draws made (`engine.core.draw_rng`), so a state with a fresh seed has the same past
and an unknown future."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

SEED_BITS = 62


def fresh_future(state: Any, rng: random.Random) -> Any:
    """`state` with its seed drawn from `rng`: past draws stay as they were, later ones differ."""
    return replace(state, seed=rng.getrandbits(SEED_BITS))
