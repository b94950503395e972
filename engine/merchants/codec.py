"""The Martian Merchants state as a versioned JSON document, and back."""

from __future__ import annotations

from typing import Any

from engine.core import JSON, BadState
from engine.merchants.state import STEPS, Coord, MerchantsState, Planet, Ship

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
    return {
        "version": FORMAT_VERSION,
        "players": list(state.players),
        "seed": state.seed,
        "trading": state.trading,
        "planets": [_planet_to_json(p) for p in state.planets],
        "bank_planets": list(state.bank_planets),
        "bank_goods": list(state.bank_goods),
        "turn": state.turn,
        "step": state.step,
        "bonuses": list(state.bonuses),
        "ship": None if state.ship is None else [list(state.ship[0]), state.ship[1]],
        "dest": None if state.dest is None else list(state.dest),
        "acted": state.acted,
        "offered": state.offered,
        "offer": None if state.offer is None else [list(state.offer[0]), state.offer[1]],
        "die": state.die,
        "rolls": state.rolls,
        "turns": state.turns,
        "resigned": list(state.resigned),
        "last": None if state.last is None else [state.last[0], state.last[1]],
        "marked": [list(at) for at in state.marked],
    }


def state_from_json(data: JSON) -> MerchantsState:
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
