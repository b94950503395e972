"""Lobbies: opening a table, taking and giving up seats (people's and computer players'), and
starting the game."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from club.catalogue import Entry
from club.service import alternation, fair_clock, wording
from club.service.commits import Committer, Work
from club.service.computer_seats import (
    COMPUTER_NAMES,
    DEFAULT_LEVEL,
    check_level,
    computer_id,
    computer_name,
)
from club.service.servers import Servers
from club.service.tables import Table, Tables
from club.service.updates import Player, TableError, TableUpdate
from club.storage.games import Games
from club.storage.ledger import Ledger
from club.storage.people import People
from club.storage.rows import GameRow
from engine.core import FIRST_PLAYER, GameError, UndoableGame, resolve_options

STARTED = "This table has started; see the board below."
"""What the lobby message shows once its game has started."""


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
    levels: dict[int, str] = field(default_factory=dict)
    """The level of each computer player, by user id."""
    hints: bool = False
    clock_hours: int = 0
    first_user: int | None = None
    """A rematch's player to move first (see `club.service.alternation`)."""
    started: bool = False
    """Whether its game has started (it may have ended since)."""
    undoable: bool = False
    """Whether its game has takebacks."""
    length: str | None = None
    """How long a game runs at this table, in words (see `Game.length`)."""
    channel_id: int | None = None
    """The channel its message is in."""

    @property
    def open(self) -> bool:
        """Whether players may still take and give up seats."""
        return self.status == "lobby"

    @property
    def text(self) -> str:
        if self.started:
            return STARTED
        return wording.lobby_text(
            self.title,
            self.status,
            [(p.user_id, self.levels.get(p.user_id)) for p in self.players],
            self.min_players,
            self.max_players,
            (*self.options_shown, *self.settings_shown),
            self.undoable,
            self.length,
        )

    @property
    def settings_shown(self) -> tuple[str, ...]:
        """The table's own settings, as the lobby shows them after the game's options."""
        shown = []
        if self.first_user is not None:
            shown.append(f"first: {wording.mention(self.first_user)} (first players alternate)")
        if self.clock_hours:
            shown.append(f"clock: {wording.HOURS.of(self.clock_hours)} a turn")
        if self.hints:
            shown.append("hints allowed (unrated)")
        return tuple(shown)


@dataclass(frozen=True)
class Opening:
    """A lobby to open: where, its creator (seated first), the game and its options, and the
    table's own settings."""

    guild_id: int | None
    channel_id: int
    creator: Player
    game_key: str
    options: dict[str, Any]
    hints: bool = False
    """Whether its players may use `/hint`."""
    clock_hours: int = 0
    """Its fair clock (see `club.service.fair_clock`); 0: none."""
    levels: tuple[str, ...] = ()
    """The levels of the computer players seated after the creator, in order."""
    rematch_of: int | None = None
    first_user: int | None = None


class Lobbies:
    """Opening tables, seating people and computer players, and starting games."""

    def __init__(
        self,
        tables: Tables,
        games: Games,
        ledger: Ledger,
        people: People,
        servers: Servers,
        committer: Committer,
    ) -> None:
        self._tables = tables
        self._games = games
        self._ledger = ledger
        self._people = people
        self._servers = servers
        self._committer = committer

    async def new_lobby(
        self,
        *,
        guild_id: int | None,
        channel_id: int,
        creator: Player,
        game_key: str,
        options: dict[str, Any],
        hints: bool = False,
        computers: int = 0,
        computer_level: str = DEFAULT_LEVEL,
        clock_hours: int | None = None,
    ) -> Lobby:
        """Open a lobby with its creator seated, then `computers` computer players of
        `computer_level`; `hints` lets its players use `/hint`; `clock_hours` is its fair
        clock (0: none; None: the server's default clock, see `/settings`). Refused in a
        channel the server's administrators did not list for tables."""
        game = self._tables.catalogue.game(game_key)
        if game is None:
            raise TableError(f"There is no game called {game_key}.")
        await self._servers.check_table_channel(guild_id, channel_id)
        if clock_hours is None:
            clock_hours = await self._servers.default_clock(guild_id)
        chosen = resolve_options(game.options, options)
        if computers:
            _check_level(computer_level, self._tables.catalogue[game_key])
        if 1 + computers > game.max_players:
            raise TableError(
                f"{game.title} seats at most {wording.PLAYERS.of(game.max_players)}: you and "
                f"at most {wording.COMPUTER_PLAYERS.of(game.max_players - 1)}."
            )
        try:
            fair_clock.check_hours(clock_hours)
        except ValueError as error:
            raise TableError(str(error)) from error
        levels = (computer_level,) * computers
        opening = Opening(
            guild_id, channel_id, creator, game_key, chosen, hints, clock_hours, levels
        )
        async with self._committer.open(channel_id, status=None):
            return await self.open_table(opening)

    async def open_table(self, opening: Opening) -> Lobby:
        """Open the lobby (the caller holds the channel's lock); raises ChannelBusy."""
        await self._games.create_lobby(
            guild_id=opening.guild_id,
            channel_id=opening.channel_id,
            game_key=opening.game_key,
            options=opening.options,
            seed=self._tables.new_seed(),
            creator_id=opening.creator.user_id,
            creator_name=opening.creator.name,
            hints=opening.hints,
            clock_hours=opening.clock_hours,
            rematch_of=opening.rematch_of,
            first_user=opening.first_user,
        )
        for level in opening.levels:
            await self._seat_computer(await self._open_lobby(opening.channel_id, None), level)
        return await self.lobby(opening.channel_id)

    async def lobby(self, channel_id: int, game_id: int | None = None) -> Lobby:
        """The lobby of this channel; with `game_id`, only if that is still the open lobby."""
        return _lobby_of(await self._open_lobby(channel_id, game_id))

    async def _open_lobby(self, channel_id: int, game_id: int | None) -> Table:
        """The channel's lobby; with `game_id` (a lobby button), only if it is that lobby."""
        row = await self._lobby_row(channel_id, game_id)
        return await self._tables.load(channel_id, status="lobby", row=row)

    async def _load_lobby(self, work: Work, game_id: int | None) -> Table:
        """The work's lobby, loaded as `_open_lobby` loads it."""
        return await work.load(status="lobby", row=await self._lobby_row(work.channel_id, game_id))

    async def _lobby_row(self, channel_id: int, game_id: int | None) -> GameRow | None:
        """The channel's open game row; with `game_id`, refused unless it is that lobby."""
        row = await self._games.open_in(channel_id)
        if game_id is not None and (row is None or row.id != game_id or row.status != "lobby"):
            raise TableError("That lobby is closed: its game has started or ended.")
        return row

    async def set_lobby_message(self, game_id: int, message_id: int) -> None:
        await self._games.set_lobby_message(game_id, message_id)

    async def lobby_shown(self, game_id: int) -> Lobby | None:
        """The lobby `game_id` as its message is to show it now, whatever became of it since
        (closed, started, over); None when there is no such game."""
        row = await self._games.get(game_id)
        game = None if row is None else self._tables.catalogue.game(row.game_key)
        if row is None or game is None:
            return None
        players = tuple(Player(s.user_id, s.display_name) for s in row.seats)
        return _lobby_of(Table(row, game, None, players))

    async def first_game(self, guild_id: int | None, user_id: int, game_key: str) -> bool:
        """Whether to tell the person that `/learn` teaches `game_key`: they have never
        finished a game of it on this server (none is counted in their stats there, see
        `club.ratings.ledger`) and were not told before (it is recorded now, so they are told
        once, across restarts). Outside a server nothing is counted, so no table there is
        anyone's first."""
        if guild_id is None:
            return False
        ratings = await self._ledger.ratings(guild_id, user_id)
        if any(r.game_key == game_key and r.games for r in ratings):
            return False
        return await self._people.nudge_once(guild_id, user_id, game_key, self._tables.now())

    async def join(self, channel_id: int, player: Player, game_id: int | None = None) -> Lobby:
        async with self._committer.open(channel_id, status=None) as work:
            await self.seat_person(await self._load_lobby(work, game_id), player)
            return await self.lobby(channel_id)

    async def seat_person(self, table: Table, player: Player) -> None:
        """Seat `player` at the lobby `table`; refused when seated already or full."""
        if table.row.seat_of(player.user_id) is not None:
            raise TableError("You are already seated at this table.")
        if len(table.players) >= table.game.max_players:
            raise TableError(f"The table is full ({wording.PLAYERS.of(table.game.max_players)}).")
        await self._games.add_seat(table.row, player.user_id, player.name)

    async def leave(self, channel_id: int, player: Player, game_id: int | None = None) -> Lobby:
        """Unseat a player; the lobby closes when its last player leaves."""
        async with self._committer.open(channel_id, status=None) as work:
            table = await self._load_lobby(work, game_id)
            table.seat(player.user_id)
            if len(table.players) == 1:
                await self._games.end(table.row, "abandoned", None)
                return replace(_lobby_of(table), status="abandoned", players=())
            await self._games.remove_seat(table.row, player.user_id)
            return await self.lobby(channel_id)

    async def add_computer(
        self, channel_id: int, by: Player, level: str, game_id: int | None = None
    ) -> Lobby:
        """Seat a computer player of `level` (by a seated player); refused when full."""
        async with self._committer.open(channel_id, status=None) as work:
            table = await self._load_lobby(work, game_id)
            table.seat(by.user_id)
            _check_level(level, self._tables.catalogue[table.game.key])
            await self._seat_computer(table, level)
            return await self.lobby(channel_id)

    async def remove_computer(
        self, channel_id: int, by: Player, game_id: int | None = None
    ) -> Lobby:
        """Unseat the computer player seated last (by a seated player)."""
        async with self._committer.open(channel_id, status=None) as work:
            table = await self._load_lobby(work, game_id)
            table.seat(by.user_id)
            computers = [s for s in table.row.seats if s.level is not None]
            if not computers:
                raise TableError("No computer player is seated at this table.")
            await self._games.remove_seat(table.row, computers[-1].user_id)
            return await self.lobby(channel_id)

    async def _seat_computer(self, table: Table, level: str) -> None:
        """Seat a computer player of `level` at the lobby `table`; refused when it is full."""
        if len(table.players) >= table.game.max_players:
            raise TableError(f"The table is full ({wording.PLAYERS.of(table.game.max_players)}).")
        taken = {s.user_id for s in table.row.seats}
        number = next(n for n in range(1, len(COMPUTER_NAMES) + 1) if computer_id(n) not in taken)
        user_id = computer_id(number)
        await self._games.add_seat(table.row, user_id, computer_name(user_id), level)

    async def start(
        self, channel_id: int, player: Player, game_id: int | None = None
    ) -> TableUpdate:
        async with self._committer.open(channel_id, status=None) as work:
            table = await self._load_lobby(work, game_id)
            table.seat(player.user_id)
            game = table.game
            if len(table.players) < game.min_players:
                raise TableError(
                    f"{game.title} needs at least {wording.PLAYERS.of(game.min_players)}; "
                    f"{len(table.players)} seated."
                )
            names = [p.name for p in table.players]
            try:
                options = alternation.opening_options(table.row)
                state = game.new_game(names, options, table.row.seed)
            except GameError as error:
                raise TableError(str(error)) from error
            return await work.begin(Table(table.row, game, state, table.players))


def _check_level(level: str, entry: Entry) -> None:
    try:
        check_level(level, entry)
    except ValueError as error:
        raise TableError(str(error)) from error


def _lobby_of(table: Table) -> Lobby:
    row, game = table.row, table.game
    return Lobby(
        game_id=row.id,
        game_key=row.game_key,
        title=game.title,
        players=table.players,
        min_players=game.min_players,
        max_players=game.max_players,
        options=row.options,
        options_shown=tuple(
            option.show(row.options[option.name])
            for option in game.options
            if option.name in row.options
            and option.applies(row.options)
            and not (option is FIRST_PLAYER and row.first_user is not None)
        ),
        creator_id=row.creator_id,
        status=row.status,
        message_id=row.lobby_message_id,
        levels={s.user_id: s.level for s in row.seats if s.level is not None},
        hints=row.hints,
        clock_hours=row.clock_hours,
        first_user=row.first_user,
        started=row.state is not None,
        undoable=isinstance(game, UndoableGame),
        length=game.length(max(len(table.players), game.min_players)),
        channel_id=row.channel_id,
    )
