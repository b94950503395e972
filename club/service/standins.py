"""Stand-ins: a computer player that plays an absent person's seat once the table's clock has
run out on them (`/claim standin`), until the person takes it back (`/claim back`).

Rulings (README says the same):
- Once a turn has waited longer than the table's clock, the others may, instead of claiming the
  win or the end, seat a stand-in (level easy unless they choose) in each seat keeping the table
  waiting, if the server allows stand-ins (`/settings`).
- A stand-in is a computer player: it chooses from exactly what its seat may see, as every
  computer player does (`club.service.computers`); the seat stays the person's (their user id,
  their name, their stats), marked `seats.standin_level`.
- The game is unrated from the moment a stand-in is first to move: it counts in the players'
  stats, never in their ratings (`games.unrated`, read by `club.ratings.ledger`).
- The person takes the seat back with `/claim back` (or `/back`) at any time, or by making a
  move in it themselves (the table is told with that move); their clock then starts afresh on
  their next turn. A move the stand-in thought of before is then refused.
- A seat played by a stand-in is not reminded and cannot be claimed against.
"""

from __future__ import annotations

from club.service.commits import Committer
from club.service.computers import Turn
from club.service.seats_back import back
from club.service.tables import Tables
from club.service.updates import TableError
from club.storage.games import Games


class StandIns:
    """The stand-ins' turns (played through the computer players' own path)."""

    def __init__(self, tables: Tables, games: Games, committer: Committer) -> None:
        self._tables = tables
        self._games = games
        self._committer = committer

    async def standin_games(self) -> list[tuple[int, int | None]]:
        return await self._games.with_standins()

    async def standin_turn(self, game_id: int) -> Turn | None:
        """The turn a stand-in of this game is to take now, or None (its move, committed
        while the stand-in still holds the seat, makes the game unrated: see the rulings)."""
        row = await self._games.get(game_id)
        if row is None or row.status != "active":
            return None
        standins = await self._games.standins(game_id)
        table = await self._tables.decode(row)
        seat = next((s for s in table.actors() if table.players[s].user_id in standins), None)
        if seat is None:
            return None
        assert row.state is not None
        level = standins[table.players[seat].user_id]
        return Turn(
            row.id,
            row.channel_id,
            row.game_key,
            row.state,
            seat,
            level,
            self._tables.new_seed(),
            row.moves_made,
        )

    async def take_seat_back(self, channel_id: int, user_id: int) -> str:
        """The person plays their own seat again; what the channel is told."""
        async with self._committer.open(channel_id) as work:
            table = work.table
            seat = table.seat(user_id)
            if user_id not in await self._games.standins(table.row.id):
                raise TableError("No stand-in plays your seat: you are playing it yourself.")
            await self._games.set_standin(table.row, user_id, None)
            self._tables.changed(table.row.id)
            return back(table, seat)
