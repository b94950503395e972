"""Martian Merchants moves: what a move is, who decides now, and the moves each step of a turn
offers.

Every function returns moves in a fixed order (no duplicates), so that listing is deterministic.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.core import Seat
from engine.merchants.scoring import outcome
from engine.merchants.space import frontier, neighbours, reposition_targets
from engine.merchants.state import Coord, MerchantsState, Planet, Ship


@dataclass(frozen=True)
class Move:
    """One decision. `verb` names it; the other fields as the verb needs them:

    - `launch at`; `move at to [colour]` (the ship at `at` carrying `colour`, or empty);
      `warp at to [colour]` (bonus: to one of one's stations);
    - `deliver`, `trade`, `pickup`, `skip` (at a stop; `skip` also declines bonuses);
    - `offer given colour owner` (trading variant: the moving ship, carrying `given`, offers to
      swap it for the `colour` good of `owner`'s ship docked here; None is no good), `accept`,
      `decline`;
    - `discover colour at`, `consume at`, `produce colour at`, `export at to`, `reposition at to`.
    """

    verb: str
    at: Coord | None = None
    to: Coord | None = None
    colour: int | None = None
    owner: Seat | None = None
    given: int | None = None


@dataclass(frozen=True)
class Steps:
    """Several moves of one player typed as one command (`move 0,0 1,0 deliver; produce orange
    1,1`), made in order, each against the position the earlier ones leave."""

    moves: tuple[Move, ...]


Command = Move | Steps
"""What one command makes: a single move, or several steps."""

SKIP = Move("skip")
"""Ends a stop with nothing (more) done there, or declines the bonuses left."""

BONUS_OF = {
    "export": "goods",
    "produce": "goods",
    "warp": "ship",
    "launch": "ship",
    "move": "ship",
    "reposition": "planet",
    "discover": "planet",
}
"""Which bonus a move uses when made as a bonus action."""


def productions(state: MerchantsState, seat: Seat) -> list[Move]:
    """Goods `seat` may produce: a bank good on an empty planet of another colour; never the
    producer's own colour while the bank holds any other colour."""
    stocked = [c for c, count in enumerate(state.bank_goods) if count]
    others = [c for c in stocked if c != seat]
    return [
        Move("produce", at=planet.at, colour=colour)
        for colour in (others or stocked)
        for planet in state.planets
        if planet.good is None and planet.colour != colour
    ]


def ship_moves(state: MerchantsState, seat: Seat) -> list[Move]:
    """Launches onto a home planet with a free dock, and moves of a docked ship to an adjacent
    planet with a free dock. Ships at one planet with the same load are interchangeable."""
    moves = []
    if state.stash(seat):
        moves += [
            Move("launch", at=p.at) for p in state.planets if p.colour == seat and p.free_docks
        ]
    for planet, _, ship in state.docked(seat):
        for near in neighbours(planet.at):
            target = state.planet_at(near)
            if target is not None and target.free_docks:
                moves.append(Move("move", at=planet.at, to=near, colour=ship.cargo))
    return _unique(moves)


def warps(state: MerchantsState, seat: Seat) -> list[Move]:
    """Bonus: a docked ship straight to one of the owner's stations with a free dock."""
    stations = [p for p in state.planets if p.colour == seat and p.station and p.free_docks]
    return _unique(
        [
            Move("warp", at=planet.at, to=station.at, colour=ship.cargo)
            for planet, _, ship in state.docked(seat)
            for station in stations
            if station.at != planet.at
        ]
    )


def discoveries(state: MerchantsState) -> list[Move]:
    """A bank planet of any colour placed next to any planet of the grid."""
    places = frontier({p.at for p in state.planets})
    return [
        Move("discover", at=at, colour=colour)
        for colour, count in enumerate(state.bank_planets)
        if count
        for at in places
    ]


def consumptions(state: MerchantsState) -> list[Move]:
    return [Move("consume", at=p.at) for p in state.planets if p.satisfied]


def exports(state: MerchantsState) -> list[Move]:
    """Bonus: any good moved from its planet to an empty planet."""
    empty = [p.at for p in state.planets if p.good is None]
    return [
        Move("export", at=p.at, to=to) for p in state.planets if p.good is not None for to in empty
    ]


def repositions(state: MerchantsState) -> list[Move]:
    """Bonus: a planet moved next to another one, the grid whole again once it lands."""
    return [
        Move("reposition", at=p.at, to=to)
        for p in state.planets
        for to in reposition_targets(state.planets, p.at)
    ]


def actions(state: MerchantsState, seat: Seat) -> list[Move]:
    """The turn's action: move (or launch) a ship, discover a planet, or consume a good."""
    return ship_moves(state, seat) + discoveries(state) + consumptions(state)


def bonus_moves(state: MerchantsState, seat: Seat) -> list[Move]:
    """The moves of the bonuses still to take (declining is `skip`, added by the caller)."""
    found: list[Move] = []
    for bonus in state.bonuses:
        if bonus == "goods":
            found += exports(state) + productions(state, seat)
        elif bonus == "ship":
            found += warps(state, seat) + ship_moves(state, seat)
        else:
            found += repositions(state) + discoveries(state)
    return found


def moving_ship(state: MerchantsState) -> tuple[Planet, int, Ship]:
    """The planet, side and ship of the ship making its stops."""
    assert state.ship is not None
    return _docked(state, state.ship)


def offered_ship(state: MerchantsState) -> Ship:
    """The ship a swap was offered to, while its owner answers."""
    assert state.offer is not None
    return _docked(state, state.offer)[2]


def _docked(state: MerchantsState, dock: tuple[Coord, int]) -> tuple[Planet, int, Ship]:
    at, side = dock
    planet = state.planet_at(at)
    assert planet is not None
    ship = planet.docks[side]
    assert ship is not None
    return planet, side, ship


def stop_moves(state: MerchantsState) -> list[Move]:
    """What the moving ship may do where it stops (before `skip`, which ends the stop):

    - deliver: its good has the planet's colour and the planet holds no good; or the planet is
      the owner's home without a station (a station is built, held good or not);
    - trade: its good has the planet's colour, the planet holds a good of another colour and is
      not the owner's home (there an empty ship picks up freely: trading is how a ship gets a
      good from someone else's planet);
    - pickup: it is empty, at the owner's home, which holds a good of another colour;
    - offer (trading variant): a swap of goods with another player's ship docked here.
    One delivery, trade or pickup per stop, and one offer.
    """
    planet, _, ship = moving_ship(state)
    owner = ship.owner
    moves = []
    if not state.acted:
        home = planet.colour == owner
        if ship.cargo == planet.colour:
            if planet.good is None or (home and not planet.station):
                moves.append(Move("deliver"))
            if planet.good is not None and not planet.satisfied and not home:
                moves.append(Move("trade"))
        if ship.cargo is None and home and planet.good is not None and not planet.satisfied:
            moves.append(Move("pickup"))
    if state.trading and not state.offered:
        moves += [
            Move("offer", owner=other.owner, colour=other.cargo, given=ship.cargo)
            for other in planet.docks
            if other is not None
            and other.owner != owner
            and other.owner not in state.resigned
            and other.cargo != ship.cargo
        ]
    return _unique(moves)


def actors(state: MerchantsState) -> frozenset[Seat]:
    """Who decides now: the seat whose turn it is, or the owner of a ship offered a swap while
    they answer; nobody once the game is over."""
    if outcome(state) is not None:
        return frozenset()
    if state.step == "answer" and state.offer is not None:
        return frozenset({offered_ship(state).owner})
    return frozenset({state.turn})


def choices(state: MerchantsState) -> list[Move]:
    """Every move of the seat that decides now, in a state where a decision waits (see
    `Merchants._settle`); `skip` comes last where a stop or the bonuses may be passed."""
    step, seat = state.step, state.turn
    if step == "action":
        return actions(state, seat)
    if step in ("depart", "arrive"):
        return [*stop_moves(state), SKIP]
    if step == "answer":
        return [Move("accept"), Move("decline")]
    if step == "bonus":
        return [*bonus_moves(state, seat), SKIP]
    return productions(state, seat)


def _unique(moves: list[Move]) -> list[Move]:
    return list(dict.fromkeys(moves))
