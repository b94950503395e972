"""A league's rounds: pairing each once, opening its tables in their threads, reading the
results, and keeping the round to its deadline.

Rules (README says the same):
- A round is paired from the stored results when every table of the round before has ended
  (or at the start); its pairings are stored at once, with the round's deadline (round length
  from the pairing), and never worked out again: a restart or another process reads them back.
  Pairing is done by one process at a time (a lease on the league), and stored only if the
  league is still at the round before (`club.storage.leagues.Leagues.store_round`).
- Each table is played in its own thread of the league's channel, created once (its id is
  recorded before its game is opened), seated in the pairing's seat order, the first seat
  moving first, with the league's options and clock; unrated when the league is.
- A seat whose table's clock has run out on it (its time away counted only where the league
  allows `/away`) gets a stand-in (`easy`) or forfeits (resigns), as the organiser chose.
- At the deadline an unfinished table ends by the claim rules (`/claim win`): every seat the
  game waits on resigns, until the game is over; a table that waits on nobody ends with no
  result.
- A player who drops resigns their table in play; they are not paired again.
- A bye scores a win (1) in Swiss and round robin, 0.5 in table Swiss (a table's middle
  place). A round robin's table with a player who dropped is a bye for the others.
- After the last round the league is finished.
"""

from __future__ import annotations

import asyncio
from collections import defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Protocol

from club.leagues import results
from club.leagues.events import in_play
from club.leagues.pairing import (
    BYE_POINTS,
    Bye,
    History,
    Pairing,
    Played,
    pair_round_robin,
    pair_swiss,
    seat_tables,
)
from club.service.away import Away
from club.service.claims import resign_seats
from club.service.commits import Action, Committer
from club.service.leases import Leases
from club.service.lobbies import Lobbies, Opening
from club.service.tables import Tables
from club.service.updates import Player, TableUpdate
from club.storage.games import Games
from club.storage.leagues import LeaguePlayer, LeagueRow, Leagues, LeagueTable, NewRound
from club.storage.moves import Moves
from club.storage.rows import GameRow
from engine.core import FIRST_PLAYER

HOUR = 3600.0
LEASE_SECONDS = 300.0
"""How long one process may hold a league's rounds (pairing, opening tables) before another
takes over."""
STANDIN_LEVEL = "easy"
TABLE_BYE_POINTS = 0.5
"""What a bye scores in table Swiss: a table's middle place (Swiss and round robin: a win,
`BYE_POINTS`)."""


@dataclass(frozen=True)
class Seated:
    """A table to open: its league, round and number, the players in seat order (id, name)."""

    league: LeagueRow
    round: int
    number: int
    players: tuple[Player, ...]
    deadline: float


class Venue(Protocol):
    """Where a league's rounds are played (the transport): each table's thread, created once,
    in which the players are pinged once with the round's deadline; the round's announcement;
    the delivery of a started table; the end of the league."""

    async def open_thread(self, seated: Seated) -> int:
        """Create the table's thread, ping its players there, and return its channel id."""

    async def round_opened(self, league: LeagueRow, round_number: int, byes: Sequence[int]) -> None:
        """Tell the league's channel that a round is paired (once per round)."""

    async def table_started(self, update: TableUpdate) -> None:
        """Deliver a table's opening update."""

    async def league_over(self, league: LeagueRow) -> None:
        """Tell the league's channel that its last round is over."""


@dataclass
class Progress:
    """What one pass over a league did (for logs and tests)."""

    paired: int | None = None
    opened: list[int] = field(default_factory=list)
    ended: list[int] = field(default_factory=list)
    absent: list[int] = field(default_factory=list)
    finished: bool = False


def history_of(
    tables: Sequence[LeagueTable], seats: dict[tuple[int, int], tuple[int, ...]], byes: list[Bye]
) -> History:
    """The league's past rounds as the pairing reads them: its ended tables and its byes."""
    played = tuple(
        Played(t.round, seats[(t.round, t.number)], t.points)
        for t in tables
        if t.points is not None
    )
    return History(played, tuple(byes))


class Rounds:
    """The rounds of every league, driven by `advance` (called by the transport's poll, after
    each league command, and as a league's table ends: `advance_for_game`)."""

    def __init__(
        self,
        leagues: Leagues,
        games: Games,
        moves: Moves,
        tables: Tables,
        lobbies: Lobbies,
        committer: Committer,
        away: Away,
        leases: Leases,
        *,
        clock: Callable[[], float],
    ) -> None:
        self._leagues = leagues
        self._games = games
        self._moves = moves
        self._tables = tables
        self._lobbies = lobbies
        self._committer = committer
        self._away = away
        self._leases = leases
        self._now = clock
        self._locks: defaultdict[int, asyncio.Lock] = defaultdict(asyncio.Lock)

    async def advance_all(self, venue: Venue) -> list[Progress]:
        """`advance` every running league."""
        return [await self.advance(league.id, venue) for league in await self._leagues.running()]

    async def advance(self, league_id: int, venue: Venue) -> Progress:
        """Bring the league up to date: record ended tables, deal with absent seats and the
        deadline, pair the next round once every table has ended, open its tables."""
        progress = Progress()
        lease = self._leases.claimed(f"league:{league_id}", LEASE_SECONDS)
        async with self._locks[league_id], lease as mine:
            if mine:
                await self._advance(league_id, venue, progress)
        return progress

    async def advance_for_game(self, game_id: int, venue: Venue) -> Progress | None:
        """`advance` the league whose table game `game_id` is (None: no league's), so a table
        that ended is recorded, and the next round paired, at once rather than at the next
        pass."""
        found = await self._leagues.league_of_game(game_id)
        if found is None:
            return None
        league_id, _, _ = found
        return await self.advance(league_id, venue)

    async def _advance(self, league_id: int, venue: Venue, progress: Progress) -> None:
        league = await self._leagues.get(league_id)
        if league is None or league.status != "running":
            return
        if league.round > 0:
            await self._open_tables(league, venue, progress)
            await self._collect(league, progress)
            if not await self._round_done(league):
                if league.deadline is not None and self._now() >= league.deadline:
                    await self._end_at_deadline(league, progress)
                else:
                    await self._absent_seats(league, progress)
                await self._collect(league, progress)
                if not await self._round_done(league):
                    return
        if league.round >= league.rounds:
            if await self._leagues.change(league.id, "running", status="finished"):
                progress.finished = True
                await venue.league_over(league)
            return
        if await self._pair(league, progress):
            fresh = await self._leagues.get(league.id)
            assert fresh is not None
            pairings = await self._leagues.pairings(league.id, fresh.round)
            byes = [p.user_id for p in pairings if p.table_number is None]
            await venue.round_opened(fresh, fresh.round, byes)
            await self._open_tables(fresh, venue, progress)

    async def _round_done(self, league: LeagueRow) -> bool:
        return all(
            t.points is not None for t in await self._leagues.tables(league.id, league.round)
        )

    # Pairing

    async def history(self, league: LeagueRow) -> History:
        """The league's past rounds as the pairing reads them."""
        tables = await self._leagues.tables(league.id)
        seats: dict[tuple[int, int], list[int]] = defaultdict(list)
        byes = []
        for p in await self._leagues.pairings(league.id):
            if p.table_number is not None:
                seats[(p.round, p.table_number)].append(p.user_id)
            elif p.bye_points is not None:
                byes.append(Bye(p.round, p.user_id, p.bye_points))
        return history_of(tables, {k: tuple(v) for k, v in seats.items()}, byes)

    async def _pair(self, league: LeagueRow, progress: Progress) -> bool:
        """Pair and store the next round; False if another process stored it first."""
        number = league.round + 1
        players = await self._leagues.players(league.id)
        playing = in_play(players, number)
        pairing = self.pairing(league, players, playing, await self.history(league), number)
        table_seats = [t for t in pairing.tables if all(u in playing for u in t)]
        worth = TABLE_BYE_POINTS if league.format == "table_swiss" else BYE_POINTS
        byes = [(u, worth) for u in pairing.byes if u in playing]
        for table in pairing.tables:  # a round robin's table with a dropped player: a bye
            if table not in table_seats:
                byes += [(u, worth) for u in table if u in playing]
        new = NewRound(
            tables=tuple(table_seats),
            byes=tuple(byes),
            reasons={u: pairing.reasons[u].parts for u in pairing.reasons},
        )
        deadline = self._now() + league.round_hours * HOUR
        if not await self._leagues.store_round(league.id, number, new, deadline):
            return False
        progress.paired = number
        return True

    def pairing(
        self,
        league: LeagueRow,
        players: Sequence[LeaguePlayer],
        playing: Sequence[int],
        history: History,
        number: int,
    ) -> Pairing:
        """Round `number`'s pairing by the league's format, from its seed (the same history
        and seed give the same pairing)."""
        seed = league.seed + number
        if league.format == "round_robin":
            started = [p.user_id for p in players if p.joined_round == 1]
            return pair_round_robin(started, number)
        if league.format == "table_swiss":
            sizes = self._tables.catalogue[league.game_key].league_tables
            return seat_tables(playing, history, seed=seed, sizes=sizes)
        return pair_swiss(playing, history, seed=seed)

    # Tables

    async def _open_tables(self, league: LeagueRow, venue: Venue, progress: Progress) -> None:
        """Create each table's thread and game of the round in play, where not done yet."""
        names = {p.user_id: p.display_name for p in await self._leagues.players(league.id)}
        seats: dict[int, list[int]] = defaultdict(list)
        for p in await self._leagues.pairings(league.id, league.round):
            if p.table_number is not None:
                seats[p.table_number].append(p.user_id)
        assert league.deadline is not None
        for table in await self._leagues.tables(league.id, league.round):
            if table.game_id is not None:
                continue
            players = tuple(Player(u, names[u]) for u in seats[table.number])
            seated = Seated(league, league.round, table.number, players, league.deadline)
            thread = table.thread_id
            if thread is None:
                thread = await venue.open_thread(seated)
                if not await self._leagues.set_thread(
                    league.id, league.round, table.number, thread
                ):
                    continue  # recorded meanwhile by a process this one took over from
            update, game_id = await self._open_game(seated, thread)
            await self._leagues.set_game(league.id, league.round, table.number, game_id)
            progress.opened.append(game_id)
            if update is not None:
                await venue.table_started(update)

    async def _open_game(self, seated: Seated, thread: int) -> tuple[TableUpdate | None, int]:
        """Open, seat and start the table's game in `thread` (picking up a game a crash left
        half made there); its opening update and its id."""
        league = seated.league
        row = await self._games.open_in(thread)
        first = seated.players[0]
        if row is None:
            options = dict(league.options)
            if FIRST_PLAYER in self._tables.catalogue[league.game_key].game.options:
                options[FIRST_PLAYER.name] = 1
            opening = Opening(
                league.guild_id, thread, first, league.game_key, options,
                clock_hours=league.clock_hours,
            )  # fmt: skip
            async with self._committer.open(thread, status=None):
                await self._lobbies.open_table(opening)
            row = await self._games.open_in(thread)
            assert row is not None
        if row.status == "active":
            return None, row.id
        for player in seated.players[1:]:
            if row.seat_of(player.user_id) is None:
                await self._lobbies.join(thread, player)
        if not league.rated:
            await self._games.mark_unrated(row.id)
        return await self._lobbies.start(thread, first), row.id

    async def _collect(self, league: LeagueRow, progress: Progress) -> None:
        """Record the points of the round's tables whose games have ended."""
        for table in await self._leagues.tables(league.id, league.round):
            if table.game_id is None or table.points is not None:
                continue
            row = await self._games.get(table.game_id)
            if row is None or row.status in ("lobby", "active"):
                continue
            earned = await self.points_of(row)
            if await self._leagues.set_points(league.id, league.round, table.number, earned):
                progress.ended.append(row.id)

    async def points_of(self, row: GameRow) -> tuple[float, ...]:
        """What each seat of the ended game `row` earned (see `club.leagues.results`)."""
        outcome = None
        if row.status == "finished" and row.state is not None:
            table = await self._tables.decode(row)
            outcome = table.game.outcome(table.state)
        resigned = {m.seat for m in await self._moves.of(row.id) if m.kind == "resign"}
        return results.points(outcome, len(row.seats), resigned)

    async def _active_rows(self, league: LeagueRow) -> list[GameRow]:
        rows = []
        for table in await self._leagues.tables(league.id, league.round):
            if table.game_id is None or table.points is not None:
                continue
            row = await self._games.get(table.game_id)
            if row is not None and row.status == "active":
                rows.append(row)
        return rows

    async def _end_at_deadline(self, league: LeagueRow, progress: Progress) -> None:
        """End each unfinished table by the claim rules (see the module's rules)."""
        said = f"The round's deadline has passed: this {league.name} table ends by the claim rules."
        for row in await self._active_rows(league):
            async with self._committer.open(row.channel_id) as work:
                while not work.table.over and work.table.actors():
                    await resign_seats(work, work.table.actors(), said)
                if not work.table.over:
                    told = f"The game ended with no result. {said}"
                    ended = Action.change(
                        work.table, -1, "abandon", told, result=f"No result: {said}"
                    )
                    await work.commit(ended)
            progress.ended.append(row.id)

    async def _absent_seats(self, league: LeagueRow, progress: Progress) -> None:
        """A stand-in for, or the forfeit of, each seat whose clock has run out."""
        now = self._now()
        for row in await self._active_rows(league):
            table = await self._tables.decode(row)
            standins = await self._games.standins(row.id)
            waiting = [u for u in table.actor_ids() if u not in standins and u > 0]
            if not waiting or row.claim_at is None:
                continue
            opens = row.claim_at
            if league.away_allowed:
                opens = await self._away.claim_opens(row, waiting) or row.claim_at
            if now < opens:
                continue
            if league.absent == "standin":
                async with self._committer.open(row.channel_id) as work:
                    for user_id in waiting:
                        table = work.table
                        name = table.players[table.seat(user_id)].name
                        said = (
                            f"The clock ran out: a stand-in ({STANDIN_LEVEL} computer) plays "
                            f"for {name}."
                        )
                        seated = Action.change(
                            table, table.seat(user_id), "standin", said, notation=STANDIN_LEVEL
                        )
                        also = [self._games.standin(table.row.id, user_id, STANDIN_LEVEL)]
                        await work.commit(seated, also)
            else:
                said = f"The clock ran out: {league.name} forfeits the seat that kept it waiting."
                async with self._committer.open(row.channel_id) as work:
                    seats = [
                        s for s in work.table.actors() if work.table.players[s].user_id in waiting
                    ]
                    await resign_seats(work, seats, said)
            progress.absent.extend(waiting)

    async def drop_seat(self, league: LeagueRow, user_id: int) -> TableUpdate | None:
        """The player who dropped resigns their table in play, if any; its update."""
        for row in await self._active_rows(league):
            if row.seat_of(user_id) is None:
                continue
            async with self._committer.open(row.channel_id) as work:
                seat = work.table.seat(user_id)
                return await resign_seats(
                    work, [seat], f"{work.table.players[seat].name} left {league.name}."
                )
        return None
