"""The leagues' service: the events (`events`), their rounds (`rounds`), and what a league
shows: its standings and why a player was paired as they were.

Standings (README says the same): score, then the tie-breaks (Swiss and round robin: Buchholz,
then Sonneborn-Berger; table Swiss: firsts, then opponents; see `club.leagues.pairing`), tables
played and games left (the rounds still to come, and the table in play if it has not ended;
none for a player who dropped).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass

from club.catalogue import Catalogue
from club.leagues.events import FORMATS, Events
from club.leagues.pairing import Reason, standings
from club.leagues.pairing.model import fmt_points
from club.leagues.rounds import Rounds
from club.service.away import Away
from club.service.commits import Committer
from club.service.leases import Leases
from club.service.lobbies import Lobbies
from club.service.servers import Servers
from club.service.tables import Tables
from club.service.updates import TableError
from club.storage.games import Games
from club.storage.leagues import LeagueRow, Leagues
from club.storage.moves import Moves
from engine.words import Unit

POINTS = Unit("point")


@dataclass(frozen=True)
class Line:
    """A line of the standings."""

    rank: int
    user_id: int
    name: str
    score: float
    tiebreaks: tuple[tuple[str, float], ...]
    played: int
    left: int
    dropped: bool


@dataclass(frozen=True)
class Board:
    """A league's standings: its title line and its lines, best first."""

    title: str
    lines: tuple[Line, ...]

    @property
    def text(self) -> str:
        """The standings as text (one line per player), as the picture shows them."""
        rows = [self.title]
        for line in self.lines:
            breaks = ", ".join(f"{name} {fmt_points(value)}" for name, value in line.tiebreaks)
            dropped = " (dropped)" if line.dropped else ""
            rows.append(
                f"{line.rank}. {line.name}{dropped}: {fmt_points(line.score)} "
                f"{POINTS.word(line.score)} ({breaks}); "
                f"{line.played} played, {line.left} left"
            )
        if not self.lines:
            rows.append("Nobody has signed up yet.")
        return "\n".join(rows)


class LeagueService:
    """The leagues over the store's repositories and the table service's parts."""

    def __init__(
        self,
        leagues: Leagues,
        games: Games,
        moves: Moves,
        tables: Tables,
        lobbies: Lobbies,
        committer: Committer,
        away: Away,
        servers: Servers,
        leases: Leases,
        catalogue: Catalogue,
    ) -> None:
        self._leagues = leagues
        self._catalogue = catalogue
        clock: Callable[[], float] = tables.now
        self.events = Events(
            leagues, away, servers, catalogue, clock=clock, new_seed=tables.new_seed
        )
        self.rounds = Rounds(
            leagues, games, moves, tables, lobbies, committer, away, leases, clock=clock
        )

    def title(self, league: LeagueRow) -> str:
        """`**Name** (#id): Game, format, round r of n, status`."""
        game = self._catalogue[league.game_key].game.title
        where = (
            "sign-up" if league.status == "signup" else f"round {league.round} of {league.rounds}"
        )
        state = "" if league.status in ("signup", "running") else f", {league.status}"
        return f"**{league.name}** (#{league.id}): {game}, {FORMATS[league.format]}, {where}{state}"

    async def standings(self, league: LeagueRow) -> Board:
        """The league's standings now."""
        players = await self._leagues.players(league.id)
        history = await self.rounds.history(league)
        names = {p.user_id: p.display_name for p in players}
        dropped = {p.user_id for p in players if p.dropped_round is not None}
        open_now = set()
        for table in await self._leagues.tables(league.id, league.round):
            if table.points is None:
                open_now.add(table.number)
        playing_now = {
            p.user_id
            for p in await self._leagues.pairings(league.id, league.round)
            if p.table_number in open_now
        }
        still = max(league.rounds - league.round, 0)
        lines = tuple(
            Line(
                s.rank,
                s.player,
                names[s.player],
                s.score,
                s.tiebreaks,
                s.played,
                0 if s.player in dropped else still + int(s.player in playing_now),
                s.player in dropped,
            )
            for s in standings(list(names), history, fmt=league.format)
        )
        return Board(self.title(league), lines)

    async def why(self, league: LeagueRow, user_id: int) -> str:
        """The one-line reason for the player's latest pairing in the league."""
        pairings = [p for p in await self._leagues.pairings(league.id) if p.user_id == user_id]
        if not pairings:
            raise TableError(f"<@{user_id}> has not been paired in {league.name} yet.")
        latest = pairings[-1]
        names = {p.user_id: p.display_name for p in await self._leagues.players(league.id)}
        reason = Reason(tuple(_parts(latest.reason)))
        text = reason.text(lambda u: names.get(u, f"<@{u}>"))
        return f"Round {latest.round}, {names.get(user_id, f'<@{user_id}>')}: {text}"


def _parts(stored: str) -> list[str]:
    """A stored reason's parts (a JSON list of strings)."""
    return [str(part) for part in json.loads(stored)]
