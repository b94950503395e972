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

import functools
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from engine.core import (
    FIRST_PLAYER,
    JSON,
    Event,
    GameError,
    IllegalMove,
    Option,
    Outcome,
    Seat,
    choose_first,
    resolve_options,
)
from engine.merchants import effects
from engine.merchants.codec import state_from_json, state_to_json
from engine.merchants.effects import good
from engine.merchants.notation import match, notation, place, split_steps, tokens
from engine.merchants.options import (
    BONUS_OF,
    actions,
    bonus_moves,
    moving_ship,
    offered_ship,
    productions,
    stop_moves,
)
from engine.merchants.refusals import explain
from engine.merchants.state import (
    COLOUR_NAMES,
    DIE_FACES,
    PER_COLOUR,
    ROUNDS,
    STATIONS_TO_WIN,
    Coord,
    MerchantsState,
    MerchantsView,
    Move,
    Planet,
    Steps,
)

TRADING = Option("trading", bool, False, "Trading variant: ships at one planet may swap goods.")

START: dict[int, tuple[Coord, ...]] = {
    2: ((0, 0), (1, 0)),
    3: ((0, 0), (1, 0), (0, 1)),
    4: ((0, 0), (1, 0), (1, 1), (0, 1)),
}
"""The home planets placed at set-up, in seat order (three players: see `_start_planets`)."""

SKIP = Move("skip")
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


@functools.lru_cache(maxsize=512)
def _choices(state: MerchantsState) -> tuple[Move, ...]:
    """Every move of the seat to act now (the state must be settled, see `_settle`)."""
    step, seat = state.step, state.turn
    if step == "action":
        return tuple(actions(state, seat))
    if step in ("depart", "arrive"):
        return (*stop_moves(state), SKIP)
    if step == "answer":
        return Move("accept"), Move("decline")
    if step == "bonus":
        return (*bonus_moves(state, seat), SKIP)
    return tuple(productions(state, seat))


def step_phrase(state: MerchantsState) -> str:
    """What is decided now, in a few words."""
    if state.step == "action":
        return "choose an action"
    if state.step in ("depart", "arrive") and state.ship is not None:
        stop = "departure" if state.step == "depart" else "arrival"
        return f"{stop} stop at {place(state.ship[0])}"
    if state.step == "answer":
        _, _, mover = moving_ship(state)
        asked = offered_ship(state).cargo
        wants = "nothing" if asked is None else f"your {COLOUR_NAMES[asked]} good"
        return (
            f"accept or decline {state.players[mover.owner]}'s offer: "
            f"{good(mover.cargo)} for {wants}"
        )
    if state.step == "bonus":
        return "bonus: " + " and ".join(state.bonuses)
    return "production"


class Merchants:
    key = "merchants"
    title = "Martian Merchants"
    min_players = 2
    max_players = 4
    options: tuple[Option, ...] = (FIRST_PLAYER, TRADING)
    has_secrets = False

    def new_game(
        self, players: Sequence[str], options: Mapping[str, Any], seed: int
    ) -> MerchantsState:
        count = len(players)
        if not self.min_players <= count <= self.max_players:
            raise GameError("Martian Merchants is for 2 to 4 players.")
        chosen = resolve_options(self.options, options)
        first = choose_first(seed, count, chosen["first"])
        colours = max(count, 3)
        return MerchantsState(
            players=tuple(players),
            seed=seed,
            trading=chosen["trading"],
            planets=_start_planets(count, first),
            bank_planets=tuple(PER_COLOUR - (c < count) for c in range(colours)),
            bank_goods=(PER_COLOUR,) * colours,
            turn=first,
        )

    def actors(self, state: MerchantsState) -> frozenset[Seat]:
        if self.outcome(state) is not None:
            return frozenset()
        if state.step == "answer" and state.offer is not None:
            return frozenset({offered_ship(state).owner})
        return frozenset({state.turn})

    def legal_moves(self, state: MerchantsState, seat: Seat) -> list[Move]:
        if seat not in self.actors(state):
            return []
        return list(_choices(state))

    def parse(self, state: MerchantsState, seat: Seat, text: str) -> Move | Steps:
        """One move, or several steps (see `split_steps`), each read against the position the
        earlier ones leave; a refused step is named with the reason."""
        pieces = split_steps(text)
        if len(pieces) <= 1:
            return self._parse_one(state, seat, text)
        made: list[Move] = []
        for number, piece in enumerate(pieces, 1):
            try:
                move = self._parse_one(state, seat, piece)
            except GameError as error:
                reason = str(error)
                if made and seat not in self.actors(state) and self.outcome(state) is None:
                    reason = (
                        f"After `{notation(Steps(tuple(made)))}` it is no longer your turn to "
                        f"decide ({state.players[min(self.actors(state))]}: "
                        f"{step_phrase(state)})."
                    )
                raise type(error)(f"Step {number}, `{piece}`: {reason}") from error
            state, _ = self.apply(state, seat, move)
            made.append(move)
        return Steps(tuple(made))

    def _parse_one(self, state: MerchantsState, seat: Seat, text: str) -> Move:
        if self.outcome(state) is not None:
            raise IllegalMove("The game is over.")
        if seat not in self.actors(state):
            waiting = state.players[min(self.actors(state))]
            raise IllegalMove(f"It is {waiting}'s turn ({step_phrase(state)}).")
        return match(
            text, _choices(state), step_phrase(state), lambda words: explain(state, seat, words)
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
                move = self._parse_one(state, seat, piece)
            except GameError:
                return []
            state, _ = self.apply(state, seat, move)
            made.append(move)
        head = "".join(f"{notation(m)}; " for m in made)
        key = " ".join(tokens(last))
        legal = {notation(m): m for m in self.legal_moves(state, seat)}
        found = [t for t in legal if t.startswith(key)] + [
            t for t in legal if key in t and not t.startswith(key)
        ]
        texts = [head + text for text in found]
        if key in legal:
            after, _ = self.apply(state, seat, legal[key])
            texts += [f"{head}{key}; {notation(m)}" for m in self.legal_moves(after, seat)]
        return texts

    def notation(self, move: Move | Steps) -> str:
        return notation(move)

    def hidden(self, move: Move | Steps) -> bool:
        """Nothing in Martian Merchants is secret."""
        return False

    def apply(
        self, state: MerchantsState, seat: Seat, move: Move | Steps
    ) -> tuple[MerchantsState, list[Event]]:
        """The move made, or the steps made in order (the last move is then the whole command,
        marking every planet its steps touched)."""
        if isinstance(move, Move):
            return self._apply_one(state, seat, move)
        if not move.moves:
            raise IllegalMove("There is no step to make.")
        events: list[Event] = []
        marked: list[Coord] = []
        for step in move.moves:
            state, more = self._apply_one(state, seat, step)
            events += more
            marked += state.marked
        last = (seat, notation(move))
        return replace(state, last=last, marked=tuple(dict.fromkeys(marked))), events

    def _apply_one(
        self, state: MerchantsState, seat: Seat, move: Move
    ) -> tuple[MerchantsState, list[Event]]:
        if seat not in self.actors(state) or move not in _choices(state):
            raise IllegalMove(f"`{notation(move)}` is not a legal move now.")
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
        name = state.players
        while self.outcome(state) is None:
            step = state.step
            if step in ("depart", "arrive"):
                if state.ship is not None and stop_moves(state):
                    break
                state, more = self._end_stop(state)
            elif step == "bonus":
                if state.bonuses and bonus_moves(state, state.turn):
                    break
                if state.bonuses:
                    texts.append(f"No {' or '.join(state.bonuses)} bonus is possible.")
                state, more = replace(state, bonuses=(), step="produce"), []
            elif step == "action":
                if actions(state, state.turn):
                    break
                more = [f"{name[state.turn]} can take no action."]
                state = replace(state, step="produce")
            elif step == "produce":
                if productions(state, state.turn):
                    break
                state, more = self._end_turn(state, ["No good can be produced."])
            else:
                break
            texts += more
        return state, texts

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

    def resign(self, state: MerchantsState, seat: Seat) -> tuple[MerchantsState, list[Event]]:
        if self.outcome(state) is not None:
            raise IllegalMove("The game is over.")
        if seat in state.resigned or not 0 <= seat < len(state.players):
            raise IllegalMove("You are not playing in this game.")
        answering = state.step == "answer" and offered_ship(state).owner == seat
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

    def view(self, state: MerchantsState, seat: Seat | None) -> MerchantsView:
        actors = self.actors(state)
        buttons: tuple[str, ...] = ()
        if actors:
            buttons = tuple(notation(m) for m in _choices(state) if " " not in notation(m))
        seats = range(len(state.players))
        return MerchantsView(
            players=state.players,
            viewer=seat,
            actors=actors,
            outcome=self.outcome(state),
            buttons=buttons,
            colour_names=COLOUR_NAMES[: state.colours],
            planets=state.planets,
            stash=tuple(state.stash(s) for s in seats),
            stations=tuple(state.stations(s) for s in seats),
            bank_planets=state.bank_planets,
            bank_goods=state.bank_goods,
            die=None if state.die is None else DIE_FACES[state.die],
            turn=state.turn,
            step="game over" if not actors else step_phrase(state),
            bonuses=state.bonuses,
            ship=state.ship,
            offer=state.offer,
            trading=state.trading,
            turns=state.turns,
            turn_limit=ROUNDS * len(state.players),
            resigned=state.resigned,
            last=state.last,
            marked=state.marked,
        )

    def outcome(self, state: MerchantsState) -> Outcome | None:
        seats = range(len(state.players))
        scores = tuple(state.stations(s) for s in seats)
        for seat in seats:
            if scores[seat] >= STATIONS_TO_WIN:
                return Outcome((seat,), scores, f"{state.players[seat]} built three stations")
        playing = [s for s in seats if s not in state.resigned]
        if len(playing) < 2:
            return Outcome(tuple(playing), scores, "the other players resigned")
        if state.turns < ROUNDS * len(state.players):
            return None
        best = max(scores[s] for s in playing)
        leaders = tuple(s for s in playing if scores[s] == best)
        reason = f"turn limit reached; most stations: {best}"
        return Outcome(() if len(leaders) == len(playing) else leaders, scores, reason)

    def to_json(self, state: MerchantsState) -> JSON:
        return state_to_json(state)

    def from_json(self, data: JSON) -> MerchantsState:
        return state_from_json(data)


GAME = Merchants()
