"""Martian Merchants: production, ships, stops (pickup, trade, delivery), stations and the win."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine.core import IllegalMove
from engine.merchants import GAME, Move, Ship
from tests.engine.test_merchants_positions import (
    ANN,
    BLUE,
    BOB,
    GREEN,
    ORANGE,
    at,
    moves,
    planet,
    play,
    table,
)

# Production


def test_production_never_uses_a_planets_own_colour() -> None:
    state = table(planet((0, 0), BLUE), planet((1, 0), ORANGE), step="produce")
    listed = moves(state)
    assert "produce orange 0,0" in listed and "produce green 0,0" in listed
    assert "produce orange 1,0" not in listed and "produce green 1,0" in listed


def test_production_never_uses_ones_own_colour_while_others_remain() -> None:
    state = table(planet((0, 0), BLUE), planet((1, 0), ORANGE), step="produce")
    assert not any(m.startswith("produce blue") for m in moves(state))
    only_blue = replace(state, bank_goods=(2, 0, 0))
    assert moves(only_blue) == ["produce blue 1,0"]


def test_production_is_skipped_when_impossible_and_then_the_turn_passes() -> None:
    # The only empty planet is blue and the bank holds only blue goods: nothing can be produced.
    state = table(
        planet((0, 0), BLUE),
        planet((1, 0), ORANGE, GREEN),
        planet((2, 0), GREEN, ORANGE, ships={"w": (ANN, None)}),
    )
    state = replace(state, bank_goods=(3, 0, 0))
    after, said = play(state, "move 2,0 1,0")
    assert "No good can be produced." in said
    assert after.turn == BOB and after.step == "action" and after.turns == 1


def test_the_turn_passes_only_after_production() -> None:
    state = GAME.new_game(["Ann", "Bob"], {"first": 1}, 5)
    state, _ = play(state, "discover green 2,0")
    assert GAME.actors(state) == {ANN} and state.step == "produce"
    state, said = play(state, "produce green 0,0")
    assert said == ["Ann produced a green good on 0,0."]
    assert GAME.actors(state) == {BOB} and state.step == "action"


# Launching and moving


def test_launch_onto_a_home_planet_and_pick_up_there_for_free() -> None:
    state = table(planet((0, 0), BLUE, ORANGE), planet((1, 0), ORANGE))
    state, said = play(state, "launch 0,0")
    assert said == ["Ann launched a ship at 0,0."]
    assert state.step == "arrive" and moves(state) == ["pickup", "skip"]
    state, said = play(state, "pickup")
    assert said[0] == "Ann picked up an orange good at 0,0."
    assert at(state, (0, 0)).good is None
    assert at(state, (0, 0)).docks[0] == Ship(ANN, ORANGE)
    assert state.step == "produce" and state.stash(ANN) == 2


def test_free_pick_up_when_leaving_a_home_planet() -> None:
    state = table(
        planet((0, 0), BLUE, GREEN, ships={"e": (ANN, None)}), planet((1, 0), ORANGE, BLUE)
    )
    state, _ = play(state, "move 0,0 1,0")
    assert state.step == "depart" and moves(state) == ["pickup", "skip"]
    state, said = play(state, "pickup")
    assert said == ["Ann picked up a green good at 0,0.", "Ann's ship flew from 0,0 to 1,0."]
    assert at(state, (1, 0)).docks[3] == Ship(ANN, GREEN), "docked on the side facing 0,0"
    assert state.step == "produce", "nothing to do at 1,0: the stop passes by itself"


def test_no_free_pick_up_away_from_home_nor_of_the_planets_own_colour() -> None:
    state = table(
        planet((0, 0), BLUE, BLUE, ships={"e": (ANN, None)}),
        planet((1, 0), ORANGE, GREEN),
        planet((0, 1), GREEN),
    )
    state, _ = play(state, "move 0,0 1,0")
    assert state.step == "produce", "no pickup of a satisfied home's good, none at 1,0"
    assert at(state, (1, 0)).good == GREEN


def test_a_ship_carries_one_good_so_a_loaded_ship_does_not_pick_up() -> None:
    state = table(
        planet((0, 0), BLUE, GREEN, ships={"e": (ANN, ORANGE)}), planet((1, 0), ORANGE, BLUE)
    )
    state, _ = play(state, "move 0,0 1,0 orange")
    assert state.step == "arrive" and moves(state) == ["trade", "skip"]


def test_moves_only_to_adjacent_planets() -> None:
    state = table(
        planet((0, 0), BLUE, ships={"n": (ANN, None)}),
        planet((1, 0), ORANGE),
        planet((1, 1), GREEN),
    )
    ship_moves = [m for m in moves(state) if m.startswith("move")]
    assert ship_moves == ["move 0,0 1,0"]
    with pytest.raises(IllegalMove):
        GAME.parse(state, ANN, "move 0,0 1,1")


def test_dock_limit_of_four_ships() -> None:
    full = {side: (BOB, None) for side in "nesw"}
    state = table(
        planet((0, 0), BLUE, ships=full),
        planet((1, 0), ORANGE, ships={"n": (ANN, None)}),
        planet((2, 0), GREEN, ships={"n": (ANN, None)}),
    )
    listed = moves(state)
    assert "launch 0,0" not in listed, "no free dock at home"
    assert "move 1,0 0,0" not in listed and "move 1,0 2,0" in listed
    with pytest.raises(IllegalMove):
        GAME.apply(state, ANN, Move("move", at=(1, 0), to=(0, 0)))


def test_ships_at_one_planet_are_told_apart_by_their_goods() -> None:
    state = table(
        planet((0, 0), BLUE, ships={"n": (ANN, None), "s": (ANN, ORANGE), "w": (ANN, None)}),
        planet((1, 0), ORANGE),
    )
    ship_moves = [m for m in moves(state) if m.startswith("move")]
    assert ship_moves == ["move 0,0 1,0", "move 0,0 1,0 orange"]
    state, _ = play(state, "move 0,0 1,0 orange", "deliver")
    assert at(state, (1, 0)).good == ORANGE
    assert at(state, (0, 0)).docks == (Ship(ANN), None, None, Ship(ANN))


# Trade and delivery


def test_trade_at_a_non_home_planet_satisfies_it() -> None:
    state = table(planet((0, 0), BLUE, ships={"e": (ANN, ORANGE)}), planet((1, 0), ORANGE, GREEN))
    state, said = play(state, "move 0,0 1,0 orange", "trade")
    assert "Ann traded an orange good for a green good at 1,0." in said
    target = at(state, (1, 0))
    assert target.good == ORANGE and target.satisfied
    assert target.docks[3] == Ship(ANN, GREEN)


def test_trade_at_departure_and_at_arrival_in_one_move() -> None:
    state = table(
        planet((0, 0), GREEN, ORANGE, ships={"e": (ANN, GREEN)}),
        planet((1, 0), ORANGE, BLUE),
    )
    state, _ = play(state, "move 0,0 1,0 green", "trade", "trade")
    assert at(state, (0, 0)).good == GREEN and at(state, (1, 0)).good == ORANGE
    assert at(state, (1, 0)).docks[3] == Ship(ANN, BLUE)


def test_trade_can_be_skipped() -> None:
    state = table(planet((0, 0), BLUE, ships={"e": (ANN, ORANGE)}), planet((1, 0), ORANGE, GREEN))
    state, _ = play(state, "move 0,0 1,0 orange", "skip")
    assert at(state, (1, 0)).good == GREEN and state.step == "produce"


def test_delivery_to_an_empty_planet_of_the_goods_colour() -> None:
    state = table(planet((0, 0), BLUE, ships={"e": (ANN, ORANGE)}), planet((1, 0), ORANGE))
    state, said = play(state, "move 0,0 1,0 orange")
    assert moves(state) == ["deliver", "skip"]
    state, said = play(state, "deliver")
    assert said[0] == "Ann delivered an orange good to 1,0."
    assert at(state, (1, 0)).satisfied and at(state, (1, 0)).docks[3] == Ship(ANN)


def test_no_delivery_to_a_planet_of_another_colour_or_already_holding_a_good() -> None:
    state = table(
        planet((0, 0), BLUE, ships={"e": (ANN, GREEN)}),
        planet((1, 0), ORANGE),
        planet((0, 1), GREEN, GREEN, ships={"s": (ANN, GREEN)}),
    )
    state, _ = play(state, "move 0,0 1,0 green")
    assert state.step == "produce", "green good, orange planet: nothing to do"
    other = table(planet((0, 0), BLUE, ships={"n": (ANN, GREEN)}), planet((0, 1), GREEN, GREEN))
    other, _ = play(other, "move 0,0 0,1 green")
    assert other.step == "produce", "the green planet is already satisfied"


# Stations and the win


def test_station_on_an_empty_home_planet_keeps_the_delivered_good() -> None:
    state = table(
        planet((0, 0), ORANGE, ships={"w": (ANN, BLUE)}),
        planet((-1, 0), BLUE),
        planet((1, 0), ORANGE),
    )
    state, _ = play(state, "move 0,0 -1,0 blue")
    assert moves(state) == ["deliver", "skip"]
    state, said = play(state, "deliver")
    assert said[0] == "Ann delivered a blue good to -1,0 and built a station there (1 of 3)."
    home = at(state, (-1, 0))
    assert home.station and home.good == BLUE and home.docks == (None,) * 4
    assert state.stations(ANN) == 1 and state.stash(ANN) == 2, "the ship left play"
    assert state.bank_goods[BLUE] == 2


def test_station_on_an_occupied_home_planet_returns_the_delivered_good() -> None:
    state = table(
        planet((0, 0), ORANGE, ships={"w": (ANN, BLUE)}),
        planet((-1, 0), BLUE, GREEN),
    )
    state, _ = play(state, "move 0,0 -1,0 blue")
    assert moves(state) == ["deliver", "skip"], "no trade at one's own home"
    state, said = play(state, "deliver")
    assert "(its good goes back to the bank)" in said[0]
    home = at(state, (-1, 0))
    assert home.station and home.good == GREEN
    assert state.bank_goods[BLUE] == 3


def test_a_home_planet_with_a_station_takes_ordinary_deliveries_only() -> None:
    state = table(
        planet((0, 0), ORANGE, ships={"w": (ANN, BLUE)}),
        planet((-1, 0), BLUE, station=True),
    )
    state, _ = play(state, "move 0,0 -1,0 blue", "deliver")
    home = at(state, (-1, 0))
    assert home.good == BLUE and home.docks[1] == Ship(ANN) and state.stations(ANN) == 1
    busy = table(
        planet((0, 0), ORANGE, ships={"w": (ANN, BLUE)}),
        planet((-1, 0), BLUE, GREEN, station=True),
    )
    busy, _ = play(busy, "move 0,0 -1,0 blue")
    assert busy.step == "produce", "no second station, no delivery onto a good, no trade at home"


def test_no_trade_at_ones_own_home_planet() -> None:
    """Trading is defined for other players' planets only; at home an empty ship picks up."""
    state = table(
        planet((0, 0), ORANGE, ships={"w": (ANN, BLUE)}),
        planet((-1, 0), BLUE, GREEN),
    )
    state, _ = play(state, "move 0,0 -1,0 blue")
    assert moves(state) == ["deliver", "skip"]
    with pytest.raises(IllegalMove):
        GAME.parse(state, ANN, "trade")


def test_a_station_built_at_departure_ends_the_ships_move() -> None:
    state = table(planet((0, 0), BLUE, ships={"e": (ANN, BLUE)}), planet((1, 0), ORANGE))
    state, said = play(state, "move 0,0 1,0 blue", "deliver")
    assert at(state, (0, 0)).station and at(state, (1, 0)).docks == (None,) * 4
    assert not any("flew" in text for text in said)
    assert state.step == "produce"


def test_third_station_wins_at_once() -> None:
    state = table(
        planet((0, 0), BLUE, station=True),
        planet((1, 0), BLUE, station=True),
        planet((2, 0), ORANGE, ships={"w": (ANN, BLUE)}),
        planet((2, 1), BLUE),
        players=3,
    )
    state, _ = play(state, "move 2,0 2,1 blue")
    assert GAME.outcome(state) is None
    state, said = play(state, "deliver")
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == (ANN,)
    assert outcome.scores == (3, 0, 0) and "three stations" in outcome.reason
    assert said[-1] == "Ann has built all three stations and wins!"
    assert GAME.actors(state) == frozenset() and GAME.legal_moves(state, ANN) == []
    with pytest.raises(IllegalMove):
        GAME.parse(state, ANN, "skip")


# Discovery and consumption


def test_an_orange_planet_is_discovered_with_an() -> None:
    state = table(planet((0, 0), BLUE), planet((1, 0), GREEN))
    _, said = play(state, "discover orange 2,0")
    assert said == ["Ann discovered an orange planet at 2,0."]


def test_discovery_next_to_any_planet_until_the_bank_is_empty() -> None:
    state = table(planet((0, 0), BLUE), planet((1, 0), ORANGE))
    state, said = play(state, "discover green 2,0")
    assert said == ["Ann discovered a green planet at 2,0."]
    assert at(state, (2, 0)).colour == GREEN and state.bank_planets == (2, 2, 2)
    empty_bank = replace(state, bank_planets=(0, 0, 0), step="action")
    assert not any(m.startswith("discover") for m in moves(empty_bank))


def test_consume_needs_a_satisfied_planet() -> None:
    state = table(planet((0, 0), BLUE, ORANGE), planet((1, 0), ORANGE, ORANGE))
    assert [m for m in moves(state) if m.startswith("consume")] == ["consume 1,0"]
    state, said = play(state, "consume 1,0")
    assert said[0].startswith("Ann consumed an orange good at 1,0 and rolled a ")
    assert at(state, (1, 0)).good is None and state.bank_goods[ORANGE] == 2
    assert state.die is not None


def test_no_possible_action_goes_straight_to_production() -> None:
    blocked = {side: (BOB, None) for side in "nesw"}
    state = table(
        planet((0, 0), BLUE, ships=blocked),
        planet((1, 0), ORANGE, ships=blocked),
        planet((2, 0), GREEN),
        turn=BOB,
        step="produce",
    )
    state = replace(state, bank_planets=(0, 0, 0))
    state, said = play(state, "produce blue 2,0")
    assert said[-1] == "Ann can take no action."
    assert state.turn == ANN and state.step == "produce"
