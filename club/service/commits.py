"""Recording an action on a game: the new state, the move row and what to tell, committed
together in one store transaction.

A request's unit of work: `Committer.open(channel)` holds the channel's lock, loads its table
once and yields a `Work`, whose `commit` records the action with any side statements (such as
dropping the takeback request an undo answers) in that one transaction:

    async with committer.open(channel_id) as work:
        ...check and decide on work.table...
        return await work.commit(action, also=[...])
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass, replace
from typing import Any

from club.ratings.standings import Ending, ending
from club.service import offers, outbox, wording
from club.service.outbox import OutboxEntry
from club.service.projection import confirmation, project
from club.service.servers import Servers
from club.service.tables import Table, Tables, prepare_offers
from club.service.telling import Telling
from club.service.updates import Delivery, Queued, TableUpdate
from club.storage.games import Games
from club.storage.moves import Moves
from club.storage.rows import Commit, Committed, GameRow, OutboxRow, PhaseTimer, Statement
from engine.core import Event, Seat, TimedGame, UndoableGame

MOVES = ("move", "hidden")
"""The kinds of action that leave a game going on from a position a computer's kept tree
holds: any other (a resignation, a timeout, a takeback, a change of the table), and any that
ends the game, is told to `Tables.changed`."""


@dataclass(frozen=True)
class _Told:
    """What an action says, worked out from the table before and after it."""

    entry: OutboxEntry
    """What the outbox keeps of it."""
    delivery: Delivery
    """How the table is shown it (`project`), before its outbox id is known."""
    shown: tuple[Any, ...]
    """What of the game's row as committed it was projected with (see `_shown`)."""
    snapshot: str
    """The new state as the JSON text that is stored."""
    result: str | None
    ending: Ending | None
    """How the game ended (for ratings), or None while it goes on."""


TABLE_CHANGES = ("abandon", "standin", "back")
"""The kinds of action that change the table rather than the position, made by no engine move
(replays and takebacks step over them): `abandon` ends the game with no result (`/abandon`,
`/claim end`, its channel gone; seat -1 when no player did it), `standin` seats a stand-in in
the seat and `back` gives the seat back to its person."""


@dataclass(frozen=True)
class Action:
    """An action to record at `table`: `seat` (-1: the game's own, such as a phase timer) did
    `kind` (move, hidden, resign, timeout, or takeback, which undoes the last `undoes`
    actions; or one of `TABLE_CHANGES`), written `notation`, which left `state` and `events`.
    An `abandon` stores `result` (None: none) as the game's words on how it ended. `answered`:
    the seat's player made it by a request of their own, whose answer (the confirmation) tells
    them what it told their seat alone, instead of a DM."""

    table: Table
    seat: Seat
    kind: str
    notation: str
    state: Any
    events: list[Event]
    undoes: int = 1
    result: str | None = None
    answered: bool = False

    @classmethod
    def change(
        cls,
        table: Table,
        seat: Seat,
        kind: str,
        said: str,
        *,
        notation: str = "",
        result: str | None = None,
    ) -> Action:
        """One of `TABLE_CHANGES` at `table` (written `notation`, by default its kind), told to
        the channel as `said` in a message of its own; the position stays as it is."""
        assert kind in TABLE_CHANGES
        events = [Event(said)] if said else []
        return cls(table, seat, kind, notation or kind, table.state, events, result=result)


class Work:
    """One request's work on a channel's table, done under the channel's lock (see
    `Committer.open`): the table as loaded once, and the commits that record what it does."""

    def __init__(self, committer: Committer, channel_id: int, table: Table | None) -> None:
        self._committer = committer
        self.channel_id = channel_id
        self._table = table

    @property
    def table(self) -> Table:
        """The channel's table as this work last loaded or committed it."""
        if self._table is None:
            raise RuntimeError("This work has loaded no table yet.")
        return self._table

    async def load(self, *, status: str | None = None, row: GameRow | None = None) -> Table:
        """Load the channel's table (from `row` when the caller has just read it), refused as
        `Tables.load` refuses; it becomes `table`."""
        self._table = await self._committer.tables.load(self.channel_id, status=status, row=row)
        return self._table

    async def commit(self, action: Action, also: Sequence[Statement] = ()) -> TableUpdate:
        """Record `action` with the statements `also`, in one transaction; what to tell of it.
        The committed table becomes `table`."""
        update, self._table = await self._committer.commit(action, also)
        return update

    async def begin(self, started: Table) -> TableUpdate:
        """Record the start of the lobby `started` (see `Committer.begin`)."""
        return await self._committer.begin(started)


class Committer:
    """Commits actions (moves, resignations, timeouts, takebacks, the table's changes) and the
    start of a game, each in one store transaction with its move row and its outbox entry, and
    keeps the new state in memory for the next request (telling `Tables.changed` of those not
    in `MOVES`). What it commits is projected as it commits it (`project`), so that the request
    that made it can tell it without reading it back (see `club.service.telling`)."""

    def __init__(
        self, tables: Tables, servers: Servers, games: Games, moves: Moves, telling: Telling
    ) -> None:
        self.tables = tables
        self._servers = servers
        self._games = games
        self._moves = moves
        self._telling = telling

    @asynccontextmanager
    async def open(self, channel_id: int, *, status: str | None = "active") -> AsyncIterator[Work]:
        """The unit of work of one request on the channel: holds the channel's lock while the
        block runs, having loaded its table in `status` (`active` or `lobby`, refused as
        `Tables.load` refuses); with None, nothing is loaded (the block reads its own rows and
        may `Work.load`)."""
        async with self.tables.lock(channel_id):
            table = None if status is None else await self.tables.load(channel_id, status=status)
            yield Work(self, channel_id, table)

    async def commit(
        self, action: Action, also: Sequence[Statement] = ()
    ) -> tuple[TableUpdate, Table]:
        """Record `action` as the table's next action, with the statements `also`, in one
        transaction; what to tell of it, and the table as committed."""
        table, seat, kind = action.table, action.seat, action.kind
        moves_made = table.row.moves_made
        told = await asyncio.to_thread(_tell, action)
        ended = kind == "abandon" or told.result is not None
        deadline, claim_at, timer = self._clocks(action, ended)
        commit = Commit(
            seat,
            kind,
            action.notation,
            told.snapshot,
            before=table.row.state,
            said=told.entry.said,
            outbox=told.entry.to_json(),
            result=told.result,
            ending=told.ending,
            deadline=deadline,
            claim_at=claim_at,
            timer=timer,
            undoes=action.undoes,
            status="abandoned" if kind == "abandon" else None,
        )
        since = self._telling.mark(table.row.id)
        committed = await self._moves.record(table.row, commit, also)
        self.tables.keep(table.row.id, told.snapshot, action.state)
        if ended or kind not in MOVES:
            self.tables.changed(table.row.id)
        after = Table(committed.row, table.game, action.state, table.players)
        hidden_next = seat >= 0 and not ended and offers.secret_moves(after, seat)
        update = TableUpdate(
            table.row.id,
            table.row.channel_id,
            committed.version,
            self._told(committed, told.delivery),
            finished=ended,
            hidden=kind == "hidden",
            confirmation=_confirmation(action, told.delivery),
            next_choice=offers.picker(after, seat, "", moves_made + 1) if hidden_next else None,
            undoable=kind == "move" and not ended and isinstance(after.game, UndoableGame),
            queued=self._hold(committed, told, since),
        )
        return update, after

    async def begin(self, started: Table) -> TableUpdate:
        """Record the start of the lobby `started` (its row still the lobby's, its state the
        game's first); what to tell of it."""
        row = started.row
        told = await asyncio.to_thread(_opening, started)
        deadline, claim_at = self._servers.turn_clocks(row)
        timer = self._phase_timer(row, started)
        since = self._telling.mark(row.id)
        committed = await self._games.start(
            row, told.snapshot, deadline, timer, told.entry.to_json(), claim_at
        )
        self.tables.keep(row.id, told.snapshot, started.state)
        return TableUpdate(
            row.id,
            row.channel_id,
            committed.version,
            self._told(committed, told.delivery),
            queued=self._hold(committed, told, since),
        )

    @staticmethod
    def _told(committed: Committed, delivery: Delivery) -> Delivery:
        """The projection of a committed update, with its outbox entry's id and time."""
        entry = committed.entry
        return replace(delivery, upto=entry.id, queued_at=entry.queued_at)

    def _hold(self, committed: Committed, told: _Told, since: int) -> Queued | None:
        """The update to hold in memory for its request (see `Telling.hold`): only when the game
        as committed is shown as it was projected (no delivery changed its board message, no
        stand-in made it unrated, since the table was loaded)."""
        if _shown(committed.row) != told.shown:
            return None
        return self._telling.hold(committed, self._told(committed, told.delivery), since)

    def _clocks(self, action: Action, ended: bool) -> tuple[float | None, float | None, PhaseTimer]:
        """The reminder deadline, the claim time and the phase timer after `action`: none once
        the game ended; as they were for a change of seat (the turn goes on); set for the
        next turn after a move."""
        row = action.table.row
        if action.kind == "abandon":
            return None, None, PhaseTimer()
        if action.kind in TABLE_CHANGES:
            return row.deadline, row.claim_at, PhaseTimer(row.phase, row.phase_deadline)
        deadline, claim_at = self._servers.turn_clocks(row)
        moved = Table(row, action.table.game, action.state, action.table.players)
        return deadline, None if ended else claim_at, self._phase_timer(row, moved)

    def _phase_timer(self, row: GameRow, table: Table) -> PhaseTimer:
        """The phase timer to store: kept while the same phase runs, set anew for a new one."""
        game = table.game
        if not isinstance(game, TimedGame) or table.over:
            return PhaseTimer()
        timed = game.timed_phase(table.state)
        if timed is None:
            return PhaseTimer()
        phase, seconds = timed
        if phase == row.phase and row.status == "active":
            return PhaseTimer(phase, row.phase_deadline)
        return PhaseTimer(phase, self.tables.now() + seconds)


def _opening(table: Table) -> _Told:
    """What the start of `table`'s game tells: the channel's word and each player's secret
    information (engine work, run off the event loop)."""
    said = wording.begins(table.game.title, [p.user_id for p in table.players])
    entry = outbox.opening_entry(table, said)
    shown = replace(table.row, status="active")
    return _told(Table(shown, table.game, table.state, table.players), entry, None, None)


def _tell(action: Action) -> _Told:
    """What `action` tells, its result and how the game ended (engine work: views, legal moves,
    the state's JSON; run off the event loop, which also works out the legal moves that
    autocomplete will offer)."""
    before = action.table
    game, state = before.game, action.state
    row = before.row
    if action.kind in TABLE_CHANGES:
        status = "abandoned" if action.kind == "abandon" else row.status
        result = action.result if action.kind == "abandon" else row.result
        shown = replace(row, status=status, result=result, moves_made=row.moves_made + 1)
        after = Table(shown, game, state, before.players)
        entry = outbox.entry(after, outbox.narration(action.events), (), fresh=True)
        return _told(after, entry, action.result, None)
    outcome = game.outcome(state)
    names = [p.name for p in before.players]
    result = None if outcome is None else wording.result_line(names, outcome)
    shown = replace(
        row,
        status="active" if result is None else "finished",
        result=result,
        moves_made=row.moves_made + 1,
    )
    after = Table(shown, game, state, before.players)
    answered = action.seat if action.answered else None
    entry = outbox.action_entry(before, after, action.events, answered)
    prepare_offers(game, state)
    return _told(after, entry, result, ending(game, state, outcome))


def _told(after: Table, entry: OutboxEntry, result: str | None, ended: Ending | None) -> _Told:
    """The update `entry` at `after` (its row as the commit will leave it), projected."""
    row = OutboxRow(0, entry.to_json(), 0, 0.0)
    delivery = project(after, [row], after.row.living)
    return _Told(entry, delivery, _shown(after.row), _snapshot(after), result, ended)


def _confirmation(action: Action, delivery: Delivery) -> str:
    """What the player who made `action` is answered (see `projection.confirmation`)."""
    players = action.table.players
    user_id = players[action.seat].user_id if 0 <= action.seat < len(players) else 0
    return confirmation(delivery, user_id, action.notation)


def _shown(row: GameRow) -> tuple[Any, ...]:
    """What of a game's row its projection reads beyond the position."""
    return (row.living, row.unrated, row.status, row.result, row.moves_made)


def _snapshot(table: Table) -> str:
    """The table's state as the JSON text the store keeps."""
    return json.dumps(table.game.to_json(table.state))
