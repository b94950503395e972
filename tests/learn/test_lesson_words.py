"""What a lesson says stays short and true to the lesson: a refused move never points to
`/move` (there is no game in a lesson), a "Right:" line tells what the move did in a sentence or
two (never a card-by-card account), how to answer a step is said once, at the first step, and a
whole lesson reads in about ten minutes."""

from __future__ import annotations

import pytest

from bot.learn.text import step_text
from club.learn.lesson import Run
from tests.learn.driving import LESSONS

GAMES = sorted(LESSONS)
RIGHT_MOST = 200
"""Characters a "Right:" line may take."""
WORDS_MOST = 1800
"""Words a whole lesson may take: about ten minutes at 180 words a minute."""
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


@pytest.mark.parametrize("game", GAMES)
def test_a_lesson_reads_in_about_ten_minutes(game: str) -> None:
    run = Run(LESSONS[game], "ann")
    said, words = "", 0
    while True:
        words += len(step_text(run, said).split())
        if run.finished:
            break
        said = run.attempt(run.step.show).line
    assert words <= WORDS_MOST
