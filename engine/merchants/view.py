"""Martian Merchants as one seat sees it: the whole table, since nothing is secret."""

from __future__ import annotations

from dataclasses import dataclass

from engine import core
from engine.core import Seat, View
from engine.merchants.effects import good
from engine.merchants.moves import actors, moving_ship, offered_ship
from engine.merchants.notation import place
from engine.merchants.scoring import outcome, turn_limit
from engine.merchants.state import (
    COLOUR_NAMES,
    DIE_FACES,
    STATIONS_TO_WIN,
    Coord,
    MerchantsState,
    Planet,
)


@dataclass(frozen=True, kw_only=True)
class MerchantsView(View):
    """The whole table: nothing in Martian Merchants is secret."""

    colour_names: tuple[str, ...]
    """By colour; seat N plays colour N. A colour past the last seat is neutral."""
    planets: tuple[Planet, ...]
    stash: tuple[int, ...]
    """Ships in each seat's stash."""
    stations: tuple[int, ...]
    """Stations each seat has built."""
    stations_to_win: int
    """Stations that win at once."""
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
    """Turns finished, by all seats together."""
    turn_limit: int
    """Turns after which the game ends (most stations win)."""
    resigned: tuple[Seat, ...]
    last: tuple[Seat, str] | None
    marked: tuple[Coord, ...]


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


def build(state: MerchantsState, seat: Seat | None, buttons: tuple[str, ...]) -> MerchantsView:
    """What `seat` (None: a spectator) sees, with `buttons` (the one-word legal moves of the seat
    that decides, the same for everyone)."""
    deciding = actors(state)
    seats = range(len(state.players))
    return MerchantsView(
        **core.seen(state.players, seat, deciding, outcome(state)),
        buttons=buttons,
        colour_names=COLOUR_NAMES[: state.colours],
        planets=state.planets,
        stash=tuple(state.stash(s) for s in seats),
        stations=tuple(state.stations(s) for s in seats),
        stations_to_win=STATIONS_TO_WIN,
        bank_planets=state.bank_planets,
        bank_goods=state.bank_goods,
        die=None if state.die is None else DIE_FACES[state.die],
        turn=state.turn,
        step="game over" if not deciding else step_phrase(state),
        bonuses=state.bonuses,
        ship=state.ship,
        offer=state.offer,
        trading=state.trading,
        turns=state.turns,
        turn_limit=turn_limit(state),
        resigned=state.resigned,
        last=state.last,
        marked=state.marked,
    )
