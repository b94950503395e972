"""Mars vs. Earth set-up by player count: what a table of each size starts with and needs."""

from __future__ import annotations

from dataclasses import dataclass

from engine.marsvsearth.state import WAVES


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

    @property
    def needed(self) -> int:
        """Successful threats that win the game for the Humans (every wave's worth)."""
        return WAVES * self.per_wave


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


def setup_for(players: int, coop: bool) -> Setup:
    return COOP if coop else SETUP[players]
