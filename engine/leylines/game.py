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

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from engine import core
from engine.core import AmbiguousMove, BaseGame, Event, IllegalMove, OpenAndCertain, Seat
from engine.leylines import notation, scoring
from engine.leylines.actions import CAP, Place
from engine.leylines.moves import next_turn, placements
from engine.leylines.state import (
    CAP_PIECE,
    CAPS,
    GRID,
    PIECES,
    STASH,
    LeyLinesState,
    Piece,
    state_from_json,
    state_to_json,
)
from engine.leylines.view import LeyLinesView, build_view
from engine.pieces import SIZE_NAME


class LeyLines(BaseGame[LeyLinesState, Place], OpenAndCertain):
    """Two seers, one 6x6 board; the rules are summed up in this module's docstring."""

    key = "leylines"
    title = "Ley Lines of Mars"
    min_players = 2
    max_players = 2
    information = "open"
    chance = False
    options: tuple[core.Option, ...] = (core.FIRST_PLAYER,)

    def setup(self, players: tuple[str, ...], options: dict[str, Any], seed: int) -> LeyLinesState:
        return LeyLinesState(
            players=players,
            seed=seed,
            board=(None,) * GRID.size,
            stashes=(STASH, STASH),
            caps=CAPS,
            scores=(0, 0),
            to_move=core.choose_first(seed, 2, options["first"]),
        )

    def actors(self, state: LeyLinesState) -> frozenset[Seat]:
        return frozenset() if self.outcome(state) else frozenset({state.to_move})

    def generate(self, state: LeyLinesState, seat: Seat) -> Sequence[Place]:
        return placements(state, seat)

    def parse(self, state: LeyLinesState, seat: Seat, text: str) -> Place:
        """Text that is no placement is refused as such before any turn check."""
        notation.read(text)
        return super().parse(state, seat, text)

    def read(self, state: LeyLinesState, seat: Seat, text: str) -> Place:
        size, square = notation.read(text)
        if state.board[square] is not None:
            raise IllegalMove(
                f"{GRID.name(square)} is already taken: a piece goes on an empty square."
            )
        available = sorted({move.size for move in self.legal(state, seat)}, reverse=True)
        if size is None:
            if len(available) > 1:
                choices = ", ".join(notation.write(Place(s, square)) for s in available)
                raise AmbiguousMove(f"Which piece? Say one of: {choices}.")
            return Place(available[0], square)
        if size not in available:
            if size == CAP:
                raise IllegalMove("No Volcano cap is left: all five shared caps are placed.")
            raise IllegalMove(f"You have no {SIZE_NAME[size]} pyramids left.")
        return Place(size, square)

    def notation(self, move: Place) -> str:
        return notation.write(move)

    def play(
        self, state: LeyLinesState, seat: Seat, move: Place
    ) -> tuple[LeyLinesState, list[Event]]:
        board = list(state.board)
        name = state.players[seat]
        where = GRID.name(move.square)
        events = [Event(f"{name} placed {notation.piece_name(move.size)} on {where}.")]
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
            lines = scoring.filled_lines(board, move.square)
        scores = list(state.scores)
        for line in lines:
            points = scoring.pips_of(board, line, seat)
            scores[seat] += points
            events.append(
                Event(f"Line {notation.line_name(line)} is filled: {name} scores {points}.")
            )
        finished = state.placed + 1 == PIECES
        to_move, passes = next_turn(state.players, stashes, caps, seat, finished)
        after = replace(
            state,
            board=tuple(board),
            stashes=stashes,
            caps=caps,
            scores=tuple(scores),
            to_move=to_move,
            last=(seat, move),
            scored_lines=tuple(tuple(line) for line in lines),
        )
        return after, events + passes

    def leave(self, state: LeyLinesState, seat: Seat) -> tuple[LeyLinesState, list[Event]]:
        return replace(state, resigned=seat), [Event(f"{state.players[seat]} resigned.")]

    def build_view(self, state: LeyLinesState, seat: Seat | None) -> LeyLinesView:
        return build_view(state, seat, self.actors(state), self.outcome(state))

    outcome = staticmethod(scoring.outcome)
    to_json = staticmethod(state_to_json)
    from_json = staticmethod(state_from_json)


GAME = LeyLines()
