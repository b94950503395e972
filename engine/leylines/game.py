"""Ley Lines of Mars: two seers place pyramids on a 6x6 Mars and score the diagonals they fill.

Rules as implemented (the rule text plus RULINGS.md):
- Board 6x6, a1 bottom-left. Each player has 5 small, 5 medium and 5 large pyramids of their own
  colour; 5 neutral Volcano caps are shared.
- A turn places one own pyramid or one cap on any empty square. A player with no pyramids left
  places a cap while caps remain; with neither, their turn is passed automatically.
- A line is a maximal run of squares along one diagonal, bounded by the board edge or by caps
  (caps are not part of it). When a placed pyramid leaves a line of two or more squares with no
  empty square, the placer scores the pips of their own colour in it. Both diagonals through the
  square are checked and each filled one scores (the placed pyramid counts in both).
- A cap never scores, even when it fills lines.
- The game ends when all 35 pieces are placed (one square stays empty). Most points wins; equal
  scores draw. A resignation ends the game at once; the other player wins.

Rulings (from RULINGS.md and the bot's own; repeated word for word in the guide):
- Who starts is drawn at random unless the table chose (the first option).
- A player with nothing left to place is passed automatically, since passing is all they can do.
- A cap may be typed as cap, c or x before or after the square (cap d4, c d4, d4 x).

Notation: a size and a square, in either order: `L c3`, `m e5`, `small a1`, `cap d4` (also
`c d4`, `x d4`).
A bare square (`c3`) is accepted when only one kind of piece is left to place.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from engine.core import (
    FIRST_PLAYER,
    JSON,
    AmbiguousMove,
    BadNotation,
    Event,
    GameError,
    IllegalMove,
    Option,
    Outcome,
    Seat,
    choose_first,
    resolve_options,
)
from engine.leylines.state import (
    CAP,
    CAP_PIECE,
    CAPS,
    GRID,
    PIECES,
    STASH,
    LeyLinesState,
    LeyLinesView,
    Piece,
    Place,
    line_name,
    pips_of,
    points_words,
    state_from_json,
    state_to_json,
)
from engine.pieces import SIZE_LETTER, SIZE_NAME, parse_size

DIAGONALS = (((1, 1), (-1, -1)), ((1, -1), (-1, 1)))
"""The two diagonal directions, each as its pair of opposite steps."""

_CAP_WORDS = {"cap", "c", "x", "volcano"}
_PLACEMENT = re.compile(
    r"(?:(?P<before>[a-z]+|\d)\s*)?(?P<square>[a-z]\d{1,2})(?:\s*(?P<after>[a-z]+|\d))?"
)


def line_through(board: Sequence[Piece | None], square: int, steps: tuple[Any, Any]) -> list[int]:
    """The squares of the line through `square` along one diagonal, from one end to the other.

    The line runs to the board edge or stops before a cap; caps are never part of a line.
    """
    ends = []
    for step in steps:
        run = []
        for other in GRID.ray(square, step):
            piece = board[other]
            if piece is not None and piece.is_cap:
                break
            run.append(other)
        ends.append(run)
    return [*reversed(ends[1]), square, *ends[0]]


def filled_lines(board: Sequence[Piece | None], square: int) -> list[list[int]]:
    """The lines of two or more squares through `square` that hold no empty square."""
    lines = [line_through(board, square, steps) for steps in DIAGONALS]
    return [line for line in lines if len(line) >= 2 and all(board[i] is not None for i in line)]


def piece_name(size: int) -> str:
    return "a Volcano cap" if size == CAP else f"a {SIZE_NAME[size]} pyramid"


class LeyLines:
    key = "leylines"
    title = "Ley Lines of Mars"
    min_players = 2
    max_players = 2
    options: tuple[Option, ...] = (FIRST_PLAYER,)
    has_secrets = False

    def new_game(
        self, players: Sequence[str], options: Mapping[str, Any], seed: int
    ) -> LeyLinesState:
        if len(players) != 2:
            raise GameError("Ley Lines of Mars is for exactly 2 players.")
        chosen = resolve_options(self.options, options)
        return LeyLinesState(
            players=tuple(players),
            seed=seed,
            board=(None,) * GRID.size,
            stashes=(STASH, STASH),
            caps=CAPS,
            scores=(0, 0),
            to_move=choose_first(seed, 2, chosen["first"]),
        )

    def actors(self, state: LeyLinesState) -> frozenset[Seat]:
        return frozenset() if self.outcome(state) else frozenset({state.to_move})

    def legal_moves(self, state: LeyLinesState, seat: Seat) -> list[Place]:
        if seat not in self.actors(state):
            return []
        empty = [i for i, piece in enumerate(state.board) if piece is None]
        sizes = [size for size in (3, 2, 1) if state.stashes[seat][size - 1]]
        if state.caps:
            sizes.append(CAP)
        return [Place(size, square) for size in sizes for square in empty]

    def parse(self, state: LeyLinesState, seat: Seat, text: str) -> Place:
        match = _PLACEMENT.fullmatch(text.strip().lower())
        if not match or (match["before"] and match["after"]):
            raise BadNotation(
                f"`{text}` is not a placement. Write a size and a square, like `L c3`, "
                "`m e5`, `s a1` or `cap d4`."
            )
        square = GRID.parse(match["square"])
        kind = match["before"] or match["after"]
        size = None if kind is None else CAP if kind in _CAP_WORDS else parse_size(kind)
        if self.outcome(state):
            raise IllegalMove("The game is over.")
        if seat != state.to_move:
            raise IllegalMove(f"It is {state.players[state.to_move]}'s turn.")
        if state.board[square] is not None:
            raise IllegalMove(
                f"{GRID.name(square)} is already taken: a piece goes on an empty square."
            )
        available = sorted({move.size for move in self.legal_moves(state, seat)}, reverse=True)
        if size is None:
            if len(available) > 1:
                choices = ", ".join(self.notation(Place(s, square)) for s in available)
                raise AmbiguousMove(f"Which piece? Say one of: {choices}.")
            return Place(available[0], square)
        if size not in available:
            if size == CAP:
                raise IllegalMove("No Volcano cap is left: all five shared caps are placed.")
            raise IllegalMove(f"You have no {SIZE_NAME[size]} pyramids left.")
        return Place(size, square)

    def notation(self, move: Place) -> str:
        kind = "cap" if move.size == CAP else SIZE_LETTER[move.size]
        return f"{kind} {GRID.name(move.square)}"

    def hidden(self, move: Place) -> bool:
        """Every placement is public."""
        return False

    def apply(
        self, state: LeyLinesState, seat: Seat, move: Place
    ) -> tuple[LeyLinesState, list[Event]]:
        if move not in self.legal_moves(state, seat):
            raise IllegalMove(f"{self.notation(move)} is not a legal move now.")
        board = list(state.board)
        name = state.players[seat]
        events = [Event(f"{name} placed {piece_name(move.size)} on {GRID.name(move.square)}.")]
        if move.size == CAP:
            board[move.square] = CAP_PIECE
            caps, stashes, lines = state.caps - 1, state.stashes, []
        else:
            board[move.square] = Piece(seat, move.size)
            caps = state.caps
            stash = list(state.stashes[seat])
            stash[move.size - 1] -= 1
            small, medium, large = stash
            stashes = tuple(
                (small, medium, large) if owner == seat else held
                for owner, held in enumerate(state.stashes)
            )
            lines = filled_lines(board, move.square)
        scores = list(state.scores)
        for line in lines:
            points = pips_of(board, line, seat)
            scores[seat] += points
            events.append(Event(f"Line {line_name(line)} is filled: {name} scores {points}."))
        after = replace(
            state,
            board=tuple(board),
            stashes=stashes,
            caps=caps,
            scores=tuple(scores),
            last=(seat, move),
            scored_lines=tuple(tuple(line) for line in lines),
        )
        after, passes = self._next_turn(after, seat)
        return after, events + passes

    def _next_turn(self, state: LeyLinesState, mover: Seat) -> tuple[LeyLinesState, list[Event]]:
        """Give the turn to the opponent, or back to the mover when the opponent must pass."""
        if state.placed == PIECES:
            return state, []
        other = 1 - mover
        if sum(state.stashes[other]) or state.caps:
            return replace(state, to_move=other), []
        passing = Event(f"{state.players[other]} has nothing left to place and passes.")
        return replace(state, to_move=mover), [passing]

    def resign(self, state: LeyLinesState, seat: Seat) -> tuple[LeyLinesState, list[Event]]:
        if self.outcome(state):
            raise IllegalMove("The game is over.")
        return replace(state, resigned=seat), [Event(f"{state.players[seat]} resigned.")]

    def view(self, state: LeyLinesState, seat: Seat | None) -> LeyLinesView:
        return LeyLinesView(
            players=state.players,
            viewer=seat,
            actors=self.actors(state),
            outcome=self.outcome(state),
            board=state.board,
            stashes=state.stashes,
            caps=state.caps,
            scores=state.scores,
            last=state.last,
            scored_lines=state.scored_lines,
        )

    def outcome(self, state: LeyLinesState) -> Outcome | None:
        if state.resigned is not None:
            winner = 1 - state.resigned
            reason = f"{state.players[state.resigned]} resigned"
            return Outcome((winner,), state.scores, reason)
        if state.placed < PIECES:
            return None
        first, second = state.scores
        if first == second:
            return Outcome((), state.scores, f"{points_words(first)} each")
        winner = 0 if first > second else 1
        return Outcome((winner,), state.scores, f"{max(first, second)} to {min(first, second)}")

    def to_json(self, state: LeyLinesState) -> JSON:
        return state_to_json(state)

    def from_json(self, data: JSON) -> LeyLinesState:
        return state_from_json(data)


GAME = LeyLines()
