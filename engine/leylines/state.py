"""Ley Lines of Mars: the pieces, the state and its JSON document."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from itertools import repeat
from operator import is_not

from engine import core
from engine.core import JSON, BadState, Seat
from engine.grid import Grid
from engine.leylines.actions import CAP, Place

GRID = Grid(6, 6)
STASH = (5, 5, 5)
"""Pyramids of sizes 1, 2, 3 (small, medium, large) in each player's stash at the start."""
CAPS = 5
PIECES = 2 * sum(STASH) + CAPS
"""35 pieces in all: once they are placed the game is over and one square stays empty."""
FORMAT_VERSION = 1


@dataclass(frozen=True)
class Piece:
    """A pyramid of `owner` with `size` pips, or a cap (`owner` None, size 0)."""

    owner: Seat | None
    size: int

    @property
    def is_cap(self) -> bool:
        return self.owner is None


CAP_PIECE = Piece(None, CAP)


@dataclass(frozen=True)
class LeyLinesState:
    players: tuple[str, ...]
    seed: int
    board: tuple[Piece | None, ...]
    stashes: tuple[tuple[int, int, int], ...]
    """Per seat, the pyramids of sizes 1, 2, 3 still in hand."""
    caps: int
    scores: tuple[int, ...]
    to_move: Seat
    last: tuple[Seat, Place] | None = None
    scored_lines: tuple[tuple[int, ...], ...] = ()
    """The lines (square indices) that the last placement scored."""
    resigned: Seat | None = None

    @cached_property
    def placed(self) -> int:
        """Pieces on the board (counted in C, once per state: a piece's `==` against None would
        be Python's)."""
        return sum(map(is_not, self.board, repeat(None)))


def _piece_to_json(piece: Piece | None) -> list[int | None] | None:
    return None if piece is None else [piece.owner, piece.size]


def _piece_from_json(data: list[int | None] | None) -> Piece | None:
    if data is None:
        return None
    owner, size = data
    if size is None or size not in (CAP, 1, 2, 3) or (owner is None) != (size == CAP):
        raise ValueError(f"bad piece {data!r}")
    return Piece(owner, size)


def state_to_json(state: LeyLinesState) -> JSON:
    return core.document(
        FORMAT_VERSION,
        state,
        board=[_piece_to_json(p) for p in state.board],
        stashes=[list(s) for s in state.stashes],
        caps=state.caps,
        scores=list(state.scores),
        to_move=state.to_move,
        last=None
        if state.last is None
        else [state.last[0], state.last[1].size, state.last[1].square],
        scored_lines=[list(line) for line in state.scored_lines],
        resigned=state.resigned,
    )


def state_from_json(data: JSON) -> LeyLinesState:
    if not isinstance(data, dict) or data.get("version") != FORMAT_VERSION:
        raise BadState("This Ley Lines game was saved in a format this bot cannot read.")
    try:
        last = data["last"]
        stashes = tuple((int(s[0]), int(s[1]), int(s[2])) for s in data["stashes"])
        state = LeyLinesState(
            players=tuple(str(p) for p in data["players"]),
            seed=int(data["seed"]),
            board=tuple(_piece_from_json(p) for p in data["board"]),
            stashes=stashes,
            caps=int(data["caps"]),
            scores=tuple(int(s) for s in data["scores"]),
            to_move=int(data["to_move"]),
            last=None if last is None else (int(last[0]), Place(int(last[1]), int(last[2]))),
            scored_lines=tuple(tuple(int(i) for i in line) for line in data["scored_lines"]),
            resigned=data["resigned"],
        )
    except (KeyError, TypeError, ValueError, IndexError) as error:
        raise BadState(f"This Ley Lines game's saved state is damaged ({error}).") from error
    if len(state.board) != GRID.size or len(state.players) != 2 or len(state.stashes) != 2:
        raise BadState("This Ley Lines game's saved state is damaged (wrong shape).")
    return state
