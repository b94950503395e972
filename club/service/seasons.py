"""Seasons (`/season`): a span of dates per server and game title, its standings, and its end.

Rules (what a season counts is `club.ratings.seasons`'s):
- A season runs from the first day's 00:00 UTC to the end of its last day (dates written
  YYYY-MM-DD, the last day included), at most `LONGEST_DAYS` days, and must not be over when it
  is made. Seasons of one server and title never overlap; they are numbered from 1.
- Its standings count the rated games of its title finished on the server inside it; while it
  runs they are counted from the stored games at each ask, once it has ended they are read from
  its archive, which holds the same standings as counting its games again gives.
- When its last day is over (`end_due`, swept by the bot) the season ends, once, however many
  processes sweep: its standings are archived and the server's ratings of the title are softly
  reset (see `club.ratings.seasons`).
"""

from __future__ import annotations

import asyncio
import datetime
from collections.abc import Callable

from club.catalogue import Catalogue
from club.ratings.seasons import Counted, SeasonStanding, season_table
from club.ratings.standings import Ending, standing
from club.service.ratings import Card, rating_text
from club.service.updates import TableError
from club.service.wording import GAMES, mention
from club.storage.seasons import Overlap, Season, SeasonGame, Seasons

LONGEST_DAYS = 366
"""The most days a season may last."""
DAY = 86400.0
STANDINGS_SIZE = 20
"""The most players a season's standings list."""


class SeasonsService:
    """Seasons kept in `seasons`, of the games in `catalogue`; `ending_of` tells how a stored
    game ended (`Ratings.stored_ending`); `clock` gives Unix seconds."""

    def __init__(
        self,
        seasons: Seasons,
        catalogue: Catalogue,
        ending_of: Callable[[str, str], Ending | None],
        clock: Callable[[], float],
    ) -> None:
        self._seasons = seasons
        self.catalogue = catalogue
        self._ending_of = ending_of
        self._clock = clock

    async def open(
        self, guild_id: int, game_key: str, first_day: str, last_day: str, creator_id: int
    ) -> str:
        """Make a season of `game_key` from `first_day` to `last_day` (YYYY-MM-DD, included);
        what to tell the server. Raises `TableError` with one line for a bad span."""
        title = self._title(game_key)
        starts, ends = _day(first_day), _day(last_day) + DAY
        if ends <= starts:
            raise TableError(f"A season's last day ({last_day}) must not come before its first.")
        if ends - starts > LONGEST_DAYS * DAY:
            raise TableError(
                f"A season lasts at most {LONGEST_DAYS} days; pick an earlier last day."
            )
        if ends <= self._clock():
            raise TableError(f"A season ending on {last_day} would already be over.")
        try:
            season = await self._seasons.add(guild_id, game_key, starts, ends, creator_id)
        except Overlap as overlap:
            raise TableError(
                f"Those dates overlap season {overlap.number} of {title} on this server: "
                "pick days outside it (`/season list` shows the seasons)."
            ) from None
        return (
            f"Season {season.number} of **{title}** runs {_span(season)}: rated games of it "
            "finished in that time count in `/season standings`."
        )

    async def listing(self, guild_id: int, game_key: str) -> Card:
        """The server's seasons of one title."""
        title = self._title(game_key)
        seasons = await self._seasons.of(guild_id, game_key)
        lines = [
            f"Season {s.number}: {_span(s)}{' (ended)' if s.ended else ''}" for s in seasons
        ] or [_NONE]
        return Card(f"Seasons of {title}", "\n".join(lines))

    async def standings(self, guild_id: int, game_key: str, number: int | None) -> Card:
        """Season `number`'s standings (or else the season running now, or else the last)."""
        title = self._title(game_key)
        seasons = await self._seasons.of(guild_id, game_key)
        season = self._chosen(seasons, number)
        if season is None:
            raise TableError(
                f"There is no season {number} of {title} on this server."
                if number is not None and seasons
                else f"No season of {title} on this server yet. " + _NONE
            )
        table = await self._seasons.archive(season) if season.ended else await self.table(season)
        lines = [
            f"{place}. {mention(s.rating.user_id)} · {_line(s)}"
            for place, s in enumerate(table[:STANDINGS_SIZE], 1)
        ] or ["No rated games finished in it yet."]
        ends = f"ends <t:{int(season.ends_at)}:R>"
        state = "ended; ratings were softly reset" if season.ended else ends
        head = f"{_span(season)} ({state})"
        return Card(f"Season {season.number} of {title}", "\n".join([head, "", *lines]))

    async def table(self, season: Season) -> list[SeasonStanding]:
        """The season's standings counted from its stored games, best first (the games read
        and rated in a thread: a long season must not hold up the tables)."""
        games = await self._seasons.games(season)
        return await asyncio.to_thread(self._counted, season.game_key, games)

    def _counted(self, game_key: str, games: list[SeasonGame]) -> list[SeasonStanding]:
        counted = []
        for game in games:
            ending = self._ending_of(game_key, game.state)
            if ending is not None:
                counted.append(
                    Counted(standing(ending, game.people, game.resigned), game.rated, _points(game))
                )
        return season_table(game_key, counted)

    async def end_due(self) -> list[Season]:
        """End every season whose last day is over (archive, soft reset), each once; the
        seasons this call ended."""
        ended = []
        for season in await self._seasons.due(self._clock()):
            if await self._seasons.end(season, await self.table(season)):
                ended.append(season)
        return ended

    def _title(self, game_key: str) -> str:
        if game_key not in self.catalogue:
            raise TableError(f"There is no game {game_key!r}.")
        return self.catalogue[game_key].game.title

    def _chosen(self, seasons: list[Season], number: int | None) -> Season | None:
        if number is not None:
            return next((s for s in seasons if s.number == number), None)
        now = self._clock()
        running = [s for s in seasons if s.starts_at <= now < s.ends_at]
        return running[0] if running else (seasons[-1] if seasons else None)


_NONE = "An admin starts one with `/season new`."


def _day(text: str) -> float:
    """The Unix time of `text`'s (YYYY-MM-DD) 00:00 UTC; `TableError` if it is no date."""
    try:
        day = datetime.date.fromisoformat(text.strip())
    except ValueError:
        raise TableError(
            f"{text!r} is not a date: write it as YYYY-MM-DD, such as 2027-01-31."
        ) from None
    return datetime.datetime(day.year, day.month, day.day, tzinfo=datetime.UTC).timestamp()


def _span(season: Season) -> str:
    """The season's first and last days as Discord dates."""
    return f"<t:{int(season.starts_at)}:D> to <t:{int(season.ends_at - DAY)}:D>"


def _line(standing: SeasonStanding) -> str:
    r = standing.rating
    results = f"{r.wins}W {r.draws}D {r.losses}L"
    line = f"season {rating_text(r.skill)} · {GAMES.of(r.games)} ({results})"
    if standing.league_points:
        line += f" · league points {standing.league_points:g}"
    return line


def _points(game: SeasonGame) -> dict[int, float]:
    """At a league table, the league points each person earned there."""
    if game.league_points is None:
        return {}
    seated = zip(game.people, game.league_points, strict=False)
    return {user_id: points for user_id, points in seated if user_id is not None}
