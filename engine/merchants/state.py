"""Martian Merchants: the pieces, the state, the moves and the view.

Colours are numbered: seat N plays colour N, and with two players colour 2 is the neutral colour.
Planets sit on integer grid coordinates `(x, y)`, x growing to the east and y to the north. Each
planet has four docks, one per side, numbered north, east, south, west.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from engine.core import Seat, View

Coord = tuple[int, int]

COLOUR_NAMES = ("blue", "orange", "green", "yellow")
"""Colour N's name; seat N plays colour N (the board pictures use the same colours)."""
PER_COLOUR = 3
"""Each colour has 3 planets (large), 3 ships (medium) and 3 goods (small)."""
STATIONS_TO_WIN = 3
ROUNDS = 40
"""Ruling: the game also ends once every player has had this many turns (see game.py)."""

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
BONUS_SIZE = {"goods": "small", "ship": "medium", "planet": "large"}

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


@dataclass(frozen=True)
class MerchantsState:
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
    """The last move made (its seat and notation)."""
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


@dataclass(frozen=True, kw_only=True)
class MerchantsView(View):
    """The whole table: nothing in Martian Merchants is secret."""

    colour_names: tuple[str, ...]
    """By colour; seat N plays colour N. A colour past the last seat is neutral."""
    planets: tuple[Planet, ...]
    stash: tuple[int, ...]
    """Ships in each seat's stash."""
    stations: tuple[int, ...]
    bank_planets: tuple[int, ...]
    bank_goods: tuple[int, ...]
    die: tuple[str, ...] | None
    """The bonuses of the last roll (goods, ship, planet), or None before any roll."""
    turn: Seat
    step: str
    """What the player to act decides now, in a few words."""
    bonuses: tuple[str, ...]
    ship: tuple[Coord, int] | None
    """The dock of the ship being moved, if one is."""
    offer: tuple[Coord, int] | None
    trading: bool
    turns: int
    turn_limit: int
    resigned: tuple[Seat, ...]
    last: tuple[Seat, str] | None
    marked: tuple[Coord, ...]
