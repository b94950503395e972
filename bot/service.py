"""The table service: lobbies, seats, turns and moves, with no Discord in it.

Commands and buttons call it; tests call it directly. Every method takes the channel and the
acting user, checks what may be done, asks the engine, persists through the store and returns what
should be said (`Notice`s), leaving delivery to the transport. Work on one channel is serialised by
a per-channel lock; the store's version guard catches anything that slips past it.
"""

from __future__ import annotations

import asyncio
import json
import secrets
import time
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

from bot.store import GameRow, Store
from engine.core import BadState, Event, Game, GameError, Outcome, View, resolve_options
from engine.registry import GAMES

AUTOCOMPLETE_LIMIT = 25
"""Discord shows at most 25 autocomplete choices."""


class TableError(GameError):
    """A refused request; the message is shown to the user privately."""


@dataclass(frozen=True)
class Player:
    user_id: int
    name: str


@dataclass(frozen=True)
class Notice:
    """One message to deliver: to the channel (`user_id` None) or by DM to `user_id`.

    `view`, when set, is drawn and attached. `mentions` are the users the message pings.
    """

    text: str
    view: View | None = None
    user_id: int | None = None
    mentions: tuple[int, ...] = ()


@dataclass(frozen=True)
class Lobby:
    """What the lobby message shows."""

    game_id: int
    game_key: str
    title: str
    players: tuple[Player, ...]
    min_players: int
    max_players: int
    options: dict[str, Any]
    options_shown: tuple[str, ...]
    creator_id: int
    status: str
    message_id: int | None

    @property
    def text(self) -> str:
        seated = ", ".join(f"<@{p.user_id}>" for p in self.players) or "nobody"
        if self.status != "lobby":
            return f"**{self.title}** table: this lobby is closed."
        need = (
            f"{self.min_players} players"
            if self.min_players == self.max_players
            else f"{self.min_players} to {self.max_players} players"
        )
        chosen = ", ".join(self.options_shown)
        return (
            f"**{self.title}**: a new table is open ({need}).\n"
            f"Seated ({len(self.players)}/{self.max_players}): {seated}\n"
            f"Options: {chosen or 'none'}\n"
            "Press **Join** to sit down; any seated player can press **Start**."
        )


@dataclass(frozen=True)
class TableUpdate:
    """The result of an action on a game: the game's new version and what to say."""

    game_id: int
    game_key: str
    version: int
    notices: tuple[Notice, ...]
    finished: bool = False


@dataclass
class _Table:
    """A game row with its engine and decoded state (None while in the lobby)."""

    row: GameRow
    game: Game[Any, Any]
    state: Any = None
    players: tuple[Player, ...] = field(default=())


class TableService:
    """`remind_after` is how long (seconds) a turn may wait before the players to move are
    reminded, again every `remind_after`; 0 turns reminders off. `clock` gives Unix seconds."""

    def __init__(
        self,
        store: Store,
        seed_source: Callable[[], int] | None = None,
        *,
        remind_after: float = 0,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.store = store
        self._seed_source = seed_source or (lambda: secrets.randbits(62))
        self._remind_after = remind_after
        self._clock = clock
        self._locks: defaultdict[int, asyncio.Lock] = defaultdict(asyncio.Lock)

    def _deadline(self) -> float | None:
        return self._clock() + self._remind_after if self._remind_after else None

    # Loading

    async def _table(self, channel_id: int, *, status: str | None = None) -> _Table:
        row = await self.store.open_game(channel_id)
        if row is None:
            raise TableError("There is no game in this channel. Open one with `/new`.")
        if status == "active" and row.status == "lobby":
            raise TableError("The game has not started yet; a seated player can `/start` it.")
        if status == "lobby" and row.status != "lobby":
            raise TableError("The game in this channel has already started.")
        return self._decode(row)

    def _decode(self, row: GameRow) -> _Table:
        game = GAMES.get(row.game_key)
        if game is None:
            raise TableError(f"This channel's game ({row.game_key}) is not known to this bot.")
        players = tuple(Player(s.user_id, s.display_name) for s in row.seats)
        if row.state is None:
            return _Table(row, game, None, players)
        try:
            state = game.from_json(json.loads(row.state))
        except (BadState, ValueError) as error:
            raise TableError(
                f"This channel's game #{row.id} could not be loaded: {error} "
                "A moderator can end it with `/abandon`."
            ) from error
        return _Table(row, game, state, players)

    @staticmethod
    def _seat(table: _Table, user_id: int) -> int:
        seat = table.row.seat_of(user_id)
        if seat is None:
            raise TableError("You are not playing in this game.")
        return seat

    # Lobby

    async def new_lobby(
        self,
        *,
        guild_id: int | None,
        channel_id: int,
        creator: Player,
        game_key: str,
        options: dict[str, Any],
    ) -> Lobby:
        game = GAMES.get(game_key)
        if game is None:
            raise TableError(f"There is no game called {game_key}.")
        chosen = resolve_options(game.options, options)
        async with self._locks[channel_id]:
            await self.store.create_lobby(
                guild_id=guild_id,
                channel_id=channel_id,
                game_key=game_key,
                options=chosen,
                seed=self._seed_source(),
                creator_id=creator.user_id,
                creator_name=creator.name,
            )
            return await self.lobby(channel_id)

    async def lobby(self, channel_id: int, game_id: int | None = None) -> Lobby:
        """The lobby of this channel; with `game_id`, only if that is still the open lobby."""
        return self._lobby_of(await self._open_lobby(channel_id, game_id))

    async def _open_lobby(self, channel_id: int, game_id: int | None) -> _Table:
        """The channel's lobby; with `game_id` (a lobby button), only if it is that lobby."""
        if game_id is not None:
            row = await self.store.open_game(channel_id)
            if row is None or row.id != game_id or row.status != "lobby":
                raise TableError("That lobby is closed: its game has started or ended.")
        return await self._table(channel_id, status="lobby")

    @staticmethod
    def _lobby_of(table: _Table) -> Lobby:
        row = table.row
        return Lobby(
            game_id=row.id,
            game_key=row.game_key,
            title=table.game.title,
            players=table.players,
            min_players=table.game.min_players,
            max_players=table.game.max_players,
            options=row.options,
            options_shown=tuple(
                option.show(row.options[option.name])
                for option in table.game.options
                if option.name in row.options
            ),
            creator_id=row.creator_id,
            status=row.status,
            message_id=row.lobby_message_id,
        )

    async def game_key(self, channel_id: int) -> str:
        """The key of the game open in this channel."""
        return (await self._table(channel_id)).row.game_key

    async def set_lobby_message(self, game_id: int, message_id: int) -> None:
        await self.store.set_lobby_message(game_id, message_id)

    async def lobby_message(self, game_id: int) -> int | None:
        row = await self.store.game(game_id)
        return None if row is None else row.lobby_message_id

    async def join(self, channel_id: int, player: Player, game_id: int | None = None) -> Lobby:
        async with self._locks[channel_id]:
            table = await self._open_lobby(channel_id, game_id)
            if table.row.seat_of(player.user_id) is not None:
                raise TableError("You are already seated at this table.")
            if len(table.players) >= table.game.max_players:
                raise TableError(f"The table is full ({table.game.max_players} players).")
            await self.store.add_seat(table.row, player.user_id, player.name)
            return await self.lobby(channel_id)

    async def leave(self, channel_id: int, player: Player, game_id: int | None = None) -> Lobby:
        """Unseat a player; the lobby closes when its last player leaves."""
        async with self._locks[channel_id]:
            table = await self._open_lobby(channel_id, game_id)
            self._seat(table, player.user_id)
            if len(table.players) == 1:
                await self.store.end(table.row, "abandoned", None)
                return replace(self._lobby_of(table), status="abandoned", players=())
            await self.store.remove_seat(table.row, player.user_id)
            return await self.lobby(channel_id)

    async def start(
        self, channel_id: int, player: Player, game_id: int | None = None
    ) -> TableUpdate:
        async with self._locks[channel_id]:
            table = await self._open_lobby(channel_id, game_id)
            self._seat(table, player.user_id)
            game = table.game
            if len(table.players) < game.min_players:
                raise TableError(
                    f"{game.title} needs at least {game.min_players} players; "
                    f"{len(table.players)} seated."
                )
            names = [p.name for p in table.players]
            try:
                state = game.new_game(names, table.row.options, table.row.seed)
            except GameError as error:
                raise TableError(str(error)) from error
            await self.store.start(table.row, game.to_json(state), self._deadline())
            started = _Table(table.row, game, state, table.players)
            seated = ", ".join(f"<@{p.user_id}>" for p in table.players)
            opening = Notice(
                f"**{game.title}** begins: {seated}.\n{self._turn_line(started)}",
                view=game.view(state, None),
                mentions=self._actor_ids(started),
            )
            return TableUpdate(
                table.row.id,
                table.row.game_key,
                table.row.version + 1,
                (opening, *self._private_notices(started)),
            )

    # Play

    async def move(
        self, channel_id: int, player: Player, text: str, version: int | None = None
    ) -> TableUpdate:
        """Apply `text` as `player`'s move; `version`, when given, must be the current one."""
        async with self._locks[channel_id]:
            table = await self._table(channel_id, status="active")
            if version is not None and version != table.row.version:
                raise TableError("That button belongs to an earlier position; the game moved on.")
            seat = self._seat(table, player.user_id)
            game = table.game
            if seat not in game.actors(table.state):
                raise TableError(f"It is not your turn. {self._turn_line(table, mention=False)}")
            try:
                move = game.parse(table.state, seat, text)
                state, events = game.apply(table.state, seat, move)
            except GameError as error:
                raise TableError(str(error)) from error
            return await self._commit(table, seat, "move", game.notation(move), state, events)

    async def resign(self, channel_id: int, player: Player) -> TableUpdate:
        async with self._locks[channel_id]:
            table = await self._table(channel_id, status="active")
            seat = self._seat(table, player.user_id)
            state, events = table.game.resign(table.state, seat)
            return await self._commit(table, seat, "resign", "resign", state, events)

    async def _commit(
        self, table: _Table, seat: int, kind: str, notation: str, state: Any, events: list[Event]
    ) -> TableUpdate:
        game = table.game
        outcome = game.outcome(state)
        result = None if outcome is None else self._result_text(table, outcome)
        await self.store.record_move(
            table.row,
            seat=seat,
            kind=kind,
            notation=notation,
            state=game.to_json(state),
            result=result,
            deadline=self._deadline(),
        )
        after = _Table(table.row, game, state, table.players)
        said = " ".join(e.text for e in events if e.to is None)
        footer = self._turn_line(after) if result is None else f"**Game over.** {result}"
        public = Notice(
            f"{said}\n{footer}", view=game.view(state, None), mentions=self._actor_ids(after)
        )
        private = [
            Notice(e.text, user_id=after.players[e.to].user_id) for e in events if e.to is not None
        ]
        return TableUpdate(
            table.row.id,
            table.row.game_key,
            table.row.version + 1,
            (public, *private),
            finished=result is not None,
        )

    async def abandon(self, channel_id: int, player: Player, *, moderator: bool) -> str:
        """End the channel's lobby or game with no result (moderators, or a lobby's creator)."""
        async with self._locks[channel_id]:
            row = await self.store.open_game(channel_id)
            if row is None:
                raise TableError("There is no game in this channel.")
            creator_lobby = row.status == "lobby" and row.creator_id == player.user_id
            if not (moderator or creator_lobby):
                raise TableError("Only a moderator (Manage Channels) can abandon a game.")
            await self.store.end(row, "abandoned", None)
            title = GAMES[row.game_key].title if row.game_key in GAMES else row.game_key
            return f"The {title} game in this channel was abandoned by <@{player.user_id}>."

    async def due_reminders(self) -> list[tuple[int, Notice]]:
        """(channel id, reminder) for every game whose turn has waited past its deadline.

        Each reminded game's deadline moves `remind_after` further on. Deadlines live in the
        database, so reminders pending at a restart still come.
        """
        reminders = []
        for row in await self.store.due_games(self._clock()):
            async with self._locks[row.channel_id]:
                try:
                    table = self._decode(row)
                except TableError:
                    continue
                waiting = self._actor_ids(table)
                deadline = self._deadline()
                if not waiting or deadline is None or not await self.store.postpone(row, deadline):
                    continue
                who = ", ".join(f"<@{user}>" for user in waiting)
                text = f"{who}: a reminder that **{table.game.title}** is waiting for your move."
                reminders.append((row.channel_id, Notice(text, mentions=waiting)))
        return reminders

    # Looking

    async def board(self, channel_id: int) -> Notice:
        table = await self._table(channel_id, status="active")
        return Notice(
            f"**{table.game.title}**, move {len(await self.store.moves(table.row.id)) + 1}. "
            f"{self._turn_line(table, mention=False)}",
            view=table.game.view(table.state, None),
        )

    async def secret(self, channel_id: int, user_id: int) -> Notice:
        table = await self._table(channel_id, status="active")
        seat = self._seat(table, user_id)
        view = table.game.view(table.state, seat)
        if not view.private:
            return Notice(
                f"{table.game.title} has no secret information; everything is on the board."
            )
        return Notice("\n".join(view.private), view=view, user_id=user_id)

    async def suggestions(self, channel_id: int, user_id: int, typed: str) -> list[str]:
        """Up to 25 of the user's legal moves whose notation contains what they typed."""
        row = await self.store.open_game(channel_id)
        if row is None or row.status != "active":
            return []
        try:
            table = self._decode(row)
        except TableError:
            return []
        seat = row.seat_of(user_id)
        if seat is None:
            return []
        game = table.game
        wanted = typed.strip().casefold()
        found: list[str] = []
        for move in game.legal_moves(table.state, seat):
            text = game.notation(move)
            if wanted in text.casefold():
                found.append(text)
                if len(found) == AUTOCOMPLETE_LIMIT:
                    break
        return found

    async def history(self, channel_id: int) -> str:
        row = await self.store.open_game(channel_id) or await self.store.last_game(channel_id)
        if row is None:
            return "No game has been played in this channel yet."
        names = {s.seat: s.display_name for s in row.seats}
        moves = await self.store.moves(row.id)
        title = GAMES[row.game_key].title if row.game_key in GAMES else row.game_key
        lines = [f"**{title}** (game #{row.id}, {row.status})"]
        lines += [f"{m.seq}. {names.get(m.seat, '?')}: {m.notation}" for m in moves]
        if row.result:
            lines.append(f"Result: {row.result}")
        if not moves:
            lines.append("No moves yet.")
        return "\n".join(lines)

    # Wording

    @staticmethod
    def _actor_ids(table: _Table) -> tuple[int, ...]:
        if table.game.outcome(table.state) is not None:
            return ()
        return tuple(table.players[s].user_id for s in sorted(table.game.actors(table.state)))

    def _turn_line(self, table: _Table, *, mention: bool = True) -> str:
        seats = sorted(table.game.actors(table.state))
        who = ", ".join(
            f"<@{table.players[s].user_id}>" if mention else f"**{table.players[s].name}**"
            for s in seats
        )
        return f"{who}, your turn." if mention else f"It is {who}'s turn."

    @staticmethod
    def _result_text(table: _Table, outcome: Outcome) -> str:
        names = [p.name for p in table.players]
        if outcome.is_draw:
            return f"Draw ({outcome.reason})."
        winners = " and ".join(names[s] for s in outcome.winners)
        return f"{winners} {'wins' if len(outcome.winners) == 1 else 'win'} ({outcome.reason})."

    def _private_notices(self, table: _Table) -> list[Notice]:
        """Each seat's secret information, sent when the game starts."""
        notices = []
        for seat, player in enumerate(table.players):
            view = table.game.view(table.state, seat)
            if view.private:
                notices.append(Notice("\n".join(view.private), view=view, user_id=player.user_id))
        return notices
