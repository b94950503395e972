"""Stats and ratings in words (`/stats`, `/leaderboard`), and every rating counted again from
the finished games (`python -m bot ratings --rebuild`): `Ratings`, the table service's `ratings`,
the games' titles and rules from the catalogue the service is given.

Stats and ratings are kept per server and game title (see `club.ratings` for what a game counts
for). The rating shown starts at 1000 for a new player and is marked provisional while too few
rated games stand behind it (`club.ratings.skill` holds the mapping and the threshold); the
leaderboard lists provisional players too, marked, in the order of their ratings. The messages
speak of ratings only: the model's terms (mu, sigma, the ordinal) are in the README.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from club.catalogue import Catalogue
from club.ratings.ledger import Rating
from club.ratings.skill import BASELINE, Skill
from club.ratings.standings import Ending, ending
from club.service.updates import TableError
from club.service.wording import GAMES, mention
from club.storage.ledger import Ledger
from engine.core import GameError

LEADERBOARD_SIZE = 10
RATING_NOTE = (
    f"Everyone starts at {BASELINE}. A rating rises with wins and as more games make it surer; "
    "only games between two or more people (or human sides) change it. A provisional rating "
    "has too few rated games behind it to be sure yet."
)


@dataclass(frozen=True)
class Card:
    """What to show, as one embed: a title and its text, whole (the cog fits them to Discord's
    limits)."""

    title: str
    text: str


class Ratings:
    """The stats and ratings kept in the `ledger`, of the games in `catalogue`."""

    def __init__(self, ledger: Ledger, catalogue: Catalogue) -> None:
        self._ledger = ledger
        self.catalogue = catalogue

    async def stats(self, guild_id: int, user_id: int, name: str) -> Card:
        """`name`'s (user `user_id`) games, results, rating and streak in each game title on
        this server."""
        ratings = await self._ledger.ratings(guild_id, user_id)
        lines = [
            f"**{self.catalogue[r.game_key].game.title}** · {_numbers(r)}"
            for r in ratings
            if r.game_key in self.catalogue
        ]
        if not lines:
            lines = ["No finished games on this server yet."]
        return _card(f"Stats of {name}", [*lines, "", f"*{RATING_NOTE}*"])

    async def leaderboard(self, guild_id: int, game_key: str) -> Card:
        """The server's best rated players of one game title, best first."""
        if game_key not in self.catalogue:
            raise TableError(f"There is no game {game_key!r}.")
        ratings = await self._ledger.leaderboard(guild_id, game_key, LEADERBOARD_SIZE)
        lines = [
            f"{place}. {mention(r.user_id)} · {_numbers(r)}" for place, r in enumerate(ratings, 1)
        ]
        if not lines:
            lines = ["Nobody has finished a game of it on this server yet."]
        title = f"Leaderboard: {self.catalogue[game_key].game.title}"
        return _card(title, [*lines, "", f"*{RATING_NOTE}*"])

    async def rebuild(self) -> int:
        """Forget every stat and rating and count all finished games again, in the order they
        finished (a game whose state cannot be read is skipped); returns the games counted."""
        return await self._ledger.rebuild(self.stored_ending)

    def stored_ending(self, game_key: str, state: str) -> Ending | None:
        """How a stored game (its key and state as JSON text) ended; None when unreadable."""
        game = self.catalogue.game(game_key)
        if game is None:
            return None
        try:
            final = game.from_json(json.loads(state))
            return ending(game, final, game.outcome(final))
        except (GameError, ValueError):
            return None


def streak_text(streak: int) -> str:
    """`W3` for three wins in a row, `L1` for a loss, `D` after a draw."""
    if streak > 0:
        return f"W{streak}"
    return f"L{-streak}" if streak < 0 else "D"


def _numbers(r: Rating) -> str:
    games = GAMES.of(r.games)
    results = f"{r.wins}W {r.draws}D {r.losses}L"
    return f"{rating_text(r.skill)} · {games} ({results}) · streak {streak_text(r.streak)}"


def rating_text(skill: Skill) -> str:
    """`rating **1069** (provisional)`, or without the mark once the rating is sure enough."""
    return f"rating **{skill.shown}**{' (provisional)' * skill.provisional}"


def _card(title: str, lines: list[str]) -> Card:
    return Card(title, "\n".join(lines))
