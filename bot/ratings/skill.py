"""Skill ratings by openskill's Plackett-Luce model (Weng and Lin), with the library's defaults.

A new player's skill is a normal belief with mean `mu` 25 and deviation `sigma` 25/3 (points of
skill); `beta` 25/6 is the spread of one game's performance, and `tau` 25/300 is added (in
quadrature) to every sigma before a game, so ratings keep moving. A team plays with the sum of
its players' means and variances. The rating shown to players is the ordinal mu - 3 sigma,
rounded to a whole number: a cautious estimate (0 for a new player) that rises as a player wins
and as their games make the rating surer.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce

MODEL = PlackettLuce()


@dataclass(frozen=True)
class Skill:
    """One player's rating: mean and deviation, in points of skill."""

    mu: float = MODEL.mu
    sigma: float = MODEL.sigma

    @property
    def ordinal(self) -> int:
        """mu - 3 sigma, rounded: the rating shown to players."""
        return round(self.mu - 3 * self.sigma)


def rate(teams: Sequence[Sequence[Skill]], ranks: Sequence[int]) -> list[list[Skill]]:
    """Every player's new skill after a game of two or more `teams` (lists of players' skills)
    that placed at `ranks` (one a team; lower is better, equal ranks tie)."""
    ratings = [[MODEL.rating(mu=s.mu, sigma=s.sigma) for s in team] for team in teams]
    rated = MODEL.rate(ratings, ranks=[float(rank) for rank in ranks])
    return [[Skill(player.mu, player.sigma) for player in team] for team in rated]
