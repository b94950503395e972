"""What each move does to the table. Each function takes a state in which the move is legal and
returns the new state and the facts to narrate (sentences naming the player)."""

from __future__ import annotations

from dataclasses import replace

from engine.core import Seat, draw_rng
from engine.merchants.moves import moving_ship
from engine.merchants.notation import place
from engine.merchants.space import arrival_side
from engine.merchants.state import (
    COLOUR_NAMES,
    DIE_FACES,
    STATIONS_TO_WIN,
    Coord,
    MerchantsState,
    Planet,
    Ship,
)
from engine.words import with_article

Result = tuple[MerchantsState, list[str]]


def good(colour: int | None) -> str:
    """`an orange good`, `a blue good`, or `nothing`."""
    if colour is None:
        return "nothing"
    return f"{with_article(COLOUR_NAMES[colour])} good"


def with_planets(
    state: MerchantsState, *changed: Planet, gone: Coord | None = None
) -> MerchantsState:
    """`state` with `changed` planets replacing those at the same places (or added), the one at
    `gone` lifted off, kept in coordinate order."""
    keep = {p.at: p for p in state.planets if p.at != gone}
    keep.update({p.at: p for p in changed})
    return replace(state, planets=tuple(keep[at] for at in sorted(keep)))


def _planet(state: MerchantsState, at: Coord) -> Planet:
    planet = state.planet_at(at)
    assert planet is not None, f"no planet at {at}"
    return planet


def _bank(counts: tuple[int, ...], colour: int, change: int) -> tuple[int, ...]:
    return tuple(n + change if c == colour else n for c, n in enumerate(counts))


def _find_ship(state: MerchantsState, seat: Seat, at: Coord, cargo: int | None) -> int:
    """The side of `seat`'s first ship at `at` carrying `cargo`."""
    planet = _planet(state, at)
    return next(
        side
        for side, ship in enumerate(planet.docks)
        if ship is not None and ship.owner == seat and ship.cargo == cargo
    )


def _dock(state: MerchantsState, at: Coord, ship: Ship, came_from: Coord | None) -> Result:
    """`ship` docked at `at`, on the side `arrival_side` picks; the ship's dock is remembered."""
    target = _planet(state, at)
    side = arrival_side(target, came_from)
    state = with_planets(state, target.with_dock(side, ship))
    return replace(state, ship=(at, side)), []


def launch(state: MerchantsState, seat: Seat, at: Coord) -> Result:
    state, _ = _dock(state, at, Ship(seat), None)
    state = replace(state, step="arrive", dest=None, acted=False, offered=False)
    return state, [f"{state.players[seat]} launched a ship at {place(at)}."]


def start_move(
    state: MerchantsState, seat: Seat, at: Coord, to: Coord, cargo: int | None
) -> Result:
    """The ship is chosen; it makes its departure stop before it flies."""
    side = _find_ship(state, seat, at, cargo)
    state = replace(state, step="depart", ship=(at, side), dest=to, acted=False, offered=False)
    return state, []


def fly(state: MerchantsState) -> Result:
    """The moving ship leaves its departure planet and docks at its destination."""
    planet, side, ship = moving_ship(state)
    dest = state.dest
    assert dest is not None
    state = with_planets(state, planet.with_dock(side, None))
    state, _ = _dock(state, dest, ship, planet.at)
    state = replace(state, step="arrive", dest=None, acted=False, offered=False)
    return state, [
        f"{state.players[ship.owner]}'s ship flew from {place(planet.at)} to {place(dest)}."
    ]


def warp(state: MerchantsState, seat: Seat, at: Coord, to: Coord, cargo: int | None) -> Result:
    side = _find_ship(state, seat, at, cargo)
    planet = _planet(state, at)
    ship = planet.docks[side]
    assert ship is not None
    state = with_planets(state, planet.with_dock(side, None))
    state, _ = _dock(state, to, ship, None)
    state = replace(state, ship=None)
    return state, [
        f"{state.players[seat]} warped a ship from {place(at)} to the station at {place(to)}."
    ]


def deliver(state: MerchantsState) -> Result:
    """The ship's good onto the planet; at the owner's home without a station, a station."""
    planet, side, ship = moving_ship(state)
    owner, cargo = ship.owner, ship.cargo
    assert cargo is not None
    name = state.players[owner]
    if planet.colour == owner and not planet.station:
        held = planet.good
        built = replace(planet, station=True, good=cargo if held is None else held)
        state = with_planets(state, built.with_dock(side, None))
        if held is not None:
            state = replace(state, bank_goods=_bank(state.bank_goods, cargo, 1))
        count = state.stations(owner)
        kept = " (its good goes back to the bank)" if held is not None else ""
        events = [
            f"{name} delivered {good(cargo)} to {place(planet.at)}{kept} and built a station "
            f"there ({count} of {STATIONS_TO_WIN})."
        ]
        if count >= STATIONS_TO_WIN:
            events.append(f"{name} has built all three stations and wins!")
        return replace(state, ship=None, dest=None), events
    state = with_planets(state, replace(planet, good=cargo).with_dock(side, Ship(owner)))
    state = replace(state, acted=True)
    return state, [f"{name} delivered {good(cargo)} to {place(planet.at)}."]


def trade(state: MerchantsState) -> Result:
    """The ship's good (of the planet's colour) swapped for the planet's good."""
    planet, side, ship = moving_ship(state)
    swapped = replace(planet, good=ship.cargo).with_dock(side, Ship(ship.owner, planet.good))
    state = replace(with_planets(state, swapped), acted=True)
    name = state.players[ship.owner]
    return state, [
        f"{name} traded {good(ship.cargo)} for {good(planet.good)} at {place(planet.at)}."
    ]


def pickup(state: MerchantsState) -> Result:
    planet, side, ship = moving_ship(state)
    loaded = replace(planet, good=None).with_dock(side, Ship(ship.owner, planet.good))
    state = replace(with_planets(state, loaded), acted=True)
    name = state.players[ship.owner]
    return state, [f"{name} picked up {good(planet.good)} at {place(planet.at)}."]


def offer(state: MerchantsState, owner: Seat, cargo: int | None) -> Result:
    """A swap offered to `owner`'s ship carrying `cargo` here; `owner` answers next."""
    planet, _, ship = moving_ship(state)
    side = next(
        s
        for s, other in enumerate(planet.docks)
        if other is not None and other.owner == owner and other.cargo == cargo
    )
    state = replace(state, step="answer", offer=(planet.at, side), offered=True)
    players = state.players
    return state, [
        f"{players[ship.owner]} offers {players[owner]} {good(ship.cargo)} for {good(cargo)} "
        f"at {place(planet.at)}."
    ]


def answer(state: MerchantsState, accepted: bool) -> Result:
    """The offered swap is made or refused; the moving ship goes on with its stop."""
    planet, side, ship = moving_ship(state)
    assert state.offer is not None
    other_side = state.offer[1]
    other = planet.docks[other_side]
    assert other is not None
    back = "depart" if state.dest is not None else "arrive"
    if accepted:
        planet = planet.with_dock(side, Ship(ship.owner, other.cargo))
        planet = planet.with_dock(other_side, Ship(other.owner, ship.cargo))
        state = with_planets(state, planet)
    state = replace(state, step=back, offer=None)
    verdict = "accepted" if accepted else "declined"
    return state, [f"{state.players[other.owner]} {verdict} the swap."]


def consume(state: MerchantsState, seat: Seat, at: Coord) -> Result:
    """The satisfied planet's good goes back to the bank; the die is rolled for bonuses."""
    planet = _planet(state, at)
    assert planet.good is not None
    rolls = state.rolls + 1
    face = draw_rng(state.seed, rolls).randrange(len(DIE_FACES))
    state = with_planets(state, replace(planet, good=None))
    state = replace(
        state,
        bank_goods=_bank(state.bank_goods, planet.good, 1),
        rolls=rolls,
        die=face,
        bonuses=DIE_FACES[face],
        step="bonus",
    )
    rolled = " and ".join(f"a {b} bonus" for b in DIE_FACES[face])
    return state, [
        f"{state.players[seat]} consumed {good(planet.good)} at {place(at)} and rolled {rolled}."
    ]


def discover(state: MerchantsState, seat: Seat, colour: int, at: Coord) -> Result:
    state = with_planets(state, Planet(at, colour))
    state = replace(state, bank_planets=_bank(state.bank_planets, colour, -1))
    return state, [
        f"{state.players[seat]} discovered {with_article(COLOUR_NAMES[colour])} planet at "
        f"{place(at)}."
    ]


def produce(state: MerchantsState, seat: Seat, colour: int, at: Coord) -> Result:
    state = with_planets(state, replace(_planet(state, at), good=colour))
    state = replace(state, bank_goods=_bank(state.bank_goods, colour, -1))
    return state, [f"{state.players[seat]} produced {good(colour)} on {place(at)}."]


def export(state: MerchantsState, seat: Seat, at: Coord, to: Coord) -> Result:
    source, target = _planet(state, at), _planet(state, to)
    state = with_planets(state, replace(source, good=None), replace(target, good=source.good))
    return state, [
        f"{state.players[seat]} exported {good(source.good)} from {place(at)} to {place(to)}."
    ]


def reposition(state: MerchantsState, seat: Seat, at: Coord, to: Coord) -> Result:
    """The planet with its good, station and docked ships moves to `to`."""
    moved = replace(_planet(state, at), at=to)
    state = with_planets(state, moved, gone=at)
    return state, [f"{state.players[seat]} moved the planet at {place(at)} to {place(to)}."]
