"""The Mars vs. Earth lesson reads in order: every term is explained at the step that first
uses it (never used before), and wherever a step's table jumps from where the learner's last
move left it, the step says where it now stands (round, who holds the initiative pog, threats
beaten), from the engine's state."""

from __future__ import annotations

import re

from bot.learn.text import step_text
from club.learn.lesson import Run
from engine.marsvsearth import GAME, MarsState
from engine.marsvsearth.script import look
from tests.learn.driving import LESSONS

LESSON = LESSONS["marsvsearth"]
TERMS = {
    r"\bthreats?\b": "Agents and Martian Clones",
    r"\bScience\b": "Agents and Martian Clones",
    r"\bpog\b": "Agents and Martian Clones",
    r"initiative order": "Agents and Martian Clones",
    r"\bDone\b": "Fate cards",
    r"draw pile": "Fate cards",
    r"`sci\d": "Fate cards",
    r"\bwild\b": "Fate cards",
    r"leader's skill|skill group|a value in each": "The leader's skill",
    r"Civilian": "Ousted",
    r"field promot": "Reinstated",
    r"\blevel\b": "Revealing yourself",
    r"\+1 counter": "Revealing yourself",
    r"cloning wave|\bwave\b": "A new cloning wave",
}
"""A term (a pattern) and the title of the step that explains it."""


def texts() -> list[tuple[str, str]]:
    """Each step's title and its message (without the line on how to answer)."""
    run = Run(LESSON, "ann")
    found = []
    while not run.finished:
        found.append((run.step.title, step_text(run).split("\n-# ")[0]))
        run.show_me()
    return found


def test_every_term_is_first_used_where_it_is_explained() -> None:
    steps = texts()
    for term, title in TERMS.items():
        first = next((t for t, text in steps if re.search(term, text.split("\n", 1)[1])), None)
        assert first == title, f"{term} is first used at {first!r}, explained at {title!r}"


def where(state: MarsState) -> tuple[int, int, int]:
    """The round, the initiative pog's holder and the threats beaten, as the engine has them."""
    table = look(GAME.deck, state).shown
    return table.round, table.pog, table.successes


def test_each_jump_of_the_story_is_said() -> None:
    run = Run(LESSON, "ann")
    left: tuple[int, int, int] | None = None  # where the learner's last move left the table
    said = 0
    while not run.finished:
        table = look(GAME.deck, run.state).shown
        holder = "you hold" if table.pog == 0 else f"{table.players[table.pog]} holds"
        line = f"Round {table.round}: {holder} the pog"
        text = step_text(run)
        if where(run.state) != left:
            assert line in text and f"{table.successes} threat" in text, text  # beaten
            said += 1
        step = run.step
        after, _ = GAME.apply(run.state, 0, GAME.parse(run.state, 0, step.show))
        left = where(after)
        run.show_me()
    assert 5 <= said < len(LESSON.steps), "the story jumps, and not at every step"
