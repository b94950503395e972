"""Computer players at a table: the turns they are to take, and hints for people.

A computer player is a seat like any other (see `club.service.computer_seats`): its moves go
through the same checks and commit as a person's, and it is told nothing privately, because
the search reads only what its seat may see of the state it is handed. The search itself runs
elsewhere (a worker process, see `bot.workers.thinking`); this module says whose turn it is and
plays the move the search chose, unless the game moved on meanwhile.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass

from club.service.commits import Action, Committer
from club.service.computer_seats import HINT_LEVEL, is_computer
from club.service.play import decide
from club.service.tables import Table, Tables
from club.service.updates import TableError, TableUpdate
from club.service.wording import STALE
from club.storage.games import Games
from club.storage.rows import GameRow
from engine.core import Seat

HANDED_OVER = "The seat changed hands while the computer thought."


@dataclass(frozen=True)
class Turn:
    """A position for the search: `seat` of game `game_id` (the registered `game_key`) is to
    choose a move at `level`, in the state stored as `state` (JSON text) after `moves_made`
    moves; `seed` is the search's own chance, drawn afresh (never the game's seed)."""

    game_id: int
    channel_id: int
    game_key: str
    state: str
    seat: Seat
    level: str
    seed: int
    moves_made: int


class Computers:
    """The computer players' turns, and the positions of hints."""

    def __init__(self, tables: Tables, games: Games, committer: Committer) -> None:
        self._tables = tables
        self._games = games
        self._committer = committer

    async def games_with_computers(self) -> list[tuple[int, int | None]]:
        """Games in play where a computer player is seated (its turn may be due), as (game id,
        server id)."""
        return await self._games.with_computers()

    async def computer_turn(self, game_id: int) -> Turn | None:
        """The turn a computer player of this game is to take now (the first in seat order,
        when several may act), or None."""
        row = await self._games.get(game_id)
        if row is None or row.status != "active":
            return None
        table = await self._tables.decode(row)
        levels = {s.seat: s.level for s in row.seats if s.level is not None}
        seat = next((s for s in table.actors() if s in levels), None)
        if seat is None:
            return None
        return _turn(table, seat, levels[seat], self._tables.new_seed())

    async def play_computer(self, turn: Turn, notation: str) -> TableUpdate:
        """Play the move the search chose for `turn`; refused when the game moved on since the
        position it was given (`STALE`) or its seat changed hands (`HANDED_OVER`: a person took
        it back from a stand-in). A stand-in's move makes the game unrated, in its commit."""
        async with self._committer.open(turn.channel_id, status=None) as work:
            try:
                table = await work.load(status="active")
                if table.row.id != turn.game_id or table.row.moves_made != turn.moves_made:
                    raise TableError(STALE)
                user_id = table.players[turn.seat].user_id
                if await self._level_in(table.row, user_id) != turn.level:
                    raise TableError(HANDED_OVER)
            except TableError:
                self._tables.changed(turn.game_id)  # the tree its search kept is of no use
                raise
            kind, notation, state, events = await asyncio.to_thread(
                decide, table, turn.seat, notation
            )
            if kind == "choose":
                raise TableError(f"The search chose an unfinished move: {notation}")
            standin = [] if is_computer(user_id) else [Games.unrated_by_standin(turn.game_id)]
            action = Action(table, turn.seat, kind, notation, state, events)
            return await work.commit(action, also=standin)

    async def _level_in(self, row: GameRow, user_id: int) -> str | None:
        """The level of the computer that holds `user_id`'s seat now: the computer player's
        own, or the stand-in's in a person's seat (None: the person plays it)."""
        if is_computer(user_id):
            return next(s.level for s in row.seats if s.user_id == user_id)
        return (await self._games.standins(row.id)).get(user_id)

    async def hint_turn(self, channel_id: int, user_id: int) -> Turn:
        """The position on which a player asks for a hint: refused unless the table allows
        hints and the player may act now."""
        table = await self._tables.load(channel_id, status="active")
        seat = table.seat(user_id)
        if not table.row.hints:
            raise TableError(
                "This table does not allow hints: open a game with `hints: True` for that."
            )
        if seat not in table.actors():
            raise TableError("You have nothing to do now, so there is nothing to hint.")
        return _turn(table, seat, HINT_LEVEL, self._tables.new_seed())


def _turn(table: Table, seat: Seat, level: str, seed: int) -> Turn:
    row = table.row
    assert row.state is not None
    return Turn(row.id, row.channel_id, row.game_key, row.state, seat, level, seed, row.moves_made)
