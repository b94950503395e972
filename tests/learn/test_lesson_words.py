"""What a lesson says stays short and true to the lesson: a refused move never points to
`/move` (there is no game in a lesson), a "Right:" line tells what the move did in a sentence or
two (never a card-by-card account), and how to answer a step is said once, at the first step."""

from __future__ import annotations

import pytest

from bot.learn.text import step_text
from club.learn.lesson import Run
from tests.learn.driving import LESSONS

GAMES = sorted(LESSONS)
RIGHT_MOST = 200
"""Characters a "Right:" line may take."""
FOOTER = "**Show me**"


@pytest.mark.parametrize("game", GAMES)
def test_a_refused_move_points_to_the_lesson_not_to_a_game(game: str) -> None:
    run = Run(LESSONS[game], "ann")
    while not run.finished:
        for text in ("zz99 nonsense", "submit", "accuse", "move", "objectives", "a1"):
            said = run.attempt(text)
            if not said.advanced:
                assert "/move" not in said.line, said.line
        run.show_me()


@pytest.mark.parametrize("game", GAMES)
def test_right_lines_are_short_and_the_footer_is_said_once(game: str) -> None:
    run = Run(LESSONS[game], "ann")
    footers = 0
    while not run.finished:
        footers += step_text(run).count(FOOTER)
        said = run.attempt(run.step.show)
        assert said.line.startswith("Right: ")
        assert len(said.line) <= RIGHT_MOST, said.line
    assert footers == 1
