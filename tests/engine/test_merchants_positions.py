"""Martian Merchants: building positions for the rule tests, and the set-up by player count."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

import pytest

from engine.core import draw_rng
from engine.merchants import GAME, MerchantsState, Move, Planet, Ship
from engine.merchants.state import DIE_FACES, PER_COLOUR, Coord

BLUE, ORANGE, GREEN, YELLOW = 0, 1, 2, 3
ANN, BOB, CID, DOT = 0, 1, 2, 3
NAMES = ("Ann", "Bob", "Cid", "Dot")
SEED = 8_675_309


def planet(
    at: Coord,
    colour: int,
    good: int | None = None,
    *,
    station: bool = False,
    ships: Mapping[str, tuple[int, int | None]] | None = None,
) -> Planet:
    """A planet; `ships` maps a side (`n`, `e`, `s`, `w`) to (owner, cargo)."""
    docks: list[Ship | None] = [None] * 4
    for side, (owner, cargo) in (ships or {}).items():
        docks["nesw".index(side)] = Ship(owner, cargo)
    return Planet(at, colour, good, station, tuple(docks))


def table(*planets: Planet, players: int = 2, turn: int = ANN, **fields: Any) -> MerchantsState:
    """A position: the planets given, the bank holding everything else."""
    colours = max(players, 3)
    on_board = [p.good for p in planets] + [s.cargo for p in planets for s in p.docks if s]
    state = MerchantsState(
        players=NAMES[:players],
        seed=SEED,
        trading=False,
        planets=tuple(sorted(planets, key=lambda p: p.at)),
        bank_planets=tuple(
            PER_COLOUR - sum(p.colour == c for p in planets) for c in range(colours)
        ),
        bank_goods=tuple(PER_COLOUR - on_board.count(c) for c in range(colours)),
        turn=turn,
    )
    return replace(state, **fields)


def rigged(state: MerchantsState, face: int) -> MerchantsState:
    """`state` with its draw counter set so that the next roll shows `face` (see DIE_FACES)."""
    rolls = next(n for n in range(1000) if draw_rng(state.seed, n + 1).randrange(6) == face)
    return replace(state, rolls=rolls)


def play(state: MerchantsState, *texts: str) -> tuple[MerchantsState, list[str]]:
    """`state` after each move, typed by whoever must act; all the events' texts."""
    said: list[str] = []
    for text in texts:
        [seat] = GAME.actors(state)
        state, events = GAME.apply(state, seat, GAME.parse(state, seat, text))
        said += [e.text for e in events]
    return state, said


def moves(state: MerchantsState) -> list[str]:
    [seat] = GAME.actors(state)
    return [GAME.notation(m) for m in GAME.legal_moves(state, seat)]


def at(state: MerchantsState, where: Coord) -> Planet:
    found = state.planet_at(where)
    assert found is not None
    return found


def test_two_players_use_a_neutral_colour() -> None:
    state = GAME.new_game(["Ann", "Bob"], {"first": 1}, SEED)
    assert [(p.at, p.colour) for p in state.planets] == [((0, 0), BLUE), ((1, 0), ORANGE)]
    assert state.bank_planets == (2, 2, 3)
    assert state.bank_goods == (3, 3, 3)
    assert (state.stash(ANN), state.stash(BOB)) == (3, 3)
    assert GAME.view(state, None).colour_names == ("blue", "orange", "green")
    assert state.turn == ANN and state.step == "action"


def test_three_players_make_an_l_whose_middle_moves_last() -> None:
    for first in (1, 2, 3):
        state = GAME.new_game(NAMES[:3], {"first": first}, SEED)
        owners = {p.at: p.colour for p in state.planets}
        assert set(owners) == {(0, 0), (1, 0), (0, 1)}
        starter = first - 1
        assert state.turn == starter
        assert owners[(0, 0)] == (starter - 1) % 3, "the middle planet's owner moves last"
        assert owners[(1, 0)] == starter
        assert state.bank_planets == (2, 2, 2)


def test_four_players_make_a_square() -> None:
    state = GAME.new_game(NAMES, {}, SEED)
    owners = {p.at: p.colour for p in state.planets}
    assert owners == {(0, 0): BLUE, (1, 0): ORANGE, (1, 1): GREEN, (0, 1): YELLOW}
    assert state.bank_planets == (2, 2, 2, 2) and state.bank_goods == (3, 3, 3, 3)


def test_player_count_and_options_are_checked() -> None:
    with pytest.raises(Exception, match="2 to 4"):
        GAME.new_game(["Ann"], {}, SEED)
    with pytest.raises(Exception, match="trading"):
        GAME.new_game(["Ann", "Bob"], {"trading": "yes"}, SEED)
    assert GAME.new_game(["Ann", "Bob"], {"trading": True}, SEED).trading


def test_first_player_is_drawn_from_the_seed() -> None:
    firsts = {GAME.new_game(NAMES, {}, seed).turn for seed in range(60)}
    assert firsts == {0, 1, 2, 3}


def test_opening_moves() -> None:
    state = GAME.new_game(["Ann", "Bob"], {"first": 1}, SEED)
    listed = moves(state)
    assert "launch 0,0" in listed and "launch 1,0" not in listed
    assert "discover green 2,0" in listed and "discover blue -1,0" in listed
    assert not any(m.startswith(("move", "consume")) for m in listed)
    assert GAME.legal_moves(state, BOB) == []
    assert not any(GAME.hidden(m) for m in GAME.legal_moves(state, ANN))


def test_rigged_die_shows_the_face_asked_for() -> None:
    for face in range(len(DIE_FACES)):
        state = rigged(table(planet((0, 0), BLUE, BLUE), planet((1, 0), ORANGE)), face)
        after, _ = GAME.apply(state, ANN, Move("consume", at=(0, 0)))
        assert after.die == face and after.rolls == state.rolls + 1
