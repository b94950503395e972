"""Stats and ratings, counted: a person's `Rating` in one game title on one server, and how a
finished game changes its players' (`counted`). The storage keeps them (`club.storage.ledger`,
table `ratings`) and counts each game in the transaction that finishes it.

Games outside a server (no guild) count for nothing. `streak` is the wins in a row (positive) or
losses in a row (negative) up to the last game; a draw sets it to 0. A table with hints
(`/hint` asks a computer player) is never rated, nor is a game in which a stand-in (a computer
player in an absent person's seat, `seats.standin_level`) has moved (`games.unrated`): their
games count in the stats only, the absent person's seat as theirs.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from club.ratings import skill
from club.ratings.skill import Skill
from club.ratings.standings import Result, Standing


@dataclass(frozen=True)
class Rating:
    """A person's stats and rating in one game title on one server."""

    game_key: str
    user_id: int
    skill: Skill
    games: int
    wins: int
    draws: int
    losses: int
    streak: int


def counted(
    game_key: str, standing: Standing, before: Mapping[int, Rating], rated: bool
) -> list[Rating]:
    """The ratings of the people of a finished game of `game_key` that ended in `standing`,
    after it: `before` holds those they had (a newcomer starts from `Skill()`); their skills
    move only when the game is `rated` (and its standing is)."""
    skills = {user_id: r.skill for user_id, r in before.items()}
    if standing.rated and rated:
        teams = [[skills.get(u, Skill()) for u in team] for team in standing.teams]
        for team, new in zip(standing.teams, skill.rate(teams, standing.ranks), strict=True):
            skills.update(zip(team, new, strict=True))
    after = []
    for user_id, result in standing.results.items():
        old = before.get(user_id, Rating(game_key, user_id, Skill(), 0, 0, 0, 0, 0))
        after.append(_counted(old, result, skills.get(user_id, old.skill)))
    return after


def _counted(old: Rating, result: Result, new_skill: Skill) -> Rating:
    """`old` with one more game of `result`, now rated `new_skill`."""
    if result == "win":
        streak = max(old.streak, 0) + 1
    elif result == "loss":
        streak = min(old.streak, 0) - 1
    else:
        streak = 0
    return Rating(
        old.game_key,
        old.user_id,
        new_skill,
        old.games + 1,
        old.wins + (result == "win"),
        old.draws + (result == "draw"),
        old.losses + (result == "loss"),
        streak,
    )
