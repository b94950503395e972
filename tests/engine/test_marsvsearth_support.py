"""Shared helpers for the Mars vs. Earth tests: positions built from the deck by name."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from typing import Any

from engine.core import Event
from engine.marsvsearth import GAME, MarsState
from engine.marsvsearth.state import ActiveThreat, SeatState

DECK = GAME.deck
NAMES = ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jo")


def card(code: str, nth: int = 0) -> int:
    """The index of the `nth` skill card with `code`."""
    return [i for i, c in enumerate(DECK.skills) if c.code == code][nth]


def cards(*codes: str) -> tuple[int, ...]:
    """Distinct cards for `codes` (a repeated code takes the next copy)."""
    seen: dict[str, int] = {}
    out = []
    for code in codes:
        out.append(card(code, seen.get(code, 0)))
        seen[code] = seen.get(code, 0) + 1
    return tuple(out)


def threat(name: str) -> int:
    return next(i for i, t in enumerate(DECK.threats) if t.name == name)


def agent(code: str) -> int:
    return next(i for i, a in enumerate(DECK.agents) if a.code == code)


def new(players: int = 5, seed: int = 1, **options: Any) -> MarsState:
    return GAME.new_game(list(NAMES[:players]), options, seed)


def seat(state: MarsState, index: int, **changes: Any) -> MarsState:
    """`state` with seat `index` changed."""
    seats = tuple(replace(s, **changes) if i == index else s for i, s in enumerate(state.seats))
    return replace(state, seats=seats)


def humans(state: MarsState, agents: Iterable[str] | None = None) -> MarsState:
    """Every seat a human Agent with one human DNA card and an empty hand."""
    codes = list(agents) if agents is not None else [a.code for a in DECK.agents]
    seats = tuple(
        SeatState("agent", agent(codes[i % len(codes)]), (False,), ())
        for i in range(len(state.seats))
    )
    return replace(state, seats=seats)


def resolving(state: MarsState, *threats: ActiveThreat, **changes: Any) -> MarsState:
    """`state` at the start of step 7 with `threats` on the table, resolved in order."""
    base = dict(
        phase="resolve",
        threats=threats,
        order=tuple(range(len(threats))),
        choices=(),
        current=None,
        round=1,
        step=7,
    )
    base.update(changes)
    return replace(state, **base)


def play(state: MarsState, who: int, text: str) -> tuple[MarsState, list[Event]]:
    return GAME.apply(state, who, GAME.parse(state, who, text))


def texts(events: Iterable[Event]) -> list[str]:
    return [e.text for e in events if e.to is None]


def run_until(state: MarsState, *answers: tuple[int, str]) -> tuple[MarsState, list[Event]]:
    """Give each (seat, move) in turn, collecting the events."""
    events: list[Event] = []
    for who, text in answers:
        state, more = play(state, who, text)
        events += more
    return state, events


def next_round(state: MarsState) -> MarsState:
    """Play on (Done, else each question's first answer) until a new round begins."""
    now = state.round
    while state.round == now and GAME.outcome(state) is None:
        who = min(GAME.actors(state))
        moves = [str(m) for m in GAME.legal_moves(state, who)]
        state, _ = play(state, who, "done" if "done" in moves else moves[0])
    assert GAME.outcome(state) is None
    return state
