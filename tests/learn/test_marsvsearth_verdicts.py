"""The Mars vs. Earth lesson's verdicts on cards and skills agree with how the engine resolves
the threat: a card "a threat needs" raises the threat's total at resolution, one that "hurts"
lowers it, and a leader's skill group "the threat needs" is added, not subtracted."""

from __future__ import annotations

from typing import Any

from club.learn.lesson import Run
from engine.marsvsearth import GAME, MarsState
from tests.learn.driving import LESSONS

LESSON = LESSONS["marsvsearth"]


def at(title: str) -> Run:
    """A run of the lesson at the step called `title`, reached by Show me."""
    run = Run(LESSON, "ann")
    while run.step.title != title:
        run.show_me()
    return run


def resolved_total(state: MarsState, slot: int) -> int:
    """The total threat `slot` (0-based) reaches once resolved, the table's timer ending every
    phase and answering every question with the engine's defaults (no more cards given)."""
    for _ in range(50):
        threat = state.threats[slot]
        if threat.result is not None and threat.total is not None:
            return threat.total
        state, _ = GAME.timeout(state)
    raise AssertionError("the threat was never resolved")


def after(run: Run, text: str) -> Any:
    state, _ = GAME.apply(run.state, run.seat, GAME.parse(run.state, run.seat, text))
    return state


def test_any_skill_group_the_threat_needs_is_right() -> None:
    run = at("The leader's skill")
    said = run.attempt("skill diplomacy")
    assert said.advanced, said.line


def test_a_skill_group_the_threat_does_not_need_is_refused_with_its_value() -> None:
    run = at("The leader's skill")
    said = run.attempt("skill military")
    assert not said.advanced
    assert "-" in said.line and "Military" in said.line, said.line


def test_a_card_that_helps_is_not_right_where_the_task_is_to_hurt() -> None:
    run = at("Martian Clone influence")
    slot = 2
    with_card = resolved_total(after(run, "submit mil2 t3"), slot)
    without = resolved_total(after(run, "done"), slot)
    assert with_card > without  # the engine: mil2 helps Threat 3
    said = run.attempt("submit mil2 t3")
    assert not said.advanced, said.line


def test_a_card_the_threat_does_not_need_is_not_right_where_the_task_is_a_needed_card() -> None:
    run = at("How close you sit")
    slot = 1
    assert resolved_total(after(run, "submit dip3 t2"), slot) <= resolved_total(
        after(run, "done"), slot
    )
    said = run.attempt("submit dip3 t2")
    assert not said.advanced, said.line


def test_a_card_given_to_threat_1_is_refused_for_what_it_does_not_for_where_it_went() -> None:
    run = at("Fate cards")
    said = run.attempt("submit mil2 t1")
    assert not said.advanced
    assert "asks for a card given to Threat 1" not in said.line, said.line
    total = resolved_total(after(run, "submit mil2 t1"), 0)
    assert str(total) in said.line, said.line
