"""Martian Merchants: notation, the trading variant, resignation, the turn limit, the view and
JSON, and whole games played at random with the trading variant on."""

from __future__ import annotations

import json
import random
from dataclasses import replace

import pytest

from engine.core import AmbiguousMove, BadNotation, BadState, CompletingGame, IllegalMove
from engine.merchants import GAME, MerchantsState, Move, Ship
from engine.merchants.moves import Steps
from engine.merchants.state import ROUNDS
from tests.engine.test_merchants_positions import (
    ANN,
    BLUE,
    BOB,
    CID,
    GREEN,
    ORANGE,
    at,
    moves,
    planet,
    play,
    table,
)

# Notation


def test_notation_of_every_kind_of_move() -> None:
    cases = {
        "launch 0,0": Move("launch", at=(0, 0)),
        "move 0,0 -1,0": Move("move", at=(0, 0), to=(-1, 0)),
        "move 0,0 1,0 orange": Move("move", at=(0, 0), to=(1, 0), colour=ORANGE),
        "warp 2,0 0,0 blue": Move("warp", at=(2, 0), to=(0, 0), colour=BLUE),
        "discover green 2,-1": Move("discover", at=(2, -1), colour=GREEN),
        "produce orange 1,1": Move("produce", at=(1, 1), colour=ORANGE),
        "consume 1,0": Move("consume", at=(1, 0)),
        "export 1,0 0,1": Move("export", at=(1, 0), to=(0, 1)),
        "reposition 1,1 2,0": Move("reposition", at=(1, 1), to=(2, 0)),
        "offer green for blue to orange": Move("offer", owner=BOB, colour=BLUE, given=GREEN),
        "offer nothing for blue to orange": Move("offer", owner=BOB, colour=BLUE),
        "offer green for nothing to orange": Move("offer", owner=BOB, given=GREEN),
        "pickup": Move("pickup"),
        "skip": Move("skip"),
    }
    for text, move in cases.items():
        assert GAME.notation(move) == text


def test_parsing_is_forgiving() -> None:
    state = table(
        planet((0, 0), BLUE, GREEN, ships={"e": (ANN, None), "n": (ANN, ORANGE)}),
        planet((1, 0), ORANGE),
    )
    empty_ship = Move("move", at=(0, 0), to=(1, 0))
    loaded = Move("move", at=(0, 0), to=(1, 0), colour=ORANGE)
    assert GAME.parse(state, ANN, "  MOVE (0, 0) (1,0) ") == empty_ship
    assert GAME.parse(state, ANN, "fly 0,0 1,0 empty") == empty_ship
    assert GAME.parse(state, ANN, "move 0;0 1,0 o") == loaded
    assert GAME.parse(state, ANN, "discover g -1 , 0") == Move("discover", at=(-1, 0), colour=2)
    after, _ = GAME.apply(state, ANN, empty_ship)
    assert GAME.parse(after, ANN, "Pick up") == Move("pickup")
    assert GAME.parse(after, ANN, "pass") == Move("skip")


def test_an_unambiguous_beginning_is_enough() -> None:
    state = table(planet((0, 0), BLUE, ships={"e": (ANN, ORANGE)}), planet((1, 0), ORANGE))
    assert GAME.parse(state, ANN, "move 0,0") == Move("move", at=(0, 0), to=(1, 0), colour=ORANGE)
    with pytest.raises(AmbiguousMove, match="discover"):
        GAME.parse(state, ANN, "discover green")


def test_refusals_say_why() -> None:
    state = table(planet((0, 0), BLUE), planet((1, 0), ORANGE))
    with pytest.raises(BadNotation, match="keyword"):
        GAME.parse(state, ANN, "0,0 to 1,0")
    with pytest.raises(BadNotation):
        GAME.parse(state, ANN, "")
    with pytest.raises(IllegalMove, match="Only a satisfied planet"):
        GAME.parse(state, ANN, "consume 1,0")
    with pytest.raises(IllegalMove, match="Ann's turn"):
        GAME.parse(state, BOB, "launch 1,0")
    with pytest.raises(IllegalMove):
        GAME.apply(state, BOB, Move("launch", at=(1, 0)))


# The trading variant


def swap_table(trading: bool = True) -> MerchantsState:
    """Ann's ship with a green good will fly to 1,0, where Bob's ship holds an orange good."""
    return table(
        planet((0, 0), BLUE, ships={"e": (ANN, GREEN)}),
        planet((1, 0), GREEN, ships={"n": (BOB, ORANGE)}),
        planet((2, 0), ORANGE),
        players=3,
        trading=trading,
    )


def test_swaps_need_the_trading_variant() -> None:
    state, _ = play(swap_table(trading=False), "move 0,0 1,0 green")
    assert state.step == "arrive" and moves(state) == ["deliver", "skip"]


def test_an_accepted_offer_swaps_the_goods() -> None:
    state, _ = play(swap_table(), "move 0,0 1,0 green")
    assert moves(state) == ["deliver", "offer green for orange to orange", "skip"]
    state, said = play(state, "offer g for o to o")
    assert said == ["Ann offers Bob a green good for an orange good at 1,0."]
    assert GAME.actors(state) == {BOB}
    view = GAME.view(state, None)
    assert view.step == "accept or decline Ann's offer: a green good for your orange good"
    assert view.buttons == ("accept", "decline")
    with pytest.raises(IllegalMove):
        GAME.apply(state, ANN, Move("accept"))
    with pytest.raises(IllegalMove):
        GAME.apply(state, CID, Move("accept"))
    state, said = play(state, "accept")
    assert said == ["Bob accepted the swap."]
    planet_after = at(state, (1, 0))
    assert planet_after.docks[0] == Ship(BOB, GREEN)
    assert planet_after.docks[3] == Ship(ANN, ORANGE)
    assert GAME.actors(state) == {ANN} and state.step == "produce", "no more to do at 1,0"


def test_a_declined_offer_changes_nothing_and_the_stop_goes_on() -> None:
    offer = "offer green for orange to orange"
    state, _ = play(swap_table(), "move 0,0 1,0 green", offer, "decline")
    assert at(state, (1, 0)).docks[0] == Ship(BOB, ORANGE)
    assert GAME.actors(state) == {ANN}
    assert moves(state) == ["deliver", "skip"], "one offer per stop"


def test_no_offer_between_equal_loads_or_own_ships() -> None:
    state = table(
        planet((0, 0), BLUE, ships={"e": (ANN, GREEN)}),
        planet((1, 0), GREEN, GREEN, ships={"n": (BOB, GREEN), "s": (ANN, None)}),
        trading=True,
    )
    state, _ = play(state, "move 0,0 1,0 green")
    assert state.step == "produce"


def test_resigning_while_answering_declines() -> None:
    state, _ = play(swap_table(), "move 0,0 1,0 green", "offer green for orange to orange")
    state, events = GAME.resign(state, BOB)
    assert GAME.actors(state) == {ANN} and at(state, (1, 0)).docks[0] == Ship(BOB, ORANGE)
    assert "Bob declined the swap." in [e.text for e in events]


# Resignation and the turn limit


def test_resignation_with_two_players_ends_the_game() -> None:
    state = table(planet((0, 0), BLUE), planet((1, 0), ORANGE))
    state, events = GAME.resign(state, ANN)
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == (BOB,)
    assert events[0].text.startswith("Ann resigned")
    with pytest.raises(IllegalMove):
        GAME.resign(state, BOB)


def test_resigned_seats_are_skipped_and_their_pieces_stay() -> None:
    state = table(
        planet((0, 0), BLUE),
        planet((1, 0), ORANGE, ships={"n": (BOB, None)}),
        planet((0, 1), GREEN),
        players=3,
    )
    state, _ = GAME.resign(state, ANN)
    assert GAME.outcome(state) is None and state.turn == BOB
    state, _ = GAME.resign(state, CID)
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == (BOB,)
    assert at(state, (1, 0)).docks[0] == Ship(BOB)


def test_turn_order_skips_a_resigned_seat() -> None:
    state = table(planet((0, 0), BLUE), planet((1, 0), ORANGE), planet((0, 1), GREEN), players=3)
    state, _ = GAME.resign(state, BOB)
    state, _ = play(state, "discover green 2,0", "produce orange 0,0")
    assert state.turn == CID


def test_turn_limit_most_stations_wins() -> None:
    limit = ROUNDS * 3
    state = table(
        planet((0, 0), BLUE, station=True),
        planet((1, 0), ORANGE),
        planet((0, 1), GREEN, station=True),
        planet((2, 0), BLUE, station=True),
        players=3,
        step="produce",
        turns=limit - 1,
    )
    state, _ = play(state, "produce green 1,0")
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == (ANN,)
    assert outcome.scores == (2, 0, 1) and "turn limit" in outcome.reason
    tied = replace(state, planets=tuple(p for p in state.planets if p.at != (2, 0)))
    tied_outcome = GAME.outcome(tied)
    assert tied_outcome is not None and tied_outcome.winners == (ANN, CID)


def test_turn_limit_with_everyone_level_is_a_draw() -> None:
    state = table(planet((0, 0), BLUE), planet((1, 0), ORANGE), turns=ROUNDS * 2)
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.is_draw


# The view and JSON


def test_view_shows_the_whole_table() -> None:
    state = table(
        planet((0, 0), BLUE, ORANGE, ships={"e": (ANN, None)}),
        planet((1, 0), ORANGE, station=True),
    )
    state, _ = play(state, "move 0,0 1,0")
    view = GAME.view(state, None)
    assert view.step == "departure stop at 0,0" and view.buttons == ("pickup", "skip")
    assert view.ship == ((0, 0), 1) and view.marked == ((0, 0), (1, 0))
    assert view.last == (ANN, "move 0,0 1,0")
    assert view.stash == (2, 2) and view.stations == (0, 1)
    assert view.bank_goods == (3, 2, 3) and view.bank_planets == (2, 2, 3)
    assert view.die is None and view.private == () and view.turn_limit == ROUNDS * 2
    assert GAME.view(state, BOB) == replace(view, viewer=BOB)


def test_json_round_trip_and_damage() -> None:
    state, _ = play(swap_table(), "move 0,0 1,0 green", "offer green for orange to orange")
    data = json.loads(json.dumps(GAME.to_json(state)))
    assert GAME.from_json(data) == state
    with pytest.raises(BadState):
        GAME.from_json({**data, "version": 99})
    with pytest.raises(BadState):
        GAME.from_json({**data, "planets": [{"at": [0, 0]}]})
    with pytest.raises(BadState):
        GAME.from_json({**data, "step": "dance"})


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_with_trading_end(players: int) -> None:
    rng = random.Random(players)
    state = GAME.new_game(["A", "B", "C", "D"][:players], {"trading": True}, 31_337 + players)
    count = 0
    while GAME.outcome(state) is None:
        [seat] = GAME.actors(state)
        legal = GAME.legal_moves(state, seat)
        for move in legal:
            assert GAME.parse(state, seat, GAME.notation(move)) == move
        state, _ = GAME.apply(state, seat, rng.choice(legal))
        count += 1
        assert count < 10_000
    assert GAME.from_json(json.loads(json.dumps(GAME.to_json(state)))) == state


def test_the_guides_examples_are_moves() -> None:
    from club.guides.merchants import GUIDE
    from engine.merchants.notation import VERBS, tokens

    examples = GUIDE.full.split("`")[1::2]
    moves_shown = [text for text in examples if tokens(text) and tokens(text)[0] in VERBS]
    assert len(moves_shown) >= 15


# A whole turn in one command


def test_a_whole_turn_in_one_command() -> None:
    state = table(planet((0, 0), BLUE, ships={"e": (ANN, ORANGE)}), planet((1, 0), ORANGE))
    move = GAME.parse(state, ANN, "move 0,0 1,0 orange deliver; produce green 0,0")
    assert move == Steps(
        (
            Move("move", at=(0, 0), to=(1, 0), colour=ORANGE),
            Move("deliver"),
            Move("produce", at=(0, 0), colour=GREEN),
        )
    )
    text = GAME.notation(move)
    assert text == "move 0,0 1,0 orange; deliver; produce green 0,0"
    assert GAME.parse(state, ANN, text) == move
    after, events = GAME.apply(state, ANN, move)
    one_by_one, said = play(state, "move 0,0 1,0 orange", "deliver", "produce green 0,0")
    assert replace(after, last=None, marked=()) == replace(one_by_one, last=None, marked=())
    assert [e.text for e in events] == said
    assert after.last == (ANN, text) and set(after.marked) == {(0, 0), (1, 0)}
    assert GAME.actors(after) == {BOB}


def test_each_step_is_checked_against_the_position_the_earlier_ones_leave() -> None:
    state = table(planet((0, 0), BLUE, ships={"e": (ANN, ORANGE)}), planet((1, 0), ORANGE))
    with pytest.raises(IllegalMove, match="Step 3, `produce blue 1,0`"):
        GAME.parse(state, ANN, "move 0,0 1,0 orange; deliver; produce blue 1,0")
    with pytest.raises(IllegalMove, match=r"Step 4.*no longer your turn.*Bob"):
        GAME.parse(state, ANN, "move 0,0 1,0 orange; deliver; produce green 0,0; launch 0,0")
    with pytest.raises(BadNotation, match="Step 2"):
        GAME.parse(state, ANN, "move 0,0 1,0 orange; hop")
    assert GAME.parse(state, ANN, "move 0;0 1,0 o") == Move(
        "move", at=(0, 0), to=(1, 0), colour=ORANGE
    ), "a `;` inside a coordinate does not split steps"


def test_completions_go_on_from_the_steps_already_typed() -> None:
    state = table(planet((0, 0), BLUE, ships={"e": (ANN, ORANGE)}), planet((1, 0), ORANGE))
    assert isinstance(GAME, CompletingGame)
    assert GAME.completions(state, ANN, "move 0,0 1,0 orange") == [
        "move 0,0 1,0 orange",
        "move 0,0 1,0 orange; deliver",
        "move 0,0 1,0 orange; skip",
    ]
    assert GAME.completions(state, ANN, "move 0,0 1,0 o; deliver; produce g") == [
        "move 0,0 1,0 orange; deliver; produce green 0,0",
    ]
    assert GAME.completions(state, ANN, "move 0,0 1,0 o deliver;") == [
        "move 0,0 1,0 orange; deliver; produce orange 0,0",
        "move 0,0 1,0 orange; deliver; produce green 0,0",
    ]
    assert GAME.completions(state, ANN, "consume 1,0; pro") == [], "a refused step ends it"
    assert GAME.completions(state, BOB, "") == []
