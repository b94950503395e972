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

import re
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from engine.albiorix import notation
from engine.albiorix.pieces import GRID, Stack, describe, setup, stack_text
from engine.albiorix.rules import (
    controlled,
    controls,
    crowning,
    monads,
    reach,
    recombinations,
    royals,
)
from engine.albiorix.state import (
    Action,
    AlbiorixState,
    AlbiorixView,
    Choice,
    Draw,
    Mix,
    Move,
    Played,
    state_from_json,
    state_to_json,
)
from engine.core import (
    FIRST_PLAYER,
    JSON,
    AmbiguousMove,
    Event,
    GameError,
    IllegalMove,
    Option,
    Outcome,
    Seat,
    choose_first,
    resolve_options,
)

LIMIT = Option(
    "limit",
    int,
    500,
    "Draw once this many moves and mixes have been made in all.",
    minimum=20,
    maximum=1000,
)

LISTED = 12
"""At most this many choices are named in a message asking which mix was meant."""

_SQUARE = re.compile(r"[a-z]\d{1,2}")

DRAW_WORDS = {
    "draw?": "offer",
    "offer draw": "offer",
    "offer a draw": "offer",
    "accept draw": "accept",
    "accept": "accept",
    "draw": "accept",
    "decline draw": "decline",
    "decline": "decline",
    "no draw": "decline",
}
"""What a player may type to offer, accept or decline a draw."""
DRAW_NOTATION = {"offer": "draw?", "accept": "accept draw", "decline": "decline draw"}


class Albiorix:
    key = "albiorix"
    title = "Albiorix"
    min_players = 2
    max_players = 2
    options: tuple[Option, ...] = (FIRST_PLAYER, LIMIT)
    has_secrets = False

    def new_game(
        self, players: Sequence[str], options: Mapping[str, Any], seed: int
    ) -> AlbiorixState:
        if len(players) != 2:
            raise GameError("Albiorix is for exactly 2 players.")
        chosen = resolve_options(self.options, options)
        return AlbiorixState(
            players=tuple(players),
            seed=seed,
            board=setup(),
            to_move=choose_first(seed, 2, chosen["first"]),
            limit=chosen["limit"],
        )

    def actors(self, state: AlbiorixState) -> frozenset[Seat]:
        return frozenset() if self.outcome(state) else frozenset({state.to_move})

    # Legal actions

    def legal_moves(self, state: AlbiorixState, seat: Seat) -> list[Choice]:
        if seat not in self.actors(state):
            return []
        banned = _banned(state, seat)
        own = monads(state.board, seat)
        board: list[Choice] = [
            action
            for origin in controlled(state.board, seat)
            for action in self._actions(state, seat, origin, banned, own)
        ]
        return [*board, *_draw_talk(state, seat)]

    def _from(self, state: AlbiorixState, seat: Seat, origin: int) -> list[Action]:
        """The legal actions of the piece on `origin` (controlled by `seat`) if `seat` moved."""
        return self._actions(state, seat, origin, _banned(state, seat), monads(state.board, seat))

    def _actions(
        self,
        state: AlbiorixState,
        seat: Seat,
        origin: int,
        banned: tuple[Action, ...],
        own: Sequence[int],
    ) -> list[Action]:
        """The piece on `origin` moved by `seat`, whose Monads stand on `own`."""
        board = state.board
        stack = board[origin]
        assert stack is not None
        moves, mixes = reach(board, origin, seat)
        found: list[Action] = []
        for target in sorted(moves + mixes):
            other = board[target]
            if other is None:
                found.append(Move(origin, target))
                continue
            kept = len(own) > (origin in own) + (target in own)
            for here, there, crowned in crowning(stack, other):
                if kept or crowned[seat]:
                    found.append(Mix(origin, target, here, there))
        return [action for action in found if action not in banned]

    def _can_act(self, state: AlbiorixState, seat: Seat) -> bool:
        banned = _banned(state, seat)
        own = monads(state.board, seat)
        return any(
            self._actions(state, seat, origin, banned, own)
            for origin in controlled(state.board, seat)
        )

    # Notation

    def parse(self, state: AlbiorixState, seat: Seat, text: str) -> Choice:
        talk = DRAW_WORDS.get(" ".join(text.lower().split()))
        if talk is None:
            request = notation.read(text)
        if self.outcome(state):
            raise IllegalMove("The game is over.")
        if seat != state.to_move:
            raise IllegalMove(f"It is {state.players[state.to_move]}'s turn.")
        if talk is not None:
            if Draw(talk) not in _draw_talk(state, seat):
                raise IllegalMove(_no_draw_talk(state, seat, talk))
            return Draw(talk)
        origin, target = request.origin, request.target
        stack = self._own_piece(state, seat, origin)
        options = [a for a in self._from(state, seat, origin) if a.target == target]
        if not options:
            raise IllegalMove(self._why_not(state, seat, origin, target, stack))
        if state.board[target] is None:
            if request.result is not None:
                raise IllegalMove(f"{GRID.name(target)} is empty: nothing to mix with there.")
            return options[0]
        mixes = [a for a in options if isinstance(a, Mix)]
        if request.result is not None:
            here, there = request.result
            fitting = _fitting(mixes, here, there)
            if not fitting:
                for banned in _banned(state, seat):
                    if isinstance(banned, Mix) and _fitting([banned], here, there):
                        raise IllegalMove(self._repeat(state, seat, banned))
                reason = _bad_result(stack, state.board[target], here, there)
                raise IllegalMove(f"{reason} Say one of: {_listing(mixes)}.")
            mixes = fitting
        if len(mixes) > 1:
            raise AmbiguousMove(f"Which result? Say one of: {_listing(mixes)}.")
        return mixes[0]

    def _own_piece(self, state: AlbiorixState, seat: Seat, origin: int) -> Stack:
        stack = state.board[origin]
        name = GRID.name(origin)
        if stack is None:
            raise IllegalMove(f"There is no piece on {name}.")
        if not controls(stack, seat, royals(state.board, seat)):
            raise IllegalMove(
                f"You do not control the {describe(stack)} on {name}: its top is not your "
                "colour and it holds no pyramid like one of your Monads."
            )
        return stack

    def _why_not(
        self, state: AlbiorixState, seat: Seat, origin: int, target: int, stack: Stack
    ) -> str:
        """Why the piece on `origin` has no legal action to `target`."""
        moves, mixes = reach(state.board, origin, seat)
        piece, there = f"{describe(stack)} on {GRID.name(origin)}", GRID.name(target)
        if target not in moves + mixes:
            return f"The {piece} cannot reach {there}."
        for banned in _banned(state, seat):
            if (banned.origin, banned.target) == (origin, target):
                return self._repeat(state, seat, banned)
        return f"Every mix of the {piece} with {there} would leave you without a Monad."

    def _repeat(self, state: AlbiorixState, seat: Seat, banned: Action) -> str:
        other = state.players[1 - seat]
        last = state.recent[0]
        assert last is not None
        done = self.notation(last.action)
        if banned == last.action:
            return f"You may not repeat `{done}`: {other} just reversed it (no repetition)."
        return (
            f"You may not make `{self.notation(banned)}`: it builds the same two pieces as "
            f"`{done}` from the other square, and {other} just reversed that (no repetition)."
        )

    def notation(self, move: Choice) -> str:
        if isinstance(move, Draw):
            return DRAW_NOTATION[move.answer]
        return notation.write(move)

    def hidden(self, move: Choice) -> bool:
        """Every action is public."""
        return False

    # Playing

    def apply(
        self, state: AlbiorixState, seat: Seat, move: Choice
    ) -> tuple[AlbiorixState, list[Event]]:
        if seat not in self.actors(state):
            raise IllegalMove("It is not your turn." if not self.outcome(state) else "Game over.")
        if isinstance(move, Draw):
            return self._talk(state, seat, move)
        events: list[Event] = []
        if state.draw_offer == 1 - seat:
            events.append(Event(f"{state.players[1 - seat]}'s draw offer lapsed."))
            state = replace(state, draw_offer=None)
        stack = state.board[move.origin]
        crowns = royals(state.board, seat)
        if (
            stack is None
            or not controls(stack, seat, crowns)
            or move not in self._from(state, seat, move.origin)
        ):
            raise IllegalMove(f"{self.notation(move)} is not a legal action now.")
        board = list(state.board)
        before = (board[move.origin], board[move.target])
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
        if move not in _draw_talk(state, seat):
            raise IllegalMove(_no_draw_talk(state, seat, move.answer))
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
        return state, [Event(f"{name} accepted the draw."), Event(_verdict(state.players, result))]

    def _next_turn(
        self, state: AlbiorixState, seat: Seat, events: list[Event]
    ) -> tuple[AlbiorixState, list[Event]]:
        """Hand the turn to `seat`, passing for whoever has no legal action, and say how the
        game ended if it did."""
        state = replace(state, to_move=seat)
        while self.outcome(state) is None and not self._can_act(state, state.to_move):
            events.append(Event(f"{state.players[state.to_move]} has no legal action and passes."))
            state = replace(
                state,
                to_move=1 - state.to_move,
                passes=state.passes + 1,
                recent=(*state.recent[-1:], None),
            )
        result = self.outcome(state)
        if result is not None:
            events.append(Event(_verdict(state.players, result)))
        return state, events

    def resign(self, state: AlbiorixState, seat: Seat) -> tuple[AlbiorixState, list[Event]]:
        if self.outcome(state):
            raise IllegalMove("The game is over.")
        return replace(state, resigned=seat), [Event(f"{state.players[seat]} resigned.")]

    # Seeing

    def view(self, state: AlbiorixState, seat: Seat | None) -> AlbiorixView:
        result = self.outcome(state)
        board = state.board
        return AlbiorixView(
            players=state.players,
            viewer=seat,
            actors=self.actors(state),
            outcome=result,
            board=board,
            to_move=None if result else state.to_move,
            monads=(tuple(monads(board, 0)), tuple(monads(board, 1))),
            control=(tuple(controlled(board, 0)), tuple(controlled(board, 1))),
            last=state.last,
            passes=state.passes,
            played=state.played,
            limit=state.limit,
            buttons=tuple(
                DRAW_NOTATION[talk.answer]
                for talk in _draw_talk(state, state.to_move)
                if talk.answer != "offer" and not result
            ),
            draw_offer=None if result else state.draw_offer,
        )

    def preview(self, state: AlbiorixState, seat: Seat, text: str) -> AlbiorixView | None:
        """For a bare square of a piece `seat` controls: `seat`'s view with that square as the
        focus and every square its legal actions reach (as if it were `seat`'s turn)."""
        name = text.strip().lower()
        if self.outcome(state) or not _SQUARE.fullmatch(name):
            return None
        try:
            origin = GRID.parse(name)
        except GameError:
            return None
        stack = state.board[origin]
        if stack is None or not controls(stack, seat, royals(state.board, seat)):
            return None
        targets = sorted({a.target for a in self._from(state, seat, origin)})
        return replace(self.view(state, seat), focus=origin, destinations=tuple(targets))

    def outcome(self, state: AlbiorixState) -> Outcome | None:
        names = state.players
        if state.resigned is not None:
            return Outcome((1 - state.resigned,), None, f"{names[state.resigned]} resigned")
        if len(monads(state.board, state.to_move)) == 2:
            who = names[state.to_move]
            return Outcome((state.to_move,), None, f"{who} began a turn holding both Monads")
        if state.agreed:
            return Outcome((), None, "the players agreed to a draw")
        if state.passes >= 2:
            return Outcome((), None, "both players passed in a row")
        if state.played >= state.limit:
            return Outcome((), None, f"the limit of {state.limit} moves and mixes was reached")
        return None

    def to_json(self, state: AlbiorixState) -> JSON:
        return state_to_json(state)

    def from_json(self, data: JSON) -> AlbiorixState:
        return state_from_json(data)


def _banned(state: AlbiorixState, seat: Seat) -> tuple[Action, ...]:
    """`seat`'s previous action, if the opponent's action since exactly reversed it; for a mix,
    also its mirror image (the same two pieces made by the piece on the other square), which
    would rebuild the same position."""
    if len(state.recent) < 2:
        return ()
    mine, theirs = state.recent
    if mine is None or theirs is None or mine.seat != seat or theirs.seat == seat:
        return ()
    squares = {mine.action.origin, mine.action.target}
    if {theirs.action.origin, theirs.action.target} != squares:
        return ()
    now = (state.board[mine.action.origin], state.board[mine.action.target])
    if now != mine.before:
        return ()
    action = mine.action
    if isinstance(action, Move):
        return (action,)
    return action, Mix(action.target, action.origin, action.at_target, action.at_origin)


def _draw_talk(state: AlbiorixState, seat: Seat) -> list[Draw]:
    """What `seat`, to move, may say about a draw: answer the opponent's offer, or offer one
    (once a turn, while no offer waits)."""
    if state.draw_offer == 1 - seat:
        return [Draw("accept"), Draw("decline")]
    if state.draw_offer is None and state.offered_at != state.played:
        return [Draw("offer")]
    return []


def _no_draw_talk(state: AlbiorixState, seat: Seat, talk: str) -> str:
    """Why `seat` may not `talk` (offer, accept or decline a draw) now."""
    if talk == "offer":
        if state.draw_offer == seat:
            return "Your draw offer is waiting for an answer."
        if state.draw_offer is not None:
            return "First answer the draw you were offered: `accept draw` or `decline draw`."
        return "You have already offered a draw this turn."
    return "No draw was offered to you; you may offer one with `draw?`."


def _bad_result(
    mover: Stack, other: Stack | None, here: notation.PiecePattern, there: notation.PiecePattern
) -> str:
    """Why no legal mix of `mover` with `other` leaves the pieces `here` / `there` (the
    repetition rule is checked before: a fitting result left over breaks the Monad rule)."""
    assert other is not None
    if notation.fits(here, mover) and notation.fits(there, other):
        return (
            "A mix must change the board: rebuilding both pieces where they stood is not "
            "allowed, only with their places exchanged."
        )
    for piece in (here, there):
        if len(piece) == 2 and piece[1][0] > piece[0][0]:
            return "A top pyramid is never larger than the one under it."
    built = [
        (a, b)
        for a, b in recombinations(mover, other)
        if notation.fits(here, a) and notation.fits(there, b)
    ]
    if built:
        return "That mix would leave you without a Monad, and a mix may not take your last one."
    pool = " ".join(stack_text(Stack(p)) for p in (*mover.pyramids, *other.pyramids))
    return (
        "The two new pieces must share out exactly the pyramids of both pieces "
        f"({pool}), one or two on each square."
    )


def _fitting(
    mixes: Sequence[Mix], here: notation.PiecePattern, there: notation.PiecePattern
) -> list[Mix]:
    """The mixes whose two new pieces fit what the player wrote."""
    return [
        m for m in mixes if notation.fits(here, m.at_origin) and notation.fits(there, m.at_target)
    ]


def _listing(mixes: Sequence[Mix]) -> str:
    """The mixes' notations, cut after LISTED of them."""
    named = [f"`{notation.write(m)}`" for m in mixes[:LISTED]]
    more = len(mixes) - LISTED
    return ", ".join(named) + (f" and {more} more" if more > 0 else "")


def _verdict(players: Sequence[str], result: Outcome) -> str:
    if result.winners:
        return f"{players[result.winners[0]]} wins: {result.reason}."
    return f"The game is drawn: {result.reason}."


GAME = Albiorix()
