"""Mars vs. Earth, step 7: resolving threats, wild symbols, the leader's skill, every effect of
the vocabulary, counters, Extra Bad and both victories."""

from __future__ import annotations

from dataclasses import replace

from engine.marsvsearth import GAME, MarsState
from engine.marsvsearth.state import ActiveThreat
from tests.engine.test_marsvsearth_support import (
    cards,
    humans,
    new,
    next_round,
    play,
    resolving,
    run_until,
    seat,
    texts,
    threat,
)

WATER = "Tainted Water Supply"  # Science, target 7, gain food 1, loss food 1 + people 1
HERD = "The Abducted Herd"  # Military, target 6, no gain, loss food 2
MILK = "The Great Milk Shortage"  # Diplomacy, target 5, gain food 1, loss food 1


def on(name: str, leader: int | None, *codes: str, giver: int = 1, **more: object) -> ActiveThreat:
    return ActiveThreat(
        threat(name), leader=leader, cards=tuple((giver, c) for c in cards(*codes)), **more
    )  # type: ignore[arg-type]


def table(
    *threats: ActiveThreat,
    players: int = 5,
    agents: tuple[str, ...] = ("granger",),
    **changes: object,
) -> MarsState:
    state = humans(new(players), agents)
    return resolving(replace(state, pog=0), *threats, **changes)


def food(state: MarsState) -> int:
    return state.resources[0]


def test_the_rule_texts_worked_threat() -> None:
    """7 good symbols and 3 bad make +4; the leader adds Science 3; target 7: success."""
    state = table(on(WATER, 0, "sci3", "sci2", "sci2", "dip1", "mil2"))
    view = GAME.view(state, None)
    assert GAME.actors(state) == {0}
    assert (
        view.question == "Ann chooses which skill group of Agent Walt Granger to add to "
        "Threat 1 (Tainted Water Supply)"
    )
    shown = view.threats[0]
    assert sum(int(c.text.split()[-1]) for c in shown.good) == 7
    assert sum(int(c.text.split()[-1]) for c in shown.bad) == 3
    after, events = play(state, 0, "skill science")
    said = texts(events)
    assert "Ann adds Agent Walt Granger's Science (+3)." in said
    assert "Threat 1 (Tainted Water Supply): total 7 against target 7: SUCCESS." in said
    assert after.successes == 1 and food(after) == food(state) + 1


def test_a_skill_group_the_threat_does_not_need_counts_against_it() -> None:
    state = table(on(WATER, 0, "sci3", "sci2", "sci2", "dip1", "mil2"))
    after, events = play(state, 0, "skill military")
    assert "Threat 1 (Tainted Water Supply): total 2 against target 7: FAILURE." in texts(events)
    assert after.successes == 0 and after.failures == 1
    assert after.resources[:2] == (state.resources[0] - 1, state.resources[1] - 1)


def test_wild_symbols_are_the_leaders_choice() -> None:
    state = table(on(WATER, 0, "sci3", "wild2", "wild1"))
    assert GAME.view(state, None).buttons == ("wild good", "wild bad")
    good, _ = play(state, 0, "wild good")
    assert GAME.view(good, None).threats[0].total is None
    _, events = play(good, 0, "skill diplomacy")
    assert "total 4 against target 7" in " ".join(texts(events))  # 3 + 3 wild - 2
    bad, _ = play(state, 0, "wild bad")
    _, events = play(bad, 0, "skill science")
    assert "total 3 against target 7" in " ".join(texts(events))  # 3 - 3 wild + 3


def test_wild_symbols_count_good_on_an_unled_threat_and_no_skill_is_added() -> None:
    state = table(on(MILK, None, "dip1", "wild2", "mil1"))
    view = GAME.view(state, None)
    assert view.question is None, "nobody is asked about an un-led threat's wild symbols"
    shown = view.threats[0]
    assert shown.wild_good is True and shown.skill is None
    assert shown.total == 2 and shown.result == "failure"  # 1 + 2 - 1 < 5


def test_a_revealed_clone_leader_adds_no_skill() -> None:
    state = table(on(MILK, 1, "dip3", "dip2"))
    state = seat(state, 1, status="clone", agent=None, dna=(False, False, True))
    view = GAME.view(state, None)
    assert view.threats[0].result == "success" and view.threats[0].skill is None


def test_targets_rise_by_one_for_each_counter() -> None:
    state = table(on(MILK, None, "dip3", "dip2", counters=(3, 3)))
    view = GAME.view(state, None)
    assert view.threats[0].target == 7 and view.threats[0].result == "failure"


# --- effects -------------------------------------------------------------------------------------


def resolved(state: MarsState, *answers: tuple[int, str]) -> tuple[MarsState, list[str]]:
    events: list[str] = []
    for who, text in answers:
        state, more = play(state, who, text)
        events += [e.text for e in more]
    return state, events


def test_new_information_adds_the_top_two_draw_cards() -> None:
    top = cards("mil3", "sci1-recall")
    state = table(on(WATER, 0, "sci3-info", "sci2"), draw=top + cards("dip1"))
    view = GAME.view(state, None)
    shown = view.threats[0]
    assert view.threats[0].cards == 4
    assert [c.code for c in shown.bad] == ["mil3"]
    assert sorted(c.code for c in shown.good) == ["sci1-recall", "sci2", "sci3-info"]
    _, events = play(state, 0, "skill science")
    assert "total 6 against target 7" in " ".join(texts(events))  # 3 + 2 + 1 - 3 + 3
    assert not any("reinstate" in t for t in texts(events)), "added cards' effects are ignored"


def test_sabotage_and_shield_discard_the_strongest_good_and_bad_cards() -> None:
    state = table(on(WATER, 0, "sci1-sabot", "sci3", "sci2", "dip1-shield", "mil3", "mil1"))
    view = GAME.view(state, None)
    assert view.question is not None and "which effect" in view.question
    assert set(GAME.view(state, None).buttons) == {"effect sabotage", "effect shield"}
    state, _ = play(state, 0, "effect shield")
    shown = GAME.view(state, None).threats[0]
    assert [c.code for c in shown.good if c.cancelled] == ["sci3"]
    assert [c.code for c in shown.bad if c.cancelled] == ["mil3"]
    state, events = play(state, 0, "skill science")
    assert "total 4 against target 7" in " ".join(texts(events))  # (1 + 2) - (1 + 1) + 3


def test_supply_on_success_and_drain_on_failure() -> None:
    win = table(on(MILK, 0, "dip1-food", "dip3", "dip2"))
    after, _ = play(win, 0, "skill diplomacy")
    assert food(after) == food(win) + 1 + 1  # supply:food, then the threat's gain
    lose = table(on(MILK, 0, "sci2-nofood"))
    after, _ = play(lose, 0, "skill science")
    assert food(after) == food(lose) - 1 - 1  # drain:food, then the threat's loss
    no_supply = table(on(MILK, 0, "dip1-food"))
    after, _ = play(no_supply, 0, "skill science")
    assert food(after) == food(no_supply) - 1, "a success effect does nothing on a failure"


def test_momentum_and_setback_change_the_next_unresolved_threat() -> None:
    state = table(on(MILK, 0, "mil1-push", "dip3", "dip3"), on(MILK, 2, "dip1"))
    state, _ = play(state, 0, "skill diplomacy")
    assert GAME.view(state, None).threats[1].bonus == 2
    state = table(on(MILK, 0, "dip2-drag"), on(MILK, 2, "dip1"))
    state, _ = play(state, 0, "skill science")
    assert GAME.view(state, None).threats[1].bonus == -2
    last = table(on(MILK, 0, "mil1-push", "dip3", "dip3"))
    _, events = play(last, 0, "skill diplomacy")
    assert any("no unresolved threat" in t for t in texts(events))


def test_seize_gives_the_leader_the_overridden_pog_and_is_ignored_unled() -> None:
    state = table(on(MILK, 2, "dip2-seize", "dip3"))
    after, _ = play(state, 2, "skill diplomacy")
    assert (after.pog, after.pog_override) == (2, True)
    unled = table(on(MILK, None, "dip2-seize", "dip3"))
    view = GAME.view(unled, None)
    assert view.threats[0].result == "success" and (view.pog, view.pog_override) == (0, False)


def test_intel_shows_a_dna_card_to_the_leader_only() -> None:
    state = table(on(MILK, 0, "sci1-intel", "dip3", "dip3"))
    state = seat(state, 3, dna=(False, True))
    state, _ = play(state, 0, "skill diplomacy")
    assert {str(m) for m in GAME.legal_moves(state, 0)} == {
        "intel bob",
        "intel cat",
        "intel dan",
        "intel eve",
    }
    _, events = play(state, 0, "intel dan")
    secret = [e for e in events if "wave-2 DNA card: Martian Clone" in e.text]
    assert len(secret) == 1 and secret[0].to == 0
    assert "Ann secretly looks at Dan's newest DNA card." in texts(events)


def test_the_dna_card_looked_at_stays_in_the_lookers_view_until_the_round_ends() -> None:
    state = table(on(MILK, 0, "sci1-intel", "dip3", "dip3"))
    state = seat(state, 3, dna=(False, True))
    state, _ = run_until(state, (0, "skill diplomacy"), (0, "intel dan"))
    look = "Your look this round at Dan's wave-2 DNA card: Martian Clone."
    assert look in GAME.view(state, 0).private
    for other in range(1, 5):
        assert not any("look" in line for line in GAME.view(state, other).private)
    assert "wave-2 DNA card" not in repr(GAME.view(state, None))
    state = next_round(state)
    assert not any("look" in line for line in GAME.view(state, 0).private)


def test_reinstate_brings_a_civilian_back_as_an_agent() -> None:
    state = table(on(MILK, 0, "dip1-recall", "dip3", "dip3"))
    state = seat(state, 3, status="civilian", agent=None)
    state, events = play(state, 0, "skill diplomacy")
    assert "Ann reinstates Dan." in texts(events)
    assert GAME.actors(state) == {3}
    offered = [str(m) for m in GAME.legal_moves(state, 3)]
    assert len(offered) == 2 and all(o.startswith("agent ") for o in offered)
    state, _ = play(state, 3, offered[1])
    before = state.resources[2]
    state, _ = play(state, 3, "raise tech")
    assert state.seats[3].status == "agent"
    assert state.seats[3].agent is not None
    assert state.resources[2] == min(20, before + 1)


def test_effect_order_is_asked_of_the_initiative_holder_when_unled() -> None:
    state = table(on(WATER, None, "sci1-sabot", "dip1-shield", "sci3", "mil3"), pog=3)
    assert GAME.actors(state) == {3}
    assert {str(m) for m in GAME.legal_moves(state, 3)} == {"effect sabotage", "effect shield"}


def test_identical_effects_each_resolve_without_a_question() -> None:
    state = table(on(MILK, 0, "sci2-push", "mil1-push", "dip3", "dip3"), on(MILK, 2, "dip1"))
    state, _ = play(state, 0, "skill diplomacy")
    assert GAME.view(state, None).threats[1].bonus == 4


def test_extra_bad_for_a_high_level_revealed_clone_leader() -> None:
    state = table(on(WATER, 1, "mil1"))
    state = seat(state, 1, status="clone", agent=None, dna=(True, False, True))  # level 4
    assert GAME.view(state, None).buttons == ("extra food", "extra people")
    after, events = play(state, 1, "extra people")
    assert "Extra Bad: Bob removes 1 more People." in texts(events)
    assert after.resources[:2] == (state.resources[0] - 1, state.resources[1] - 2)
    low = seat(
        table(on(WATER, 1, "mil1")), 1, status="clone", agent=None, dna=(False, False, True)
    )  # level 3: no Extra Bad
    view = GAME.view(low, None)
    assert view.threats[0].result == "failure" and view.question is None
    assert view.resources[:2] == (
        ("food", state.resources[0] - 1),
        ("people", state.resources[1] - 1),
    )


# --- victories ----------------------------------------------------------------------------------


def test_martians_win_the_moment_a_resource_runs_out() -> None:
    state = table(on(HERD, None, "sci1"), on(MILK, None, "dip3", "dip3"), resources=(2, 9, 9, 9))
    view = GAME.view(state, None)
    assert view.outcome is not None and "Food ran out" in view.outcome.reason
    assert view.threats[1].result is None, "the next threat is never resolved"
    assert GAME.actors(state) == frozenset()
    assert GAME.outcome(state) == view.outcome


def test_martian_win_through_a_move() -> None:
    state = table(on(WATER, 0, "mil3"), resources=(1, 9, 9, 9))
    state = seat(state, 2, dna=(True,))
    after, events = play(state, 0, "skill diplomacy")
    outcome = GAME.outcome(after)
    assert outcome is not None and outcome.winners == (2,)
    assert "The Martians win: Food ran out." in texts(events)


def test_humans_win_when_the_third_waves_successes_are_met() -> None:
    state = table(on(MILK, 0, "dip3", "dip3"), on(HERD, 2, "sci1"), successes=8, wave=3)
    state = seat(state, 4, dna=(True,))
    after, events = play(state, 0, "skill diplomacy")
    outcome = GAME.outcome(after)
    assert outcome is not None and outcome.winners == (0, 1, 2, 3)
    assert "The Humans win: 9 threats were overcome." in texts(events)
    assert after.threats[1].result is None
