"""What the repositories read and write: rows as frozen records, and the refusals a write can
meet (the game moved on, the channel is taken)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from club.ratings.standings import Ending
from engine.core import GameError


@dataclass(frozen=True)
class PhaseTimer:
    """The timed open phase a game is in (the engine's id) and when it times out, or neither."""

    phase: str | None = None
    deadline: float | None = None


@dataclass(frozen=True)
class Commit:
    """An action to record: `seat` did `kind` (`move`, `hidden`, whose notation is secret and
    never shown in records, `resign`, `timeout` with seat -1 for a phase timer, or `takeback`,
    which undoes the last `undoes` actions; its seat and notation are those of the first of them,
    the taker's own move), written `notation`. `state` is the snapshot after it and `before` the
    one before it (JSON texts; `before` is what a takeback goes back to). A non-None `result`
    ends the game and `ending` (how it ended) then counts it for its players' stats and ratings.
    `deadline` is when the players to move are next reminded, `claim_at` when the others may
    claim the game if the next turn waits that long (None: no clock), `timer` the phase timer.
    `said` is the public narration, kept for `/history`; `outbox` the update that tells the
    table (its JSON form)."""

    seat: int
    kind: str
    notation: str
    state: str
    before: str | None
    said: str
    outbox: dict[str, Any]
    result: str | None = None
    ending: Ending | None = None
    deadline: float | None = None
    claim_at: float | None = None
    timer: PhaseTimer = PhaseTimer()
    undoes: int = 1
    status: str | None = None
    """The game's status after it when not the usual (`active`, or `finished` with a result):
    `abandoned` for an action that ends the game with no result."""


@dataclass(frozen=True)
class Committed:
    """What a commit made, read back in its own statements: the game's `row` as committed, the
    outbox `entry` that tells it, and whether that entry was `alone` in the game's outbox (no
    earlier update was still waiting to be delivered)."""

    row: GameRow
    entry: OutboxRow
    alone: bool

    @property
    def version(self) -> int:
        """The game's new version."""
        return self.row.version

    @property
    def seq(self) -> int:
        """The number of the move it recorded (the moves made so far, for a start)."""
        return self.row.moves_made


class StaleGame(GameError):
    """The game changed since the caller read it."""

    def __init__(self) -> None:
        super().__init__("The game moved on before your action arrived; nothing was changed.")


@dataclass(frozen=True)
class Statement:
    """A statement another write runs in its own transaction (such as dropping the takeback
    request that a takeback's commit answers): `sql` with `?` placeholders and its `params`.
    With `changes`, the whole transaction is refused (`StaleGame`) unless it changes exactly
    that many rows (what it was to change is gone)."""

    sql: str
    params: tuple[Any, ...] = ()
    changes: int | None = None


class ChannelBusy(GameError):
    """The channel already holds a lobby or a game in play."""

    def __init__(self) -> None:
        super().__init__(
            "This channel already has a game. Finish it, `/resign`, or ask a moderator to "
            "`/abandon` it first."
        )


@dataclass(frozen=True)
class SeatRow:
    user_id: int
    seat: int
    display_name: str
    level: str | None = None
    """A computer player's level (its user id is then negative); None for a person."""


@dataclass(frozen=True)
class GameRow:
    id: int
    guild_id: int | None
    channel_id: int
    game_key: str
    options: dict[str, Any]
    seed: int
    status: str
    version: int
    state: str | None
    creator_id: int
    lobby_message_id: int | None
    result: str | None
    deadline: float | None
    """When the players to move are next reminded (Unix seconds), or None."""
    phase: str | None
    """The engine's id of the timed open phase in progress, or None."""
    phase_deadline: float | None
    """When that phase times out (Unix seconds), or None."""
    living: Living
    """The living board message, as last delivered."""
    moves_made: int
    """How many moves the game's log holds (moves are numbered 1, 2, ... without gaps)."""
    seats: tuple[SeatRow, ...]
    hints: bool = False
    """Whether the table lets its players ask a computer player for a hint (`/hint`)."""
    clock_hours: int = 0
    """The table's fair clock: hours a turn may wait before the others may claim; 0 = none."""
    claim_at: float | None = None
    """When the others may claim the game if the turn still waits (Unix seconds), or None."""
    rematch_of: int | None = None
    """The finished game this lobby is the rematch of, or None."""
    first_user: int | None = None
    """A rematch's player to move first (first players alternate), or None."""
    created_at: float = 0.0
    """When the lobby was opened (Unix seconds)."""
    updated_at: float = 0.0
    """When the game last changed: for a game that is over, when it ended (Unix seconds)."""
    unrated: bool = False
    """Whether the game can no longer change a rating (a computer stood in for a player)."""

    def seat_of(self, user_id: int) -> int | None:
        return next((s.seat for s in self.seats if s.user_id == user_id), None)


@dataclass(frozen=True)
class MoveRow:
    seq: int
    seat: int
    kind: str
    notation: str
    created_at: float
    said: str
    """What the channel was told of this move (public narration)."""
    undoes: int = 1
    """For a takeback: how many actions it undoes (the player's own, and the computer players'
    replies after it)."""


@dataclass(frozen=True)
class TakebackRequest:
    """A player's request to take back the move numbered `seq` (their own), and the user ids of
    the people who accepted it so far."""

    seq: int
    asker: int
    accepted: tuple[int, ...]


@dataclass(frozen=True)
class Heartbeat:
    """A bot process's last sign of life: `beat_at` (Unix seconds) is when its background
    work last completed a pass while connected to Discord."""

    process: str
    version: str
    started_at: float
    beat_at: float


@dataclass(frozen=True)
class Counts:
    """Games by status and the updates queued for delivery (`oldest_queued`: when the oldest
    was queued, Unix seconds; None when none is)."""

    lobbies: int
    active: int
    with_computers: int
    queued: int
    oldest_queued: float | None


@dataclass(frozen=True)
class OutboxRow:
    """An update committed with its move but not yet delivered to Discord."""

    id: int
    payload: dict[str, Any]
    attempts: int
    queued_at: float
    """When it was queued (Unix seconds)."""


@dataclass(frozen=True)
class Living:
    """The game's living board message: its id, the narration it shows, and a digest of the
    board picture attached to it."""

    message_id: int | None = None
    text: str = ""
    digest: str = ""
