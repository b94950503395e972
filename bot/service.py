"""The table service: lobbies, seats, turns and moves, with no Discord in it.

Commands and buttons call it; tests call it directly. Every method takes the channel and the
acting user, checks what may be done, asks the engine, persists through the store and returns what
should be said (`Notice`s), leaving delivery to the transport. Work on one channel is serialised by
a per-channel lock; the store's version guard catches anything that slips past it.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import secrets
import time
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

from bot import limits
from bot.store import GameRow, Living, OutboxRow, PhaseTimer, Store
from engine.core import (
    AmbiguousMove,
    BadState,
    CompletingGame,
    Event,
    Game,
    GameError,
    Outcome,
    PreviewingGame,
    Seat,
    TimedGame,
    View,
    resolve_options,
)
from engine.registry import GAMES

AUTOCOMPLETE_LIMIT = 25
"""Discord shows at most 25 autocomplete choices (and a select menu at most 25 options)."""
STALE = "That control belongs to an earlier position; the game moved on."


def narrower_prefixes(texts: list[str], known: int) -> list[str]:
    """At most 25 distinct beginnings of `texts`, longer than their shared first `known`
    characters: whole next words where they split the texts into 2 to 25 groups, else next
    letters; a beginning they all share is skipped over."""
    while True:
        words = list(dict.fromkeys(text[: _word_end(text, known)] for text in texts))
        heads = words
        if len(words) > AUTOCOMPLETE_LIMIT:
            heads = list(dict.fromkeys(text[: _letter_end(text, known)] for text in texts))
        if len(heads) != 1 or heads[0] in texts:
            return heads[:AUTOCOMPLETE_LIMIT]
        known = len(heads[0])


def _word_end(text: str, start: int) -> int:
    """Where the word at or after `start` ends."""
    while start < len(text) and text[start] == " ":
        start += 1
    end = text.find(" ", start)
    return len(text) if end < 0 else end


def _letter_end(text: str, start: int) -> int:
    """Just after the first letter at or after `start`."""
    while start < len(text) and text[start] == " ":
        start += 1
    return min(start + 1, len(text))


def new_seed() -> int:
    """A fresh game seed: 62 random bits from the system's secure source."""
    return secrets.randbits(62)


class TableError(GameError):
    """A refused request; the message is shown to the user privately."""


class ChooseFurther(TableError):
    """The text begins several legal moves; `controls` offers them to pick from."""

    def __init__(self, message: str, controls: Controls) -> None:
        super().__init__(message)
        self.controls = controls


@dataclass(frozen=True)
class Choice:
    """One option of a move picker: a whole move (`complete`) or a narrower prefix of moves."""

    label: str
    value: str
    complete: bool


@dataclass(frozen=True)
class Controls:
    """Buttons and a move picker to show under a message, for the game `game_id` as it stood
    after `after_moves` moves (a control is stale once its user has moved since, or a phase
    timed out)."""

    game_id: int
    after_moves: int
    buttons: tuple[str, ...] = ()
    prefix: str = ""
    choices: tuple[Choice, ...] = ()
    offered_to: frozenset[Seat] | None = None
    """The seats that could act when the control was shown (None: not recorded); anyone else
    pressing it is refused as stale."""


@dataclass(frozen=True)
class Player:
    user_id: int
    name: str


@dataclass(frozen=True)
class Notice:
    """One message to deliver: to the channel (`user_id` None) or by DM to `user_id`.

    `view`, when set, is drawn and attached. `mentions` are the users the message pings.
    `controls`, when set, are the buttons or move picker shown with it.
    """

    text: str
    view: View | None = None
    user_id: int | None = None
    mentions: tuple[int, ...] = ()
    controls: Controls | None = None


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
    """The result of an action on a game: the game's new version and what to say.

    The first notice is the channel's, the rest are private; the same is queued in the store's
    outbox (see `delivery`) and delivered from there. `hidden` means the move itself is secret.
    The mover is answered privately with `confirmation`.
    """

    game_id: int
    game_key: str
    channel_id: int
    version: int
    notices: tuple[Notice, ...]
    finished: bool = False
    hidden: bool = False
    confirmation: str = ""
    next_choice: Controls | None = None
    """A picker for the mover's next secret move, when they still have one to make."""


EARLIER = "… {n} earlier lines: see `/history`."


@dataclass(frozen=True)
class Post:
    """One channel message of a delivery: posted anew (`new`, so its pings reach the players to
    act) or edited into the living board message.

    `narration` is what happened (all of it since the living message was posted, for an edit);
    `footer` whose turn it is or the result; `view` the board to attach (None keeps the
    picture already there, or sends none).
    """

    narration: tuple[str, ...]
    footer: str
    view: View | None
    mentions: tuple[int, ...]
    controls: Controls | None
    new: bool

    @property
    def content(self) -> str:
        """The message's text: the narration and footer when they fit, else the footer alone
        (the narration then goes in `embed`)."""
        whole = "\n".join([*self.narration, self.footer]).strip()
        if len(whole) <= limits.CONTENT:
            return whole
        return limits.shorten(self.footer, limits.CONTENT)

    @property
    def embed(self) -> str:
        """The narration that did not fit in the text: its last lines, up to an embed's size,
        with a pointer to `/history` for what is left out."""
        if "\n".join([*self.narration, self.footer]).strip() == self.content:
            return ""
        return limits.keep_last_lines(list(self.narration), limits.EMBED_DESCRIPTION, EARLIER)


@dataclass(frozen=True)
class Delivery:
    """Everything still to tell about a game: channel posts in order, then DMs (merged: at most
    one update's worth per player, split only where Discord's limit forces it). `upto` is the
    last outbox entry it covers; `living` is the board message's record once delivered, with
    the id of the message to edit (the transport puts in the id of any message it posts)."""

    game_id: int
    game_key: str
    channel_id: int
    upto: int
    posts: tuple[Post, ...]
    dms: tuple[Notice, ...]
    living: Living


def view_digest(view: View | None) -> str:
    """A fingerprint of a board, to skip re-drawing an unchanged picture."""
    return "" if view is None else hashlib.sha256(repr(view).encode()).hexdigest()[:32]


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
        self._seed_source = seed_source or new_seed
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
                if option.name in row.options and option.applies(row.options)
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
            timer = self._phase_timer(table.row, game, state)
            started = _Table(table.row, game, state, table.players)
            seated = ", ".join(f"<@{p.user_id}>" for p in table.players)
            said = f"**{game.title}** begins: {seated}."
            opening = Notice(
                f"{said}\n{self._turn_line(started)}",
                view=game.view(state, None),
                mentions=self._actor_ids(started),
                controls=self._buttons(started, 0),
            )
            private = self._private_notices(started, 0)
            outbox = self._outbox_entry(started, said, opening.mentions, True, private)
            await self.store.start(table.row, game.to_json(state), self._deadline(), timer, outbox)
            return TableUpdate(
                table.row.id,
                table.row.game_key,
                table.row.channel_id,
                table.row.version + 1,
                (opening, *private),
            )

    # Play

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

        `offered` is the control (button or picker) that sent it: stale once the player has
        moved since it was shown, or if they could not act then. `sent_at` (Unix seconds) is
        when a typed move arrived: stale if the player moved after that (a repeated command).
        """
        async with self._locks[channel_id]:
            table = await self._table(channel_id, status="active")
            seat = self._seat(table, player.user_id)
            game = table.game
            moves_made = await self._check_fresh(table, seat, offered, sent_at)
            if seat not in game.actors(table.state):
                raise TableError(f"It is not your turn. {self._turn_line(table, mention=False)}")
            try:
                move = game.parse(table.state, seat, text)
                state, events = game.apply(table.state, seat, move)
            except AmbiguousMove as error:
                controls = self._picker(table, seat, text, moves_made)
                if controls is None:
                    raise TableError(str(error)) from error
                raise ChooseFurther(f"{error} Pick one:", controls) from error
            except GameError as error:
                raise TableError(str(error)) from error
            kind = "hidden" if game.hidden(move) else "move"
            return await self._commit(table, seat, kind, game.notation(move), state, events)

    async def move_in_game(self, player: Player, text: str, offered: Controls) -> TableUpdate:
        """A move sent from a control (possibly in a DM), which names its game."""
        channel_id = await self._channel_of_game(offered.game_id)
        return await self.move(channel_id, player, text, offered)

    async def _channel_of_game(self, game_id: int) -> int:
        row = await self.store.game(game_id)
        if row is None or row.status != "active":
            raise TableError("That game is over or was abandoned.")
        return row.channel_id

    async def _check_fresh(
        self, table: _Table, seat: Seat, offered: Controls | None, sent_at: float | None = None
    ) -> int:
        """The number of moves made so far; refuses a control the player has outlived or that
        was not offered to them, and a typed move that arrived before their latest move."""
        game_id = table.row.id
        if offered is not None:
            if table.row.id != offered.game_id:
                raise TableError("That control belongs to a game that is over.")
            if offered.offered_to is not None and seat not in offered.offered_to:
                raise TableError(STALE)
            if await self.store.moved_since(game_id, seat, offered.after_moves):
                raise TableError(STALE)
        if sent_at is not None and await self.store.moved_after(game_id, seat, sent_at):
            raise TableError(
                "Your earlier action was applied just before this one arrived; nothing more "
                "was changed. Check the board and try again if you still mean it."
            )
        return await self.store.move_count(game_id)

    async def resign(self, channel_id: int, player: Player) -> TableUpdate:
        async with self._locks[channel_id]:
            table = await self._table(channel_id, status="active")
            seat = self._seat(table, player.user_id)
            state, events = table.game.resign(table.state, seat)
            return await self._commit(table, seat, "resign", "resign", state, events)

    async def _commit(
        self, table: _Table, seat: Seat, kind: str, notation: str, state: Any, events: list[Event]
    ) -> TableUpdate:
        game = table.game
        outcome = game.outcome(state)
        result = None if outcome is None else self._result_text(table, outcome)
        moves_made = await self.store.move_count(table.row.id) + 1
        after = _Table(table.row, game, state, table.players)
        said = " ".join(e.text for e in events if e.to is None)
        footer = self._turn_line(after) if result is None else f"**Game over.** {result}"
        waiting_before = set(self._actor_ids(table))
        hidden = kind == "hidden" and result is None
        public = Notice(
            f"{said}\n{footer}".strip(),
            view=None if hidden else game.view(state, None),
            mentions=tuple(u for u in self._actor_ids(after) if u not in waiting_before),
            controls=self._buttons(after, moves_made),
        )
        private = [
            Notice(e.text, user_id=after.players[e.to].user_id) for e in events if e.to is not None
        ]
        newly_waiting = {
            s for s in game.actors(state) if after.players[s].user_id not in waiting_before
        }
        private = [
            *private,
            *self._private_notices(after, moves_made, newly_waiting),
        ]
        fresh = bool(public.mentions) or result is not None
        await self.store.record_move(
            table.row,
            seat=seat,
            kind=kind,
            notation=notation,
            state=game.to_json(state),
            result=result,
            deadline=self._deadline(),
            timer=self._phase_timer(table.row, game, state),
            said=said,
            outbox=self._outbox_entry(after, said, public.mentions, fresh, private),
        )
        return TableUpdate(
            table.row.id,
            table.row.game_key,
            table.row.channel_id,
            table.row.version + 1,
            (public, *private),
            finished=result is not None,
            hidden=kind == "hidden",
            confirmation=f"Done: `{notation}`.",
            next_choice=self._picker(after, seat, "", moves_made)
            if self._hidden_moves(after, seat)
            else None,
        )

    def _phase_timer(self, row: GameRow, game: Game[Any, Any], state: Any) -> PhaseTimer:
        """The phase timer to store: kept while the same phase runs, set anew for a new one."""
        if not isinstance(game, TimedGame) or game.outcome(state) is not None:
            return PhaseTimer()
        timed = game.timed_phase(state)
        if timed is None:
            return PhaseTimer()
        phase, seconds = timed
        if phase == row.phase and row.status == "active":
            return PhaseTimer(phase, row.phase_deadline)
        return PhaseTimer(phase, self._clock() + seconds)

    async def due_timeouts(self) -> list[TableUpdate]:
        """End every open phase whose timer has run out, as the engine's timeout says.

        Timers live in the database, so a phase pending at a restart still times out.
        """
        updates = []
        for row in await self.store.timed_out_games(self._clock()):
            async with self._locks[row.channel_id]:
                current = await self.store.game(row.id)
                if current is None or current.version != row.version:
                    continue
                try:
                    table = self._decode(row)
                except TableError:
                    continue
                if not isinstance(table.game, TimedGame):
                    continue
                state, events = table.game.timeout(table.state)
                updates.append(await self._commit(table, -1, "timeout", "timeout", state, events))
        return updates

    async def abandon(self, channel_id: int, player: Player, *, moderator: bool) -> str:
        """End the channel's lobby or game with no result (moderators, or a lobby's creator)."""
        async with self._locks[channel_id]:
            row = await self.store.open_game(channel_id)
            if row is None:
                raise TableError("There is no game in this channel. Open one with `/new`.")
            creator_lobby = row.status == "lobby" and row.creator_id == player.user_id
            if not (moderator or creator_lobby):
                raise TableError("Only a moderator (Manage Channels) can abandon a game.")
            await self.store.end(row, "abandoned", None)
            title = GAMES[row.game_key].title if row.game_key in GAMES else row.game_key
            return f"The {title} game in this channel was abandoned by <@{player.user_id}>."

    async def due_reminders(self) -> list[tuple[int, int, Notice]]:
        """(game id, channel id, reminder) for every game whose turn has waited past its
        deadline.

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
                reminders.append((row.id, row.channel_id, Notice(text, mentions=waiting)))
        return reminders

    # Delivery

    def _outbox_entry(
        self,
        table: _Table,
        said: str,
        mentions: tuple[int, ...],
        fresh: bool,
        private: list[Notice],
    ) -> dict[str, Any]:
        """What the outbox keeps of an update: the public narration, who to ping, whether a new
        channel message is due (`fresh`), and each private notice; pictures, buttons and pickers
        are made again from the game as it stands when it is delivered."""
        seat_of = {p.user_id: seat for seat, p in enumerate(table.players)}
        return {
            "said": said,
            "mentions": list(mentions),
            "fresh": fresh,
            "private": [
                {
                    "user": n.user_id,
                    "seat": seat_of.get(n.user_id or 0),
                    "text": n.text,
                    "view": n.view is not None,
                    "picker": n.controls is not None,
                }
                for n in private
            ],
        }

    async def delivery(self, game_id: int) -> Delivery | None:
        """What is still to be told about a game (its undelivered updates, merged), or None.

        Consecutive updates that need no new channel message are edited into the living board
        message; an update that brings new players to act starts a new message. Only the last
        message carries the board, the turn line, pings and buttons, all as the game stands
        now. Each player's private notices are merged into one DM.
        """
        entries = await self.store.outbox(game_id)
        row = await self.store.game(game_id)
        if not entries or row is None:
            return None
        table = self._decode(row)
        living = await self.store.living(game_id)
        moves_made = await self.store.move_count(game_id)
        posts = self._posts(table, entries, living, moves_made)
        last = posts[-1]
        board_text = limits.keep_last_lines(list(last.narration), limits.EMBED_DESCRIPTION, EARLIER)
        digest = view_digest(last.view) if last.view is not None else living.digest
        return Delivery(
            game_id,
            row.game_key,
            row.channel_id,
            entries[-1].id,
            posts,
            self._merged_dms(table, entries, moves_made),
            Living(living.message_id, board_text, digest),
        )

    def _posts(
        self, table: _Table, entries: list[OutboxRow], living: Living, moves_made: int
    ) -> tuple[Post, ...]:
        groups: list[list[dict[str, Any]]] = []
        for entry in entries:
            if not groups or entry.payload["fresh"]:
                groups.append([])
            groups[-1].append(entry.payload)
        actors = set(self._actor_ids(table))
        posts = []
        for index, group in enumerate(groups):
            edit = index == 0 and not group[0]["fresh"] and living.message_id is not None
            lines = [line for p in group for line in p["said"].splitlines() if line.strip()]
            if edit and living.text:
                lines = [*living.text.splitlines(), *lines]
            if index < len(groups) - 1:
                posts.append(Post(tuple(lines), "", None, (), None, True))
                continue
            board: View | None = table.game.view(table.state, None)
            if edit and view_digest(board) == living.digest:
                board = None
            pinged = dict.fromkeys(u for p in group for u in p["mentions"] if u in actors)
            posts.append(
                Post(
                    tuple(lines),
                    self._footer(table),
                    board,
                    tuple(pinged),
                    self._buttons(table, moves_made),
                    not edit,
                )
            )
        return tuple(posts)

    def _footer(self, table: _Table) -> str:
        if table.row.result is not None:
            return f"**Game over.** {table.row.result}"
        outcome = table.game.outcome(table.state)
        if outcome is not None:
            return f"**Game over.** {self._result_text(table, outcome)}"
        return self._turn_line(table)

    def _merged_dms(
        self, table: _Table, entries: list[OutboxRow], moves_made: int
    ) -> tuple[Notice, ...]:
        """One DM per player (split only past Discord's length limit): the texts of all their
        notices, their private board once, and a picker of their secret moves if they still
        have to choose."""
        merged: dict[int, list[dict[str, Any]]] = {}
        for entry in entries:
            for notice in entry.payload["private"]:
                merged.setdefault(notice["user"], []).append(notice)
        dms: list[Notice] = []
        for user_id, notices in merged.items():
            seat = notices[0]["seat"]
            text = "\n\n".join(n["text"] for n in notices if n["text"])
            known = seat is not None and 0 <= seat < len(table.players)
            view = (
                table.game.view(table.state, seat)
                if known and any(n["view"] for n in notices)
                else None
            )
            picker = None
            if known and any(n["picker"] for n in notices) and self._hidden_moves(table, seat):
                picker = self._picker(table, seat, "", moves_made)
            *first, final = limits.split(text, limits.CONTENT) or [""]
            dms.extend(Notice(piece, user_id=user_id) for piece in first)
            dms.append(Notice(final or "Your choice:", view=view, user_id=user_id, controls=picker))
        return tuple(dms)

    async def delivered(self, delivery: Delivery, living: Living) -> None:
        """The delivery reached Discord; `living` is the board message as it now stands."""
        await self.store.delivered(delivery.game_id, delivery.upto, living)

    async def delivery_failed(self, delivery: Delivery) -> int:
        """Count a failed try; returns how many updates were given up after too many tries."""
        return await self.store.delivery_failed(delivery.game_id, delivery.upto)

    async def undelivered_games(self, older_than: float) -> list[int]:
        return await self.store.undelivered_games(older_than)

    async def public_view(self, game_id: int) -> View | None:
        """The game's public board as it stands (None for a game that is not running)."""
        row = await self.store.game(game_id)
        if row is None or row.state is None:
            return None
        table = self._decode(row)
        return table.game.view(table.state, None)

    async def first_dm_hint(self, game_id: int, user_id: int) -> bool:
        """Whether to tell the channel that this player's DMs are closed (once per game)."""
        return await self.store.first_dm_hint(game_id, user_id)

    async def channel_gone(self, game_id: int) -> None:
        """The game's channel was deleted or closed to the bot: end the game with no result."""
        row = await self.store.game(game_id)
        if row is None or row.status not in ("lobby", "active"):
            return
        async with self._locks[row.channel_id]:
            current = await self.store.game(game_id)
            if current is not None and current.status in ("lobby", "active"):
                await self.store.end(current, "abandoned", "Its channel is gone.")
                await self.store.delivered(game_id, 1 << 62, Living())

    # Looking

    async def repost_board(self, channel_id: int) -> int:
        """Ask for the board to be posted anew (it becomes the living board message); returns
        the game's id, whose delivery then posts it."""
        async with self._locks[channel_id]:
            table = await self._table(channel_id, status="active")
            moves_made = await self.store.move_count(table.row.id)
            said = f"**{table.game.title}**, move {moves_made + 1}."
            await self.store.queue(table.row.id, self._outbox_entry(table, said, (), True, []))
            return table.row.id

    async def secret(self, channel_id: int, user_id: int) -> Notice:
        """The user's private information, with a picker of their moves when they may act."""
        table = await self._table(channel_id, status="active")
        seat = self._seat(table, user_id)
        view = table.game.view(table.state, seat)
        moves_made = await self.store.move_count(table.row.id)
        controls = self._picker(table, seat, "", moves_made) if table.game.has_secrets else None
        if not view.private and controls is None:
            return Notice(
                f"{table.game.title} has no secret information; everything is on the board."
            )
        lines = view.private or ("Your moves:",)
        return Notice("\n".join(lines), view=view, user_id=user_id, controls=controls)

    async def narrow(self, user_id: int, prefix: str, offered: Controls) -> Controls:
        """A picker of the user's legal moves beginning with `prefix` (a picker's next step)."""
        channel_id = await self._channel_of_game(offered.game_id)
        table = await self._table(channel_id, status="active")
        seat = self._seat(table, user_id)
        moves_made = await self._check_fresh(table, seat, offered)
        controls = self._picker(table, seat, prefix, moves_made)
        if controls is None:
            raise TableError("You have no such move now.")
        return controls

    async def preview(self, channel_id: int, user_id: int, text: str) -> Notice | None:
        """A picture of what `text` (an unfinished move, such as a square) could become, with a
        picker of those moves; None when the game has no preview for it."""
        table = await self._table(channel_id, status="active")
        seat = self._seat(table, user_id)
        game = table.game
        if not isinstance(game, PreviewingGame):
            return None
        view = game.preview(table.state, seat, text)
        if view is None:
            return None
        moves_made = await self.store.move_count(table.row.id)
        controls = self._picker(table, seat, text, moves_made)
        said = "Where it can go:" if controls else "It has no move now."
        return Notice(said, view=view, user_id=user_id, controls=controls)

    async def suggestions(self, channel_id: int, user_id: int, typed: str) -> list[str]:
        """Up to 25 of the user's legal moves whose notation contains what they typed; in a game
        whose commands hold several steps, whole commands that go on from what they typed."""
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
        if isinstance(game, CompletingGame):
            whole = game.completions(table.state, seat, typed)
            fitting = [text for text in whole if len(text) <= limits.CHOICE_TEXT]
            return fitting[:AUTOCOMPLETE_LIMIT]
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
        """The move log; secret moves show as such until the game is over."""
        row = await self.store.open_game(channel_id) or await self.store.last_game(channel_id)
        if row is None:
            return "No game has been played in this channel yet."
        names = {s.seat: s.display_name for s in row.seats}
        moves = await self.store.moves(row.id)
        title = GAMES[row.game_key].title if row.game_key in GAMES else row.game_key
        over = row.status not in ("lobby", "active")
        lines = [f"**{title}** (game #{row.id}, {row.status})"]
        for m in moves:
            if m.kind == "timeout":
                lines.append(f"{m.seq}. (the timer ran out) {m.said}".rstrip())
                continue
            did = m.notation if m.kind != "hidden" or over else "(a secret action)"
            told = f" ({m.said})" if m.said else ""
            lines.append(f"{m.seq}. {names.get(m.seat, '?')}: {did}{told}")
        if row.result:
            lines.append(f"Result: {row.result}")
        if not moves:
            lines.append("No moves yet.")
        return "\n".join(lines)

    # Controls

    @staticmethod
    def _buttons(table: _Table, moves_made: int) -> Controls | None:
        """The public board's buttons, if the game offers any now."""
        if table.game.outcome(table.state) is not None:
            return None
        buttons = table.game.view(table.state, None).buttons
        if not buttons:
            return None
        actors = table.game.actors(table.state)
        return Controls(table.row.id, moves_made, buttons=buttons, offered_to=actors)

    @staticmethod
    def _picker(table: _Table, seat: Seat, prefix: str, moves_made: int) -> Controls | None:
        """A picker of `seat`'s legal moves whose notation begins with `prefix`.

        Up to 25 moves are offered whole; beyond that, the distinct next words (or, when a word
        has more than 25 values, its next letters), so that each choice narrows the list.
        """
        game = table.game
        if seat not in game.actors(table.state):
            return None
        start = prefix.strip().casefold()
        matching = [
            text
            for text in (game.notation(m) for m in game.legal_moves(table.state, seat))
            if text.casefold().startswith(start)
        ]
        if not matching:
            return None
        if len(matching) <= AUTOCOMPLETE_LIMIT:
            choices = tuple(Choice(text, text, True) for text in matching)
        else:
            heads = narrower_prefixes(matching, len(start))
            whole = {h for h in heads if [t for t in matching if t.startswith(h)] == [h]}
            choices = tuple(
                Choice(head if head in whole else f"{head} ...", head, head in whole)
                for head in heads
            )
        return Controls(
            table.row.id,
            moves_made,
            prefix=prefix.strip(),
            choices=choices,
            offered_to=frozenset({seat}),
        )

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
        if len(seats) > 1:
            return f"Waiting for {who}."
        return f"{who}, your turn." if mention else f"It is {who}'s turn."

    @staticmethod
    def _result_text(table: _Table, outcome: Outcome) -> str:
        names = [p.name for p in table.players]
        if outcome.everyone_lost:
            return f"Nobody at the table wins ({outcome.reason})."
        if outcome.is_draw:
            return f"Draw ({outcome.reason})."
        winners = " and ".join(names[s] for s in outcome.winners)
        return f"{winners} {'wins' if len(outcome.winners) == 1 else 'win'} ({outcome.reason})."

    def _private_notices(
        self, table: _Table, moves_made: int, seats: set[Seat] | None = None
    ) -> list[Notice]:
        """Each seat's secret information, sent when the game starts; later, a picker for each
        of `seats` (newly asked to act) whose moves are secret, such as choosing objectives."""
        notices = []
        for seat, player in enumerate(table.players):
            view = table.game.view(table.state, seat)
            asked = self._hidden_moves(table, seat) and (seats is None or seat in seats)
            if asked or (seats is None and view.private):
                notices.append(
                    Notice(
                        "\n".join(view.private) or "Your choice:",
                        view=view,
                        user_id=player.user_id,
                        controls=self._picker(table, seat, "", moves_made) if asked else None,
                    )
                )
        return notices

    @staticmethod
    def _hidden_moves(table: _Table, seat: Seat) -> bool:
        """Whether `seat` may act now and its moves are secret ones (chosen in private)."""
        game = table.game
        if seat not in game.actors(table.state):
            return False
        moves = game.legal_moves(table.state, seat)
        return bool(moves) and game.hidden(moves[0])
