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
- The undo is logged as an action of its own (kind `takeback`, with the undone move's notation),
  so the log keeps the move and its undoing; the game goes back to the position before the move,
  rebuilt from its seed and its log.
"""

from __future__ import annotations

import asyncio
import json
from dataclasses import dataclass, replace
from typing import Any

from bot.service import wording
from bot.service.computer_seats import computer_name, is_computer
from bot.service.play import Play
from bot.service.records import positions
from bot.service.tables import Table
from bot.service.updates import Player, TableError, TableUpdate
from bot.store import MoveRow, TakebackRequest
from engine.core import Event, Game, GameError, UndoableGame

REFUSING_LEVELS = frozenset({"hard"})
"""Computer levels that decline every takeback."""
NOT_YOURS = "You can take back only your own last action, and only until anyone acts after it."
OVER = "That takeback request is over: the game has moved on."


@dataclass(frozen=True)
class TakebackAsked:
    """A request waiting for the people in `waiting` (user ids), as the channel is told."""

    game_id: int
    seq: int
    text: str
    waiting: tuple[int, ...]


class Takebacks(Play):
    async def ask_takeback(self, channel_id: int, player: Player) -> TakebackAsked | TableUpdate:
        """`player` asks to take back their last move: refused when it cannot be (see the
        rulings); undone at once when nobody else need accept, else waiting for them."""
        async with self._locks[channel_id]:
            table = await self._table(channel_id, status="active")
            seat = table.seat(player.user_id)
            undoable(table.game)
            moves = await self.store.moves(table.row.id)
            last = moves[-1] if moves else None
            standing = await self.store.takeback_request(table.row.id)
            if standing is not None and last is not None and standing.seq == last.seq:
                raise TableError(_asked_already(standing, player.user_id))
            if last is None or last.seat != seat or last.kind not in ("move", "hidden"):
                raise TableError(NOT_YOURS)
            if last.kind == "hidden":
                raise TableError("A secret move cannot be taken back.")
            before = await asyncio.to_thread(_before, table, moves)
            _refuse_computers(table, seat)
            waiting = _others(table, seat)
            if not waiting:
                return await self._undo(table, last, before)
            if not await self.store.ask_takeback(table.row.id, last.seq, player.user_id):
                standing = await self.store.takeback_request(table.row.id)
                raise TableError(_asked_already(standing, player.user_id))
            text = wording.takeback_asked(player.user_id, last.notation, waiting)
            return TakebackAsked(table.row.id, last.seq, text, waiting)

    async def answer_takeback(
        self, channel_id: int, player: Player, game_id: int, seq: int, accept: bool
    ) -> str | TableUpdate:
        """`player`'s answer to the request to take back move `seq` of game `game_id`: what
        the channel is told of a refusal or of an acceptance still waiting for others, or the
        update of the undo once everyone has accepted."""
        async with self._locks[channel_id]:
            table = await self._table(channel_id, status="active")
            request = await self.store.takeback_request(table.row.id)
            moves = await self.store.moves(table.row.id)
            last = moves[-1] if moves else None
            current = request is not None and last is not None and last.seq == request.seq
            if table.row.id != game_id or not current or request is None or request.seq != seq:
                raise TableError(OVER)
            others = _others(table, table.seat(request.asker))
            if player.user_id not in others:
                raise TableError("Only the other players answer a takeback request.")
            if not accept:
                await self.store.drop_takeback(table.row.id)
                return wording.takeback_declined(player.user_id, request.asker)
            accepted = await self.store.accept_takeback(table.row.id, seq, player.user_id)
            if accepted is None:
                raise TableError(OVER)
            left = [u for u in others if u not in accepted]
            if left:
                return wording.takeback_accepted(player.user_id, left)
            assert last is not None
            before = await asyncio.to_thread(_before, table, moves)
            await self.store.drop_takeback(table.row.id)
            return await self._undo(table, last, before)

    async def _undo(self, table: Table, last: MoveRow, before: Any) -> TableUpdate:
        said = f"{table.players[last.seat].name} took back `{last.notation}`."
        update = await self._commit(
            table, last.seat, "takeback", last.notation, before, [Event(said)], table.row.moves_made
        )
        return replace(update, confirmation=f"Taken back: `{last.notation}`.")


def _before(table: Table, moves: list[MoveRow]) -> Any:
    """The state before the last of `moves` (engine work: run off the event loop); refused
    when that move cannot be taken back (see the rulings) or the log no longer rebuilds the
    game as it stands."""
    game = undoable(table.game)
    try:
        states = positions(game, table.row, moves)
    except GameError as error:
        raise TableError(
            "This game's log no longer rebuilds it, so nothing is taken back."
        ) from error
    if json.dumps(game.to_json(states[-1])) != json.dumps(game.to_json(table.state)):
        raise TableError("This game's log no longer rebuilds it, so nothing is taken back.")
    last = moves[-1]
    before = states[-2]
    why = game.undoable(before, game.parse(before, last.seat, last.notation), states[-1])
    if why is not None:
        raise TableError(f"`{last.notation}` cannot be taken back: {why}.")
    return before


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
