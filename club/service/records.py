"""Game records for anyone in the channel (`History`, the table service's `history`): a game's
record as text (`/history`) and its positions for an animated replay (`/replay`), both from
the stored move log, the game's rules and title from the catalogue the service is given.

Rulings:
- A secret move (kind `hidden`) is never shown, not even once the game is over: the record and
  the replay give what the table was told of it, so nothing asked for here reveals a secret
  (spectators may ask too).
- A replay is of a finished game only: every position is rebuilt from the seed, the opening
  options and the logged moves, and each frame is the public view after that move (a secret
  shows only as it became public). A game whose rebuilt end differs from its stored end (its
  rules changed since) is not replayed rather than replayed wrong.
- A record may be of the game in play (its moves so far) or of any game that started here.
- A game is named by its number only in its own channel: any other number is refused alike.
- A finished game's positions are rebuilt once for everyone asking at the same time, and the
  last `KEPT_REPLAYS` are remembered, by the game, its moves, its result and its players' names
  as the channel shows them (a name forgotten since makes them be rebuilt).
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from club.catalogue import Catalogue
from club.service.alternation import opening_options
from club.service.commits import TABLE_CHANGES
from club.service.updates import TableError
from club.service.wording import MOVES
from club.shared import SharedWork
from club.storage.games import Games
from club.storage.moves import Moves
from club.storage.rows import GameRow, MoveRow
from engine.core import Game, GameError, TimedGame
from engine.words import Unit, ordinal
from render.captions import Frame, clean

PLAYED = ("active", "finished", "abandoned")
"""The statuses of a game that started."""
CHOICES = 25
"""Games offered by autocomplete at most (Discord's limit)."""
SECRET = "(a secret action)"
"""A secret move, as the record shows it."""
REPLIES = Unit("reply", "replies")
PICTURES = Unit("picture")
KEPT_REPLAYS = 4
"""Finished games whose replay positions are remembered."""
FramesKey = tuple[int, int, str | None, tuple[str, ...]]
"""A replay's positions are those of: a game, its number of moves, its result, its names."""


@dataclass(frozen=True)
class Record:
    """A game's record as a text file's name and content."""

    heading: str
    """`Ley Lines of Mars #3: Ann vs Bob` (names as the channel shows them)."""
    filename: str
    text: str


@dataclass(frozen=True)
class Replay:
    """A finished game's positions (the opening first) and what to say of them."""

    game_id: int
    heading: str
    """`Ley Lines of Mars #3: Ann vs Bob` (names as the channel shows them)."""
    result: str
    frames: tuple[Frame, ...]

    @property
    def filename(self) -> str:
        return f"replay-{self.game_id}.gif"

    @property
    def alt(self) -> str:
        """The attachment's description."""
        return clean(
            f"Animated replay of {self.heading}, {MOVES.of(len(self.frames) - 1)}. {self.result}"
        )

    def message(self, shown: int, step: int) -> str:
        """The replay's message: what it shows, and how a long game was shortened to fit."""
        said = f"Replay of **{self.heading}**, {MOVES.of(len(self.frames) - 1)}. {self.result}"
        if step == 1:
            return said
        return (
            f"{said}\nTo fit Discord's upload limit, it shows every {ordinal(step)} move and "
            f"the last ({PICTURES.of(shown)})."
        )


class History:
    """The records and replays of the games in `games` (their moves in `moves`), their rules
    and titles found in `catalogue`."""

    def __init__(self, games: Games, moves: Moves, catalogue: Catalogue) -> None:
        self._games = games
        self._moves = moves
        self.catalogue = catalogue
        self._frames: SharedWork[FramesKey, tuple[Frame, ...]] = SharedWork(KEPT_REPLAYS)
        """The replay positions being rebuilt or remembered (see the module's rulings)."""

    async def record(self, channel_id: int, game_id: int | None = None) -> Record:
        """The record of game `game_id` of this channel (default: the game in play, else the
        newest game that started here)."""
        row = await self._game(
            channel_id, game_id, PLAYED, "No game has been played in this channel yet."
        )
        moves = await self._moves.of(row.id)
        game = self.catalogue.game(row.game_key)
        return Record(
            _heading(row, game), f"{row.game_key}-{row.id}.txt", record_text(row, moves, game)
        )

    async def replay(self, channel_id: int, game_id: int | None = None) -> Replay:
        """The positions of finished game `game_id` of this channel (default: the newest
        one)."""
        row = await self._game(
            channel_id, game_id, ("finished",), "No game has finished in this channel yet."
        )
        if row.status != "finished":
            raise TableError(
                f"Game #{row.id} is still being played; `/history` shows its moves so far, and "
                "`/replay` works once it is over."
                if row.status == "active"
                else f"Game #{row.id} was abandoned; only finished games can be replayed."
            )
        game = self.catalogue.game(row.game_key)
        if game is None:
            raise TableError(f"Game #{row.id} ({row.game_key}) is not known to this bot.")
        moves = await self._moves.of(row.id)
        frames = await self._replay_frames(game, row, moves)
        return Replay(row.id, _heading(row, game), row.result or "No result.", frames)

    async def _replay_frames(
        self, game: Game[Any, Any], row: GameRow, moves: Sequence[MoveRow]
    ) -> tuple[Frame, ...]:
        """`replay_frames`, rebuilt once for everyone asking (see the module's rulings)."""
        key = (row.id, len(moves), row.result, tuple(_names(row)))
        rebuilding = self._frames.get(key)
        if rebuilding is None:
            rebuilt = asyncio.to_thread(replay_frames, game, row, moves)
            rebuilding = self._frames.begin(key, rebuilt)
        return await asyncio.shield(rebuilding)  # a cancelled asker spares the others

    async def choices(
        self, channel_id: int, typed: str, *, finished: bool
    ) -> list[tuple[int, str]]:
        """(game number, label) of this channel's newest games that started (`finished`: only
        finished ones) whose label holds `typed`, for autocomplete."""
        statuses = ("finished",) if finished else PLAYED
        rows = await self._games.started_in(channel_id, statuses, CHOICES)
        labels = [
            (
                row.id,
                clean(f"{_heading(row, self.catalogue.game(row.game_key))} ({_state_of(row)})"),
            )
            for row in rows
        ]
        return [(number, label) for number, label in labels if typed.lower() in label.lower()]

    async def _game(
        self, channel_id: int, game_id: int | None, statuses: Sequence[str], none: str
    ) -> GameRow:
        """Game `game_id` if it started in this channel, or by default the newest one that
        started here in one of `statuses` (the game in play, when it is among them)."""
        if game_id is None:
            rows = await self._games.started_in(channel_id, statuses, 1)
            if not rows:
                raise TableError(none)
            return rows[0]
        row = await self._games.get(game_id)
        if row is None or row.channel_id != channel_id:
            raise TableError(f"There is no game #{game_id} in this channel.")
        if row.state is None:
            raise TableError(f"Game #{game_id} never started, so it has no moves.")
        return row


def record_text(row: GameRow, moves: Sequence[MoveRow], game: Game[Any, Any] | None) -> str:
    """A header (title, options, players in seat order, state or result, dates), then one
    numbered line per move: who made it, its notation (a secret move as such) and what the
    table was told; `game` is the row's game (None: one this bot no longer knows, shown by its
    key and its options as stored). Plain text: names without Discord's markdown escapes."""
    names = _names(row)
    players = ", ".join(
        f"{seat + 1}. {name}" + _level(row, seat) for seat, name in enumerate(names)
    )
    header = [
        _heading(row, game),
        f"Options: {', '.join(_options_shown(row, game)) or 'none'}",
        f"Players: {players}",
        f"Opened: {_date(row.created_at)}",
        *_ending(row),
        "",
    ]
    lines = [_with_said(move_line(m, names), m) for m in moves] or ["No moves yet."]
    return "\n".join(clean(line) for line in [*header, *lines]) + "\n"


def move_line(move: MoveRow, names: Sequence[str]) -> str:
    """`12. Ann: L c3`: the move's number, who made it and its notation, a secret move shown
    only as one; a phase's timer running out names nobody."""
    if move.kind == "timeout":
        return f"{move.seq}. (the timer ran out)"
    who = names[move.seat] if 0 <= move.seat < len(names) else "?"
    if move.kind == "abandon":
        return f"{move.seq}. The game ended with no result"
    if move.kind == "standin":
        return f"{move.seq}. A stand-in ({move.notation} computer) took {who}'s seat"
    if move.kind == "back":
        return f"{move.seq}. {who} took their seat back"
    if move.kind == "takeback":
        replies = move.undoes - 1
        also = f" and {REPLIES.of(replies)} after it" if replies else ""
        return f"{move.seq}. {who} took back {move.notation}{also}"
    did = SECRET if move.kind == "hidden" else move.notation
    return f"{move.seq}. {who}: {did}"


def replay_frames(
    game: Game[Any, Any], row: GameRow, moves: Sequence[MoveRow]
) -> tuple[Frame, ...]:
    """Each position's public view of `game` (the row's), the opening first, captioned with the
    move that led to it and what the table was told (engine work: run off the event loop).
    Refused when the moves no longer rebuild the stored game."""
    names = _names(row)
    try:
        states = positions(game, row, moves)
        rebuilt = json.dumps(game.to_json(states[-1])) == row.state
    except GameError:
        rebuilt = False
    if not rebuilt:
        raise TableError(
            f"Game #{row.id} cannot be replayed: its moves no longer rebuild it under this "
            "version of the rules. `/history` still has its moves."
        )
    opening = Frame(game.view(states[0], None), (_heading(row, game), "The opening position."))
    return (
        opening,
        *(
            Frame(game.view(state, None), (move_line(m, names), m.said))
            for m, state in zip(moves, states[1:], strict=True)
        ),
    )


def positions(game: Game[Any, Any], row: GameRow, moves: Sequence[MoveRow]) -> list[Any]:
    """The game's states from its opening (as it started: seed, players, opening options)
    through each logged move (a takeback goes back to the state before the actions it undoes;
    a change of the table, such as a stand-in seated, leaves it as it was); raises GameError
    for a move that no longer applies."""
    state = game.new_game(_names(row), opening_options(row), row.seed)
    states = [state]
    line = [state]  # the states of the actions that stand: a takeback takes its own off
    for move in moves:
        if move.kind == "takeback":
            if move.undoes >= len(line):
                raise GameError("a takeback undoes more actions than the game has")
            del line[len(line) - move.undoes :]
            state = line[-1]
            states.append(state)
            continue
        if move.kind in TABLE_CHANGES:  # the position stays as it was
            pass
        elif move.kind == "resign":
            state, _ = game.resign(state, move.seat)
        elif move.kind == "timeout":
            if not isinstance(game, TimedGame):
                raise GameError("a timer ran out in a game without timers")
            state, _ = game.timeout(state)
        else:
            state, _ = game.apply(state, move.seat, game.parse(state, move.seat, move.notation))
        states.append(state)
        line.append(state)
    return states


def _names(row: GameRow) -> list[str]:
    """The players' names in seat order, as the game knows them."""
    return [s.display_name for s in row.seats]


def _heading(row: GameRow, game: Game[Any, Any] | None) -> str:
    """`Ley Lines of Mars #3: Ann vs Bob` (a game this bot no longer knows by its key)."""
    title = row.game_key if game is None else game.title
    return f"{title} #{row.id}: {' vs '.join(_names(row))}"


def _level(row: GameRow, seat: int) -> str:
    level = row.seats[seat].level
    return "" if level is None else f" (computer player, {level})"


def _options_shown(row: GameRow, game: Game[Any, Any] | None) -> list[str]:
    """The options the game started with, as a lobby shows them (those that applied)."""
    chosen: Mapping[str, Any] = opening_options(row)
    if game is None:
        return [f"{name}: {value}" for name, value in chosen.items()]
    return [o.show(chosen[o.name]) for o in game.options if o.name in chosen and o.applies(chosen)]


def _state_of(row: GameRow) -> str:
    """`in play`, `finished 2026-11-23` or `abandoned 2026-11-23`."""
    if row.status == "active":
        return "in play"
    return f"{row.status} {_date(row.updated_at)[:10]}"


def _ending(row: GameRow) -> list[str]:
    """The header's last lines: the result and when the game ended, or that it goes on."""
    if row.status == "active":
        return [f"In play: {MOVES.of(row.moves_made)} so far."]
    verb = "Finished" if row.status == "finished" else "Abandoned"
    return [f"Result: {row.result or 'none'}", f"{verb}: {_date(row.updated_at)}"]


def _with_said(line: str, move: MoveRow) -> str:
    return f"{line} - {move.said}" if move.said else line


def _date(moment: float) -> str:
    """Unix seconds as `2026-11-23 09:40 UTC`."""
    return time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime(moment))
