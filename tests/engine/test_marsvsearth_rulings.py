"""Mars vs. Earth rulings on cards and words: what a cancelled card still does, New Information's
cards, the private choice of a reinstated Agent, and targets as the board shows them."""

from __future__ import annotations

from dataclasses import replace

from engine.marsvsearth import GAME
from tests.engine.test_marsvsearth_rounds import end_of_round
from tests.engine.test_marsvsearth_support import DECK, agent, cards, play, seat, texts, threat
from tests.engine.test_marsvsearth_threats import HERD, MILK, WATER, on, table


def test_sabotage_never_discards_its_own_card() -> None:
    state = table(on(HERD, None, "mil1-sabot", "dip1"))
    view = GAME.view(state, None)
    shown = view.threats[0]
    assert [(c.code, c.cancelled) for c in shown.good] == [("mil1-sabot", False)]
    assert shown.total == 0, "its own symbol still counts: 1 - 1"


def test_shield_never_discards_its_own_card() -> None:
    state = table(on(WATER, None, "dip1-shield", "sci2"))
    shown = GAME.view(state, None).threats[0]
    assert [(c.code, c.cancelled) for c in shown.bad] == [("dip1-shield", False)]


def test_a_card_discarded_before_its_effect_resolves_loses_it() -> None:
    state = table(
        on(WATER, 0, "sci1-sabot", "sci3-info", "sci1"), draw=cards("mil3", "mil3", "dip1")
    )
    assert set(GAME.view(state, None).buttons) == {"effect sabotage", "effect new_info"}
    first, events = play(state, 0, "effect sabotage")
    shown = GAME.view(first, None).threats[0]
    assert [c.code for c in shown.good if c.cancelled] == ["sci3-info"]
    assert shown.cards == 3, "New Information never fired: no cards were added"
    assert not any("New Information on Threat 1" in t for t in texts(events))


def test_an_effect_that_already_resolved_stands_when_its_card_is_discarded() -> None:
    state = table(
        on(WATER, 0, "sci1-sabot", "sci3-info", "sci1"), draw=cards("mil3", "mil3", "dip1")
    )
    after, _ = play(state, 0, "effect new_info")
    shown = GAME.view(after, None).threats[0]
    assert shown.cards == 5 and [c.code for c in shown.good if c.cancelled] == ["sci3-info"]


def test_a_discarded_cards_success_effect_never_fires() -> None:
    state = table(
        on(MILK, 0, "mil1-sabot", "dip2-people", "dip1", "dip1", "dip1"), agents=("reyes",)
    )  # Diplomacy 4: 3 - 1 + 4 = 6 against 5
    after, events = play(state, 0, "skill diplomacy")
    assert "SUCCESS" in " ".join(texts(events))
    assert after.resources[1] == state.resources[1], "no +1 People from the discarded card"


def test_cards_added_by_new_information_never_fire_their_effects() -> None:
    state = table(on(MILK, 0, "dip3-info", "dip3"), draw=cards("dip1-food", "dip2-people"))
    after, _ = play(state, 0, "skill diplomacy")
    assert after.successes == 1
    assert after.resources[:2] == (state.resources[0] + 1, state.resources[1]), (
        "only the threat's own gain: +1 Food"
    )


def test_a_reinstated_player_chooses_an_agent_in_private() -> None:
    state = table(on(MILK, 0, "dip1-recall", "dip3", "dip3"))
    state = seat(state, 3, status="civilian", agent=None)
    state = replace(state, agent_deck=(agent("lindqvist"), agent("brody"), agent("hale")))
    state, events = play(state, 0, "skill diplomacy")
    view = GAME.view(state, None)
    assert GAME.actors(state) == {3} and view.buttons == ()
    moves = GAME.legal_moves(state, 3)
    assert [str(m) for m in moves] == ["agent lindqvist", "agent brody"]
    assert all(GAME.hidden(m) for m in moves)
    public = repr(view) + " ".join(texts(events))
    assert "Lindqvist" not in public and "Brody" not in public
    told = [e.text for e in events if e.to == 3]
    assert any("Dr. Vera Lindqvist (Science 4, Diplomacy 2, Military 1)" in t for t in told)
    own = GAME.view(state, 3).private
    assert (
        "Your Agent choice (keep one): `agent lindqvist` Dr. Vera Lindqvist (Science 4, "
        "Diplomacy 2, Military 1); or `agent brody` Col. Hank Brody (Science 1, Diplomacy 2, "
        "Military 4)." in own
    )
    assert not any("Agent choice" in line for line in GAME.view(state, 0).private)
    state, events = play(state, 3, "agent brody")
    assert "Dan is reinstated as Col. Hank Brody; their DNA is turned face down." in texts(events)
    assert "Lindqvist" not in " ".join(texts(events))
    state, _ = play(state, 3, "raise food")
    assert state.agent_deck[-1] == agent("lindqvist"), "the other goes to the bottom"


def test_small_tables_are_told_the_target_the_board_shows() -> None:
    state = end_of_round(3)
    state = seat(state, 2, hand=cards("sci1"))
    state = replace(state, threat_deck=(threat(WATER), threat(MILK), *state.threat_deck))
    for s in sorted(GAME.actors(state)):
        state, events = play(state, s, "done")
    said = texts(events)
    printed = DECK.threats[threat(WATER)].target
    assert any(f"Tainted Water Supply (Science, target {printed - 2})" in t for t in said)
    assert GAME.view(state, None).threats[0].target == printed - 2
    five = end_of_round(5)
    five = replace(five, threat_deck=(threat(WATER), *five.threat_deck))
    for s in sorted(GAME.actors(five)):
        five, events = play(five, s, "done")
    assert any(f"Tainted Water Supply (Science, target {printed})" in t for t in texts(events))
