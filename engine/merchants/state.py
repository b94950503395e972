"""Martian Merchants: the pieces, the state, and the state as a versioned JSON document.

Colours are numbered: seat N plays colour N, and with two players colour 2 is the neutral colour.
Planets sit on integer grid coordinates `(x, y)`, x growing to the east and y to the north. Each
planet has four docks, one per side, numbered north, east, south, west.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from engine import core
from engine.core import JSON, BadState, Seat

Coord = tuple[int, int]

COLOUR_NAMES = ("blue", "orange", "green", "yellow")
"""Colour N's name; seat N plays colour N (the board pictures use the same colours)."""
PER_COLOUR = 3
"""Each colour has 3 planets (large), 3 ships (medium) and 3 goods (small)."""
STATIONS_TO_WIN = 3
ROUNDS = 40
"""Ruling: the game also ends once every player has had this many turns (see scoring.py)."""

SIDES = ("n", "e", "s", "w")
SIDE_STEP: tuple[Coord, ...] = ((0, 1), (1, 0), (0, -1), (-1, 0))
"""The neighbour each dock faces, by side."""

DIE_FACES: tuple[tuple[str, ...], ...] = (
    ("goods",),
    ("ship",),
    ("planet",),
    ("goods", "ship"),
    ("goods", "planet"),
    ("ship", "planet"),
)
"""The pyramid die's six faces as their bonuses: small = goods, medium = ship, large = planet."""

STEPS = ("action", "depart", "arrive", "answer", "bonus", "produce")
"""The decisions of a turn: the action, a ship's stops while it moves (departure and arrival), a
swap offer waiting for its answer, the bonuses of a roll, and production."""


@dataclass(frozen=True)
class Ship:
    """A medium pyramid of `owner`, carrying the good of colour `cargo` or nothing."""

    owner: Seat
    cargo: int | None = None


@dataclass(frozen=True)
class Planet:
    """A large pyramid of `colour` at `at`; its good, its station (of the colour's player) and
    its four docks (north, east, south, west), each empty or holding a ship."""

    at: Coord
    colour: int
    good: int | None = None
    station: bool = False
    docks: tuple[Ship | None, ...] = (None, None, None, None)

    @property
    def satisfied(self) -> bool:
        """Carrying a good of its own colour."""
        return self.good == self.colour

    @property
    def free_docks(self) -> int:
        return sum(ship is None for ship in self.docks)

    def with_dock(self, side: int, ship: Ship | None) -> Planet:
        docks = list(self.docks)
        docks[side] = ship
        return replace(self, docks=tuple(docks))


@dataclass(frozen=True)
class MerchantsState:
    """The table and where the turn stands: whose it is, the step being decided, the moving
    ship's stops, a swap offer waiting for its answer and the bonuses left."""

    players: tuple[str, ...]
    seed: int
    trading: bool
    planets: tuple[Planet, ...]
    """Ordered by coordinates."""
    bank_planets: tuple[int, ...]
    """Planets left in the bank, by colour."""
    bank_goods: tuple[int, ...]
    """Goods in the bank, by colour."""
    turn: Seat
    step: str = "action"
    bonuses: tuple[str, ...] = ()
    """Bonuses of the last roll not yet taken or declined."""
    ship: tuple[Coord, int] | None = None
    """The moving ship's dock (planet, side) during its stops."""
    dest: Coord | None = None
    """Where the moving ship flies after its departure stop."""
    acted: bool = False
    """Whether the moving ship already delivered, traded or picked up at this stop."""
    offered: bool = False
    """Whether the moving ship already offered a swap at this stop."""
    offer: tuple[Coord, int] | None = None
    """The dock of the ship offered a swap, while its owner answers."""
    die: int | None = None
    """The last roll (an index into DIE_FACES)."""
    rolls: int = 0
    """Rolls made so far: the draw counter of the die."""
    turns: int = 0
    """Turns completed."""
    resigned: tuple[Seat, ...] = ()
    last: tuple[Seat, str] | None = None
    """The last move made (its seat and notation; a command of several steps as a whole)."""
    marked: tuple[Coord, ...] = ()
    """The planets the last move touched."""

    @property
    def colours(self) -> int:
        """How many colours are in play: one per player, plus a neutral one with two players."""
        return len(self.bank_goods)

    def planet_at(self, at: Coord) -> Planet | None:
        for planet in self.planets:
            if planet.at == at:
                return planet
        return None

    def stations(self, seat: Seat) -> int:
        return sum(p.station for p in self.planets if p.colour == seat)

    def docked(self, seat: Seat) -> list[tuple[Planet, int, Ship]]:
        """`seat`'s ships on the board with their planet and side."""
        return [
            (planet, side, ship)
            for planet in self.planets
            for side, ship in enumerate(planet.docks)
            if ship is not None and ship.owner == seat
        ]

    def stash(self, seat: Seat) -> int:
        """Ships of `seat` not yet launched (those that became stations are gone)."""
        return PER_COLOUR - len(self.docked(seat)) - self.stations(seat)


FORMAT_VERSION = 1


def _coord(data: Any) -> Coord:
    x, y = data
    return int(x), int(y)


def _dock(data: Any) -> tuple[Coord, int] | None:
    return None if data is None else (_coord(data[0]), int(data[1]))


def _maybe_int(data: Any) -> int | None:
    return None if data is None else int(data)


def _ship_to_json(ship: Ship | None) -> list[int | None] | None:
    return None if ship is None else [ship.owner, ship.cargo]


def _ship_from_json(data: Any) -> Ship | None:
    return None if data is None else Ship(int(data[0]), _maybe_int(data[1]))


def _planet_to_json(planet: Planet) -> JSON:
    return {
        "at": list(planet.at),
        "colour": planet.colour,
        "good": planet.good,
        "station": planet.station,
        "docks": [_ship_to_json(ship) for ship in planet.docks],
    }


def _planet_from_json(data: Any) -> Planet:
    docks = tuple(_ship_from_json(ship) for ship in data["docks"])
    if len(docks) != 4:
        raise ValueError("a planet has four docks")
    return Planet(
        at=_coord(data["at"]),
        colour=int(data["colour"]),
        good=_maybe_int(data["good"]),
        station=bool(data["station"]),
        docks=docks,
    )


def state_to_json(state: MerchantsState) -> JSON:
    """The whole state as a JSON document of format `FORMAT_VERSION`."""
    return core.document(
        FORMAT_VERSION,
        state,
        trading=state.trading,
        planets=[_planet_to_json(p) for p in state.planets],
        bank_planets=list(state.bank_planets),
        bank_goods=list(state.bank_goods),
        turn=state.turn,
        step=state.step,
        bonuses=list(state.bonuses),
        ship=None if state.ship is None else [list(state.ship[0]), state.ship[1]],
        dest=None if state.dest is None else list(state.dest),
        acted=state.acted,
        offered=state.offered,
        offer=None if state.offer is None else [list(state.offer[0]), state.offer[1]],
        die=state.die,
        rolls=state.rolls,
        turns=state.turns,
        resigned=list(state.resigned),
        last=None if state.last is None else [state.last[0], state.last[1]],
        marked=[list(at) for at in state.marked],
    )


def state_from_json(data: JSON) -> MerchantsState:
    """The inverse of `state_to_json`; raises BadState for another format or a damaged state."""
    if not isinstance(data, dict) or data.get("version") != FORMAT_VERSION:
        raise BadState("This Martian Merchants game was saved in a format this bot cannot read.")
    try:
        last = data["last"]
        state = MerchantsState(
            players=tuple(str(p) for p in data["players"]),
            seed=int(data["seed"]),
            trading=bool(data["trading"]),
            planets=tuple(_planet_from_json(p) for p in data["planets"]),
            bank_planets=tuple(int(n) for n in data["bank_planets"]),
            bank_goods=tuple(int(n) for n in data["bank_goods"]),
            turn=int(data["turn"]),
            step=str(data["step"]),
            bonuses=tuple(str(b) for b in data["bonuses"]),
            ship=_dock(data["ship"]),
            dest=None if data["dest"] is None else _coord(data["dest"]),
            acted=bool(data["acted"]),
            offered=bool(data["offered"]),
            offer=_dock(data["offer"]),
            die=_maybe_int(data["die"]),
            rolls=int(data["rolls"]),
            turns=int(data["turns"]),
            resigned=tuple(int(s) for s in data["resigned"]),
            last=None if last is None else (int(last[0]), str(last[1])),
            marked=tuple(_coord(at) for at in data["marked"]),
        )
    except (KeyError, TypeError, ValueError, IndexError) as error:
        raise BadState(
            f"This Martian Merchants game's saved state is damaged ({error})."
        ) from error
    players = len(state.players)
    if (
        not 2 <= players <= 4
        or state.step not in STEPS
        or len(state.bank_goods) != max(players, 3)
        or len(state.bank_planets) != len(state.bank_goods)
        or [p.at for p in state.planets] != sorted({p.at for p in state.planets})
    ):
        raise BadState("This Martian Merchants game's saved state is damaged (wrong shape).")
    return state
