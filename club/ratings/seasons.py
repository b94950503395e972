"""Seasons, counted: a season's standings from the rated games finished inside it, and the soft
reset of the all-time ratings when it ends.

A season's standings rate only its own games, every player starting the season as a new player
(`Skill()`), with the same model and the same rules of what counts as the all-time ratings
(`club.ratings.ledger.counted`): games between two or more people (or human sides), never a
table with hints or one a stand-in moved in, never a game of computer players only. Players are
ordered as on the leaderboard: the cautious estimate (mu - 3 sigma) first, then the most league
points, then the most games, then the lower user id, so that counting the same games again gives
the same standings. A season also sums the league points (`club.leagues`) each person earned at
league tables of its games, rated or not.

At a season's end every all-time rating of its server and game shrinks halfway back toward a new
player's (`soft_reset`): the mean moves half the way to 25, the deviation half the way up to 25/3,
so last season's leaders start ahead but sure of less; games, results and streaks are kept.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace

from club.ratings.ledger import Rating, counted
from club.ratings.skill import Skill
from club.ratings.standings import Standing

KEPT = 0.5
"""The share of the distance from a new player's skill that a rating keeps at a season's end."""


@dataclass(frozen=True)
class Counted:
    """One finished game of a season, as the ledger counts it: its standing, and whether its
    table may be rated (no hints, no stand-in moved)."""

    standing: Standing
    rated: bool
    league_points: Mapping[int, float] = field(default_factory=dict)
    """At a league table: the event points each person earned there."""


@dataclass(frozen=True)
class SeasonStanding:
    """A person's place in a season: their season rating and record, and their league points."""

    rating: Rating
    league_points: float


def season_table(game_key: str, games: Iterable[Counted]) -> list[SeasonStanding]:
    """The standings of a season of `game_key` made of `games` (in the order they finished):
    each person's season rating and record of rated games (no streak) and league points, best
    first; people with neither a rated game nor a league point are left out."""
    ratings: dict[int, Rating] = {}
    points: dict[int, list[float]] = {}
    for game in games:
        for user_id, earned in game.league_points.items():
            points.setdefault(user_id, []).append(earned)
        if not (game.rated and game.standing.rated):
            continue
        before = {u: ratings[u] for u in game.standing.results if u in ratings}
        for after in counted(game_key, game.standing, before, rated=True):
            ratings[after.user_id] = after
    table = [
        SeasonStanding(
            replace(ratings[u], streak=0)  # a season keeps no streaks
            if u in ratings
            else Rating(game_key, u, Skill(), 0, 0, 0, 0, 0),
            math.fsum(points.get(u, ())),
        )
        for u in ratings.keys() | points.keys()
    ]
    return sorted(table, key=_order)


def _order(s: SeasonStanding) -> tuple[float, float, int, int]:
    return (-s.rating.skill.ordinal, -s.league_points, -s.rating.games, s.rating.user_id)


def soft_reset(skill: Skill) -> Skill:
    """`skill` after a season's end: its mean and deviation each keep `KEPT` of their distance
    from a new player's."""
    new = Skill()
    return Skill(
        new.mu + (skill.mu - new.mu) * KEPT,
        new.sigma + (skill.sigma - new.sigma) * KEPT,
    )
