"""Martian Merchants: merchants fly goods between planets to build stations on their home worlds.

Rules as implemented (the rule text plus RULINGS.md):
- Colours: each has 3 planets (large), 3 ships (medium), 3 goods (small). Seat N plays colour N
  (blue, orange, green, yellow); with two players green is a neutral colour with no ships.
- Set-up: one home planet per player at (0,0),(1,0) for two players, an L (0,0),(1,0),(0,1) for
  three, the square (0,0),(1,0),(1,1),(0,1) for four, in seat order; everything else is the bank.
  The first player is drawn from the seed unless the table chose one; with three players the L's
  middle planet (0,0) goes to the player seated before the first player, who so moves last.
- A turn: one action (launch or move a ship, discover a planet, consume a good), then production.
- Production: a bank good on an empty planet; never a planet's own colour; never the producer's
  own colour while the bank holds another colour; skipped when nothing can be produced.
- A ship launches onto a home planet with a free dock or moves to an adjacent planet with a free
  dock (4 docks per planet). It stops at its departure and at its arrival planet, and at each stop
  may deliver (a good of the planet's colour onto a planet without a good), trade (a good of the
  planet's colour for the planet's good of another colour) or, empty, pick up a good of another
  colour from its owner's home planet. Delivering to one's home planet without a station builds a
  station: the ship stays as the station; a good already there stays and the delivered one goes to
  the bank, else the delivered good stays. Three stations win at once.
- Discovery: a bank planet next to any planet. Consumption: a satisfied planet's good goes to the
  bank and the pyramid die is rolled (six faces: small, medium, large, small+medium, small+large,
  medium+large; small = goods bonus: export a good to an empty planet or produce; medium = ship
  bonus: warp a ship to one's station or take a move action; large = planet bonus: reposition a
  planet so that the grid is whole once it lands, or discover). Bonuses are optional, in either
  order.
- Trading variant (`trading`): at a stop the moving ship may offer a swap of goods to another
  player's ship docked there; that player accepts or declines at once.

Rulings (decisions where the text is silent; repeated word for word in the guide):
- A turn is a series of steps by the same player: the action, the ship's stops (deliver, trade,
  pickup, offer or skip), bonuses after a roll (skip declines the rest), then production. Steps
  with nothing to decide are passed for you; with no possible action you go straight to
  production.
- A whole turn may be typed as one command, its steps separated by `;` (a stop's word may follow
  the move directly, as in `move 0,0 1,0 orange deliver; produce green 0,0`). Each step is checked
  against the position the earlier ones leave, and the first refused step refuses the command.
- A docking ship takes the side facing the planet it came from when free, else the next free side
  clockwise (from north after a launch or warp). Sides carry no rule.
- At a stop, one delivery, trade or pickup and at most one swap offer, in either order. A ship
  that builds a station at its departure stop does not fly on.
- No trading at your own home planets: trading is how a ship gets a good from someone else's
  planet, while at home an empty ship picks up for free and a ship carrying your colour delivers.
- Warping is not a move action: no stops, no pickup or delivery. Exports may move any good to any
  empty planet (no production limits apply).
- A swap (trading option) needs two ships of different players whose loads differ; either may be
  empty.
- A planet may be repositioned wherever the grid is whole once it lands, even if lifting it splits
  the grid for a moment.
- So that a blocked game cannot run forever, it also ends after 40 turns per player: most stations
  wins, tied leaders share the win, a tie of everyone still in is a draw. Resigned seats are
  skipped and their pieces stay; the last player left wins.
- The start player is drawn at random unless the table chose (the first option); with three
  players the owner of the L's corner planet moves last.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any, cast

from engine import core
from engine.core import BaseGame, Event, GameError, IllegalMove, Seat
from engine.merchants import effects, moves, refusals, scoring, view
from engine.merchants.moves import BONUS_OF, SKIP, Command, Move, Steps
from engine.merchants.notation import match, notation, split_steps, tokens
from engine.merchants.state import (
    PER_COLOUR,
    ROUNDS,
    STATIONS_TO_WIN,
    Coord,
    MerchantsState,
    Planet,
    state_from_json,
    state_to_json,
)
from engine.merchants.view import MerchantsView, step_phrase

TRADING = core.Option(
    "trading", bool, False, "Trading variant: ships at one planet may swap goods."
)

START: dict[int, tuple[Coord, ...]] = {
    2: ((0, 0), (1, 0)),
    3: ((0, 0), (1, 0), (0, 1)),
    4: ((0, 0), (1, 0), (1, 1), (0, 1)),
}
"""The home planets placed at set-up, in seat order (three players: see `_start_planets`)."""

STOP_EFFECTS = {"deliver": effects.deliver, "trade": effects.trade, "pickup": effects.pickup}


def _start_planets(players: int, first: Seat) -> tuple[Planet, ...]:
    """One home planet per seat; with three, the L's middle (0,0) goes to the seat before
    `first`, `first` gets (1,0) and the next seat (0,1)."""
    places = START[players]
    if players == 3:
        order = [(first - 1) % 3, first, (first + 1) % 3]
        owners = dict(zip(places, order, strict=True))
    else:
        owners = {at: seat for seat, at in enumerate(places)}
    return tuple(Planet(at, owners[at]) for at in sorted(owners))


class Merchants(BaseGame[MerchantsState, Command]):
    """The rules above on the shared base: set-up, the steps of a turn and the steps that need no
    decision; a command may hold several steps (`Steps`)."""

    key = "merchants"
    title = "Martian Merchants"
    min_players = 2
    max_players = 4
    information = "open"
    chance = True
    options: tuple[core.Option, ...] = (core.FIRST_PLAYER, TRADING)

    def setup(self, players: tuple[str, ...], options: dict[str, Any], seed: int) -> MerchantsState:
        count = len(players)
        first = core.choose_first(seed, count, options["first"])
        colours = max(count, 3)
        return MerchantsState(
            players=players,
            seed=seed,
            trading=options["trading"],
            planets=_start_planets(count, first),
            bank_planets=tuple(PER_COLOUR - (c < count) for c in range(colours)),
            bank_goods=(PER_COLOUR,) * colours,
            turn=first,
        )

    def actors(self, state: MerchantsState) -> frozenset[Seat]:
        return moves.actors(state)

    def outcome(self, state: MerchantsState) -> core.Outcome | None:
        return scoring.outcome(state)

    def generate(self, state: MerchantsState, seat: Seat) -> Sequence[Command]:
        return moves.choices(state)

    def _choices(self, state: MerchantsState, seat: Seat) -> tuple[Move, ...]:
        """The legal moves of `seat`: single moves only (steps are never generated)."""
        return cast(tuple[Move, ...], self.legal(state, seat).moves)

    # Notation

    def parse(self, state: MerchantsState, seat: Seat, text: str) -> Command:
        """One move, or several steps (see `split_steps`), each read as every game reads a move,
        against the position the earlier ones leave; a refused step is named with the reason."""
        pieces = split_steps(text)
        if len(pieces) <= 1:
            return self._step(state, seat, text)
        made: list[Move] = []
        for number, piece in enumerate(pieces, 1):
            try:
                move = self._step(state, seat, piece)
            except GameError as error:
                reason = str(error)
                if made and seat not in self.actors(state) and self.outcome(state) is None:
                    reason = refusals.no_longer_yours(state, Steps(tuple(made)))
                raise type(error)(f"Step {number}, `{piece}`: {reason}") from error
            state, _ = self.apply(state, seat, move)
            made.append(move)
        return Steps(tuple(made))

    def _step(self, state: MerchantsState, seat: Seat, text: str) -> Move:
        """One step, read after the checks every game makes (the game runs, `seat` decides)."""
        self.check_may_act(state, seat)
        return self.read(state, seat, text)

    def read(self, state: MerchantsState, seat: Seat, text: str) -> Move:
        return match(
            text,
            self._choices(state, seat),
            step_phrase(state),
            lambda words: refusals.explain(state, seat, words),
        )

    def completions(self, state: MerchantsState, seat: Seat, typed: str) -> list[str]:
        """Commands that go on from `typed`: its finished steps (each legal in turn) followed by
        each legal next step that the last, unfinished part begins or contains; when that part
        is already a whole move, also that move followed by each legal step after it."""
        try:
            pieces = split_steps(typed)
        except GameError:
            return []
        finished = typed.rstrip().endswith(";") or not pieces
        done, last = (pieces, "") if finished else (pieces[:-1], pieces[-1])
        made: list[Move] = []
        for piece in done:
            try:
                move = self._step(state, seat, piece)
            except GameError:
                return []
            state, _ = self.apply(state, seat, move)
            made.append(move)
        head = "".join(f"{notation(m)}; " for m in made)
        key = " ".join(tokens(last))
        legal = self.legal(state, seat).notations
        found = [t for t in legal if t.startswith(key)] + [
            t for t in legal if key in t and not t.startswith(key)
        ]
        texts = [head + text for text in found]
        if key in legal:
            after, _ = self.apply(state, seat, legal[key])
            texts += [f"{head}{key}; {text}" for text in self.legal(after, seat).notations]
        return texts

    def notation(self, move: Command) -> str:
        return notation(move)

    def length(self, players: int) -> str | None:
        """The game ends at the first player's third station, or by the turn limit (a
        ruling): the lobby says both, so a table knows it may run long."""
        return (
            f"A game ends as soon as someone builds {STATIONS_TO_WIN} stations, and at the "
            f"latest after {ROUNDS} turns each ({ROUNDS * players} turns at {players} players); "
            "with computer players it can run long, and the board shows the turn."
        )

    def undoable(self, before: MerchantsState, move: Command, after: MerchantsState) -> str | None:
        """A move after which the die was rolled (the turn passed on) shows what chance gave;
        every other move may be taken back."""
        return "the die was rolled after it" if after.rolls != before.rolls else None

    def waiting(self, state: MerchantsState, seat: Seat) -> str:
        return refusals.waiting(state)

    def refusal(self, state: MerchantsState, seat: Seat, move: Command) -> str:
        return refusals.refused(state, seat, move)

    # Playing

    def apply(
        self, state: MerchantsState, seat: Seat, move: Command
    ) -> tuple[MerchantsState, list[Event]]:
        """The move made, or the steps made in order, each checked as a move of its own (the
        last move is then the whole command, marking every planet its steps touched)."""
        if isinstance(move, Move):
            return super().apply(state, seat, move)
        if not move.moves:
            raise IllegalMove("There is no step to make.")
        events: list[Event] = []
        marked: list[Coord] = []
        for step in move.moves:
            state, more = super().apply(state, seat, step)
            events += more
            marked += state.marked
        last = (seat, notation(move))
        return replace(state, last=last, marked=tuple(dict.fromkeys(marked))), events

    def play(
        self, state: MerchantsState, seat: Seat, move: Command
    ) -> tuple[MerchantsState, list[Event]]:
        """One legal move (`apply` makes a command's steps one by one), then the steps that need
        no decision."""
        assert isinstance(move, Move)
        marked = self._touched(state, move)
        after, texts = self._effect(state, seat, move)
        after = replace(after, last=(seat, notation(move)), marked=marked)
        after, more = self._settle(after)
        return after, [Event(text) for text in texts + more]

    def _effect(self, state: MerchantsState, seat: Seat, move: Move) -> effects.Result:
        """The move's own consequences, before the turn's automatic steps."""
        step = state.step
        if step == "bonus" and move.verb == "skip":
            declined = " and ".join(state.bonuses)
            state = replace(state, bonuses=())
            return state, [f"{state.players[seat]} declined the {declined} bonus."]
        if step == "bonus":
            remaining = list(state.bonuses)
            remaining.remove(BONUS_OF[move.verb])
            state = replace(state, bonuses=tuple(remaining))
        state, texts = self._dispatch(state, seat, move)
        if step == "action" and move.verb == "discover":
            state = replace(state, step="produce")
        if step == "produce":
            state, texts = self._end_turn(state, texts)
        return state, texts

    def _dispatch(self, state: MerchantsState, seat: Seat, move: Move) -> effects.Result:
        verb, at, to, colour = move.verb, move.at, move.to, move.colour
        if verb == "skip":
            return self._end_stop(state)
        if verb in STOP_EFFECTS:
            return STOP_EFFECTS[verb](state)
        if verb == "offer":
            assert move.owner is not None
            return effects.offer(state, move.owner, colour)
        if verb in ("accept", "decline"):
            return effects.answer(state, verb == "accept")
        assert at is not None
        if verb == "launch":
            return effects.launch(state, seat, at)
        if verb == "consume":
            return effects.consume(state, seat, at)
        if verb in ("discover", "produce"):
            assert colour is not None
            make = effects.discover if verb == "discover" else effects.produce
            return make(state, seat, colour, at)
        assert to is not None
        if verb in ("move", "warp"):
            fly = effects.start_move if verb == "move" else effects.warp
            return fly(state, seat, at, to, colour)
        shift = effects.export if verb == "export" else effects.reposition
        return shift(state, seat, at, to)

    def _settle(self, state: MerchantsState) -> effects.Result:
        """Take the steps that need no decision, until someone must decide or the game is over:
        finish a stop with nothing to do, drop bonuses that cannot be used, pass an action or a
        production that is impossible."""
        texts: list[str] = []
        while self.outcome(state) is None and not self._decides(state):
            state, more = self._pass(state)
            texts += more
        return state, texts

    def _decides(self, state: MerchantsState) -> bool:
        """Whether someone has a choice to make now (more than `skip`). Asked of the legal-move
        object, so that a settled state's legal moves are worked out once."""
        if state.step == "answer":
            return True
        if state.step in ("depart", "arrive") and state.ship is None:
            return False
        return any(move != SKIP for move in self.legal(state, state.turn))

    def _pass(self, state: MerchantsState) -> effects.Result:
        """The step that offers no choice, passed."""
        step = state.step
        if step in ("depart", "arrive"):
            return self._end_stop(state)
        if step == "bonus":
            texts = [f"No {' or '.join(state.bonuses)} bonus is possible."] if state.bonuses else []
            return replace(state, bonuses=(), step="produce"), texts
        if step == "action":
            return replace(state, step="produce"), [
                f"{state.players[state.turn]} can take no action."
            ]
        return self._end_turn(state, ["No good can be produced."])

    def _end_stop(self, state: MerchantsState) -> effects.Result:
        """After the departure stop the ship flies; after arrival (or once the ship became a
        station) the ship's move is over and the bonuses left, or production, follow."""
        if state.step == "depart" and state.ship is not None:
            return effects.fly(state)
        step = "bonus" if state.bonuses else "produce"
        return replace(state, step=step, ship=None, dest=None, acted=False, offered=False), []

    def _end_turn(self, state: MerchantsState, texts: list[str]) -> effects.Result:
        """The turn is over: the next seat still playing starts with its action."""
        seats = len(state.players)
        turn = next(
            (state.turn + n) % seats
            for n in range(1, seats + 1)
            if (state.turn + n) % seats not in state.resigned
        )
        state = replace(
            state,
            turn=turn,
            step="action",
            bonuses=(),
            ship=None,
            dest=None,
            acted=False,
            offered=False,
            offer=None,
            turns=state.turns + 1,
        )
        return state, texts

    def _touched(self, state: MerchantsState, move: Move) -> tuple[Coord, ...]:
        """The planets a move concerns, for highlighting."""
        places = [at for at in (move.at, move.to) if at is not None]
        if not places and state.ship is not None:
            places = [state.ship[0]]
            if move.verb == "skip" and state.dest is not None:
                places.append(state.dest)
        return tuple(places)

    def leave(self, state: MerchantsState, seat: Seat) -> tuple[MerchantsState, list[Event]]:
        if seat in state.resigned or not 0 <= seat < len(state.players):
            raise IllegalMove("You are not playing in this game.")
        answering = state.step == "answer" and moves.offered_ship(state).owner == seat
        state = replace(state, resigned=(*state.resigned, seat))
        texts = [f"{state.players[seat]} resigned; their pieces stay on the board."]
        if self.outcome(state) is None:
            if state.turn == seat:
                state, more = self._end_turn(state, [])
            elif answering:
                state, more = effects.answer(state, False)
            else:
                more = []
            state, settled = self._settle(state)
            texts += more + settled
        return state, [Event(text) for text in texts]

    # Seeing

    def build_view(self, state: MerchantsState, seat: Seat | None) -> MerchantsView:
        buttons = tuple(
            text
            for actor in sorted(self.actors(state))
            for text in self.legal(state, actor).notations
            if " " not in text
        )
        return view.build(state, seat, buttons)

    def to_json(self, state: MerchantsState) -> core.JSON:
        return state_to_json(state)

    def from_json(self, data: core.JSON) -> MerchantsState:
        return state_from_json(data)


GAME = Merchants()
