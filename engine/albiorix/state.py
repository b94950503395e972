"""Albiorix state: the board and the turn, the actions remembered for the repetition rule, draw
offers, and the state's JSON form."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine import core
from engine.albiorix.actions import Action, Mix, Move
from engine.albiorix.pieces import GRID, Pyramid, Stack
from engine.core import JSON, BadState, Seat

FORMAT_VERSION = 1


@dataclass(frozen=True)
class Played:
    """An action `seat` made, with what stood on its origin and target just before."""

    seat: Seat
    action: Action
    before: tuple[Stack | None, Stack | None]


@dataclass(frozen=True)
class AlbiorixState:
    players: tuple[str, ...]
    seed: int
    board: tuple[Stack | None, ...]
    to_move: Seat
    limit: int
    """Moves and mixes in all after which the game is drawn."""
    played: int = 0
    """Moves and mixes made so far (passes not counted)."""
    passes: int = 0
    """Turns passed in a row, just now."""
    recent: tuple[Played | None, ...] = ()
    """The last two turns, oldest first; None is a passed turn."""
    resigned: Seat | None = None
    draw_offer: Seat | None = None
    """The seat whose draw offer waits for the other player's answer."""
    offered_at: int = -1
    """`played` when the last draw offer was made (one offer per turn)."""
    agreed: bool = False
    """Whether the players agreed to a draw."""

    @property
    def last(self) -> Played | None:
        """The latest action (a pass since then does not hide it)."""
        for turn in reversed(self.recent):
            if turn is not None:
                return turn
        return None


def _stack_to_json(stack: Stack | None) -> list[list[int]] | None:
    return None if stack is None else [[p.colour, p.size] for p in stack.pyramids]


def _stack_from_json(data: Any) -> Stack | None:
    if data is None:
        return None
    pyramids = [Pyramid(int(colour), int(size)) for colour, size in data]
    if not 1 <= len(pyramids) <= 2 or any(
        p.colour not in (0, 1) or p.size not in (1, 2, 3) for p in pyramids
    ):
        raise ValueError(f"bad piece {data!r}")
    stack = Stack(*pyramids)
    if stack.top is not None and stack.top.size > stack.bottom.size:
        raise ValueError(f"top larger than bottom in {data!r}")
    return stack


def _needed(stack: Stack | None) -> Stack:
    if stack is None:
        raise ValueError("a mix leaves two pieces")
    return stack


def _action_to_json(action: Action) -> JSON:
    if isinstance(action, Move):
        return {"origin": action.origin, "target": action.target}
    return {
        "origin": action.origin,
        "target": action.target,
        "result": [_stack_to_json(action.at_origin), _stack_to_json(action.at_target)],
    }


def _action_from_json(data: JSON) -> Action:
    origin, target = int(data["origin"]), int(data["target"])
    if "result" not in data:
        return Move(origin, target)
    here, there = (_needed(_stack_from_json(s)) for s in data["result"])
    return Mix(origin, target, here, there)


def _played_to_json(turn: Played | None) -> JSON | None:
    if turn is None:
        return None
    return {
        "seat": turn.seat,
        "action": _action_to_json(turn.action),
        "before": [_stack_to_json(s) for s in turn.before],
    }


def _played_from_json(data: JSON | None) -> Played | None:
    if data is None:
        return None
    origin, target = (_stack_from_json(s) for s in data["before"])
    return Played(int(data["seat"]), _action_from_json(data["action"]), (origin, target))


def _seat_or_none(data: Any) -> Seat | None:
    return None if data is None else int(data)


def state_to_json(state: AlbiorixState) -> JSON:
    return core.document(
        FORMAT_VERSION,
        state,
        board=[_stack_to_json(s) for s in state.board],
        to_move=state.to_move,
        limit=state.limit,
        played=state.played,
        passes=state.passes,
        recent=[_played_to_json(turn) for turn in state.recent],
        resigned=state.resigned,
        draw_offer=state.draw_offer,
        offered_at=state.offered_at,
        agreed=state.agreed,
    )


def state_from_json(data: JSON) -> AlbiorixState:
    if not isinstance(data, dict) or data.get("version") != FORMAT_VERSION:
        raise BadState("This Albiorix game was saved in a format this bot cannot read.")
    try:
        state = AlbiorixState(
            players=tuple(str(p) for p in data["players"]),
            seed=int(data["seed"]),
            board=tuple(_stack_from_json(s) for s in data["board"]),
            to_move=int(data["to_move"]),
            limit=int(data["limit"]),
            played=int(data["played"]),
            passes=int(data["passes"]),
            recent=tuple(_played_from_json(turn) for turn in data["recent"]),
            resigned=_seat_or_none(data["resigned"]),
            draw_offer=_seat_or_none(data.get("draw_offer")),
            offered_at=int(data.get("offered_at", -1)),
            agreed=bool(data.get("agreed", False)),
        )
    except (KeyError, TypeError, ValueError, IndexError) as error:
        raise BadState(f"This Albiorix game's saved state is damaged ({error}).") from error
    pyramids = sum(len(s.pyramids) for s in state.board if s is not None)
    if len(state.board) != GRID.size or len(state.players) != 2 or pyramids != 30:
        raise BadState("This Albiorix game's saved state is damaged (wrong shape).")
    return state
