"""Martian Merchants: every rule that can refuse a move names itself in the refusal."""

from __future__ import annotations

import pytest

from engine.core import IllegalMove
from engine.merchants import GAME, MerchantsState
from tests.engine.test_merchants_bonus import PLANET, consumed
from tests.engine.test_merchants_positions import (
    ANN,
    BLUE,
    BOB,
    GREEN,
    ORANGE,
    planet,
    play,
    table,
)


def opening() -> MerchantsState:
    """Ann (blue) to act: her empty ship at 0,0, Bob's four ships fill 2,0."""
    full = {side: (BOB, None) for side in "nesw"}
    return table(
        planet((0, 0), BLUE, ships={"e": (ANN, None)}),
        planet((1, 0), ORANGE, GREEN),
        planet((2, 0), GREEN, ships=full),
        planet((1, 1), ORANGE, ORANGE),
    )


def _produce_step() -> MerchantsState:
    """`opening` after Ann discovered a green planet at 0,1: she produces now."""
    state, _ = play(opening(), "discover green 0,1")
    assert state.step == "produce"
    return state


CASES = [
    (opening, "move 0,0 1,1", "not next to 0,0"),
    (opening, "move 1,0 2,0", "You have no ship at 1,0"),
    (opening, "move 0,0 1,0 orange", "no ship carrying orange at 0,0"),
    (opening, "discover green 1,1", "already a planet at 1,1"),
    (opening, "discover green 5,5", "next to a planet of the grid"),
    (opening, "consume 1,0", "Only a satisfied planet"),
    (opening, "consume 7,7", "There is no planet at 7,7"),
    (opening, "export 1,0 0,0", "bonus action"),
    (opening, "deliver", "at a ship's stops"),
    (opening, "accept", "Nobody offered you a swap"),
    (opening, "produce orange 0,0", "First take your action"),
    (_produce_step, "produce blue 2,0", "own colour while the bank holds"),
    (_produce_step, "produce orange 1,1", "already holds a good"),
    (_produce_step, "produce green 0,1", "never produces a good of its own colour"),
    (_produce_step, "launch 0,0", "now produce a good"),
    (opening, "discover yellow 0,2", "There is no yellow at this table; it plays blue, orange"),
    (_produce_step, "produce yellow 0,1", "There is no yellow at this table"),
]


@pytest.mark.parametrize(("make", "text", "reason"), CASES)
def test_the_refusal_names_the_rule(make: object, text: str, reason: str) -> None:
    assert callable(make)
    state = make()
    [seat] = GAME.actors(state)
    with pytest.raises(IllegalMove) as refused:
        GAME.parse(state, seat, text)
    assert reason in str(refused.value)


def test_swaps_need_the_trading_option() -> None:
    state = table(
        planet((0, 0), BLUE, ships={"e": (ANN, GREEN)}),
        planet((1, 0), GREEN, ships={"n": (BOB, ORANGE)}),
    )
    state, _ = play(state, "move 0,0 1,0 green")
    with pytest.raises(IllegalMove, match="trading option"):
        GAME.parse(state, ANN, "offer green for orange to orange")


def test_a_full_dock_and_a_launch_away_from_home() -> None:
    full = {side: (BOB, None) for side in "nesw"}
    state = table(
        planet((0, 0), BLUE, ships=full), planet((1, 0), ORANGE, ships={"n": (ANN, None)})
    )
    with pytest.raises(IllegalMove, match="no free dock"):
        GAME.parse(state, ANN, "launch 0,0")
    with pytest.raises(IllegalMove, match="no free dock"):
        GAME.parse(state, ANN, "move 1,0 0,0")
    with pytest.raises(IllegalMove, match="launch only at your own home planets"):
        GAME.parse(state, ANN, "launch 1,0")


@pytest.mark.parametrize(
    ("cargo", "colour", "good", "text", "reason"),
    [
        (ORANGE, GREEN, None, "deliver", "Only a green good may be delivered to"),
        (GREEN, ORANGE, None, "deliver", "Only an orange good may be delivered to"),
        (None, GREEN, ORANGE, "deliver", "carries no good to deliver"),
        (GREEN, GREEN, BLUE, "deliver", "already holds a good"),
        (GREEN, GREEN, None, "trade", "no good to trade for"),
        (None, GREEN, ORANGE, "pickup", "only at your own home planets"),
        (GREEN, GREEN, None, "pickup", "one good at a time"),
        (GREEN, GREEN, None, "offer green for orange to orange", "another player's ship"),
        (GREEN, GREEN, None, "produce orange 1,0", "arrival stop"),
    ],
)
def test_stop_refusals_name_the_rule(
    cargo: int | None, colour: int, good: int | None, text: str, reason: str
) -> None:
    state = table(
        planet((0, 0), BLUE, ships={"e": (ANN, cargo)}),
        planet((1, 0), colour, good, ships={"n": (BOB, BLUE)}),
        trading=True,
    )
    load = "" if cargo is None else " " + ("blue", "orange", "green")[cargo]
    state, _ = play(state, f"move 0,0 1,0{load}")
    assert state.step == "arrive", "the stop waits for a decision (skip at least)"
    with pytest.raises(IllegalMove) as refused:
        GAME.parse(state, ANN, text)
    assert reason in str(refused.value)


def test_no_trade_at_home_says_why() -> None:
    state = table(
        planet((0, 0), ORANGE, ships={"w": (ANN, BLUE)}),
        planet((-1, 0), BLUE, GREEN),
    )
    state, _ = play(state, "move 0,0 -1,0 blue")
    with pytest.raises(IllegalMove, match="No trading at your own home planet"):
        GAME.parse(state, ANN, "trade")


def test_a_satisfied_planet_trades_nothing_and_keeps_its_good() -> None:
    state = table(
        planet((0, 0), BLUE, ships={"e": (ANN, ORANGE)}),
        planet((1, 0), ORANGE, ORANGE, ships={"n": (BOB, GREEN)}),
        trading=True,
    )
    state, _ = play(state, "move 0,0 1,0 orange")
    with pytest.raises(IllegalMove, match="satisfied"):
        GAME.parse(state, ANN, "trade")


def test_bonus_refusals_name_the_rule() -> None:
    state = consumed(PLANET)
    with pytest.raises(IllegalMove, match="grid would fall apart"):
        GAME.parse(state, ANN, "reposition 1,0 3,0")
    with pytest.raises(IllegalMove, match="lands next to another planet"):
        GAME.parse(state, ANN, "reposition 2,0 5,5")
    with pytest.raises(IllegalMove, match="planet bonus: reposition, discover, or `skip`"):
        GAME.parse(state, ANN, "export 2,0 1,1")
