"""What is still to be told about a game: its undelivered updates (the store's outbox),
projected (`club.service.projection.project`) from the game as it stands now, and what became
of a delivery."""

from __future__ import annotations

import asyncio

from club.service.commits import Action, Committer
from club.service.projection import project
from club.service.tables import Tables
from club.service.telling import Telling
from club.service.updates import Delivery, Queued, TableError
from club.storage.games import Games
from club.storage.outbox import dropped
from club.storage.rows import Living
from engine.core import View


class Deliveries:
    """What is still to be told about each game, and what became of it."""

    def __init__(
        self, tables: Tables, games: Games, telling: Telling, committer: Committer
    ) -> None:
        self._tables = tables
        self._games = games
        self._telling = telling
        self._committer = committer

    async def delivery(self, game_id: int, queued: Queued | None = None) -> Delivery | None:
        """What is still to be told about a game (its undelivered updates, projected), or None.

        The request that committed `queued` tells it from memory, reading nothing, while it is
        still the game's next update to tell (see `club.service.telling`); otherwise, as for the
        regular poll, the outbox and the game are read.
        """
        held = None if queued is None else self._telling.take(queued)
        if held is not None:
            return held
        entries = await self._telling.pending(game_id)
        if not entries:
            return None
        row = await self._games.get(game_id)
        if row is None:
            return None
        table = await self._tables.decode(row)
        return await asyncio.to_thread(project, table, entries, row.living)

    async def delivered(self, delivery: Delivery, living: Living) -> None:
        """The delivery reached Discord; `living` is the board message as it now stands."""
        await self._telling.delivered(delivery.game_id, delivery.upto, living)

    async def delivery_failed(self, delivery: Delivery) -> int:
        """Count a failed try; returns how many updates were given up after too many tries."""
        return await self._telling.failed(delivery.game_id, delivery.upto)

    async def undelivered_games(self, older_than: float) -> list[int]:
        return await self._telling.undelivered_games(older_than)

    async def untold(self, game_id: int) -> bool:
        """Whether updates of the game are still queued."""
        return bool(await self._telling.pending(game_id))

    async def still_queued(self, delivery: Delivery) -> bool:
        """Whether updates of `delivery` are still queued: told, but not yet marked delivered
        (in a database several processes share, another may have told and marked them)."""
        queued = await self._telling.pending(delivery.game_id)
        return bool(queued) and queued[0].id <= delivery.upto

    async def opened_at(self, game_id: int) -> float | None:
        """When the game was opened (Unix seconds); None for a game the store does not hold."""
        row = await self._games.get(game_id)
        return None if row is None else row.created_at

    async def public_view(self, game_id: int) -> View | None:
        """The game's public board as it stands (None for a game that is not running)."""
        row = await self._games.get(game_id)
        if row is None or row.state is None:
            return None
        table = await self._tables.decode(row)
        return table.game.view(table.state, None)

    async def first_dm_hint(self, game_id: int, user_id: int) -> bool:
        """Whether to tell the channel that this player's DMs are closed (once per game)."""
        return await self._games.first_dm_hint(game_id, user_id)

    async def channel_gone(self, game_id: int) -> None:
        """The game's channel was deleted or closed to the bot: end the game with no result, as
        an action of its own whose transaction drops every update still to tell (there is no
        channel left to tell them in); a lobby, or a game that cannot be read, is closed."""
        row = await self._games.get(game_id)
        if row is None or row.status not in ("lobby", "active"):
            return
        async with self._committer.open(row.channel_id, status=None) as work:
            current = await self._games.get(game_id)
            if current is None or current.status not in ("lobby", "active"):
                return
            try:
                table = await work.load(status="active", row=current)
            except TableError:  # a lobby, or a game that cannot be read: closed without a move
                await self._games.end(current, "abandoned", GONE)
                self._tables.changed(game_id)
                return
            ended = Action.change(table, -1, "abandon", GONE, result=GONE)
            await work.commit(ended, also=[dropped(game_id)])


GONE = "Its channel is gone."
"""How a game whose channel is gone ended."""
