"""Albiorix: a polite civil war on a 5x5 board, where pieces are mixed rather than captured.

Rules as implemented (the rule text plus RULINGS.md):
- Board 5x5, a1 bottom-left. Seat 0 (blue) sets up in the a1 corner, seat 1 (orange) mirrors it
  in the e5 corner: a1 `3`, b1 `2-2`, c1 `3-2`, a2 `3-1`, b2 `1-1`, c2 `2-1`, a3 `3-3`, b3 `2-1`
  (`x-y`: x pips at the bottom under y pips on top). There are always 16 pieces of 30 pyramids,
  so always exactly two Monads (one-pyramid pieces); a player's Monads are those of their colour.
- A player may move or mix a piece whose top (or only) pyramid is their colour, or that holds a
  pyramid of the same size and colour as one of their Monads. Both players may control a piece.
- Movement uses the forward of the player moving the piece (seat 0 up, seat 1 down): General 3-3
  rides 4 orthogonals and 2 forward diagonals; Diplomat 3-2 jumps exactly one piece along the 4
  diagonals or straight forward, then stops on an empty square or mixes with the next piece met;
  Bureaucrat 2-2 takes 1-3 orthogonal steps and Dancer 3-1 1-2 diagonal steps, turning at will,
  through empty squares, entering a piece only with the last step and never ending where they
  began; Soldier 2-1 jumps like a knight, forward only; Artist 1-1 steps orthogonally or two
  squares straight forward over an empty square; the Monads (3 Queen, 2 Regent, 1 Princess) step
  one square any way.
- A turn moves a controlled piece to an empty reachable square, or mixes it with the piece (either
  colour) on a reachable square: the 2-4 pyramids of both make two new pieces of one or two
  pyramids, top never larger than bottom, one on the origin and one on the target. Rebuilding the
  originals is legal only with their places exchanged (a mix must change the board). A mix that
  leaves the mover with no Monad is illegal.
- Repetition: a player may not repeat their own previous action when the opponent's action in
  between exactly reversed it (put back what stood on both squares).
- A player who begins a turn with both Monads in their colour wins.

Rulings (the bot's own, where the text is silent; repeated word for word in the guide):
- Passing is automatic: with no legal action the bot passes for you; two passes in a row draw
  the game, and a pass breaks the chain of the repetition rule. A player holding a Monad always
  has an action, so in practice only a player without a Monad passes.
- A player who loses their last Monad has one turn to mix one back: plain moves are still
  allowed, but unless a mix rebuilds them a Monad, the opponent begins the next turn holding
  both Monads and wins.
- Endless games: the `limit` option (default 500) draws the game once that many moves and mixes
  have been made in all, unless the player about to begin a turn has just won.
- Draw offers, as on chess sites: on your turn, type `draw?` (once a turn) and still make your
  move. On their turn your opponent may `accept draw` (the game is drawn) or `decline draw` and
  then move. The offer lapses when it is declined or when your opponent moves instead of
  answering.
- The mirror image of a banned mix is banned too: making the same two pieces from the other
  square would rebuild the very position the repetition rule protects.
- Blue sets up in the a1 corner and orange in the e5 corner; who moves first is drawn at random
  unless the table chose (`first`).

Notation (see `engine.albiorix.notation`): a move `b3-c5`; a mix `b2xc3 3b-1o/2b` (the piece
left on the origin / the piece left on the target, bottom first, `b` blue, `o` orange). Colours
or the whole result may be left out when only one legal mix fits. `preview` takes a bare square
of a piece the player controls and marks where it can go.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from engine import core
from engine.albiorix import moves, notation, refusals, scoring, view
from engine.albiorix.actions import Choice, Draw, Mix, Move
from engine.albiorix.pieces import GRID, describe, monads, setup, stack_text
from engine.albiorix.state import AlbiorixState, Played, state_from_json, state_to_json
from engine.albiorix.view import AlbiorixView
from engine.core import BaseGame, Event, IllegalMove, OpenAndCertain, Seat
from engine.words import Unit

LIMIT = core.Option(
    "limit",
    int,
    500,
    "Draw once this many moves and mixes have been made in all.",
    minimum=20,
    maximum=1000,
    unit=Unit("move or mix", "moves and mixes"),
)


class Albiorix(BaseGame[AlbiorixState, Choice], OpenAndCertain):
    key = "albiorix"
    title = "Albiorix"
    min_players = 2
    max_players = 2
    options: tuple[core.Option, ...] = (core.FIRST_PLAYER, LIMIT)
    information = "open"
    chance = False

    def setup(self, players: tuple[str, ...], options: dict[str, Any], seed: int) -> AlbiorixState:
        return AlbiorixState(
            players=players,
            seed=seed,
            board=setup(),
            to_move=core.choose_first(seed, 2, options["first"]),
            limit=options["limit"],
        )

    def actors(self, state: AlbiorixState) -> frozenset[Seat]:
        return moves.actors(state)

    def generate(self, state: AlbiorixState, seat: Seat) -> Sequence[Choice]:
        return [*moves.board_actions(state, seat), *moves.draw_talk(state, seat)]

    # Notation

    def parse(self, state: AlbiorixState, seat: Seat, text: str) -> Choice:
        """As every game parses, except that text which is no Albiorix notation at all is
        refused first, whoever's turn it is."""
        notation.read(text)
        return super().parse(state, seat, text)

    def read(self, state: AlbiorixState, seat: Seat, text: str) -> Choice:
        said = notation.read(text)
        if isinstance(said, Draw):
            if said not in self.legal(state, seat):
                raise IllegalMove(refusals.no_draw_talk(state, seat, said.answer))
            return said
        origin, target = said.origin, said.target
        refused = refusals.not_movable(state, seat, origin)
        if refused:
            raise IllegalMove(refused)
        actions = [
            a
            for a in self.legal(state, seat)
            if not isinstance(a, Draw) and (a.origin, a.target) == (origin, target)
        ]
        if not actions:
            raise IllegalMove(refusals.no_action(state, seat, origin, target))
        if state.board[target] is None:
            if said.result is not None:
                raise IllegalMove(f"{GRID.name(target)} is empty: nothing to mix with there.")
            return actions[0]
        mixes = [a for a in actions if isinstance(a, Mix)]
        if said.result is not None:
            here, there = said.result
            fitting = notation.fitting(mixes, here, there)
            if not fitting:
                for banned in moves.banned(state, seat):
                    if isinstance(banned, Mix) and notation.fitting([banned], here, there):
                        raise IllegalMove(refusals.repeated(state, seat, banned))
                mover, other = state.board[origin], state.board[target]
                assert mover is not None
                reason = refusals.bad_result(mover, other, here, there)
                raise IllegalMove(f"{reason} Say one of: {refusals.listing(mixes)}.")
            mixes = fitting
        if len(mixes) > 1:
            raise core.AmbiguousMove(f"Which result? Say one of: {refusals.listing(mixes)}.")
        return mixes[0]

    def notation(self, move: Choice) -> str:
        return notation.write(move)

    def refusal(self, state: AlbiorixState, seat: Seat, move: Choice) -> str:
        if isinstance(move, Draw):
            return refusals.no_draw_talk(state, seat, move.answer)
        return f"{self.notation(move)} is not a legal action now."

    # Playing

    def play(
        self, state: AlbiorixState, seat: Seat, move: Choice
    ) -> tuple[AlbiorixState, list[Event]]:
        if isinstance(move, Draw):
            return self._talk(state, seat, move)
        events: list[Event] = []
        if state.draw_offer == 1 - seat:
            events.append(Event(f"{state.players[1 - seat]}'s draw offer lapsed."))
            state = replace(state, draw_offer=None)
        board = list(state.board)
        before = (board[move.origin], board[move.target])
        stack = board[move.origin]
        assert stack is not None
        name = state.players[seat]
        here, there = GRID.name(move.origin), GRID.name(move.target)
        if isinstance(move, Move):
            board[move.origin], board[move.target] = None, stack
            events.insert(0, Event(f"{name} moved the {describe(stack)} from {here} to {there}."))
        else:
            target = board[move.target]
            assert target is not None
            board[move.origin], board[move.target] = move.at_origin, move.at_target
            events.insert(
                0,
                Event(
                    f"{name} mixed the {describe(stack)} on {here} with the {describe(target)} "
                    f"on {there}: now {stack_text(move.at_origin)} on {here} and "
                    f"{stack_text(move.at_target)} on {there}."
                ),
            )
            other = 1 - seat
            if not monads(board, other):
                events.append(
                    Event(
                        f"{state.players[other]} has no Monad left and must mix one back this "
                        "turn, or lose."
                    )
                )
        after = replace(
            state,
            board=tuple(board),
            played=state.played + 1,
            passes=0,
            recent=(*state.recent[-1:], Played(seat, move, before)),
        )
        return self._next_turn(after, 1 - seat, events)

    def _talk(
        self, state: AlbiorixState, seat: Seat, move: Draw
    ) -> tuple[AlbiorixState, list[Event]]:
        """A draw offered, accepted or declined; the turn stays with `seat`."""
        name, other = state.players[seat], state.players[1 - seat]
        if move.answer == "offer":
            state = replace(state, draw_offer=seat, offered_at=state.played)
            said = f"{name} offers a draw; {other} may accept or decline it on their turn."
            return state, [Event(said)]
        if move.answer == "decline":
            return replace(state, draw_offer=None), [Event(f"{name} declined the draw.")]
        state = replace(state, draw_offer=None, agreed=True)
        result = self.outcome(state)
        assert result is not None
        verdict = scoring.verdict(state.players, result)
        return state, [Event(f"{name} accepted the draw."), Event(verdict)]

    def _next_turn(
        self, state: AlbiorixState, seat: Seat, events: list[Event]
    ) -> tuple[AlbiorixState, list[Event]]:
        """Hand the turn to `seat`, passing for whoever has no legal action, and say how the
        game ended if it did."""
        state = replace(state, to_move=seat)
        while self.outcome(state) is None and not moves.board_actions(state, state.to_move):
            events.append(Event(f"{state.players[state.to_move]} has no legal action and passes."))
            state = replace(
                state,
                to_move=1 - state.to_move,
                passes=state.passes + 1,
                recent=(*state.recent[-1:], None),
            )
        result = self.outcome(state)
        if result is not None:
            events.append(Event(scoring.verdict(state.players, result)))
        return state, events

    def leave(self, state: AlbiorixState, seat: Seat) -> tuple[AlbiorixState, list[Event]]:
        return replace(state, resigned=seat), [Event(f"{state.players[seat]} resigned.")]

    # Seeing

    def build_view(self, state: AlbiorixState, seat: Seat | None) -> AlbiorixView:
        return view.build(state, seat)

    def preview(self, state: AlbiorixState, seat: Seat, text: str) -> AlbiorixView | None:
        """For a bare square of a piece `seat` controls: `seat`'s view with that square as the
        focus and every square its legal actions reach (as if it were `seat`'s turn)."""
        origin = notation.square(text)
        if self.outcome(state) or origin is None:
            return None
        if refusals.not_movable(state, seat, origin):
            return None
        targets = sorted({a.target for a in moves.actions_from(state, seat, origin)})
        shown = self.view(state, seat)
        assert isinstance(shown, AlbiorixView)
        return replace(shown, focus=origin, destinations=tuple(targets))

    def outcome(self, state: AlbiorixState) -> core.Outcome | None:
        return scoring.outcome(state)

    def to_json(self, state: AlbiorixState) -> core.JSON:
        return state_to_json(state)

    def from_json(self, data: core.JSON) -> AlbiorixState:
        return state_from_json(data)


GAME = Albiorix()
