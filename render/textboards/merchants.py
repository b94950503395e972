"""Martian Merchants as a text board, and its reader.

What the picture shows, as lines: the players and their colours, who decides now or the result,
whose turn and what is decided, the turn count, stations built (and how many win), ships in each
stash, who resigned, the last move, the last roll and the bonuses left, the moving ship and a
swap offer, the planets the last move touched, then every planet (its colour, station, good and
the ships at its docks), and the bank. Planets are named by their coordinates `x,y` (x east,
y north), as moves name them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from engine.merchants import MerchantsView, Planet, Ship
from engine.merchants.notation import place
from engine.merchants.state import Coord
from render.textboards import TextBoard
from render.textboards.layout import (
    Reader,
    Table,
    Writer,
    listing,
    matched,
    number,
    table_of,
    unlist,
)

TITLE = "Martian Merchants"
SIDES = ("north", "east", "south", "west")
"""A planet's docks in order."""


@dataclass(frozen=True)
class MerchantsPosition:
    """The public position a Martian Merchants text board holds (the whole table)."""

    table: Table
    colour_names: tuple[str, ...]
    turn: int
    step: str
    turns: int
    turn_limit: int
    stations: tuple[int, ...]
    stations_to_win: int
    stash: tuple[int, ...]
    resigned: tuple[int, ...]
    trading: bool
    last: tuple[int, str] | None
    die: tuple[str, ...] | None
    bonuses: tuple[str, ...]
    ship: tuple[Coord, int] | None
    offer: tuple[Coord, int] | None
    marked: tuple[Coord, ...]
    planets: tuple[Planet, ...]
    bank_planets: tuple[int, ...]
    bank_goods: tuple[int, ...]


def position(view: MerchantsView) -> MerchantsPosition:
    """The public position of `view`."""
    return MerchantsPosition(
        table_of(view),
        view.colour_names,
        view.turn,
        view.step,
        view.turns,
        view.turn_limit,
        view.stations,
        view.stations_to_win,
        view.stash,
        view.resigned,
        view.trading,
        view.last,
        view.die,
        view.bonuses,
        view.ship,
        view.offer,
        view.marked,
        view.planets,
        view.bank_planets,
        view.bank_goods,
    )


def write(at: MerchantsPosition) -> str:
    colours = at.colour_names
    out = Writer(TITLE, at.table, colours[: len(at.table.players)])
    names = out.names
    out.add("Colours in play", listing(colours))
    out.add("Turn", f"{names.players[at.turn]}, {at.step}")
    out.add("Turns finished", f"{at.turns} of {at.turn_limit}")
    out.add("Stations built", names.numbers(at.stations))
    out.add("Stations that win", at.stations_to_win)
    out.add("Ships in stash", names.numbers(at.stash))
    out.add("Resigned", names.listing(at.resigned))
    out.add("Trading", "yes" if at.trading else "no")
    if at.last is not None:
        out.add("Last move", f"{names.players[at.last[0]]} played {at.last[1]}")
    out.add("Last roll", " and ".join(at.die) if at.die is not None else "none yet")
    out.add("Bonuses left", listing(at.bonuses))
    if at.ship is not None:
        out.add("Moving ship", _dock_words(at.ship))
    if at.offer is not None:
        out.add("Ship offered a swap", _dock_words(at.offer))
    out.add("Planets the last move touched", listing(map(place, at.marked), "; "))
    for planet in at.planets:
        out.add(f"Planet {place(planet.at)}", _planet_words(colours, planet))
    out.add("Planets in the bank", _counts(colours, at.bank_planets))
    out.add("Goods in the bank", _counts(colours, at.bank_goods))
    return out.text()


def _dock_words(dock: tuple[Coord, int]) -> str:
    """`at 0,1 north`."""
    return f"at {place(dock[0])} {SIDES[dock[1]]}"


def _planet_words(colours: tuple[str, ...], planet: Planet) -> str:
    """`blue, station, orange good; ships: north blue empty, east orange carrying green`."""
    words = [colours[planet.colour]]
    if planet.station:
        words.append("station")
    words.append("no good" if planet.good is None else f"{colours[planet.good]} good")
    ships = (
        f"{SIDES[side]} {colours[ship.owner]} "
        + ("empty" if ship.cargo is None else f"carrying {colours[ship.cargo]}")
        for side, ship in enumerate(planet.docks)
        if ship is not None
    )
    return ", ".join(words) + "; ships: " + listing(ships)


def _counts(colours: tuple[str, ...], counts: tuple[int, ...]) -> str:
    return listing(f"{colour} {count}" for colour, count in zip(colours, counts, strict=True))


_COORD = r"(-?\d+),(-?\d+)"
_DOCK = re.compile(rf"at {_COORD} (north|east|south|west)")
_TURNS = re.compile(r"(\d+) of (\d+)")
_PLANET = re.compile(r"(\w+)(, station)?, (?:no good|(\w+) good); ships: (.+)")
_SHIP = re.compile(r"(north|east|south|west) (\w+) (?:empty|carrying (\w+))")


def read(text: str) -> MerchantsPosition:
    """The position a text board written by `write` holds; TextBoardError if it is not one."""
    into = Reader(text, TITLE)
    names = into.names
    colours = tuple(unlist(into.take("Colours in play")))
    turn, step = names.take(into.take("Turn"))
    turns = matched(_TURNS, into.take("Turns finished"))
    stations = names.unnumbers(into.take("Stations built"))
    to_win = number(into.take("Stations that win"))
    stash = names.unnumbers(into.take("Ships in stash"))
    resigned = names.many(into.take("Resigned"))
    trading = into.take("Trading") == "yes"
    last = None
    said = into.maybe("Last move")
    if said is not None:
        seat, rest = names.take(said)
        last = (seat, rest.removeprefix(" played "))
    roll = into.take("Last roll")
    die = None if roll == "none yet" else tuple(roll.split(" and "))
    bonuses = tuple(unlist(into.take("Bonuses left")))
    ship = into.maybe("Moving ship")
    offer = into.maybe("Ship offered a swap")
    marked = tuple(
        _coord(item) for item in unlist(into.take("Planets the last move touched"), "; ")
    )
    planets = []
    while (label := into.peek()) is not None and label.startswith("Planet "):
        at = _coord(label.removeprefix("Planet "))
        planets.append(_planet(colours, at, into.take(label)))
    bank_planets = _uncounts(into.take("Planets in the bank"))
    bank_goods = _uncounts(into.take("Goods in the bank"))
    into.end()
    return MerchantsPosition(
        into.table,
        colours,
        turn,
        step.removeprefix(", "),
        number(turns[1]),
        number(turns[2]),
        stations,
        to_win,
        stash,
        resigned,
        trading,
        last,
        die,
        bonuses,
        None if ship is None else _dock(ship),
        None if offer is None else _dock(offer),
        marked,
        tuple(planets),
        bank_planets,
        bank_goods,
    )


def _coord(text: str) -> Coord:
    match = matched(re.compile(_COORD), text)
    return int(match[1]), int(match[2])


def _dock(text: str) -> tuple[Coord, int]:
    match = matched(_DOCK, text)
    return (int(match[1]), int(match[2])), SIDES.index(match[3])


def _planet(colours: tuple[str, ...], at: Coord, text: str) -> Planet:
    match = matched(_PLANET, text)
    docks: list[Ship | None] = [None] * len(SIDES)
    for item in unlist(match[4]):
        ship = matched(_SHIP, item)
        cargo = None if ship[3] is None else colours.index(ship[3])
        docks[SIDES.index(ship[1])] = Ship(colours.index(ship[2]), cargo)
    good = None if match[3] is None else colours.index(match[3])
    return Planet(at, colours.index(match[1]), good, match[2] is not None, tuple(docks))


def _uncounts(text: str) -> tuple[int, ...]:
    return tuple(number(item.split(" ")[1]) for item in unlist(text))


TEXT_BOARD = TextBoard(MerchantsView, position, write, read)
