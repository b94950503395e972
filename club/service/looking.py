"""Looking at a game: the board again, a player's secrets, pickers and autocomplete."""

from __future__ import annotations

from club.service import offers, outbox, wording
from club.service.commits import Committer
from club.service.tables import Tables
from club.service.updates import Controls, Notice, TableError
from club.storage.games import Games
from club.storage.outbox import Outbox
from engine.core import CompletingGame, remembered


class Looking:
    """The board again, a player's secrets, pickers and autocomplete."""

    def __init__(self, tables: Tables, games: Games, outbox: Outbox, committer: Committer) -> None:
        self._tables = tables
        self._games = games
        self._outbox = outbox
        self._committer = committer

    async def repost_board(self, channel_id: int) -> int:
        """Ask for the board to be posted anew (it becomes the living board message); returns
        the game's id, whose delivery then posts it. Between tables, the channel's last
        finished game is shown: its final board, its result and its Rematch button."""
        async with self._committer.open(channel_id, status=None) as work:
            row = await self._games.open_in(channel_id)
            if row is None:
                last = await self._games.last_in(channel_id)
                row = last if last is not None and last.status == "finished" else None
            table = await work.load(status="active", row=row)
            finished = table.row.result is not None
            said = wording.board_again(table.game.title, table.row.moves_made, finished)
            await self._outbox.queue(
                table.row.id, outbox.entry(table, said, (), fresh=True).to_json()
            )
            return table.row.id

    async def secret(self, channel_id: int, user_id: int) -> Notice:
        """The user's private information, with a picker of their moves when they may act."""
        table = await self._tables.load(channel_id, status="active")
        seat = table.seat(user_id)
        view = table.game.view(table.state, seat)
        moves_made = table.row.moves_made
        controls = (
            offers.picker(table, seat, "", moves_made)
            if table.game.information == "hidden"
            else None
        )
        if not view.private and controls is None:
            return Notice(
                f"{table.game.title} has no secret information; everything is on the board."
            )
        lines = view.private or ("Your moves:",)
        return Notice("\n".join(lines), view=view, user_id=user_id, controls=controls)

    async def narrow(self, user_id: int, prefix: str, offered: Controls) -> Controls:
        """A picker of the user's legal moves beginning with `prefix` (a picker's next step)."""
        row = await self._games.get(offered.game_id)
        if row is None or row.status != "active":
            raise TableError("That game is over or was abandoned.")
        table = await self._tables.load(row.channel_id, status="active")
        seat = table.seat(user_id)
        moves_made = await self._tables.check_fresh(table, seat, offered)
        controls = offers.picker(table, seat, prefix, moves_made)
        if controls is None:
            raise TableError("You have no such move now.")
        return controls

    async def suggestions(self, channel_id: int, user_id: int, typed: str) -> list[str]:
        """The user's legal moves whose notation contains what they typed; in a game whose
        commands hold several steps, whole commands that go on from what they typed. All of
        them, best first (the autocomplete handler keeps what Discord shows). Answered from what
        the engine keeps for the state (decoded once per version)."""
        row = await self._games.open_in(channel_id)
        if row is None or row.status != "active":
            return []
        seat = row.seat_of(user_id)
        if seat is None:
            return []
        try:
            table = await self._tables.decode(row)
        except TableError:
            return []
        game, state = table.game, table.state
        if isinstance(game, CompletingGame):
            return remembered(
                state, ("completions", seat, typed), lambda: game.completions(state, seat, typed)
            )
        return offers.suggestions(table, seat, typed)
