"""Playing: moves typed or pressed, resignations and abandoned games.

A control (button or picker) is stale once its user has moved since it was shown, or when it
was not offered to them; a typed move is stale when its player moved after it arrived (a
repeated command). Each request loads its table once and counts the moves once.
"""

from __future__ import annotations

import asyncio
from dataclasses import replace
from typing import Any

from club.service import offers, wording
from club.service.commits import Action, Committer, Work
from club.service.seats_back import back_by_moving
from club.service.tables import Table, Tables, turn_line
from club.service.updates import (
    ChooseFurther,
    Controls,
    Notice,
    Played,
    Player,
    TableError,
    TableUpdate,
)
from club.storage.games import Games
from club.storage.rows import GameRow
from engine.core import AmbiguousMove, Event, GameError, PreviewingGame, Seat

TAKEN_BACK = "You play your own seat again: the stand-in has left it."


class Play:
    """Moves typed or pressed, resignations and abandoned games."""

    def __init__(self, tables: Tables, games: Games, committer: Committer) -> None:
        self._tables = tables
        self._games = games
        self._committer = committer

    async def move(
        self,
        channel_id: int,
        player: Player,
        text: str,
        offered: Controls | None = None,
        *,
        sent_at: float | None = None,
    ) -> TableUpdate:
        """Apply `text` as `player`'s move.

        `offered` is the control (button or picker) that sent it; `sent_at` (Unix seconds) is
        when a typed move arrived (see the module's docstring for when either is stale).
        """
        played = await self._play(channel_id, player, text, offered, sent_at, previews=False)
        assert played.update is not None
        return played.update

    async def play_typed(
        self, channel_id: int, player: Player, text: str, *, sent_at: float
    ) -> Played:
        """A typed `/move`: a preview when `text` names something to preview (such as a square,
        in games that show where a piece can go), else the move applied as `move` does."""
        return await self._play(channel_id, player, text, None, sent_at, previews=True)

    async def move_in_game(self, player: Player, text: str, offered: Controls) -> TableUpdate:
        """A move sent from a control (possibly in a DM), which names its game."""
        channel_id = await self._channel_of_game(offered.game_id)
        return await self.move(channel_id, player, text, offered)

    async def _play(
        self,
        channel_id: int,
        player: Player,
        text: str,
        offered: Controls | None,
        sent_at: float | None,
        *,
        previews: bool,
    ) -> Played:
        async with self._committer.open(channel_id) as work:
            table = work.table
            seat = table.seat(player.user_id)
            moves_made = await self._tables.check_fresh(table, seat, offered, sent_at)
            if previews and isinstance(table.game, PreviewingGame):
                preview = _preview(table, seat, text, moves_made, player.user_id)
                if preview is not None:
                    return Played(preview=preview)
            if seat not in table.game.actors(table.state):
                raise TableError(f"It is not your turn. {turn_line(table, ping=False)}")
            kind, notation, state, events = await asyncio.to_thread(decide, table, seat, text)
            if kind == "choose":
                controls = offers.picker(table, seat, text, moves_made)
                if controls is None:
                    raise TableError(notation)
                raise ChooseFurther(f"{notation} Pick one:", controls)
            also, events = await back_by_moving(self._games, table, seat, events)
            action = Action(table, seat, kind, notation, state, events, answered=True)
            update = await work.commit(action, also)
            if also:
                update = replace(update, confirmation=f"{update.confirmation} {TAKEN_BACK}")
            return Played(update=update)

    async def _channel_of_game(self, game_id: int) -> int:
        row = await self._games.get(game_id)
        if row is None or row.status != "active":
            raise TableError("That game is over or was abandoned.")
        return row.channel_id

    async def resign(self, channel_id: int, player: Player) -> TableUpdate:
        async with self._committer.open(channel_id) as work:
            table = work.table
            seat = table.seat(player.user_id)
            state, events = table.game.resign(table.state, seat)
            return await work.commit(Action(table, seat, "resign", "resign", state, events))

    async def abandon(
        self, channel_id: int, player: Player, *, moderator: bool
    ) -> TableUpdate | str:
        """End the channel's lobby or game with no result (moderators, or a lobby's creator):
        a game in play as an action of its own (told to the table from the outbox); a lobby, or
        a game whose state cannot be read, by closing it (what the channel is then told)."""
        async with self._committer.open(channel_id, status=None) as work:
            row = await self._games.open_in(channel_id)
            if row is None:
                raise TableError("There is no game in this channel. Open one with `/new`.")
            creator_lobby = row.status == "lobby" and row.creator_id == player.user_id
            if not (moderator or creator_lobby):
                raise TableError("Only a moderator (Manage Channels) can abandon a game.")
            table = await _readable(work, row)
            if table is not None:
                seat = table.row.seat_of(player.user_id)
                by = "a moderator" if seat is None else player.name  # kept in the move log
                said = wording.abandoned(table.game.title, by)
                action = Action.change(table, -1 if seat is None else seat, "abandon", said)
                update = await work.commit(action)
                return replace(update, confirmation="Done: the game ended with no result.")
            await self._games.end(row, "abandoned", None)
            self._tables.changed(row.id)
            title = (
                row.game_key
                if (game := self._tables.catalogue.game(row.game_key)) is None
                else game.title
            )
            return wording.abandoned(title, wording.mention(player.user_id))


async def _readable(work: Work, row: GameRow) -> Table | None:
    """The game in play `row` as a table; None for a lobby, or a game that cannot be read."""
    if row.status != "active":
        return None
    try:
        return await work.load(status="active", row=row)
    except TableError:
        return None


def decide(table: Table, seat: Seat, text: str) -> tuple[str, str, Any, list[Event]]:
    """Parse and apply `text` (engine work, run off the event loop): (kind, notation, state,
    events), kind being move or hidden; or ("choose", the engine's words, None, []) when the
    text begins several legal moves. Refusals raise TableError."""
    game = table.game
    try:
        move = game.parse(table.state, seat, text)
        state, events = game.apply(table.state, seat, move)
    except AmbiguousMove as error:
        return "choose", str(error), None, []
    except GameError as error:
        raise TableError(str(error)) from error
    return ("hidden" if game.hidden(move) else "move"), game.notation(move), state, events


def _preview(table: Table, seat: Seat, text: str, moves_made: int, user_id: int) -> Notice | None:
    """A picture of what `text` could become, with a picker of those moves; None when the game
    has no preview for it."""
    game = table.game
    assert isinstance(game, PreviewingGame)
    view = game.preview(table.state, seat, text)
    if view is None:
        return None
    controls = offers.picker(table, seat, text, moves_made)
    said = "Where it can go:" if controls else "It has no move now."
    return Notice(said, view=view, user_id=user_id, controls=controls)
