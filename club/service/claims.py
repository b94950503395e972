"""Claims on time: `/claim win` and `/claim end` once a turn has kept the table waiting longer
than its clock (the rulings are in `club.service.fair_clock`).

A claimed win is the absent players' resignation, committed as theirs through the same path as
any move (the version guard, the move log and the outbox); a claimed end closes the game with
no result, as `/abandon` does.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from club.service import fair_clock, wording
from club.service.away import Away, until
from club.service.clocks import humans
from club.service.commits import Action, Committer, Work
from club.service.computer_seats import OFFERED_LEVELS, check_level
from club.service.servers import Servers
from club.service.tables import Table, Tables
from club.service.updates import Player, TableError, TableUpdate
from club.storage.games import Games
from club.storage.moves import Moves
from engine.core import Event, Seat


class Claims:
    """Claims on time: a win, an end, or a stand-in for the absent."""

    def __init__(
        self,
        tables: Tables,
        games: Games,
        moves: Moves,
        committer: Committer,
        servers: Servers,
        away: Away,
    ) -> None:
        self._tables = tables
        self._games = games
        self._moves = moves
        self._committer = committer
        self._servers = servers
        self._away = away

    async def claim_win(self, channel_id: int, player: Player) -> TableUpdate:
        """Each person the game waits on resigns (see the rulings); the last update."""
        async with self._committer.open(channel_id) as work:
            absent, said = await self._claim(work.table, player)
            update = await resign_seats(work, absent, said)
            assert update is not None
            return replace(update, confirmation=f"Done: {said}")

    async def claim_end(self, channel_id: int, player: Player) -> TableUpdate:
        """End the game with no result, as an action of the claimer's (told from the outbox)."""
        async with self._committer.open(channel_id) as work:
            table = work.table
            _, said = await self._claim(table, player)
            told = f"The {table.game.title} game in this channel ended with no result. {said}"
            action = Action.change(
                table, table.seat(player.user_id), "abandon", told, result=f"No result: {said}"
            )
            return replace(await work.commit(action), confirmation=f"Done: {said}")

    async def claim_standin(
        self, channel_id: int, player: Player, level: str = "easy"
    ) -> TableUpdate:
        """Seat a stand-in of `level` in each seat keeping the table waiting (see
        `club.service.standins`), each seat's change an action of its own; the last."""
        if level not in OFFERED_LEVELS:
            raise TableError(f"Choose a level: {', '.join(OFFERED_LEVELS)}.")
        async with self._committer.open(channel_id) as work:
            table = work.table
            if not (await self._servers.server_settings(table.row.guild_id or 0)).standins:
                raise TableError("This server does not allow stand-ins (`/settings`).")
            try:
                check_level(level, self._tables.catalogue[table.game.key])
            except ValueError as error:
                raise TableError(str(error)) from error
            absent, _ = await self._claim(table, player)
            names = " and ".join(table.players[s].name for s in absent)
            said = (
                f"{player.name} seated a stand-in ({level} computer) for {names}, who kept the "
                f"table waiting over {table.row.clock_hours} h. From the stand-in's first move "
                f"this game is unrated. {names} can take the seat back at any time with "
                "`/claim back`."
            )
            update = None
            for seat in absent:
                table = work.table
                user_id = table.players[seat].user_id
                told = said if update is None else ""
                seated = Action.change(table, seat, "standin", told, notation=level)
                also = [self._games.standin(table.row.id, user_id, level)]
                update = await work.commit(seated, also)
            assert update is not None
            return replace(update, confirmation=f"Done: a stand-in plays for {names}.")

    async def _claim(self, table: Table, player: Player) -> tuple[list[Seat], str]:
        """The seats of the people keeping the table waiting, whom `player` may claim against,
        and the claim in words; refused before the clock has run out, for anyone the game waits
        on, and for a player who has resigned."""
        seat = table.seat(player.user_id)
        row = table.row
        if row.claim_at is None:
            raise TableError(
                "This table has no clock, so nothing can be claimed on time. Open a table with "
                "`/new <game> clock:<hours>` to play with one."
            )
        moves = await self._moves.of(row.id)
        if any(m.kind == "resign" and m.seat == seat for m in moves):
            raise TableError("You have left this game, so you cannot claim it.")
        actors = table.actors()
        if seat in actors:
            raise TableError("The game is waiting for you: make your move (or `/resign`).")
        standins = await self._games.standins(row.id)
        waiting = [u for u in humans(table, actors) if u not in standins]
        if not waiting:
            raise TableError("Nobody is keeping the table waiting: a computer player is to move.")
        now = self._tables.now()
        left = (await self._away.claim_opens(row, waiting) or row.claim_at) - now
        away = await self._away.away_until(row.guild_id, waiting, now) if left > 0 else {}
        if away:  # a time away begun after the claim opened leaves it open
            raise TableError(
                f"{_names(table, away)} {'is' if len(away) == 1 else 'are'} away until "
                f"{until(max(away.values()))}: the clock is paused, so nobody may claim on time "
                "meanwhile. Nothing was changed."
            )
        if left > 0:
            raise TableError(
                f"Too early: this table's clock gives a turn {row.clock_hours} h, so you may "
                f"claim in {fair_clock.duration(left)}. Nothing was changed."
            )
        absent = [s for s in actors if table.players[s].user_id in waiting]
        names = [table.players[s].name for s in absent]
        return absent, wording.claimed(player.name, names, row.clock_hours)


async def resign_seats(work: Work, seats: Iterable[Seat], said: str) -> TableUpdate | None:
    """Each of `seats` resigns in turn by the game's own resignation rules, until the game
    ends (a claimed win, a league's deadline); the first resignation is told with `said`. The
    last update, or None when no seat was given."""
    update = None
    for seat in seats:
        if update is not None and update.finished:
            break
        table = work.table
        state, events = table.game.resign(table.state, seat)
        told = [Event(said), *events] if update is None else events
        update = await work.commit(Action(table, seat, "resign", "resign", state, told))
    return update


def _names(table: Table, user_ids: Iterable[int]) -> str:
    """The players of `user_ids` by name, in seat order."""
    return " and ".join(p.name for p in table.players if p.user_id in set(user_ids))
