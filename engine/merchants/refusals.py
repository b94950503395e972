"""Martian Merchants: why a typed move is refused, in words that name the rule it breaks.

Legality is decided by `engine.merchants.moves` alone; `explain` is asked only once the words
match no legal move (or a move is refused), and names the first rule they break (None when it
finds none: a typed move's refusal then lists what may be played).
"""

from __future__ import annotations

from engine.core import Seat
from engine.merchants.moves import BONUS_OF, Command, Move, Steps, actors, moving_ship
from engine.merchants.notation import notation, place, tokens
from engine.merchants.space import connected, neighbours
from engine.merchants.state import COLOUR_NAMES, Coord, MerchantsState, Planet
from engine.merchants.view import step_phrase
from engine.words import with_article

STOP_VERBS = ("deliver", "trade", "pickup", "offer")


def waiting(state: MerchantsState) -> str:
    """Whose turn it is, and what they decide, while the game runs."""
    return f"It is {state.players[min(actors(state))]}'s turn ({step_phrase(state)})."


def no_longer_yours(state: MerchantsState, made: Steps) -> str:
    """Why a command's next step is refused once its earlier steps, `made`, passed the decision
    to someone else."""
    return (
        f"After `{notation(made)}` it is no longer your turn to decide "
        f"({state.players[min(actors(state))]}: {step_phrase(state)})."
    )


def refused(state: MerchantsState, seat: Seat, move: Command) -> str:
    """Why `move`, well formed, is not legal for `seat`, who may act: the rule it breaks."""
    text = notation(move)
    reason = explain(state, seat, tokens(text)) if isinstance(move, Move) else None
    return reason or f"`{text}` is not a legal move now."


def _coords(words: tuple[str, ...]) -> list[Coord]:
    found = []
    for word in words:
        x, comma, y = word.partition(",")
        if comma and x.lstrip("-").isdigit() and y.lstrip("-").isdigit():
            found.append((int(x), int(y)))
    return found


def _colours(words: tuple[str, ...]) -> list[int]:
    return [COLOUR_NAMES.index(word) for word in words if word in COLOUR_NAMES]


def explain(state: MerchantsState, seat: Seat, words: tuple[str, ...]) -> str | None:
    """The rule that refuses `words` (canonical tokens, see `notation.tokens`) for `seat`."""
    verb = words[0]
    wrong_step = _wrong_step(state, verb)
    if wrong_step is not None:
        return wrong_step
    at, colours = _coords(words[1:]), _colours(words[1:])
    absent = [c for c in colours if c >= state.colours]
    if absent:
        playing = ", ".join(COLOUR_NAMES[: state.colours])
        return f"There is no {COLOUR_NAMES[absent[0]]} at this table; it plays {playing}."
    if verb in STOP_VERBS:
        return _stop(state, verb)
    if verb == "produce" and at and colours:
        return _produce(state, seat, colours[0], at[0])
    if verb == "launch" and at:
        return _launch(state, seat, at[0])
    if verb in ("move", "warp") and len(at) == 2:
        return _fly(state, seat, verb, at[0], at[1], colours[0] if colours else None)
    if verb == "discover" and at and colours:
        return _discover(state, colours[0], at[0])
    if verb == "consume" and at:
        planet = state.planet_at(at[0])
        if planet is None:
            return f"There is no planet at {place(at[0])}."
        return "Only a satisfied planet (one holding a good of its own colour) can be consumed."
    if verb == "export" and len(at) == 2:
        return _export(state, at[0], at[1])
    if verb == "reposition" and len(at) == 2:
        return _reposition(state, at[0], at[1])
    return None


def _wrong_step(state: MerchantsState, verb: str) -> str | None:
    """Why `verb` does not belong to the step now being decided, or None if it does."""
    step = state.step
    if step == "answer":
        if verb in ("accept", "decline"):
            return None
        return "A swap was offered: it must be accepted or declined first."
    if verb in ("accept", "decline"):
        return "Nobody offered you a swap to accept or decline."
    if step in ("depart", "arrive"):
        if verb in (*STOP_VERBS, "skip"):
            return None
        stop = "departure" if step == "depart" else "arrival"
        return (
            f"Your ship is making its {stop} stop: first `deliver`, `trade`, `pickup`"
            f"{', `offer`' if state.trading else ''} or `skip`."
        )
    if verb in STOP_VERBS:
        return f"`{verb}` happens at a ship's stops, during a move."
    if step == "bonus":
        allowed = [v for bonus in state.bonuses for v, of in BONUS_OF.items() if of == bonus]
        if verb in allowed or verb == "skip":
            return None
        taken = " and ".join(state.bonuses)
        return f"Your roll gives a {taken} bonus: {', '.join(allowed)}, or `skip` to decline."
    if step == "produce":
        if verb == "produce":
            return None
        return "Your action is done: now produce a good, like `produce orange 1,1`."
    if verb in ("export", "warp", "reposition"):
        return f"`{verb}` is a bonus action: it comes with a die roll after you consume a good."
    if verb == "produce":
        return "First take your action (move or launch a ship, discover or consume); then produce."
    if verb == "skip":
        return "The action is not optional: move or launch a ship, discover or consume."
    return None


def _stop(state: MerchantsState, verb: str) -> str | None:
    planet, _, ship = moving_ship(state)
    home = planet.colour == ship.owner
    colour = COLOUR_NAMES[planet.colour]
    if verb == "offer":
        if not state.trading:
            return "Swaps between ships need the table's trading option."
        if state.offered:
            return "This ship already offered a swap at this stop (one offer per stop)."
        return (
            "A swap is offered to another player's ship docked here, whose load differs from "
            "yours: name your good, theirs and their colour, like `offer green for orange to "
            "orange`."
        )
    if state.acted:
        return "This ship already delivered, traded or picked up at this stop (one per stop)."
    cargo = ship.cargo
    if verb == "pickup":
        if cargo is not None:
            return "A ship carries one good at a time, and this one is loaded."
        if not home:
            return "Goods are picked up only at your own home planets; elsewhere, trade for them."
        if planet.good is None:
            return "This planet holds no good to pick up."
        return "This good is the planet's own colour: it stays until the planet consumes it."
    if cargo is None:
        if verb == "deliver":
            return "This ship carries no good to deliver."
        return "An empty ship has nothing to trade; it needs a good of the planet's colour."
    if cargo != planet.colour:
        return (
            f"Only {with_article(colour)} good may be "
            f"{'delivered to' if verb == 'deliver' else 'traded at'} "
            f"this {colour} planet; this ship carries {COLOUR_NAMES[cargo]}."
        )
    if verb == "deliver":
        return "This planet already holds a good (one at a time); trade for it instead."
    if home:
        return (
            "No trading at your own home planet: here an empty ship picks up and a ship with "
            "your colour delivers."
        )
    if planet.good is None:
        return "This planet holds no good to trade for; deliver instead."
    return "This planet is satisfied (it holds its own colour) and trades nothing until consumed."


def _produce(state: MerchantsState, seat: Seat, colour: int, at: Coord) -> str | None:
    planet = state.planet_at(at)
    name = COLOUR_NAMES[colour]
    if planet is None:
        return f"There is no planet at {place(at)}."
    if planet.good is not None:
        return f"The planet at {place(at)} already holds a good (one at a time)."
    if colour == planet.colour:
        return "A planet never produces a good of its own colour."
    if not state.bank_goods[colour]:
        return f"The bank has no {name} good left."
    if colour == seat:
        return "You may not produce your own colour while the bank holds goods of another colour."
    return None


def _docks(planet: Planet) -> str:
    return f"The planet at {place(planet.at)} has no free dock (four ships at most)."


def _launch(state: MerchantsState, seat: Seat, at: Coord) -> str | None:
    planet = state.planet_at(at)
    if not state.stash(seat):
        return "You have no ship left to launch: yours are all in play or became stations."
    if planet is None:
        return f"There is no planet at {place(at)}."
    if planet.colour != seat:
        return "Ships launch only at your own home planets."
    return _docks(planet) if not planet.free_docks else None


def _fly(
    state: MerchantsState, seat: Seat, verb: str, at: Coord, to: Coord, cargo: int | None
) -> str | None:
    ships = [s for p, _, s in state.docked(seat) if p.at == at]
    if not ships:
        return f"You have no ship at {place(at)}."
    if cargo not in [s.cargo for s in ships]:
        load = "empty" if cargo is None else f"carrying {COLOUR_NAMES[cargo]}"
        return f"You have no ship {load} at {place(at)}; name the good a loaded ship carries."
    target = state.planet_at(to)
    if target is None:
        return f"There is no planet at {place(to)}."
    if verb == "warp":
        if target.colour != seat or not target.station:
            return "A warp goes only to one of your own stations."
    elif to not in neighbours(at):
        return (
            f"Ships fly only to an orthogonally adjacent planet: {place(to)} is not next to "
            f"{place(at)}."
        )
    return _docks(target) if not target.free_docks else None


def _discover(state: MerchantsState, colour: int, at: Coord) -> str | None:
    if not state.bank_planets[colour]:
        return f"The bank has no {COLOUR_NAMES[colour]} planet left."
    if state.planet_at(at) is not None:
        return f"There is already a planet at {place(at)}."
    if not any(state.planet_at(n) for n in neighbours(at)):
        return "A discovered planet goes next to a planet of the grid."
    return None


def _export(state: MerchantsState, at: Coord, to: Coord) -> str | None:
    source, target = state.planet_at(at), state.planet_at(to)
    if source is None or target is None:
        return f"There is no planet at {place(at if source is None else to)}."
    if source.good is None:
        return f"The planet at {place(at)} holds no good to export."
    return "Goods are exported only to an empty planet." if target.good is not None else None


def _reposition(state: MerchantsState, at: Coord, to: Coord) -> str | None:
    if state.planet_at(at) is None:
        return f"There is no planet at {place(at)}."
    if state.planet_at(to) is not None:
        return f"There is already a planet at {place(to)}."
    rest = {p.at for p in state.planets if p.at != at}
    if not any(n in rest for n in neighbours(to)):
        return "A repositioned planet lands next to another planet."
    if not connected(rest | {to}):
        return "The grid would fall apart: every planet must be connected once it lands."
    return None
