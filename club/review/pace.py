"""A review's time on the clock shared among its positions: fewer samples when it falls behind.

Rulings:
- A review's positions are weighed within `DEADLINE_SECONDS` on the clock from the start of
  its walk, so that on the busiest host (two cores, the thinking workers also moving for the
  computer players) it answers well within the 15 minutes Discord gives an interaction.
- Each position is given the samples planned for it (`walk.iterations_for`) while the walk
  keeps pace; behind, the next position gets the time left shared among the positions left, in
  samples at the rate the walk has measured so far (seconds on the clock per sample, the wait
  for a worker included), never fewer than `walk.LEAST_PER_POSITION`. The first position is
  given its plan: there is no rate yet.
"""

from __future__ import annotations

from collections.abc import Callable

from club.review.walk import LEAST_PER_POSITION

DEADLINE_SECONDS = 8 * 60.0
"""Seconds on the clock a review's positions may take together: 8 of Discord's 15 minutes,
the rest left for a slower host than measured, the explanations and the chart."""


class Pace:
    """Samples for each of `positions` positions, `planned` each while the walk keeps within
    `seconds` of `clock` (seconds, `time.monotonic` in the bot) from its creation."""

    def __init__(
        self, positions: int, planned: int, seconds: float, clock: Callable[[], float]
    ) -> None:
        self.positions, self.planned, self.clock = positions, planned, clock
        self.ends = clock() + seconds
        self.given: list[int] = []
        self.spent = 0.0

    def next(self) -> int:
        """The samples for the next position (see the module)."""
        given = sum(self.given)
        if not given:
            return self.planned
        left = max(1, self.positions - len(self.given))
        share = max(0.0, self.ends - self.clock()) / left
        affordable = int(share * given / max(self.spent, 1e-9))
        return max(LEAST_PER_POSITION, min(self.planned, affordable))

    def took(self, samples: int, seconds: float) -> None:
        """A position was weighed with `samples` samples in `seconds` on the clock."""
        self.given.append(samples)
        self.spent += seconds
