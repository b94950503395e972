"""Agents of M.A.R.S.: two rogue agents fill the board with pyramids drawn from a bag, each
steering the clusters of colours towards a secret objective.

Rules as implemented (the rule text plus RULINGS.md):
- Board 7 columns x 8 rows (a-g, 1-8), 8x8 with five colours. The bag: per colour 5 large,
  4 medium, 4 small; black 1 large, 1 medium, 5 small (five colours: a fifth colour, purple, and
  black 5 small only).
- Objectives: each player gives every colour one of the values 2, 1, 0, -1 (No Center: 3, 2, -1,
  -2; five colours add a fifth value chosen at table creation, +3 or -2), secretly. Play begins
  once both are set. With dealt objectives the bot deals two different assignments instead.
- A turn: optionally reveal two objectives and swap their values (a separate move; the same
  player then acts), then exactly one action: draw (the drawn pyramid is shown to all and the same
  player must place it on an empty square), move (a non-black pyramid goes exactly its pips in a
  straight orthogonal line onto an empty square, jumping anything, never off the board) or swap
  (the same kind of step onto a square holding a non-black pyramid that differs in size or
  colour; the two exchange squares).
- Revealing is allowed while fewer than 4 black pyramids are on the board (Black Trio: while the
  bag has not yet given up a black pyramid of every size). Revealed objectives stay public.
- The game ends the moment the last square is filled. Scoring: see `engine.agents.scoring`.

Rulings (decisions where the rule text and RULINGS.md are silent; repeated word for word in the
guide):
- At most one reveal-and-swap per turn, and never once a pyramid is drawn; any two colours may be
  swapped, whether already revealed or not.
- Ko, to prevent endless back-and-forths: a move or swap may not bring back a board seen since
  the last pyramid was placed. This forbids undoing your opponent's last move or swap, and longer
  cycles too; a reveal-and-swap does not lift it.
- Blind Agents: each player sets the opponent's objectives (or the bot deals them to the
  opponent), since the owner may never see them; the opponent alone sees them and may reveal and
  swap them. Your private score estimate is then your opponent's.
- Black Trio Blocks the Swap cannot be combined with five colours (the rule text says so), nor
  can No Center: its values 3, 2, -1 and -2 already hold both fifth values, so two colours would
  share a value.
- Only the Biggest Group Counts: the biggest group is the one with the most pyramids; a tie in
  size goes to the group worth more points, then to the group nearest a1.
- A resignation ends the game at once; the other player wins and no scores are given.
- A player with no move or swap still has a draw (the bag never runs dry before the board is
  full), so a turn always has an action. A swap counts once per pair of squares, whichever of the
  two pyramids makes it (the result is the same).
- Draws are uniform over the pyramids left in the bag: every pyramid in it is as likely as any
  other, so a kind with more pyramids left comes up more often.
"""

from __future__ import annotations

from bisect import bisect_right
from dataclasses import replace
from itertools import accumulate
from typing import Any

from engine.agents import moves, notation, scoring, view
from engine.agents.actions import (
    AgentsMove,
    Draw,
    Place,
    Reveal,
    SetObjectives,
    Shift,
    Swap,
    squares_of,
)
from engine.agents.notation import Pair, board_order, describe_objective, pyramid_name, square_name
from engine.agents.refusals import OBJECTIVES_SET, explain
from engine.agents.state import AgentsState, joined_by, state_from_json, state_to_json
from engine.agents.variants import OPTIONS, Pyramid, Rules
from engine.agents.view import AgentsView
from engine.core import JSON, BaseGame, Event, IllegalMove, Outcome, Seat, choose_first, draw_rng

DEAL_DRAW = 1
"""The random generator number that deals objectives (0 picks the first player)."""
BAG_DRAWS = 2
"""Draw number n from the bag uses generator BAG_DRAWS + n."""


class Agents(BaseGame[AgentsState, AgentsMove]):
    """The game on the shared checks of `BaseGame`: the setup, reading moves, what each move does,
    and a refusal in the words of the rule it breaks."""

    key = "agents"
    title = "Agents of M.A.R.S."
    min_players = 2
    max_players = 2
    options = OPTIONS
    information = "hidden"
    chance = True

    def setup(self, players: tuple[str, ...], options: dict[str, Any], seed: int) -> AgentsState:
        rules = Rules.from_options(options)
        first = choose_first(seed, 2, options["first"])
        objectives: tuple[tuple[int, ...] | None, ...] = (None, None)
        if rules.dealt:
            objectives = tuple(draw_rng(seed, DEAL_DRAW).sample(rules.assignments(), 2))
        return AgentsState(
            players=players,
            seed=seed,
            rules=rules,
            first=first,
            board=(None,) * rules.grid.size,
            bag=rules.full_bag,
            objectives=objectives,
            to_move=first,
        )

    def actors(self, state: AgentsState) -> frozenset[Seat]:
        return moves.actors(state)

    def generate(self, state: AgentsState, seat: Seat) -> list[AgentsMove]:
        return moves.generate(state)

    def read(self, state: AgentsState, seat: Seat, text: str) -> AgentsMove:
        legal = self.legal(state, seat)
        known = legal.named(text)
        if known is not None:
            return known
        found = notation.read(state.rules, text)
        move = self._resolve(state, found) if isinstance(found, tuple) else found
        if move not in legal:
            raise IllegalMove(self.refusal(state, seat, move))
        return move

    @staticmethod
    def _resolve(state: AgentsState, pair: Pair) -> AgentsMove:
        """Two bare squares: a move onto an empty square, else a swap with its occupant."""
        origin, target = pair
        if state.board[state.rules.grid.index(target)] is None:
            return Shift(origin, target)
        return Swap(*board_order(origin, target))

    def waiting(self, state: AgentsState, seat: Seat) -> str:
        if state.setting_objectives:
            return OBJECTIVES_SET
        return super().waiting(state, seat)

    def refusal(self, state: AgentsState, seat: Seat, move: AgentsMove) -> str:
        return explain(state, move)

    def notation(self, move: AgentsMove) -> str:
        return notation.notation(move)

    def hidden(self, move: AgentsMove) -> bool:
        """Setting objectives is secret; everything else is played in the open."""
        return isinstance(move, SetObjectives)

    def undoable(self, before: AgentsState, move: AgentsMove, after: AgentsState) -> str | None:
        """A draw from the bag and a reveal of objectives show what was hidden; placing,
        shifting and swapping pyramids may be taken back."""
        if isinstance(move, Draw):
            return "it drew a pyramid from the bag"
        if isinstance(move, Reveal):
            return "it revealed objectives"
        if isinstance(move, SetObjectives):
            return "it set secret objectives"
        return None

    def play(
        self, state: AgentsState, seat: Seat, move: AgentsMove
    ) -> tuple[AgentsState, list[Event]]:
        if isinstance(move, SetObjectives):
            return self._set_objectives(state, seat, move)
        if isinstance(move, Reveal):
            return self._reveal(state, seat, move)
        if isinstance(move, Draw):
            return self._draw(state, seat)
        board, text = self._board_after(state, state.players[seat], move)
        seen = () if isinstance(move, Place) else (*state.seen, state.board_key)
        after = replace(
            state,
            board=board,
            joined=self._joined(state, seat, board, move),
            pending=None,
            to_move=1 - seat,
            revealed_this_turn=False,
            last=(seat, move),
            seen=seen,
        )
        events = [Event(text)]
        if after.full:
            events += self._final_events(after)
        return after, events

    @staticmethod
    def _draw(state: AgentsState, seat: Seat) -> tuple[AgentsState, list[Event]]:
        """Draw number `state.draws`, uniformly among the pyramids left in the bag."""
        ends = list(accumulate(state.bag))  # the pyramids left, counted kind by kind in bag order
        pick = draw_rng(state.seed, BAG_DRAWS + state.draws).randrange(ends[-1])
        drawn = bisect_right(ends, pick)  # the kind of the pick-th pyramid left
        piece = state.rules.kinds[drawn]
        bag = (*state.bag[:drawn], state.bag[drawn] - 1, *state.bag[drawn + 1 :])
        after = replace(state, bag=bag, draws=state.draws + 1, pending=piece)
        return after, [Event(f"{state.players[seat]} drew a {pyramid_name(piece)} pyramid.")]

    @staticmethod
    def _joined(
        state: AgentsState,
        seat: Seat,
        board: tuple[Pyramid | None, ...],
        move: Place | Shift | Swap,
    ) -> tuple[tuple[int, ...], ...]:
        """`state.joined` after `seat`'s board action leaves `board`: the seat's count per colour
        grows by the pips of the bonds the action made and shrinks by those it broke."""
        palette, grid = state.rules.palette, state.rules.grid
        touched = {grid.index(square) for square in squares_of(move)}
        made = scoring.bond_pips(board, grid, palette, touched)
        broken = scoring.bond_pips(state.board, grid, palette, touched)
        mine = joined_by(state, seat)
        counted = tuple(n + m - b for n, m, b in zip(mine, made, broken, strict=True))
        return tuple(counted if s == seat else joined_by(state, s) for s in range(2))

    @staticmethod
    def _board_after(
        state: AgentsState, name: str, move: Place | Shift | Swap
    ) -> tuple[tuple[Pyramid | None, ...], str]:
        """The board after a (legal) board action, and the sentence that tells it."""
        board = list(state.board)
        grid = state.rules.grid
        if isinstance(move, Place):
            assert state.pending is not None
            board[grid.index(move.square)] = state.pending
            text = f"{name} placed the {pyramid_name(state.pending)} on {square_name(move.square)}."
        elif isinstance(move, Shift):
            a, b = grid.index(move.origin), grid.index(move.target)
            mover = board[a]
            assert mover is not None
            board[a], board[b] = None, mover
            text = (
                f"{name} moved the {pyramid_name(mover)} from {square_name(move.origin)} "
                f"to {square_name(move.target)}."
            )
        else:
            a, b = grid.index(move.first), grid.index(move.second)
            one, other = board[a], board[b]
            assert one is not None and other is not None
            board[a], board[b] = other, one
            text = (
                f"{name} swapped the {pyramid_name(one)} on {square_name(move.first)} with the "
                f"{pyramid_name(other)} on {square_name(move.second)}."
            )
        return tuple(board), text

    def _set_objectives(
        self, state: AgentsState, seat: Seat, move: SetObjectives
    ) -> tuple[AgentsState, list[Event]]:
        rules = state.rules
        owner = moves.owner_of(rules, seat)
        objectives = tuple(move.values if o == owner else v for o, v in enumerate(state.objectives))
        after = replace(state, objectives=objectives)
        name = state.players[seat]
        described = describe_objective(rules, move.values)
        if rules.blind:
            whose = state.players[owner]
            events = [
                Event(f"{name} has set {whose}'s objectives."),
                Event(f"You set {whose}'s objectives: {described}.", to=seat),
            ]
        else:
            events = [
                Event(f"{name} has set their objectives."),
                Event(f"Your objectives are set: {described}.", to=seat),
            ]
        if not after.setting_objectives:
            first = state.players[state.first]
            events.append(Event(f"Both objectives are set. {first} plays first."))
        return after, events

    def _reveal(
        self, state: AgentsState, seat: Seat, move: Reveal
    ) -> tuple[AgentsState, list[Event]]:
        rules = state.rules
        owner = moves.owner_of(rules, seat)
        values = list(state.objectives[owner] or ())
        values[move.first], values[move.second] = values[move.second], values[move.first]
        shown = tuple(sorted({*state.revealed[owner], move.first, move.second}))
        after = replace(
            state,
            objectives=tuple(
                tuple(values) if o == owner else v for o, v in enumerate(state.objectives)
            ),
            revealed=tuple(shown if o == owner else r for o, r in enumerate(state.revealed)),
            revealed_this_turn=True,
        )
        first, second = rules.palette[move.first], rules.palette[move.second]
        whose = "their" if owner == seat else f"{state.players[owner]}'s"
        text = (
            f"{state.players[seat]} revealed {whose} {first} and {second} objectives and swapped "
            f"them: {first} is now {values[move.first]}, {second} {values[move.second]}."
        )
        return after, [Event(text)]

    def _final_events(self, state: AgentsState) -> list[Event]:
        rules = state.rules
        _, points = scoring.scored(state)
        counted = ", ".join(f"{c} {p}" for c, p in zip(rules.palette, points, strict=True))
        events = [Event(f"The board is full. Points on the board: {counted}.")]
        for seat, name in enumerate(state.players):
            objective = state.objectives[seat] or ()
            events.append(
                Event(
                    f"{name}'s objectives were {describe_objective(rules, objective)}: "
                    f"{scoring.total(points, objective)} points."
                )
            )
        return events

    def leave(self, state: AgentsState, seat: Seat) -> tuple[AgentsState, list[Event]]:
        return replace(state, resigned=seat), [Event(f"{state.players[seat]} resigned.")]

    # Looking

    def build_view(self, state: AgentsState, seat: Seat | None) -> AgentsView:
        return view.make_view(state, seat)

    def outcome(self, state: AgentsState) -> Outcome | None:
        return scoring.outcome(state)

    def to_json(self, state: AgentsState) -> JSON:
        return state_to_json(state)

    def from_json(self, data: JSON) -> AgentsState:
        return state_from_json(data)


GAME = Agents()
