"""Takebacks: a player asks to take back their last move, and it is undone once every other
person at the table has accepted.

Rulings:
- Only the game's latest action may be taken back, by the player who made it, and only until
  anyone acts again: a request is for that move, and any later action outlives it.
- A secret move, a move after which something hidden came out (a pyramid drawn from the bag, the
  die rolled, objectives revealed) and any move of a game without takebacks (Mars vs. Earth,
  whose cards and roles are secret throughout) cannot be taken back; the request says why.
- One request stands per action: asking again while it stands (the asker twice, two requests at
  once, or another player) posts nothing new and is answered privately, and the acceptances
  given so far are kept. A request of an action that a later one has outlived gives way to a
  request of the later action.
- Computer players answer at once: random, easy and normal accept, hard never does.
- A player alone with computer players (no other person at the table) takes back their last
  action together with the computer players' replies after it, at once and at every level, as
  against a chess engine: a later reply does not outlive the request. It is refused, saying
  why, when one of those replies was secret or drew, rolled or revealed something hidden. Such
  a game has one person, so it never changes a rating (see `club.ratings.standings`); it
  counts in the stats as any other.
- The undo is logged as an action of its own (kind `takeback`, with the undone move's notation
  and the number of actions it undoes), so the log keeps the moves and their undoing; the game
  goes back to the position the log kept from before the move (a game begun before the bot
  kept positions is rebuilt from its seed and its log).
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from club.service import wording
from club.service.commits import Action, Committer, Work
from club.service.computer_seats import computer_name, is_computer
from club.service.records import positions
from club.service.tables import Table, Tables
from club.service.updates import Player, TableError, TableUpdate
from club.storage.moves import Moves
from club.storage.rows import MoveRow, Statement, TakebackRequest
from club.storage.takebacks import TakebackRequests
from engine.core import BadState, Event, Game, GameError, UndoableGame

REFUSING_LEVELS = frozenset({"hard"})
"""Computer levels that decline every takeback."""
NOT_YOURS = "You can take back only your own last action, and only until anyone acts after it."
OVER = "That takeback request is over: the game has moved on."
SECRET = "A secret move cannot be taken back."
REBUILT = "This game's log no longer rebuilds it, so nothing is taken back."


@dataclass(frozen=True)
class TakebackAsked:
    """A request waiting for the people in `waiting` (user ids), as the channel is told."""

    game_id: int
    seq: int
    text: str
    waiting: tuple[int, ...]


class Takebacks:
    """Takeback requests, their answers and the undo."""

    def __init__(
        self, tables: Tables, moves: Moves, takebacks: TakebackRequests, committer: Committer
    ) -> None:
        self._tables = tables
        self._moves = moves
        self._takebacks = takebacks
        self._committer = committer

    async def ask_takeback(self, channel_id: int, player: Player) -> TakebackAsked | TableUpdate:
        """`player` asks to take back their last move: refused when it cannot be (see the
        rulings); undone at once when nobody else need accept, else waiting for them."""
        async with self._committer.open(channel_id) as work:
            table = work.table
            seat = table.seat(player.user_id)
            undoable(table.game)
            moves = await self._moves.of(table.row.id)
            last = moves[-1] if moves else None
            standing = await self._takebacks.request(table.row.id)
            if standing is not None and last is not None and standing.seq == last.seq:
                raise TableError(_asked_already(standing, player.user_id))
            waiting = _others(table, seat)
            if not waiting:  # alone with computers: their replies are taken back too
                first = _own_before_replies(table, moves, seat)
                before = await self._before(table, moves, first)
                return await self._undo(work, moves[first:], before)
            if last is None or last.seat != seat or last.kind not in ("move", "hidden"):
                raise TableError(NOT_YOURS)
            if last.kind == "hidden":
                raise TableError(SECRET)
            before = await self._before(table, moves, len(moves) - 1)
            _refuse_computers(table, seat)
            if not await self._takebacks.ask(table.row.id, last.seq, player.user_id):
                standing = await self._takebacks.request(table.row.id)
                raise TableError(_asked_already(standing, player.user_id))
            text = wording.takeback_asked(player.user_id, last.notation, waiting)
            return TakebackAsked(table.row.id, last.seq, text, waiting)

    async def answer_takeback(
        self, channel_id: int, player: Player, game_id: int, seq: int, accept: bool
    ) -> str | TableUpdate:
        """`player`'s answer to the request to take back move `seq` of game `game_id`: what
        the channel is told of a refusal or of an acceptance still waiting for others, or the
        update of the undo once everyone has accepted."""
        async with self._committer.open(channel_id) as work:
            table = work.table
            request = await self._takebacks.request(table.row.id)
            moves = await self._moves.of(table.row.id)
            last = moves[-1] if moves else None
            current = request is not None and last is not None and last.seq == request.seq
            if table.row.id != game_id or not current or request is None or request.seq != seq:
                raise TableError(OVER)
            others = _others(table, table.seat(request.asker))
            if player.user_id not in others:
                raise TableError("Only the other players answer a takeback request.")
            if not accept:
                await self._takebacks.drop(table.row.id)
                return wording.takeback_declined(player.user_id, request.asker)
            if any(u not in (*request.accepted, player.user_id) for u in others):
                accepted = await self._takebacks.accept(table.row.id, seq, player.user_id)
                if accepted is None:
                    raise TableError(OVER)
                left = [u for u in others if u not in accepted]
                if left:
                    return wording.takeback_accepted(player.user_id, left)
            assert last is not None
            before = await self._before(table, moves, len(moves) - 1)
            answered = self._takebacks.answered(table.row.id, seq)
            return await self._undo(work, [last], before, also=[answered])

    async def _before(self, table: Table, moves: list[MoveRow], first: int) -> Any:
        """The state before `moves[first]`, from the positions the log keeps (see `_before`)."""
        saved = await self._moves.positions_from(table.row.id, moves[first].seq)
        return await asyncio.to_thread(_before, table, moves, first, saved)

    async def _undo(
        self, work: Work, undone: list[MoveRow], before: Any, also: Sequence[Statement] = ()
    ) -> TableUpdate:
        """Go back to `before`, the position before the actions `undone` (the taker's own
        move, then any computer players' replies), in one transaction with `also`."""
        table = work.table
        own, *replies = undone
        said = f"{table.players[own.seat].name} took back `{own.notation}`"
        if replies:
            answers = ", ".join(f"{table.players[r.seat].name}'s `{r.notation}`" for r in replies)
            said += f" and the replies after it ({answers})"
        update = await work.commit(
            Action(
                table,
                own.seat,
                "takeback",
                own.notation,
                before,
                [Event(f"{said}.")],
                undoes=len(undone),
            ),
            also,
        )
        return replace(update, confirmation=f"Taken back: `{own.notation}`.")


def _own_before_replies(table: Table, moves: list[MoveRow], seat: int) -> int:
    """Where in `moves` the last action of `seat` stands, after which only computer players
    acted (their moves are the replies); refused when it is not that player's move."""
    first = len(moves) - 1
    while first >= 0 and _by_computer(table, moves[first]):
        reply = moves[first]
        if reply.kind == "hidden":
            raise TableError(
                f"{table.players[reply.seat].name} made a secret move since, so nothing is "
                "taken back."
            )
        if reply.kind != "move":
            break
        first -= 1
    if first < 0 or moves[first].seat != seat or moves[first].kind not in ("move", "hidden"):
        raise TableError(NOT_YOURS)
    if moves[first].kind == "hidden":
        raise TableError(SECRET)
    return first


def _by_computer(table: Table, move: MoveRow) -> bool:
    """Whether a computer player made `move` (a phase timer's, seat -1, is nobody's)."""
    return move.seat >= 0 and is_computer(table.players[move.seat].user_id)


def _before(table: Table, moves: list[MoveRow], first: int, saved: list[str | None]) -> Any:
    """The state before `moves[first]`, the taker's own move, undoing it and the computer
    players' replies after it (engine work: run off the event loop); refused when one of them
    cannot be taken back (see the rulings). `saved` holds the snapshot before each of those
    moves, as the log keeps it; a move recorded before the bot kept them (None) has the game
    rebuilt from its seed and its log, refused when that no longer gives the game as it
    stands."""
    game = undoable(table.game)
    if None in saved:
        states = _rebuilt(game, table, moves)[first:]
    else:
        try:
            states = [game.from_json(json.loads(text)) for text in saved if text is not None]
        except (BadState, ValueError) as error:
            raise TableError(REBUILT) from error
        states.append(table.state)
    own = moves[first]
    for index in range(first, len(moves)):
        move, before = moves[index], states[index - first]
        why = game.undoable(
            before, game.parse(before, move.seat, move.notation), states[index - first + 1]
        )
        if why is None:
            continue
        if index == first:
            raise TableError(f"`{own.notation}` cannot be taken back: {why}.")
        raise TableError(
            f"`{own.notation}` cannot be taken back: {table.players[move.seat].name}'s reply "
            f"`{move.notation}` came after it, and {why}."
        )
    return states[0]


def _rebuilt(game: UndoableGame[Any, Any], table: Table, moves: list[MoveRow]) -> list[Any]:
    """Every position of the game from its seed and its log (the state before each move, then
    the state now); refused when the log no longer rebuilds the game as it stands."""
    try:
        states = positions(game, table.row, moves)
    except GameError as error:
        raise TableError(REBUILT) from error
    if json.dumps(game.to_json(states[-1])) != json.dumps(game.to_json(table.state)):
        raise TableError(REBUILT)
    return states


def undoable(game: Game[Any, Any]) -> UndoableGame[Any, Any]:
    """The game, refused when it has no takebacks."""
    if not isinstance(game, UndoableGame):
        raise TableError(
            f"Moves of {game.title} cannot be taken back: its cards and roles are secret."
        )
    return game


def _asked_already(request: TakebackRequest | None, user_id: int) -> str:
    """The answer to a second request to take back the action a standing `request` is of
    (the acceptances given so far are kept)."""
    if request is not None and request.asker == user_id:
        return "You already asked to take back that action; waiting for the others to accept."
    if request is not None and user_id in request.accepted:
        return "You have accepted that takeback already; waiting for the others to accept."
    return "A takeback of that action is already asked; press Accept to agree."


def _others(table: Table, seat: int) -> tuple[int, ...]:
    """The people at the table other than the one in `seat`, who must accept."""
    return tuple(
        p.user_id for s, p in enumerate(table.players) if s != seat and not is_computer(p.user_id)
    )


def _refuse_computers(table: Table, seat: int) -> None:
    """Refused when a computer player at a level that never accepts sits at the table."""
    for other, row in enumerate(table.row.seats):
        if other != seat and is_computer(row.user_id) and row.level in REFUSING_LEVELS:
            raise TableError(
                f"{computer_name(row.user_id)} plays {row.level} and declines takebacks."
            )
