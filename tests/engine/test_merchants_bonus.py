"""Martian Merchants: the pyramid die, every bonus of every face, and keeping the grid whole."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine.core import IllegalMove
from engine.merchants import GAME, MerchantsState, Move, Ship
from engine.merchants.space import connected, reposition_targets
from engine.merchants.state import DIE_FACES
from tests.engine.test_merchants_positions import (
    ANN,
    BLUE,
    BOB,
    CID,
    DOT,
    GREEN,
    ORANGE,
    YELLOW,
    at,
    moves,
    planet,
    play,
    rigged,
    table,
)

GOODS, SHIP, PLANET = 0, 1, 2
GOODS_SHIP, GOODS_PLANET, SHIP_PLANET = 3, 4, 5


def consumed(face: int) -> MerchantsState:
    """Ann consumes the orange good of 1,0 and rolls `face`. The grid, a T:

        1,1 (blue, empty)
    0,0 (blue, Ann's station)   1,0 (orange)   2,0 (green, a blue good, Ann's ship with orange)
    """
    state = table(
        planet((0, 0), BLUE, station=True),
        planet((1, 0), ORANGE, ORANGE),
        planet((2, 0), GREEN, BLUE, ships={"w": (ANN, ORANGE)}),
        planet((1, 1), BLUE),
    )
    state, _ = play(rigged(state, face), "consume 1,0")
    return state


def verbs(state: MerchantsState) -> set[str]:
    return {m.split()[0] for m in moves(state)}


@pytest.mark.parametrize(
    ("face", "expected"),
    [
        (GOODS, {"export", "produce"}),
        (SHIP, {"warp", "launch", "move"}),
        (PLANET, {"reposition", "discover"}),
        (GOODS_SHIP, {"export", "produce", "warp", "launch", "move"}),
        (GOODS_PLANET, {"export", "produce", "reposition", "discover"}),
        (SHIP_PLANET, {"warp", "launch", "move", "reposition", "discover"}),
    ],
)
def test_each_face_offers_its_bonuses_and_a_skip(face: int, expected: set[str]) -> None:
    state = consumed(face)
    assert state.die == face and state.step == "bonus"
    assert verbs(state) == expected | {"skip"}
    view = GAME.view(state, None)
    assert view.die == DIE_FACES[face]
    assert view.step == "bonus: " + " and ".join(DIE_FACES[face])
    assert view.buttons == ("skip",)


def test_the_six_faces() -> None:
    assert DIE_FACES == (
        ("goods",),
        ("ship",),
        ("planet",),
        ("goods", "ship"),
        ("goods", "planet"),
        ("ship", "planet"),
    )


def test_goods_bonus_export_moves_any_good_to_any_empty_planet() -> None:
    state, said = play(consumed(GOODS), "export 2,0 1,1")
    assert said[0] == "Ann exported a blue good from 2,0 to 1,1."
    assert at(state, (1, 1)).good == BLUE and at(state, (2, 0)).good is None
    assert state.step == "produce", "a turn still ends with production"


def test_goods_bonus_produce_and_production_still_follows() -> None:
    state, _ = play(consumed(GOODS), "produce green 1,0")
    assert at(state, (1, 0)).good == GREEN and state.step == "produce"
    state, _ = play(state, "produce orange 1,1")
    assert state.turn == BOB


def test_ship_bonus_warp_to_a_station_without_stops() -> None:
    state, said = play(consumed(SHIP), "warp 2,0 0,0 orange")
    assert said[0] == "Ann warped a ship from 2,0 to the station at 0,0."
    assert at(state, (0, 0)).docks[0] == Ship(ANN, ORANGE)
    assert state.step == "produce"


def test_ship_bonus_move_action_with_its_stops() -> None:
    state, _ = play(consumed(SHIP), "move 2,0 1,0 orange")
    assert state.step == "arrive" and moves(state) == ["deliver", "skip"]
    state, _ = play(state, "deliver")
    assert at(state, (1, 0)).satisfied and state.step == "produce"


def test_ship_bonus_launch() -> None:
    state, said = play(consumed(SHIP), "launch 1,1")
    assert said[0] == "Ann launched a ship at 1,1."
    assert state.stash(ANN) == 0 and state.step == "produce"


def test_planet_bonus_reposition_carries_good_and_ships() -> None:
    state, said = play(consumed(PLANET), "reposition 2,0 -1,0")
    assert said[0] == "Ann moved the planet at 2,0 to -1,0."
    moved = at(state, (-1, 0))
    assert moved.colour == GREEN and moved.good == BLUE and moved.docks[3] == Ship(ANN, ORANGE)
    assert state.planet_at((2, 0)) is None and connected({p.at for p in state.planets})


def test_reposition_refused_when_it_would_split_the_grid() -> None:
    state = consumed(PLANET)
    listed = moves(state)
    assert not any(m.startswith("reposition 1,0 ") for m in listed), "1,0 holds the T together"
    assert reposition_targets(state.planets, (1, 0)) == []
    with pytest.raises(IllegalMove):
        GAME.parse(state, ANN, "reposition 1,0 3,0")
    with pytest.raises(IllegalMove):
        GAME.apply(state, ANN, Move("reposition", at=(1, 0), to=(1, -1)))
    assert "reposition 2,0 3,0" not in listed, "2,0 must land next to another planet"
    assert "reposition 2,0 0,1" in listed, "gaps are allowed"


def test_reposition_may_split_the_grid_while_the_planet_is_lifted() -> None:
    """A U: lifting its bottom middle splits it, but the new place joins both arms again."""
    state = table(
        planet((0, 1), BLUE),
        planet((0, 0), BLUE, station=True),
        planet((1, 0), ORANGE, ORANGE),
        planet((2, 0), GREEN),
        planet((2, 1), ORANGE),
    )
    state, _ = play(rigged(state, PLANET), "consume 1,0")
    assert "reposition 1,0 1,1" in moves(state)
    assert reposition_targets(state.planets, (1, 0)) == [(1, 1)]
    state, said = play(state, "reposition 1,0 1,1")
    assert said[0] == "Ann moved the planet at 1,0 to 1,1."
    assert connected({p.at for p in state.planets})


def test_planet_bonus_discover() -> None:
    state, _ = play(consumed(PLANET), "discover green 2,1")
    assert at(state, (2, 1)).colour == GREEN and state.step == "produce"


def test_two_bonuses_in_either_order() -> None:
    ship_first, _ = play(consumed(GOODS_SHIP), "warp 2,0 0,0 orange")
    assert ship_first.step == "bonus" and ship_first.bonuses == ("goods",)
    assert verbs(ship_first) == {"export", "produce", "skip"}
    ship_first, _ = play(ship_first, "export 2,0 1,1")
    goods_first, _ = play(consumed(GOODS_SHIP), "export 2,0 1,1")
    assert goods_first.bonuses == ("ship",)
    goods_first, _ = play(goods_first, "warp 2,0 0,0 orange")
    assert ship_first.planets == goods_first.planets
    assert ship_first.step == goods_first.step == "produce"


def test_a_bonus_move_returns_to_the_other_bonus_after_its_stops() -> None:
    state, _ = play(consumed(SHIP_PLANET), "move 2,0 1,0 orange", "deliver")
    assert state.step == "bonus" and state.bonuses == ("planet",)
    state, _ = play(state, "reposition 2,0 0,-1")
    assert state.step == "produce"


@pytest.mark.parametrize("face", range(6))
def test_every_bonus_may_be_declined(face: int) -> None:
    state, said = play(consumed(face), "skip")
    assert said[0] == f"Ann declined the {' and '.join(DIE_FACES[face])} bonus."
    assert state.step == "produce" and state.bonuses == ()


def test_skip_after_one_of_two_bonuses_declines_the_other() -> None:
    state, _ = play(consumed(GOODS_PLANET), "discover orange 3,0", "skip")
    assert state.step == "produce"


def test_a_bonus_that_cannot_be_used_is_dropped() -> None:
    # Four players; Ann's three ships are boxed in by full docks and she has no station.
    state = table(
        planet(
            (-1, 0),
            GREEN,
            ships={"n": (BOB, None), "e": (BOB, None), "s": (BOB, None), "w": (CID, None)},
        ),
        planet(
            (0, 0),
            ORANGE,
            ORANGE,
            ships={"n": (CID, None), "e": (CID, None), "s": (DOT, None), "w": (ANN, None)},
        ),
        planet(
            (1, 0),
            YELLOW,
            ships={"n": (ANN, None), "s": (ANN, None), "e": (DOT, None), "w": (DOT, None)},
        ),
        players=4,
    )
    assert [state.stash(seat) for seat in (ANN, BOB, CID, DOT)] == [0, 0, 0, 0]
    state, said = play(rigged(state, SHIP), "consume 0,0")
    assert said[-1] == "No ship bonus is possible."
    assert state.step == "produce"


def test_seeded_rolls_are_reproducible() -> None:
    base = table(planet((0, 0), BLUE, BLUE), planet((1, 0), ORANGE))
    first, _ = GAME.apply(base, ANN, Move("consume", at=(0, 0)))
    again, _ = GAME.apply(base, ANN, Move("consume", at=(0, 0)))
    assert first == again and first.rolls == 1
    faces = {
        GAME.apply(replace(base, rolls=n), ANN, Move("consume", at=(0, 0)))[0].die
        for n in range(60)
    }
    assert faces == set(range(6)), "every face comes up"
    other_seed = {
        GAME.apply(replace(base, seed=s), ANN, Move("consume", at=(0, 0)))[0].die for s in range(30)
    }
    assert len(other_seed) > 1, "the roll depends on the seed"


def test_greens_bank_is_untouched_by_the_helper() -> None:
    assert consumed(GOODS).bank_planets[GREEN] == 2
