"""The stored stats and ratings (table `ratings`, one row per server, game title and person),
written inside the store's transactions.

A game is counted in the transaction that finishes it (`count`), so no finished game is ever
left uncounted, and finished games are numbered in the order they finished (`number`), so that
counting them all again in that order (`club.storage.ledger.Ledger.rebuild`) gives exactly the
same numbers.
Games outside a server (no guild) count for nothing. `streak` is the wins in a row (positive) or
losses in a row (negative) up to the last game; a draw sets it to 0.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from club.ratings import skill, standings
from club.ratings.skill import Skill
from club.ratings.standings import Ending, Result

if TYPE_CHECKING:  # the storage imports this module: at run time it needs nothing of the storage
    from club.storage.database import Connection


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


COLUMNS = "game_key, user_id, mu, sigma, games, wins, draws, losses, streak"
_UPDATED = ", ".join(f"{c} = excluded.{c}" for c in COLUMNS.split(", ")[2:])
"""An upsert's new values for a rating's counted columns."""


def rating(row: Sequence[Any]) -> Rating:
    """A `Rating` from a row of `COLUMNS`."""
    key, user_id, mu, sigma, games, wins, draws, losses, streak = row
    return Rating(key, user_id, Skill(mu, sigma), games, wins, draws, losses, streak)


async def number(db: Connection, game_id: int) -> None:
    """Give a game that has just finished the next number in the order of finished games."""
    await db.execute(
        "UPDATE games SET finished_seq = (SELECT COALESCE(MAX(finished_seq), 0) + 1 FROM games) "
        "WHERE id = ?",
        (game_id,),
    )


async def count(db: Connection, game_id: int, ending: Ending) -> None:
    """Add a finished game (its seats and resignations as stored, ended as `ending` says) to
    its players' stats and, when it is rated, to their ratings. A table with hints (`/hint`
    asks a computer player) is never rated, nor is a game in which a stand-in (a computer
    player in an absent person's seat, `seats.standin_level`) has moved (`games.unrated`): their
    games count in the stats only, the absent person's seat as theirs."""
    games = await db.execute_fetchall(
        "SELECT guild_id, game_key, hints, unrated FROM games WHERE id = ?", (game_id,)
    )
    guild_id, game_key, hints, unrated = next(iter(games))
    if guild_id is None:
        return
    seats = await db.execute_fetchall(
        "SELECT user_id, level FROM seats WHERE game_id = ? ORDER BY seat", (game_id,)
    )
    resigned = await db.execute_fetchall(
        "SELECT seat FROM moves WHERE game_id = ? AND kind = 'resign'", (game_id,)
    )
    people = [None if level is not None else user_id for user_id, level in seats]
    standing = standings.standing(ending, people, {seat for (seat,) in resigned})
    if not standing.results:
        return
    before = await _ratings(db, guild_id, game_key, list(standing.results))
    skills = {user_id: r.skill for user_id, r in before.items()}
    if standing.rated and not hints and not unrated:
        teams = [[skills.get(u, Skill()) for u in team] for team in standing.teams]
        for team, rated in zip(standing.teams, skill.rate(teams, standing.ranks), strict=True):
            skills.update(zip(team, rated, strict=True))
    for user_id, result in standing.results.items():
        old = before.get(user_id, Rating(game_key, user_id, Skill(), 0, 0, 0, 0, 0))
        new = _counted(old, result, skills.get(user_id, old.skill))
        await db.execute(
            f"INSERT INTO ratings (guild_id, {COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) "
            f"ON CONFLICT (guild_id, game_key, user_id) DO UPDATE SET {_UPDATED}",
            (guild_id, *_values(new)),
        )


async def _ratings(
    db: Connection, guild_id: int, game_key: str, user_ids: list[int]
) -> dict[int, Rating]:
    marks = ", ".join("?" * len(user_ids))
    rows = await db.execute_fetchall(
        f"SELECT {COLUMNS} FROM ratings WHERE guild_id = ? AND game_key = ? "
        f"AND user_id IN ({marks})",
        (guild_id, game_key, *user_ids),
    )
    return {r.user_id: r for r in map(rating, rows)}


def _values(r: Rating) -> tuple[Any, ...]:
    """`r` as the values of `COLUMNS`."""
    mu, sigma = r.skill.mu, r.skill.sigma
    return (r.game_key, r.user_id, mu, sigma, r.games, r.wins, r.draws, r.losses, r.streak)


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
