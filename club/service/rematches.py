"""Rematches: the Rematch button under a finished game's final board.

Rulings (README says the same):
- The first press by a player of the finished game opens a lobby in its channel for the same
  game, with the same options, clock and hints, the presser seated first and the finished
  game's computer players seated again at their levels; its first player alternates (see
  `club.service.alternation`). Each later press by a player of the finished game seats them.
- Only the finished game's players may press it; anyone else is told so privately and may take
  a free seat with `/join` like at any lobby.
- A press that comes too late changes nothing and is told why: the rematch has started, another
  game is open in the channel, or a newer game has been played there since. (An emptied,
  never-started rematch lobby does not count: pressing again opens a new one.)
"""

from __future__ import annotations

from dataclasses import dataclass

from club.service import alternation
from club.service.commits import Committer
from club.service.lobbies import Lobbies, Lobby, Opening
from club.service.tables import Tables
from club.service.updates import Player, TableError
from club.storage.games import Games
from club.storage.rows import GameRow


@dataclass(frozen=True)
class Rematch:
    """What a press did: opened the rematch's lobby (`opened`), or seated the presser at it."""

    lobby: Lobby
    opened: bool


class Rematches:
    """Rematches of finished games, opened through the lobbies."""

    def __init__(
        self, tables: Tables, games: Games, committer: Committer, lobbies: Lobbies
    ) -> None:
        self._tables = tables
        self._games = games
        self._committer = committer
        self._lobbies = lobbies

    async def rematch(self, channel_id: int, player: Player, game_id: int) -> Rematch:
        """`player` pressed Rematch under the final board of game `game_id` (see the rulings)."""
        async with self._committer.open(channel_id, status=None) as work:
            finished = await self._games.get(game_id)
            if finished is None or finished.channel_id != channel_id:
                raise TableError("That game is not one of this channel's.")
            if finished.status != "finished":
                raise TableError("That game did not finish, so it has no rematch.")
            if finished.seat_of(player.user_id) is None:
                raise TableError(
                    "Only the players of that game can ask for its rematch. Once its lobby is "
                    "open, you may take a free seat with `/join`."
                )
            row = await self._games.open_in(channel_id)
            if row is None:
                await self._check_latest(finished)
                return Rematch(
                    await self._lobbies.open_table(_opening(finished, player)), opened=True
                )
            if row.rematch_of != finished.id:
                raise TableError(
                    "Another game is open in this channel; a rematch can open once it is over."
                )
            if row.status != "lobby":
                raise TableError("The rematch has already started; `/board` shows it.")
            await self._lobbies.seat_person(await work.load(row=row), player)
            return Rematch(await self._lobbies.lobby(channel_id), opened=False)

    async def _check_latest(self, finished: GameRow) -> None:
        """Refuse a rematch of a game that a newer one has followed in its channel (other than
        an emptied lobby of its own rematch)."""
        latest = await self._games.last_in(finished.channel_id)
        if latest is None or latest.id == finished.id:
            return
        if latest.rematch_of == finished.id and latest.state is None:
            return
        raise TableError(
            "A newer game has been played in this channel since; open a table with `/new`."
        )


def _opening(finished: GameRow, presser: Player) -> Opening:
    return Opening(
        finished.guild_id,
        finished.channel_id,
        presser,
        finished.game_key,
        finished.options,
        hints=finished.hints,
        clock_hours=finished.clock_hours,
        levels=tuple(s.level for s in finished.seats if s.level is not None),
        rematch_of=finished.id,
        first_user=alternation.next_first(finished),
    )
