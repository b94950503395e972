"""Mars vs. Earth, steps 5 and 8-12: clone influence, accusations and trials, ousting, clone
levels, field promotion, cloning waves, spill-over, reveals, the pog, co-op and the variants."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine.marsvsearth import GAME, MarsState, Move
from engine.marsvsearth.state import ActiveThreat, clone_level
from render.marsvsearth import RENDERER
from tests.engine.test_marsvsearth_support import (
    cards,
    humans,
    new,
    next_round,
    play,
    run_until,
    seat,
    texts,
    threat,
)

MILK = "The Great Milk Shortage"  # Diplomacy, target 5


def accusing(players: int = 5, hand: tuple[str, ...] = ("mil3", "sci1", "dip1")) -> MarsState:
    state = humans(new(players))
    state = replace(state, phase="accuse", step=8, round=1, pog=0)
    for s in range(players):
        state = seat(state, s, hand=cards(*hand))
    return state


def everyone_done(state: MarsState) -> tuple[MarsState, list[str]]:
    said: list[str] = []
    while state.phase == "accuse" or state.phase == "promote" or state.phase == "endround":
        pending = sorted(GAME.actors(state))
        if not pending:
            break
        state, events = play(state, pending[0], "done")
        said += texts(events)
        if GAME.view(state, None).question is not None:
            break
    return state, said


# --- accusations and trials -------------------------------------------------------------------


def test_accusations_need_a_second_from_another_agent() -> None:
    state = accusing()
    state = seat(state, 4, status="civilian", agent=None)
    assert 4 not in GAME.actors(state), "civilians take no part in accusations"
    assert not any("eve" in str(m) for m in GAME.legal_moves(state, 0)), "nor can be accused"
    state, events = play(state, 0, "accuse bob mil3")
    assert texts(events) == ["Ann accuses Bob (1 card against them)."]
    assert GAME.hidden(GAME.parse(state, 2, "second bob mil3"))
    assert not any(str(m).startswith("accuse bob") for m in GAME.legal_moves(state, 2)), (
        "a player is accused only once a round"
    )
    assert not any(
        str(m).startswith(("accuse bob", "second bob")) for m in GAME.legal_moves(state, 0)
    ), "the accuser cannot second"
    state, events = play(state, 2, "second bob mil3")
    assert texts(events) == ["Cat seconds the accusation against Bob (2 cards against them)."]
    assert GAME.view(state, None).accused == ((1, 2),)
    assert any(str(m).startswith("accuse ann") for m in GAME.legal_moves(state, 1)), (
        "the accused may still accuse"
    )


def on_trial(
    defence: tuple[str, ...], against: tuple[str, ...], dna: tuple[bool, ...] = (False,)
) -> MarsState:
    """Bob accused with `against` (from Ann, Cat, Dan...), holding `defence`; all others done."""
    state = seat(accusing(), 1, hand=cards(*defence), dna=dna)
    accusers = (0, 2, 3, 4)
    given = cards(*against)
    state = replace(state, accusations=tuple((1, accusers[i], c) for i, c in enumerate(given)))
    return replace(state, phase="trials", choices=())


def test_an_ousted_human_becomes_a_civilian_and_costs_a_resource() -> None:
    state = on_trial(("sci1", "dip2"), ("mil3", "mil3"))
    view = GAME.view(state, None)
    assert GAME.actors(state) == {1}
    assert view.buttons == (), "a defence comes from the hand: no public buttons"
    assert {str(m) for m in GAME.legal_moves(state, 1)} == {
        "defend sci1",
        "defend dip2",
        "defend none",
    }
    assert GAME.hidden(GAME.parse(state, 1, "defend sci1"))
    state, said = run_until(state, (1, "defend sci1"))
    public = texts(said)
    assert "Bob defends with Science 1 [sci1]." in public
    assert "Trial of Bob: 6 against, 1 in defence, total 5: OUSTED." in public
    assert "Bob flips their wave-1 DNA card: Human." in public
    assert GAME.actors(state) == {1}
    assert GAME.view(state, None).buttons == (
        "lower food",
        "lower people",
        "lower tech",
        "lower defense",
    )
    before = state.resources
    state, _ = play(state, 1, "lower tech")
    bob = state.seats[1]
    assert (bob.status, bob.agent, bob.hand, bob.ousted) == ("civilian", None, (), True)
    assert GAME.view(state, None).resources[2][1] == before[2] - 1


def test_a_good_defence_wins_the_trial() -> None:
    state = on_trial(("sci3",), ("dip1", "sci1"))
    state, said = run_until(state, (1, "defend sci3"))
    assert "Trial of Bob: 2 against, 3 in defence, total -1: not ousted." in texts(said)
    assert state.seats[1].status == "agent"


def test_two_random_accusation_cards_are_revealed_when_more_were_given() -> None:
    state = on_trial((), ("dip1", "dip1", "dip1", "dip1"))
    view = GAME.view(state, None)
    assert [t.verdict for t in view.trials] == ["Bob: 2 against, 0 in defence, total 2: OUSTED"]


def test_the_cards_a_trial_showed_stay_on_the_table_until_the_round_ends() -> None:
    state = on_trial(("sci1", "dip2"), ("mil3", "mil2"))
    state, _ = run_until(state, (1, "defend sci1"))
    view = GAME.view(state, None)
    [trial] = view.trials
    assert trial.verdict == "Bob: 5 against, 1 in defence, total 4: OUSTED"
    assert sorted(c.code for c in trial.accusations) == ["mil2", "mil3"]
    assert trial.defence is not None and trial.defence.code == "sci1"
    shown = "; defence: Science 1 [sci1])"
    alt = RENDERER.render(view).alt
    assert "Trials: Bob: 5 against, 1 in defence, total 4: OUSTED (accusation cards shown: " in alt
    assert "Military 3 [mil3]" in alt and "Military 2 [mil2]" in alt and shown in alt
    for viewer in range(5):
        notes = [line for line in GAME.view(state, viewer).private if "trials" in line]
        assert len(notes) == 1 and notes[0].startswith("Your notes of this round's trials: ")
        assert "trial of Bob: 5 against" in notes[0] and shown in notes[0]
    state = next_round(state)
    view = GAME.view(state, None)
    assert view.trials == () and "Trials" not in RENDERER.render(view).alt
    assert not any("trials" in line for line in GAME.view(state, 0).private)


def test_accusation_cards_not_shown_at_a_trial_stay_secret() -> None:
    state = on_trial((), ("sci2", "dip2", "mil1", "dip3"))
    view = GAME.view(state, None)
    [trial] = view.trials
    shown = {c.code for c in trial.accusations}
    assert len(shown) == 2 and shown < {"sci2", "dip2", "mil1", "dip3"}
    assert trial.defence is None, "Bob held no card to defend with"
    public = repr(view) + RENDERER.render(view).alt
    for code in {"sci2", "dip2", "mil1", "dip3"} - shown:
        assert f"[{code}]" not in public and f"'{code}'" not in public


def test_one_card_makes_no_trial() -> None:
    state = on_trial(("sci1",), ("mil3",))
    view = GAME.view(state, None)
    assert view.trials == () and view.seats[1].status == "agent"


def test_convict_and_acquit_work_for_whoever_played_them() -> None:
    state = on_trial(("sci3",), ("mil1-convict", "mil1"))
    state, said = run_until(state, (1, "defend sci3"))
    assert "Trial of Bob: 2 against, 3 in defence, total 1: OUSTED." in texts(said)
    state = on_trial(("sci1",), ("dip1-acquit", "mil2"))
    state, said = run_until(state, (1, "defend sci1"))
    assert "Trial of Bob: 3 against, 1 in defence, total 0: not ousted." in texts(said)
    state = on_trial(("dip1-acquit",), ("mil3",) * 2)
    state, said = run_until(state, (1, "defend dip1-acquit"))
    assert "Trial of Bob: 6 against, 1 in defence, total 3: OUSTED." in texts(said)


@pytest.mark.parametrize(
    ("dna", "level"),
    [
        ((True,), 1),
        ((False, False, True), 3),
        ((True, True), 3),
        ((True, True, True), 6),
        ((False, True), 2),
        ((True, False, True), 4),
    ],
)
def test_an_ousted_clones_level_is_the_sum_of_its_waves(dna: tuple[bool, ...], level: int) -> None:
    assert clone_level(dna) == level
    state = on_trial((), ("mil3", "mil3"), dna=dna)
    view = GAME.view(state, None)
    bob = view.seats[1]
    assert (bob.status, bob.level, bob.dna) == ("clone", level, dna)


# --- field promotion --------------------------------------------------------------------------


def test_field_promotion_reinstates_a_civilian() -> None:
    state = on_trial(("sci1",), ("mil3", "mil3"))
    state = seat(state, 3, status="civilian", agent=None)
    state = seat(state, 0, hand=cards("sci3", "dip2", "mil1", "wild1-shield"))
    state, _ = run_until(state, (1, "defend sci1"), (1, "lower food"))
    view = GAME.view(state, None)
    assert view.phase == "Field Promotions" and view.buttons == ("done",)
    assert {str(m) for m in GAME.legal_moves(state, 0)} == {"promote dan", "done"}, (
        "Bob was ousted this round and cannot be promoted"
    )
    assert GAME.actors(state) == {0, 2, 4}, "every Agent whose hand size could pay is asked"
    state, said = run_until(state, (0, "promote dan"))
    assert GAME.actors(state) == {2, 4}, "Ann has asked for every Civilian she may promote"
    state, more = run_until(state, (2, "done"), (4, "done"))
    said += more
    assert GAME.view(state, None).question == "Dan chooses one of two Agent cards"
    assert (
        "Ann reveals and discards Science 3 [sci3], Diplomacy 2 [dip2] to field promote "
        "Dan." in texts(said)
    )
    offered = [str(m) for m in GAME.legal_moves(state, 3)]
    state, _ = run_until(state, (3, offered[0]), (3, "raise food"))
    assert state.seats[3].status == "agent" and state.seats[3].agent is not None
    assert [DECK_code(c) for c in state.seats[0].hand] == ["mil1", "wild1-shield"]


def DECK_code(card: int) -> str:
    return GAME.deck.skills[card].code


# --- cloning waves, spill-over -------------------------------------------------------------


def after_resolution(successes: int, wave: int, players: int = 5) -> MarsState:
    state = humans(new(players))
    return replace(
        state,
        phase="trials",
        step=8,
        round=2,
        successes=successes,
        wave=wave,
        choices=(),
        accusations=(),
    )


def test_a_new_cloning_wave_deals_dna_face_down_to_agents_and_face_up_to_others() -> None:
    state = after_resolution(successes=3, wave=1)
    state = seat(state, 1, status="civilian", agent=None, ousted=True)
    state = seat(state, 2, status="clone", agent=None, dna=(True,))
    state = replace(state, dna_deck=(True, True, True, False, False, False))
    view = GAME.view(state, None)
    assert view.wave == 2
    seats = view.seats
    assert seats[0].dna == (None, None), "an Agent's new card is face down"
    assert seats[1].status == "clone" and seats[1].dna == (False, True), (
        "a Civilian's clone card is face up: a revealed clone at once"
    )
    assert seats[2].level == 3
    own = GAME.view(state, 0).private
    assert any("wave 2 Martian Clone" in line for line in own)


def test_the_new_wave_is_told_privately_to_agents() -> None:
    state = after_resolution(successes=2, wave=1)
    state = replace(
        state,
        phase="resolve",
        threats=(
            ActiveThreat(
                threat(MILK), leader=0, cards=tuple((1, c) for c in cards("dip3", "dip3"))
            ),
        ),
        order=(0,),
        successes=2,
        dna_deck=(False, True, False, False, False),
    )
    state, events = play(state, 0, "skill diplomacy")
    private = [e for e in events if e.to is not None and "DNA" in e.text]
    assert sorted(e.to for e in private) == [0, 1, 2, 3, 4]
    assert [e.text for e in private if e.to == 1] == [
        "Your wave-2 DNA card (face down): Martian Clone."
    ]
    assert "Cloning wave 2! Everyone receives a new DNA card." in texts(events)


def test_extra_successes_spill_over_to_the_next_wave() -> None:
    state = after_resolution(successes=5, wave=1)
    view = GAME.view(state, None)
    assert view.wave == 2 and view.successes == 5, "one new wave, two successes carried over"
    state = after_resolution(successes=6, wave=2)
    assert GAME.view(state, None).wave == 3
    state = after_resolution(successes=5, wave=2)
    assert GAME.view(state, None).wave == 2


# --- reveal, discard, pog ---------------------------------------------------------------------


def end_of_round(players: int = 5) -> MarsState:
    state = humans(new(players))
    for s in range(players):
        state = seat(state, s, hand=cards("sci1", "dip1") if s < 4 else ())
    state = seat(state, 3, dna=(False, True))
    return replace(state, phase="endround", step=11, round=1, pog=1, threats=(), order=())


def test_a_hidden_clone_may_reveal_and_takes_the_pog() -> None:
    state = end_of_round()
    assert GAME.actors(state) == {0, 1, 2, 3, 4}, "every Agent waits, even with no cards"
    assert "reveal" not in {str(m) for m in GAME.legal_moves(state, 0)}
    assert "reveal" in {str(m) for m in GAME.legal_moves(state, 3)}
    state, events = play(state, 3, "reveal")
    assert "Dan reveals themselves as a Martian Clone, discarding their cards and Agent!" in texts(
        events
    )
    assert (state.pog, state.pog_override) == (3, True)
    assert state.seats[3].status == "clone" and state.seats[3].hand == ()
    state, events = run_until(
        state, (0, "discard sci1"), (0, "done"), (1, "done"), (2, "done"), (4, "done")
    )
    assert "Ann discarded a card." in texts(events)
    assert "The initiative pog stays with Dan and is flipped back." in texts(events)
    view = GAME.view(state, None)
    assert (view.pog, view.pog_override, view.round) == (3, False, 2)
    assert view.seats[3].hand == 4, "a level 2 clone draws up to 4"


def test_the_pog_passes_left_without_override() -> None:
    state = end_of_round()
    state = seat(state, 3, dna=(False,))
    for s in (0, 1, 2, 3, 4):
        state, _ = play(state, s, "done")
    assert GAME.view(state, None).pog == 2


# --- clone influence --------------------------------------------------------------------------


def test_revealed_clones_submit_and_place_counters_before_the_humans() -> None:
    state = humans(new(5))
    state = seat(state, 2, status="clone", agent=None, dna=(False, True))  # level 2: 1 counter
    state = replace(state, phase="round", round=0, choices=(), pog=0)
    state, _ = run_until(state, (0, "lead t1"), (1, "pass"), (3, "pass"), (4, "pass"))
    view = GAME.view(state, None)
    assert view.phase == "Martian Clone Influence" and GAME.actors(state) == {2}
    assert view.seats[2].hand == 4 and view.seats[2].counters == 1
    moves = {str(m) for m in GAME.legal_moves(state, 2)}
    assert "counter t2" in moves and any(m.startswith("submit") and m.endswith("t1") for m in moves)
    target = view.threats[1].target
    state, events = play(state, 2, "counter t2")
    assert texts(events)[0].startswith("Cat puts a +1 counter on Threat 2")
    assert texts(events)[0].endswith(f"its target is now {target + 1}.")
    assert not GAME.hidden(Move(("counter", "t2")))
    assert GAME.view(state, None).threats[1].target == target + 1
    assert not any(str(m).startswith("counter") for m in GAME.legal_moves(state, 2))
    state, _ = play(state, 2, "done")
    assert GAME.view(state, None).phase == "Human Influence"
    assert 2 not in GAME.actors(state)


# --- co-op and variants ------------------------------------------------------------------


def test_two_players_play_the_cooperative_variant() -> None:
    state = GAME.new_game(["Ann", "Bob"], {}, seed=4)
    view = GAME.view(state, None)
    assert view.coop and len(view.threats) == 1 and view.needed == 3
    assert view.resources == (("food", 6), ("people", 6), ("tech", 6), ("defense", 6))
    assert all(s.dna == () for s in view.seats)
    assert view.threats[0].target == GAME.deck.threats[_first_threat(state)].target, (
        "no 3-4 player change in co-op"
    )
    state, _ = play(state, state.pog, "lead t1")
    assert GAME.view(state, None).threats[0].cards == 2, "two fate cards in wave 1"
    for who in (0, 1):
        state, _ = play(state, who, "done")
    while GAME.view(state, None).question is not None:
        (who,) = GAME.actors(state)
        state, _ = play(state, who, str(GAME.legal_moves(state, who)[0]))
    view = GAME.view(state, None)
    assert view.phase == "Reveal and Discard", "no accusations in co-op"
    assert all("reveal" not in str(m) for s in (0, 1) for m in GAME.legal_moves(state, s))


def _first_threat(state: MarsState) -> int:
    view_name = GAME.view(state, None).threats[0].name
    return next(i for i, t in enumerate(GAME.deck.threats) if t.name == view_name)


def test_cooperative_fate_grows_with_the_waves() -> None:
    state = GAME.new_game(["Ann", "Bob"], {"first": 1}, seed=4)
    state = replace(state, wave=3, phase="round", round=0, choices=())
    state, _ = play(state, 0, "lead t1")
    assert GAME.view(state, None).threats[0].cards == 4


def test_cooperative_loss_has_no_winners() -> None:
    state = GAME.new_game(["Ann", "Bob"], {"first": 1}, seed=4)
    state, _ = GAME.resign(state, 1)
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == (0,)


def test_contribution_variant_one_threat_at_a_time() -> None:
    state = humans(new(5, contribution=1))
    for s in range(5):
        state = seat(state, s, hand=cards("sci1", "dip1"))
    state = replace(state, phase="round", round=0, choices=(), pog=0)
    state, _ = run_until(
        state, (0, "lead t2"), (1, "lead t1"), (2, "pass"), (3, "pass"), (4, "pass")
    )
    assert GAME.timed_phase(state) == ("r1-human-0", 300)
    assert {
        m.words[-1]
        for s in GAME.actors(state)
        for m in GAME.legal_moves(state, s)
        if m.kind == "submit"
    } == {"t2"}, "first the threat led first in initiative"
    for s in sorted(GAME.actors(state)):
        state, _ = play(state, s, "done")
    assert GAME.timed_phase(state) == ("r1-human-1", 300)
    assert {
        m.words[-1]
        for s in GAME.actors(state)
        for m in GAME.legal_moves(state, s)
        if m.kind == "submit"
    } == {"t1"}


def test_contribution_variant_one_player_at_a_time() -> None:
    state = humans(new(5, contribution=2))
    for s in range(5):
        state = seat(state, s, hand=cards("sci1", "dip1"))
    state = replace(state, phase="round", round=0, choices=(), pog=2)
    state, _ = run_until(state, (2, "lead t1"), (3, "pass"), (4, "pass"), (0, "pass"), (1, "pass"))
    order = []
    while GAME.view(state, None).phase == "Human Influence":
        (who,) = GAME.actors(state)
        order.append(who)
        state, _ = play(state, who, "done")
    assert order == [2, 3, 4, 0, 1]


def test_field_promotion_variant() -> None:
    state = humans(new(5, promotion=True))
    state = seat(state, 3, status="civilian", agent=None)
    for s in range(5):
        state = seat(state, s, hand=cards("dip3", "dip2", "dip1", "dip3"))
    state = replace(
        state,
        phase="round",
        round=0,
        choices=(),
        pog=0,
        threat_deck=(threat(MILK), *state.threat_deck),
    )
    state, _ = run_until(state, (0, "pass"), (1, "pass"), (2, "pass"), (4, "pass"))
    unled = [t.slot for t in GAME.view(state, None).threats if t.leader is None]
    assert GAME.actors(state) == {3}, "only Civilians help un-led threats"
    for code in ("dip3", "dip3", "dip2"):
        state, _ = play(state, 3, f"submit {code} t{unled[0]}")
    assert not any(m.words[-1] == f"t{unled[0]}" for m in GAME.legal_moves(state, 3)), "3 each"


def test_field_promotion_variant_reinstates_through_unled_successes() -> None:
    state = humans(new(5, promotion=True))
    state = seat(state, 3, status="civilian", agent=None)
    state = seat(state, 4, status="civilian", agent=None)
    state = replace(
        state,
        phase="resolve",
        round=1,
        choices=(),
        pog=1,
        threats=(ActiveThreat(threat(MILK), cards=tuple((3, c) for c in cards("dip3", "dip3"))),),
        order=(0,),
    )
    assert GAME.actors(state) == {1}
    assert {str(m) for m in GAME.legal_moves(state, 1)} == {"reinstate dan", "reinstate eve"}
    state, events = play(state, 1, "reinstate eve")
    assert "Bob (initiative) reinstates Eve." in texts(events)
    assert GAME.actors(state) == {4}


def test_a_game_saved_before_trials_kept_their_cards_still_loads() -> None:
    state = on_trial(("sci1",), ("mil3", "mil2"))
    state, _ = run_until(state, (1, "defend sci1"), (1, "lower tech"))
    assert state.phase != "trials" and state.trials
    saved = GAME.to_json(state)
    del saved["shown_at_trials"], saved["looks"]
    loaded = GAME.from_json(saved)
    assert loaded == replace(state, shown_at_trials=(), looks=())
    [trial] = GAME.view(loaded, None).trials
    assert trial.verdict.startswith("Bob: ") and trial.accusations == ()
