"""Loading a channel's table once per request, and keeping one request per channel at a time.

A table is a game row with its engine and decoded state. The last decoded state of each game is
kept with the stored text it came from, so a request that finds that same text (the position
the last request saw, or the one its own move committed) decodes no JSON, and what the engine
remembers of that state object (its legal moves and views, see `engine.core.remembered`) serves
the next request too.
"""

from __future__ import annotations

import asyncio
import json
import secrets
import time
from collections import OrderedDict, defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from club.catalogue import CATALOGUE, Catalogue
from club.service import wording
from club.service.effects import Effects, GameChanged
from club.service.updates import Controls, Player, TableError
from club.service.wording import STALE
from club.storage.games import Games
from club.storage.moves import Moves
from club.storage.rows import GameRow
from engine.core import BadState, Game, Seat

KEPT_STATES = 512
"""Games whose decoded state is kept in memory (the most recently used)."""


def new_seed() -> int:
    """A fresh game seed: 62 random bits from the system's secure source."""
    return secrets.randbits(62)


@dataclass(frozen=True)
class Table:
    """A game row with its engine and decoded state (None while in the lobby)."""

    row: GameRow
    game: Game[Any, Any]
    state: Any = None
    players: tuple[Player, ...] = field(default=())

    @property
    def over(self) -> bool:
        return self.state is not None and self.game.outcome(self.state) is not None

    def seat(self, user_id: int) -> Seat:
        """The user's seat; refused for anyone not playing."""
        seat = self.row.seat_of(user_id)
        if seat is None:
            raise TableError("You are not playing in this game.")
        return seat

    def actors(self) -> list[Seat]:
        """The seats that may act now, in seat order (none once the game is over)."""
        return [] if self.over else sorted(self.game.actors(self.state))

    def actor_ids(self) -> tuple[int, ...]:
        return tuple(self.players[s].user_id for s in self.actors())


class Tables:
    """The games' tables as the services see them: the games and their moves (the repositories
    it reads), the seed source, the clock (Unix seconds), one lock per channel and the decoded
    states kept in memory."""

    def __init__(
        self,
        games: Games,
        moves: Moves,
        seed_source: Callable[[], int] | None = None,
        *,
        clock: Callable[[], float] = time.time,
        catalogue: Catalogue = CATALOGUE,
        effects: Effects | None = None,
    ) -> None:
        self._games = games
        self._moves = moves
        self.catalogue = catalogue
        """The games these tables may play, by key."""
        self.new_seed = seed_source or new_seed
        """A fresh seed for a game or for a computer player's search."""
        self.now = clock
        """The time now, in Unix seconds."""
        self._locks: defaultdict[int, asyncio.Lock] = defaultdict(asyncio.Lock)
        self._states: OrderedDict[int, tuple[str, Any]] = OrderedDict()
        self.effects = effects or Effects()
        """Where what happened is told (see `club.service.effects`)."""

    def changed(self, game_id: int) -> None:
        """Tell that the game ended, or that its position changed other than by a move
        (`GameChanged`: the computer players drop its trees)."""
        self.effects.emit(GameChanged(game_id))

    def lock(self, channel_id: int) -> asyncio.Lock:
        """The lock that keeps one request at a time on the channel's table."""
        return self._locks[channel_id]

    async def load(
        self, channel_id: int, *, status: str | None = None, row: GameRow | None = None
    ) -> Table:
        """The channel's open table (from `row` when the caller has just read it); refused
        when there is none or it is not in `status`."""
        row = row or await self._games.open_in(channel_id)
        if row is None:
            raise TableError("There is no game in this channel. Open one with `/new`.")
        if status == "active" and row.status == "lobby":
            raise TableError("The game has not started yet; a seated player can `/start` it.")
        if status == "lobby" and row.status != "lobby":
            raise TableError("The game in this channel has already started.")
        return await self.decode(row)

    async def decode(self, row: GameRow) -> Table:
        """The row as a table; its state decoded once per version (off the event loop)."""
        game = self.catalogue.game(row.game_key)
        if game is None:
            raise TableError(f"This channel's game ({row.game_key}) is not known to this bot.")
        players = tuple(Player(s.user_id, s.display_name) for s in row.seats)
        if row.state is None:
            return Table(row, game, None, players)
        kept = self._states.get(row.id)
        if kept is not None and kept[0] == row.state:
            state = kept[1]
            self._states.move_to_end(row.id)
        else:
            state = await asyncio.to_thread(_read_state, game, row)
            self.keep(row.id, row.state, state)
        return Table(row, game, state, players)

    def keep(self, game_id: int, text: str, state: Any) -> None:
        """Remember a game's state with the stored text it was read from (or committed as)."""
        self._states[game_id] = (text, state)
        self._states.move_to_end(game_id)
        while len(self._states) > KEPT_STATES:
            self._states.popitem(last=False)

    async def check_fresh(
        self, table: Table, seat: Seat, offered: Controls | None, sent_at: float | None = None
    ) -> int:
        """The number of moves made so far; refuses a control the player has outlived or that
        was not offered to them, and a typed move that arrived before their latest move."""
        game_id = table.row.id
        if offered is not None:
            if table.row.id != offered.game_id:
                raise TableError("That control belongs to a game that is over.")
            if offered.offered_to is not None and seat not in offered.offered_to:
                raise TableError(STALE)
            if await self._moves.moved_since(game_id, seat, offered.after_moves):
                raise TableError(STALE)
        if sent_at is not None and await self._moves.moved_after(game_id, seat, sent_at):
            raise TableError(
                "Your earlier action was applied just before this one arrived; nothing more "
                "was changed. Check the board and try again if you still mean it."
            )
        return table.row.moves_made


def turn_line(table: Table, *, ping: bool = True) -> str:
    """Whose turn it is at `table`: pinging them (`ping`), or naming them in bold."""
    seats = table.actors()
    names = [table.players[s].name for s in seats]
    return wording.turn_line(names, [table.players[s].user_id for s in seats], ping=ping)


def prepare_offers(game: Game[Any, Any], state: Any) -> None:
    """Work out each actor's legal moves and their notations now, off the event loop, so that
    autocomplete and buttons answer from what the engine remembers of `state`."""
    if game.outcome(state) is None:
        for seat in game.actors(state):
            game.legal(state, seat).notations  # noqa: B018 (computed to be remembered)


def _read_state(game: Game[Any, Any], row: GameRow) -> Any:
    assert row.state is not None
    try:
        state = game.from_json(json.loads(row.state))
    except (BadState, ValueError) as error:
        raise TableError(
            f"This channel's game #{row.id} could not be loaded: {error} "
            "A moderator can end it with `/abandon`."
        ) from error
    prepare_offers(game, state)
    return state
