"""Mars vs. Earth timers: open phases run `timer` minutes, questions to one player `answer`
minutes, and a question that times out gets its stated default, told to the channel."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine.core import TimedGame
from engine.marsvsearth import GAME, MarsState
from engine.marsvsearth.state import ActiveThreat
from tests.engine.test_marsvsearth_rounds import on_trial
from tests.engine.test_marsvsearth_support import cards, humans, new, play, seat, texts, threat
from tests.engine.test_marsvsearth_threats import HERD, MILK, WATER, on, table


def timed_out(state: MarsState) -> tuple[MarsState, list[str]]:
    after, events = GAME.timeout(state)
    return after, texts(events)


def test_mars_vs_earth_is_a_timed_game_with_a_question_timer_option() -> None:
    assert isinstance(GAME, TimedGame)
    option = next(o for o in GAME.options if o.name == "answer")
    assert (option.default, option.show(0)) == (2, "answer: none")
    assert GAME.new_game(["a", "b", "c"], {"answer": 4}, 1).answer == 4


def test_every_new_question_gets_its_own_deadline() -> None:
    state = new(5, first=1)
    first = GAME.timed_phase(state)
    assert first == ("r0-round-q0", 120)
    state, _ = play(state, 0, "pass")
    second = GAME.timed_phase(state)
    assert second is not None and second != first and second[1] == 120
    state = table(on(WATER, 0, "sci3", "wild1"))
    wild = GAME.timed_phase(state)
    state, _ = play(state, 0, "wild good")
    assert GAME.timed_phase(state) not in (None, wild), "the skill question re-arms the timer"


def test_question_and_phase_timers_are_set_apart() -> None:
    assert GAME.timed_phase(new(5, answer=0)) is None
    state = humans(new(5, answer=0, timer=3))
    state = replace(
        state,
        phase="human",
        step=6,
        round=1,
        threats=(ActiveThreat(threat(WATER), leader=0),),
        order=(0,),
    )
    state = seat(state, 1, hand=cards("sci1"))
    assert GAME.timed_phase(state) == ("r1-human-0", 180)
    assert GAME.timed_phase(replace(state, timer=0)) is None
    with pytest.raises(Exception, match="No timed phase"):
        GAME.timeout(new(5, answer=0))


def test_a_leader_who_does_not_answer_leads_nothing() -> None:
    state, said = timed_out(new(5, first=1))
    assert said[:2] == [
        "Time is up: Ann did not answer, so the timer chooses `pass`.",
        "Ann leads no threat.",
    ]
    assert GAME.actors(state) == {1}


def test_timed_out_wild_symbols_count_good() -> None:
    _, said = timed_out(table(on(WATER, 0, "sci3", "wild2")))
    assert "Ann counts the wild symbols on Threat 1 (Tainted Water Supply) as good." in said


def test_a_timed_out_leader_adds_their_best_skill_for_the_threat() -> None:
    state = table(on(HERD, 0, "mil3"), agents=("brody",))  # Science 1, Diplomacy 2, Military 4
    _, said = timed_out(state)
    assert "Time is up: Ann did not answer, so the timer chooses `skill military`." in said
    assert "Ann adds Col. Hank Brody's Military (+4)." in said


def test_timed_out_effects_resolve_in_the_order_offered() -> None:
    state = table(on(WATER, 0, "sci1-sabot", "sci3", "dip1-shield", "mil3"))
    offered = GAME.view(state, None).buttons
    _, said = timed_out(state)
    assert f"Time is up: Ann did not answer, so the timer chooses `{offered[0]}`." in said


def test_a_timed_out_defendant_offers_no_defence_and_the_choice_stays_secret() -> None:
    state = on_trial(("sci3",), ("mil1", "mil1"))
    state, said = timed_out(state)
    assert said[0] == "Time is up: Bob did not answer, so the timer chooses for them."
    assert "Bob offers no defence." in said
    assert not any("sci3" in line for line in said)


def test_a_timed_out_ousted_human_lowers_the_highest_resource() -> None:
    state = replace(on_trial((), ("mil3", "mil3")), resources=(9, 11, 7, 11))
    assert GAME.actors(state) == {1}
    state, said = timed_out(state)
    assert "Time is up: Bob did not answer, so the timer chooses `lower people`." in said
    assert state.resources[:2] == (9, 10), "ties go to the first in track order"


def reinstating(*civilians: int) -> MarsState:
    state = table(on(MILK, 0, "dip1-recall", "dip3", "dip3"), resources=(9, 9, 4, 9))
    for civilian in civilians:
        state = seat(state, civilian, status="civilian", agent=None)
    state, _ = play(state, 0, "skill diplomacy")
    return state


def test_timed_out_reinstatement_picks_clockwise_keeps_the_first_agent_and_raises_the_lowest() -> (
    None
):
    state = reinstating(1, 3)
    assert GAME.actors(state) == {0}
    state, said = timed_out(state)
    assert "Time is up: Ann did not answer, so the timer chooses `reinstate bob`." in said
    first = state.agent_deck[0]
    state, said = timed_out(state)
    assert said[0] == "Time is up: Bob did not answer, so the timer chooses for them."
    assert (
        f"Bob is reinstated as {GAME.deck.agents[first].name}; their DNA is turned face "
        "down." in said
    )
    state, said = timed_out(state)
    assert "Time is up: Bob did not answer, so the timer chooses `raise tech`." in said
    assert state.resources[2] == 5


def test_timed_out_extra_bad_takes_the_first_resource_of_the_losses() -> None:
    state = seat(
        table(on(WATER, 1, "mil1")), 1, status="clone", agent=None, dna=(True, False, True)
    )
    after, said = timed_out(state)
    assert "Extra Bad: Bob removes 1 more Food." in said
    assert after.resources[:2] == (state.resources[0] - 2, state.resources[1] - 1)


def test_timed_out_intel_looks_at_the_next_player_clockwise() -> None:
    state = table(on(MILK, 2, "sci1-intel", "dip3", "dip3"))
    state, _ = play(state, 2, "skill diplomacy")
    _, events = GAME.timeout(state)
    assert "Cat secretly looks at Dan's newest DNA card." in texts(events)
    assert [e.to for e in events if e.to is not None and "DNA" in e.text] == [2]
