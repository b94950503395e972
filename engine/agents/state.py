"""Agents of M.A.R.S.: the state of a game and its JSON form.

The board is a tuple indexed like `Rules.grid` (row by row from a1). Objectives are kept by their
owner, the player they score for: one value per colour, in palette order.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Any

from engine import core
from engine.agents.actions import (
    Action,
    AgentsMove,
    Draw,
    Place,
    Reveal,
    SetObjectives,
    Shift,
    Swap,
)
from engine.agents.variants import Pyramid, Rules, board_key
from engine.core import JSON, BadState, Seat

FORMAT_VERSION = 1


@dataclass(frozen=True)
class AgentsState:
    players: tuple[str, ...]
    seed: int
    rules: Rules
    first: Seat
    """Who plays first once both objectives are set."""
    board: tuple[Pyramid | None, ...]
    bag: tuple[int, ...]
    """How many of each kind of pyramid (`Rules.kinds`) are still in the bag."""
    draws: int = 0
    """Pyramids drawn so far; numbers the next draw's random generator."""
    objectives: tuple[tuple[int, ...] | None, ...] = (None, None)
    """By owner: the value of each colour, or None while not set."""
    revealed: tuple[tuple[int, ...], ...] = ((), ())
    """By owner: the colours (ascending) whose objective has been revealed."""
    to_move: Seat = 0
    pending: Pyramid | None = None
    """The drawn pyramid that the player to move must place."""
    revealed_this_turn: bool = False
    last: tuple[Seat, Action] | None = None
    """The last board action: its player, and the action."""
    resigned: Seat | None = None
    joined: tuple[tuple[int, ...], ...] = ((), ())
    """By seat, per colour (palette order): the pips of the bonds (two orthogonally adjacent
    pyramids of one colour) the seat's placements, moves and swaps made, less those they broke;
    empty until its first board action (see `joined_by`). A public record of play: the computer
    players read an opponent's objective from it."""
    seen: tuple[str, ...] = ()
    """The boards (`variants.board_key`) that stood before each move or swap since the last
    placement; with the board now, the boards no move or swap may bring back (the Ko rule)."""

    @cached_property
    def board_key(self) -> str:
        """The board now as `variants.board_key` writes it (worked out once per state: the Ko rule
        compares it with the boards seen, and the next move or swap remembers it)."""
        return board_key(self.board)

    @property
    def setting_objectives(self) -> bool:
        return self.resigned is None and None in self.objectives

    @cached_property
    def full(self) -> bool:
        """Whether no square is empty (worked out once per state: `None in board` compares
        every pyramid with None, and the rules, the views and rollouts ask again and again)."""
        return None not in self.board

    @property
    def over(self) -> bool:
        return self.resigned is not None or self.full


def joined_by(state: AgentsState, seat: Seat) -> tuple[int, ...]:
    """`state.joined` of `seat`, one count per colour (zeros before its first board action)."""
    return state.joined[seat] or (0,) * len(state.rules.palette)


def _pyramid_to_json(piece: Pyramid | None) -> list[Any] | None:
    return None if piece is None else [piece.colour, piece.size]


def _pyramid_from_json(data: list[Any] | None, rules: Rules) -> Pyramid | None:
    if data is None:
        return None
    piece = Pyramid(str(data[0]), int(data[1]))
    if piece not in rules.kind_set:
        raise ValueError(f"bad pyramid {data!r}")
    return piece


def move_to_json(move: AgentsMove) -> list[Any]:
    if isinstance(move, SetObjectives):
        return ["objectives", *move.values]
    if isinstance(move, Reveal):
        return ["reveal", move.first, move.second]
    if isinstance(move, Draw):
        return ["draw"]
    if isinstance(move, Place):
        return ["place", *move.square]
    if isinstance(move, Shift):
        return ["move", *move.origin, *move.target]
    return ["swap", *move.first, *move.second]


def move_from_json(data: list[Any]) -> AgentsMove:
    kind, *numbers = data
    n = tuple(int(number) for number in numbers)
    if kind == "objectives":
        return SetObjectives(n)
    if kind == "draw" and not n:
        return Draw()
    if kind == "reveal" and len(n) == 2:
        return Reveal(n[0], n[1])
    if kind == "place" and len(n) == 2:
        return Place((n[0], n[1]))
    if kind in ("move", "swap") and len(n) == 4:
        maker = Shift if kind == "move" else Swap
        return maker((n[0], n[1]), (n[2], n[3]))
    raise ValueError(f"bad move {data!r}")


def state_to_json(state: AgentsState) -> JSON:
    return core.document(
        FORMAT_VERSION,
        state,
        rules=state.rules.to_json(),
        first=state.first,
        board=[_pyramid_to_json(p) for p in state.board],
        bag=list(state.bag),
        draws=state.draws,
        objectives=[None if o is None else list(o) for o in state.objectives],
        revealed=[list(r) for r in state.revealed],
        to_move=state.to_move,
        pending=_pyramid_to_json(state.pending),
        revealed_this_turn=state.revealed_this_turn,
        last=None if state.last is None else [state.last[0], move_to_json(state.last[1])],
        resigned=state.resigned,
        seen=list(state.seen),
        joined=[list(counts) for counts in state.joined],
    )


def state_from_json(data: JSON) -> AgentsState:
    if not isinstance(data, dict) or data.get("version") != FORMAT_VERSION:
        raise BadState("This Agents of M.A.R.S. game was saved in a format this bot cannot read.")
    try:
        rules = Rules.from_json(data["rules"])
        last = data["last"]
        action = None if last is None else move_from_json(last[1])
        if action is not None and not isinstance(action, Place | Shift | Swap):
            raise ValueError("the last action is not a board action")
        state = AgentsState(
            players=tuple(str(p) for p in data["players"]),
            seed=int(data["seed"]),
            rules=rules,
            first=int(data["first"]),
            board=tuple(_pyramid_from_json(p, rules) for p in data["board"]),
            bag=tuple(int(n) for n in data["bag"]),
            draws=int(data["draws"]),
            objectives=tuple(
                None if o is None else tuple(int(v) for v in o) for o in data["objectives"]
            ),
            revealed=tuple(tuple(int(c) for c in r) for r in data["revealed"]),
            to_move=int(data["to_move"]),
            pending=_pyramid_from_json(data["pending"], rules),
            revealed_this_turn=bool(data["revealed_this_turn"]),
            last=None if last is None or action is None else (int(last[0]), action),
            resigned=None if data["resigned"] is None else int(data["resigned"]),
            seen=tuple(str(key) for key in data.get("seen", [])),
            joined=tuple(tuple(int(n) for n in counts) for counts in data.get("joined", [[], []])),
        )
    except (KeyError, TypeError, ValueError, IndexError) as error:
        raise BadState(
            f"This Agents of M.A.R.S. game's saved state is damaged ({error})."
        ) from error
    shapes = (len(state.players), len(state.objectives), len(state.revealed), len(state.joined))
    if (
        len(state.board) != rules.grid.size
        or len(state.bag) != len(rules.kinds)
        or shapes != (2,) * 4
        or any(counts and len(counts) != len(rules.palette) for counts in state.joined)
    ):
        raise BadState("This Agents of M.A.R.S. game's saved state is damaged (wrong shape).")
    return state
