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
from dataclasses import dataclass
from typing import Any

from club.ratings.standings import Ending, ending
from club.service import offers, outbox, wording
from club.service.servers import Servers
from club.service.tables import Table, Tables, prepare_offers
from club.service.updates import Notice, Queued, TableUpdate
from club.storage.games import Games
from club.storage.moves import Moves
from club.storage.rows import Commit, Committed, GameRow, PhaseTimer, Statement
from engine.core import Event, Seat, TimedGame, UndoableGame

MOVES = ("move", "hidden")
"""The kinds of action that leave a game going on from a position a computer's kept tree
holds: any other (a resignation, a timeout, a takeback), and any that ends the game, is told
to `Tables.changed`."""


@dataclass(frozen=True)
class _Told:
    """What an action says, worked out from the table before and after it."""

    said: str
    result: str | None
    public: Notice
    private: tuple[Notice, ...]
    snapshot: str
    """The new state as the JSON text that is stored."""
    ending: Ending | None
    """How the game ended (for ratings), or None while it goes on."""


@dataclass(frozen=True)
class Action:
    """An action to record at `table`: `seat` (-1: the game's own, such as a phase timer) did
    `kind` (move, hidden, resign, timeout, or takeback, which undoes the last `undoes`
    actions), written `notation`, which left `state` and `events`."""

    table: Table
    seat: Seat
    kind: str
    notation: str
    state: Any
    events: list[Event]
    undoes: int = 1


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
    """Commits actions (moves, resignations, timeouts, takebacks) and the start of a game, each
    in one store transaction with its move row and what to tell, and keeps the new state in
    memory for the next request (telling `Tables.changed` of those not in `MOVES`)."""

    def __init__(self, tables: Tables, servers: Servers, games: Games, moves: Moves) -> None:
        self.tables = tables
        self._servers = servers
        self._games = games
        self._moves = moves

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
        after = Table(table.row, table.game, action.state, table.players)
        told = await asyncio.to_thread(_tell, table, after, kind, action.events, moves_made + 1)
        told_later = outbox.entry(after, told.said, told.public.mentions, told.private, fresh=None)
        deadline, claim_at = self._servers.turn_clocks(table.row)
        commit = Commit(
            seat,
            kind,
            action.notation,
            told.snapshot,
            before=table.row.state,
            said=told.said,
            outbox=told_later.to_json(),
            result=told.result,
            ending=told.ending,
            deadline=deadline,
            claim_at=claim_at if told.result is None else None,
            timer=self._phase_timer(table.row, after),
            undoes=action.undoes,
        )
        since = self.tables.rounds[table.row.id]
        committed = await self._moves.record(table.row, commit, also)
        self.tables.keep(table.row.id, told.snapshot, action.state)
        if told.result is not None or kind not in MOVES:
            self.tables.changed(table.row.id)
        hidden_next = seat >= 0 and offers.secret_moves(after, seat)
        update = TableUpdate(
            table.row.id,
            table.row.channel_id,
            committed.version,
            told.public,
            told.private,
            finished=told.result is not None,
            hidden=kind == "hidden",
            confirmation=f"Done: `{action.notation}`.",
            next_choice=offers.picker(after, seat, "", moves_made + 1) if hidden_next else None,
            undoable=kind == "move"
            and told.result is None
            and isinstance(after.game, UndoableGame),
            queued=self._queued(committed, since),
        )
        return update, Table(committed.row, table.game, action.state, table.players)

    async def begin(self, started: Table) -> TableUpdate:
        """Record the start of the lobby `started` (its row still the lobby's, its state the
        game's first); what to tell of it."""
        row = started.row
        said, opening, private, stored = await asyncio.to_thread(_opening, started)
        told_later = outbox.entry(started, said, opening.mentions, private, fresh=True)
        deadline, claim_at = self._servers.turn_clocks(row)
        timer = self._phase_timer(row, started)
        since = self.tables.rounds[row.id]
        committed = await self._games.start(
            row, stored, deadline, timer, told_later.to_json(), claim_at
        )
        self.tables.keep(row.id, stored, started.state)
        return TableUpdate(
            row.id,
            row.channel_id,
            committed.version,
            opening,
            tuple(private),
            queued=self._queued(committed, since),
        )

    def _queued(self, committed: Committed, since: int) -> Queued | None:
        """The commit's update held in memory for its delivery: only when its entry was alone
        in the outbox of a database no other process writes (in a shared one, another process
        may tell it first)."""
        if not committed.alone or self._moves.shared:
            return None
        return Queued(committed.row, committed.entry, since)

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


def _opening(table: Table) -> tuple[str, Notice, list[Notice], str]:
    """What the channel is told when the game begins, its opening notice, each player's first
    private notice and the opening state's JSON text (engine work, run off the event loop)."""
    said = wording.begins(table.game.title, [p.user_id for p in table.players])
    opening = Notice(
        f"{said}\n{turn_line(table)}",
        view=table.game.view(table.state, None),
        mentions=table.actor_ids(),
        controls=offers.buttons(table, 0),
    )
    return said, opening, private_notices(table, 0), snapshot(table)


def _tell(before: Table, after: Table, kind: str, events: list[Event], moves_made: int) -> _Told:
    """The narration, footer, pings and private notices of an action (engine work: views,
    legal moves, the state's JSON; run off the event loop, which also works out the legal moves
    that autocomplete will offer)."""
    game, state = after.game, after.state
    outcome = game.outcome(state)
    names = [p.name for p in after.players]
    result = None if outcome is None else wording.result_line(names, outcome)
    said = " ".join(e.text for e in events if e.to is None)
    footer = turn_line(after) if result is None else wording.game_over(result)
    waiting_before = set(before.actor_ids())
    hidden = kind == "hidden" and result is None
    public = Notice(
        f"{said}\n{footer}".strip(),
        view=None if hidden else game.view(state, None),
        mentions=tuple(u for u in after.actor_ids() if u not in waiting_before),
        controls=offers.buttons(after, moves_made),
    )
    told = [Notice(e.text, user_id=after.players[e.to].user_id) for e in events if e.to is not None]
    newly_waiting = {s for s in after.actors() if after.players[s].user_id not in waiting_before}
    private = (*told, *private_notices(after, moves_made, newly_waiting))
    prepare_offers(game, state)
    return _Told(said, result, public, private, snapshot(after), ending(game, state, outcome))


def snapshot(table: Table) -> str:
    """The table's state as the JSON text the store keeps."""
    return json.dumps(table.game.to_json(table.state))


def turn_line(table: Table, *, ping: bool = True) -> str:
    seats = table.actors()
    names = [table.players[s].name for s in seats]
    return wording.turn_line(names, [table.players[s].user_id for s in seats], ping=ping)


def footer(table: Table) -> str:
    """Whose turn it is, or the result; and, once a computer has stood in for a player, that
    the game is unrated."""
    unrated = f"\n{wording.UNRATED}" if table.row.unrated else ""
    if table.row.result is not None:
        return wording.game_over(table.row.result) + unrated
    outcome = table.game.outcome(table.state)
    if outcome is not None:
        names = [p.name for p in table.players]
        return wording.game_over(wording.result_line(names, outcome)) + unrated
    return turn_line(table) + unrated


def private_notices(table: Table, moves_made: int, seats: set[Seat] | None = None) -> list[Notice]:
    """Each seat's secret information, sent when the game starts; later, a picker for each of
    `seats` (newly asked to act) whose moves are secret, such as choosing objectives."""
    notices = []
    for seat, player in enumerate(table.players):
        view = table.game.view(table.state, seat)
        asked = offers.secret_moves(table, seat) and (seats is None or seat in seats)
        if asked or (seats is None and view.private):
            notices.append(
                Notice(
                    "\n".join(view.private) or "Your choice:",
                    view=view,
                    user_id=player.user_id,
                    controls=offers.picker(table, seat, "", moves_made) if asked else None,
                )
            )
    return notices
