"""Mars vs. Earth at a real table: players with nothing to do (for a public reason) are not
waited for, and a player who resigns is out of everything that needs them."""

from __future__ import annotations

import json
from dataclasses import replace

from engine.marsvsearth import GAME, MarsState
from engine.marsvsearth.state import ActiveThreat
from tests.engine.test_marsvsearth_rounds import accusing, end_of_round, on_trial
from tests.engine.test_marsvsearth_support import cards, humans, new, play, seat, texts, threat
from tests.engine.test_marsvsearth_threats import MILK, WATER, on, table

# --- skipped for a public reason --------------------------------------------------------------


def promoting(hands: dict[int, tuple[str, ...]]) -> MarsState:
    """Accusations end with none made: Dan is a Civilian; the other seats hold `hands`."""
    state = humans(new(5))
    state = seat(state, 3, status="civilian", agent=None)
    for s, hand in hands.items():
        state = seat(state, s, hand=cards(*hand))
    state = replace(state, phase="accuse", step=8, round=1, choices=(), accusations=())
    for s in sorted(GAME.actors(state)):
        state, _ = play(state, s, "done")
    return state


def test_field_promotions_wait_only_for_agents_whose_hand_size_could_pay() -> None:
    state = promoting({0: ("sci1",), 1: ("sci1", "dip1"), 2: ("mil3", "mil3"), 4: ()})
    assert GAME.view(state, None).phase == "Field Promotions"
    assert GAME.actors(state) == {1, 2}, "one card (3 symbols at most) can never pay 5"
    assert [str(m) for m in GAME.legal_moves(state, 1)] == ["done"], (
        "Bob waits although his two cards cannot pay: nothing about them shows"
    )
    state, _ = play(state, 2, "promote dan")
    assert GAME.actors(state) == {1}, "Cat has asked for every Civilian there is"


def test_nobody_is_asked_when_no_agent_could_pay() -> None:
    state = promoting({0: ("sci1",), 1: (), 2: ("mil3",), 4: ()})
    assert GAME.view(state, None).phase == "Reveal and Discard"


def test_agents_wait_at_the_end_of_the_round_even_without_cards() -> None:
    state = end_of_round()
    assert 4 in GAME.actors(state) and state.seats[4].hand == (), (
        "only a hidden clone could reveal, so every Agent waits"
    )


def test_civilians_and_cooperative_players_without_cards_are_not_waited_for() -> None:
    state = seat(end_of_round(), 4, status="civilian", agent=None)
    assert 4 not in GAME.actors(state)
    coop = GAME.new_game(["Ann", "Bob"], {}, seed=4)
    coop = replace(coop, phase="endround", step=11, round=1, threats=(), order=())
    coop = seat(seat(coop, 0, hand=()), 1, hand=cards("sci1"))
    assert GAME.actors(coop) == {1}


# --- resigning ---------------------------------------------------------------------------------


def test_a_leader_who_resigns_during_influence_loses_the_threat_to_the_centre() -> None:
    state = humans(new(5))
    state = replace(
        state,
        phase="human",
        step=6,
        round=1,
        threats=(ActiveThreat(threat(WATER), leader=0), ActiveThreat(threat(MILK), leader=2)),
        order=(0, 1),
    )
    for s in range(5):
        state = seat(state, s, hand=cards("sci1"))
    state, events = GAME.resign(state, 0)
    assert "Threat 1 (Tainted Water Supply) has lost its leader and goes to the centre." in texts(
        events
    )
    view = GAME.view(state, None)
    assert view.threats[0].leader is None
    assert [t.position for t in view.threats] == [2, 1], "the centre is resolved last"
    assert 0 not in GAME.actors(state)


def test_a_leader_who_resigns_during_resolution_is_resolved_without_them() -> None:
    state = table(on(WATER, 0, "sci3"), on(MILK, 2, "dip1", "wild1"))
    assert GAME.actors(state) == {0}
    state, events = GAME.resign(state, 2)
    assert texts(events) == ["Cat resigned; their seat is skipped from now on."]
    state, events = play(state, 0, "skill science")
    said = texts(events)
    assert "Threat 2 (The Great Milk Shortage) has lost its leader and goes to the centre." in said
    assert any("has no leader, so its wild symbols (1) count as good" in t for t in said)
    shown = GAME.view(state, None).threats[1]
    assert shown.result is not None and shown.skill is None
    assert state.seats[2].resigned and state.leaving == ()
    assert GAME.from_json(json.loads(json.dumps(GAME.to_json(state)))) == state


def test_a_question_put_to_a_player_who_resigns_takes_its_default() -> None:
    state = table(on(WATER, 0, "sci3", "wild2"))
    state, events = GAME.resign(state, 0)
    assert "Ann counts the wild symbols on Threat 1 (Tainted Water Supply) as good." in texts(
        events
    )
    assert "Ann adds Agent Walt Granger's Science (+3)." in texts(events)


def test_nobody_who_resigned_is_tried() -> None:
    state = accusing()
    state, _ = play(state, 0, "accuse bob mil3")
    state, _ = play(state, 2, "second bob mil3")
    state, _ = GAME.resign(state, 1)
    for s in sorted(GAME.actors(state)):
        state, _ = play(state, s, "done")
    assert GAME.view(state, None).trials == ()


def test_a_player_who_resigns_before_their_trial_is_not_tried() -> None:
    state = on_trial(("sci1",), ("mil3", "mil3"))
    state = replace(
        state,
        accusations=(
            *state.accusations,
            *((2, giver, c) for giver, c in zip((0, 3), cards("dip1", "dip1"), strict=True)),
        ),
    )
    assert GAME.actors(state) == {1}
    state, _ = GAME.resign(state, 2)
    state, events = play(state, 1, "defend sci1")
    assert not any("Cat is on trial" in t for t in texts(events))
    assert [t.verdict.split(":")[0] for t in GAME.view(state, None).trials] == ["Bob"]


def test_a_defendant_who_resigns_ends_their_trial_and_lowers_nothing() -> None:
    state = on_trial(("sci1",), ("mil3", "mil3"))
    before = state.resources
    state, events = GAME.resign(state, 1)
    assert "Bob has left, so the trial ends." in texts(events)
    assert state.resources == before and GAME.view(state, None).trials == ()


def test_an_ousted_human_who_resigns_lowers_nothing() -> None:
    state = on_trial((), ("mil3", "mil3"))
    assert GAME.view(state, None).question == "Bob chooses a resource to lower by 1"
    before = state.resources
    state, events = GAME.resign(state, 1)
    assert "Bob has left, so no resource is lowered." in texts(events)
    assert state.resources == before


def test_a_player_who_resigned_is_never_picked() -> None:
    state = seat(accusing(), 3, resigned=True)
    assert not any("dan" in str(m) for m in GAME.legal_moves(state, 0)), "nor accused"
    state = table(on(MILK, 0, "dip1-recall", "dip3", "dip3"))
    state = seat(
        seat(state, 3, status="civilian", agent=None, resigned=True),
        4,
        status="civilian",
        agent=None,
    )
    state, events = play(state, 0, "skill diplomacy")
    assert "Ann reinstates Eve." in texts(events), "the only Civilian still playing"
