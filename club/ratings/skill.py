"""Skill ratings by openskill's Plackett-Luce model (Weng and Lin), with the library's defaults,
and the rating players are shown.

A new player's skill is a normal belief with mean `mu` 25 and deviation `sigma` 25/3 (points of
skill); `beta` 25/6 is the spread of one game's performance, and `tau` 25/300 is added (in
quadrature) to every sigma before a game, so ratings keep moving. A team plays with the sum of
its players' means and variances.

The ordinal mu - 3 sigma is a cautious estimate of a player's skill (0 for a new player): it
rises with wins and as games make the belief surer. Players never see it or its parts; they see
the rating `BASELINE + SCALE * (ordinal - new player's ordinal)`, rounded, and never below 0:
1000 for a new player, 20 rating points to a point of skill. A first win against another new
player shows 1069 and a first loss 963. The mapping is increasing, so ordering players by the
ordinal (as the leaderboard does) orders them by the rating shown; it reaches the floor of 0
only at an ordinal of -50, far below what losing brings (500 losses in a row to new players end
at about -36, shown as 289).

A rating is provisional while sigma is above `PROVISIONAL_SIGMA` 7: for about 6 rated games of
two players (5 to 8 in trials of random pairings and results among six new players), more in
games of sides, where one game says less of each player (14 games of 3 Martians against 2
Humans, each side winning in turn).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce

MODEL = PlackettLuce()
BASELINE = 1000
"""The rating shown for a new player."""
SCALE = 20
"""Rating points shown per point of skill of the ordinal."""
PROVISIONAL_SIGMA = 7.0
"""A rating whose sigma (points of skill) is above this is shown as provisional."""
_NEW_ORDINAL = MODEL.mu - 3 * MODEL.sigma


@dataclass(frozen=True)
class Skill:
    """One player's rating: mean and deviation, in points of skill."""

    mu: float = MODEL.mu
    sigma: float = MODEL.sigma

    @property
    def ordinal(self) -> float:
        """mu - 3 sigma, the cautious estimate that orders players."""
        return self.mu - 3 * self.sigma

    @property
    def shown(self) -> int:
        """The rating players see: `BASELINE` plus `SCALE` per point of ordinal above a new
        player's, rounded, at least 0."""
        return max(0, round(BASELINE + SCALE * (self.ordinal - _NEW_ORDINAL)))

    @property
    def provisional(self) -> bool:
        """Whether too few rated games stand behind the rating (sigma above
        `PROVISIONAL_SIGMA`)."""
        return self.sigma > PROVISIONAL_SIGMA


def rate(teams: Sequence[Sequence[Skill]], ranks: Sequence[int]) -> list[list[Skill]]:
    """Every player's new skill after a game of two or more `teams` (lists of players' skills)
    that placed at `ranks` (one a team; lower is better, equal ranks tie)."""
    ratings = [[MODEL.rating(mu=s.mu, sigma=s.sigma) for s in team] for team in teams]
    rated = MODEL.rate(ratings, ranks=[float(rank) for rank in ranks])
    return [[Skill(player.mu, player.sigma) for player in team] for team in rated]
