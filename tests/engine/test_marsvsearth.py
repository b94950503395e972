"""Mars vs. Earth: the deck file, the set-up by player count, the round's flow, notation,
options and timers."""

from __future__ import annotations

import json
import re
from dataclasses import replace
from pathlib import Path

import pytest

from engine.core import AmbiguousMove, BadNotation, BadState, IllegalMove
from engine.marsvsearth import DEFAULT_DECK_PATH, GAME, DeckError, MarsVsEarth, load_deck
from engine.marsvsearth.effects import VOCABULARY
from engine.marsvsearth.proximity import distance, proximity_limit
from engine.marsvsearth.setup import SETUP
from engine.marsvsearth.state import ActiveThreat
from tests.engine.test_marsvsearth_support import (
    DECK,
    cards,
    humans,
    new,
    play,
    resolving,
    seat,
    texts,
    threat,
)

# --- the deck ---------------------------------------------------------------------------------


def test_the_default_deck_has_the_rulebook_counts() -> None:
    assert (DECK.human_dna, DECK.clone_dna) == (25, 5)
    assert len(DECK.agents) == 12
    assert len(DECK.skills) == 86
    assert len(DECK.threats) == 20
    assert [lvl.level for lvl in DECK.levels] == [1, 2, 3, 4, 5, 6]
    assert all(sum(a.skills) == 7 and all(1 <= v <= 4 for v in a.skills) for a in DECK.agents)
    assert all(5 <= t.target <= 12 for t in DECK.threats)
    with_effects = sum(c.effect is not None for c in DECK.skills)
    assert 25 <= with_effects <= 32, "about a third of the skill cards carry an effect"
    assert {c.effect.name for c in DECK.skills if c.effect} == set(VOCABULARY)
    assert (DECK.small_players, DECK.small_adjustment) == ((3, 4), -2)


def test_the_deck_files_comments_name_real_card_codes() -> None:
    comments = " ".join(
        line for line in DEFAULT_DECK_PATH.read_text().splitlines() if line.startswith("#")
    )
    named = set(re.findall(r"\b(?:sci|dip|mil|wild)\d(?:-[a-z]+)?\b", comments))
    assert len(named) >= 10
    assert named <= {c.code for c in DECK.skills}


def test_the_clone_level_table() -> None:
    table = [(lv.hand, lv.lead, lv.counters, lv.extra_bad) for lv in DECK.levels]
    assert table == [
        (3, False, 0, False),
        (4, False, 1, False),
        (5, True, 1, False),
        (5, True, 2, True),
        (6, True, 2, True),
        (7, True, 3, True),
    ]


def edited(tmp_path: Path, old: str, new_text: str, count: int = 1) -> Path:
    text = DEFAULT_DECK_PATH.read_text()
    assert old in text
    path = tmp_path / "deck.toml"
    path.write_text(text.replace(old, new_text, count))
    return path


@pytest.mark.parametrize(
    ("old", "new_text", "message"),
    [
        (
            'name = "Miss Peggy Hale"\nscience = 3',
            'name = "Miss Peggy Hale"\nscience = 4',
            "agent 'Miss Peggy Hale': skills must total 7",
        ),
        (
            'skill = "wild"\nstrength = 2\ncount = 2',
            'skill = "wild"\nstrength = 2\ncount = 3',
            "[[skill]]: needs 86 cards, has 87",
        ),
        ('[[agent]]\nid = "hale"', '[[agentx]]\nid = "hale"', "[[agent]]: needs 12 cards"),
        ('effect = "momentum"', 'effect = "teleport"', "unknown effect 'teleport'"),
        ('effect = "supply:food"', 'effect = "supply"', "effect supply needs a resource"),
        (
            'strength = 3\neffect = "new_info"',
            'strength = 4\neffect = "new_info"',
            "`strength` must be from 1 to 3",
        ),
        (
            "target = 7\ngain = { food = 1 }",
            'target = "7"\ngain = { food = 1 }',
            "`target` must be a whole number",
        ),
        ('success_effect = "momentum"', 'success_effect = "setback"', "must be a success effect"),
        ("loss = { food = 2 }", "loss = { cows = 2 }", "unknown resource 'cows'"),
        ("human = 25", "human = 24", "needs 25 human and 5 clone"),
        ('id = "brody"', 'id = "lindqvist"', "`id` is used twice"),
        ('skills = ["military"]', 'skills = ["wild"]', "`skills` must list one or two"),
    ],
)
def test_a_bad_deck_file_is_refused_with_a_clear_message(
    tmp_path: Path, old: str, new_text: str, message: str
) -> None:
    path = edited(tmp_path, old, new_text)
    with pytest.raises(DeckError) as error:
        load_deck(path)
    assert message in str(error.value)
    assert str(path) in str(error.value)


def test_an_unreadable_deck_file_is_refused(tmp_path: Path) -> None:
    with pytest.raises(DeckError, match="cannot be read"):
        load_deck(tmp_path / "missing.toml")
    broken = tmp_path / "broken.toml"
    broken.write_text("[[agent]\n")
    with pytest.raises(DeckError, match="not valid TOML"):
        load_deck(broken)


def test_an_edited_deck_plays_and_a_game_from_another_deck_is_refused(tmp_path: Path) -> None:
    path = edited(tmp_path, 'name = "Saucer over Kansas"', 'name = "Saucer over Ohio"')
    other = MarsVsEarth(load_deck(path))
    assert other.deck.digest != DECK.digest
    state = other.new_game(["Ann", "Bob", "Cat"], {}, seed=3)
    data = json.loads(json.dumps(other.to_json(state)))
    assert other.from_json(data) == state
    with pytest.raises(BadState, match="deck file has changed"):
        GAME.from_json(data)


def test_same_cards_in_another_layout_keep_the_digest(tmp_path: Path) -> None:
    path = edited(tmp_path, "# Mars vs. Earth", "# An edited comment only\n# Mars vs. Earth")
    assert load_deck(path).digest == DECK.digest


def test_cards_can_be_given_their_own_codes(tmp_path: Path) -> None:
    path = edited(
        tmp_path,
        'skill = "wild"\nstrength = 2\ncount = 2',
        'skill = "wild"\nstrength = 2\ncount = 2\ncode = "joker"',
    )
    assert sum(c.code == "joker" for c in load_deck(path).skills) == 2


# --- set-up -------------------------------------------------------------------------------------

SETUP_TABLE = {
    # players: (resources, clone DNA, human DNA, active threats, successes needed)
    3: (6, 1, 8, 2, 6),
    4: (9, 2, 10, 2, 6),
    5: (9, 2, 13, 3, 9),
    6: (12, 3, 15, 3, 9),
    7: (12, 3, 18, 4, 12),
    8: (15, 4, 20, 4, 12),
    9: (15, 4, 23, 5, 15),
    10: (18, 5, 25, 5, 15),
}


@pytest.mark.parametrize("players", sorted(SETUP_TABLE))
def test_set_up_by_player_count(players: int) -> None:
    resources, clones, humans_dna, active, needed = SETUP_TABLE[players]
    setup = SETUP[players]
    assert (setup.resources, setup.clones, setup.humans, setup.threats) == (
        resources,
        clones,
        humans_dna,
        active,
    )
    state = new(players, seed=players)
    assert state.resources == (resources,) * 4
    dealt = [d for s in state.seats for d in s.dna]
    assert len(dealt) == players and all(len(s.dna) == 1 for s in state.seats)
    assert sum(dealt) + sum(state.dna_deck) == clones
    assert len(dealt) + len(state.dna_deck) == clones + humans_dna == 3 * players
    assert len({s.agent for s in state.seats}) == players
    view = GAME.view(state, None)
    assert len(view.threats) == active and view.needed == needed
    assert view.per_wave * 3 == needed
    assert all(s.hand == 5 for s in view.seats), "step 1 deals every human up to 5"
    assert view.step == 3 and view.question is not None
    assert GAME.actors(state) == {state.pog}, "leaders choose in initiative order"


def test_three_and_four_players_lower_every_target_by_two() -> None:
    for players, change in ((3, -2), (4, -2), (5, 0)):
        view = GAME.view(new(players), None)
        for shown in view.threats:
            printed = next(t.target for t in DECK.threats if t.name == shown.name)
            assert shown.target == printed + change


def test_the_first_initiative_holder_can_be_chosen() -> None:
    assert new(5, first=3).pog == 2


# --- proximity --------------------------------------------------------------------------------


def test_proximity_limits_at_every_distance_with_seven_players() -> None:
    limits = [proximity_limit(s, 0, 7) for s in range(7)]
    assert limits == [3, 2, 1, 0, 0, 1, 2]
    assert [distance(s, 3, 7) for s in range(7)] == [3, 2, 1, 0, 1, 2, 3]
    for leader in range(7):
        for giver in range(7):
            gap = min((giver - leader) % 7, (leader - giver) % 7)
            assert proximity_limit(giver, leader, 7) == {0: 3, 1: 2, 2: 1}.get(gap, 0)


def influence(players: int, leaders: tuple[int | None, ...], hand: tuple[str, ...]) -> object:
    state = humans(new(players))
    state = replace(
        state,
        phase="human",
        step=6,
        round=1,
        threats=tuple(
            ActiveThreat(threat("Tainted Water Supply"), leader=lead) for lead in leaders
        ),
        order=tuple(range(len(leaders))),
    )
    for s in range(players):
        state = seat(state, s, hand=cards(*hand))
    return state


def test_proximity_limits_in_play_with_seven_players() -> None:
    state = influence(7, (0, None), ("sci1",) * 4)
    assert isinstance(state, type(new()))
    for giver, allowed in enumerate([3, 2, 1, 0, 0, 1, 2]):
        given = 0
        while any(m.words[-1] == "t1" for m in GAME.legal_moves(state, giver)):
            state, _ = play(state, giver, "submit sci1 t1")
            given += 1
        assert given == allowed, f"seat {giver}"
    # everyone may give one card to the un-led threat
    for giver in range(7):
        state, _ = play(state, giver, "submit sci1 t2")
        assert not any(m.words[-1] == "t2" for m in GAME.legal_moves(state, giver))


# --- notation ----------------------------------------------------------------------------------


def test_parse_accepts_variants_and_refuses_clearly() -> None:
    state = influence(5, (0, None), ("sci2", "dip1"))
    assert str(GAME.parse(state, 1, "Submit SCI2 threat 1")) == "submit sci2 t1"
    assert str(GAME.parse(state, 1, "play sci2 to 2")) == "submit sci2 t2"
    assert str(GAME.parse(state, 1, "ready")) == "done"
    assert str(GAME.parse(state, 1, "pass")) == "done"
    with pytest.raises(AmbiguousMove):
        GAME.parse(state, 1, "submit sci2")
    with pytest.raises(BadNotation):
        GAME.parse(state, 1, "fly to mars")
    with pytest.raises(IllegalMove):
        GAME.parse(state, 1, "submit mil3 t1")
    with pytest.raises(IllegalMove):
        GAME.parse(state, 2, "submit sci2 t9")
    state, _ = play(state, 3, "submit sci2 t1")
    with pytest.raises(IllegalMove, match="Proximity limit"):
        GAME.parse(state, 3, "submit dip1 t1")  # two seats from the leader: one card only


def test_hidden_moves_and_public_events_of_a_submission() -> None:
    state = influence(5, (0,), ("sci2", "dip1"))
    move = GAME.parse(state, 1, "submit sci2 t1")
    assert GAME.hidden(move)
    after, events = GAME.apply(state, 1, move)
    public = texts(events)
    assert public == ["Bob submitted a card to Threat 1 (1 card there now)."]
    assert not any("sci2" in t or "Science" in t for t in public)
    private = [e for e in events if e.to is not None]
    assert private and all(e.to == 1 for e in private) and "sci2" in private[0].text
    assert not GAME.hidden(GAME.parse(after, 1, "done"))


def test_done_button_and_who_is_done() -> None:
    state = influence(5, (0,), ("sci2",))
    view = GAME.view(state, None)
    assert view.buttons == ("done",)
    assert [s.done for s in view.seats] == [False, False, False, False, False]
    state, events = play(state, 2, "done")
    assert "Cat is done." in texts(events)
    assert [s.done for s in GAME.view(state, None).seats] == [False, False, True, False, False]


def test_leader_choices_offer_buttons() -> None:
    view = GAME.view(new(5), None)
    assert view.buttons == ("lead t1", "lead t2", "lead t3", "pass")


@pytest.mark.parametrize("players", [9, 10])
def test_every_answer_is_offered_however_many_there_are(players: int) -> None:
    """Five threats and pass: six answers, all offered (the bot shows them as a menu)."""
    state = new(players)
    [leader] = GAME.actors(state)
    view = GAME.view(state, None)
    assert view.buttons == tuple(str(m) for m in GAME.legal_moves(state, leader))
    assert view.buttons == (*(f"lead t{n}" for n in range(1, 6)), "pass")


# --- leading ------------------------------------------------------------------------------------


def test_leaders_in_initiative_order_and_unled_threats_go_last() -> None:
    state = new(5, first=2)
    assert GAME.actors(state) == {1}
    state, events = play(state, 1, "lead t2")
    assert "Bob leads Threat 2" in texts(events)[0]
    assert GAME.actors(state) == {2}
    assert not any(m.words == ("lead", "t2") for m in GAME.legal_moves(state, 2))
    state, _ = play(state, 2, "pass")
    state, _ = play(state, 3, "lead t3")
    state, _ = play(state, 4, "pass")
    state, _ = play(state, 0, "pass")
    view = GAME.view(state, None)
    leaders = {t.slot: t.leader for t in view.threats}
    assert leaders == {1: None, 2: 1, 3: 3}
    positions = {t.slot: t.position for t in view.threats}
    assert positions == {2: 1, 3: 2, 1: 3}
    assert all(t.cards == 1 for t in view.threats), "one fate card each"
    assert view.phase == "Human Influence"


def test_civilians_and_low_clones_may_not_lead() -> None:
    state = new(5, first=1)
    state = seat(state, 1, status="civilian", agent=None)
    state = seat(state, 2, status="clone", agent=None, dna=(True, False))  # level 1
    state = seat(state, 3, status="clone", agent=None, dna=(False, False, True))  # level 3
    state = replace(state, phase="round", round=0, choices=())
    asked = []
    while GAME.view(state, None).step == 3:
        (who,) = GAME.actors(state)
        asked.append(who)
        state, _ = play(state, who, "pass")
    assert asked == [0, 3, 4]


# --- timers, resignation ------------------------------------------------------------------------


def test_timed_phase_and_timeout() -> None:
    state = influence(5, (0,), ("sci2",))
    phase = GAME.timed_phase(state)
    assert phase is not None and phase[1] == 300
    state, events = GAME.timeout(state)
    assert "Time is up: Ann, Bob, Cat, Dan, Eve counted as done." in texts(events)
    assert GAME.timed_phase(state) != phase
    untimed = replace(influence(5, (0,), ("sci2",)), timer=0)
    assert GAME.timed_phase(untimed) is None
    assert GAME.new_game(["a", "b", "c"], {"timer": 2}, 1).timer == 2


def test_a_resigning_player_is_skipped() -> None:
    state = new(5, first=1)
    state, events = GAME.resign(state, 0)
    assert "Ann resigned" in texts(events)[0]
    assert 0 not in GAME.actors(state)
    assert GAME.outcome(state) is None
    state, _ = GAME.resign(state, 1)
    state, _ = GAME.resign(state, 2)
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == (3, 4)


def test_options_are_valid_discord_options() -> None:
    for option in GAME.options:
        assert option.name.islower() and len(option.name) <= 32 and " " not in option.name
        assert len(option.description) <= 100
    with pytest.raises(Exception, match="contribution"):
        GAME.new_game(["a", "b", "c"], {"contribution": 3}, 1)


def test_json_round_trip_and_damaged_states() -> None:
    state = new(6)
    data = json.loads(json.dumps(GAME.to_json(state)))
    assert GAME.from_json(data) == state
    with pytest.raises(BadState):
        GAME.from_json({**data, "version": 99})
    with pytest.raises(BadState):
        GAME.from_json({**data, "resources": [1, 2, "x", 4]})
    with pytest.raises(BadState):
        GAME.from_json({k: v for k, v in data.items() if k != "seats"})


def test_resigning_while_leaders_choose_keeps_the_round_replayable() -> None:
    state = new(5, first=1)
    state, _ = play(state, 0, "lead t1")
    state, events = GAME.resign(state, 0)
    assert texts(events) == ["Ann resigned; their seat is skipped from now on."]
    assert GAME.actors(state) == {1}
    assert GAME.view(state, None).seats[0].resigned
    state, _ = play(state, 1, "pass")
    state, _ = GAME.resign(state, 3)
    state, _ = play(state, 2, "pass")
    state, _ = play(state, 4, "pass")
    view = GAME.view(state, None)
    assert view.phase == "Human Influence" and view.threats[0].leader is None, (
        "a threat whose leader left goes to the centre"
    )
    assert state.seats[0].resigned and state.seats[3].resigned and state.leaving == ()
    assert 0 not in GAME.actors(state) and 3 not in GAME.actors(state)
    data = json.loads(json.dumps(GAME.to_json(state)))
    assert GAME.from_json(data) == state


def test_a_question_to_a_player_who_left_gets_the_first_answer() -> None:
    state = humans(new(5))
    state = resolving(
        state,
        ActiveThreat(
            threat("Tainted Water Supply"),
            leader=2,
            cards=tuple((1, c) for c in cards("sci3", "sci2")),
        ),
    )
    assert GAME.actors(state) == {2}
    state, events = GAME.resign(state, 2)
    assert "Cat adds Agent Walt Granger's Science (+3)." not in texts(events)
    assert any("adds" in t and "Science" in t for t in texts(events))


@pytest.mark.parametrize("seed", range(6))
def test_random_games_with_resignations_end_cleanly(seed: int) -> None:
    import random

    chooser = random.Random(seed)
    players = 4 + seed
    state = new(players, seed=seed, contribution=seed % 3, promotion=seed % 2 == 1)
    for step in range(10_000):
        if GAME.outcome(state) is not None:
            break
        if step % 97 == 50:
            quitter = chooser.randrange(players)
            if not state.seats[quitter].resigned and quitter not in state.leaving:
                state, _ = GAME.resign(state, quitter)
                continue
        who = chooser.choice(sorted(GAME.actors(state)))
        state, _ = GAME.apply(state, who, chooser.choice(GAME.legal_moves(state, who)))
        assert GAME.from_json(json.loads(json.dumps(GAME.to_json(state)))) == state
    assert GAME.outcome(state) is not None
