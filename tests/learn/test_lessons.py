"""Each game's lesson script, in-process: every step stands on a position the engine reaches by
legal moves, its own move (Hint, Show me) is legal there and completes the step, a wrong move
changes nothing, every rule of the rule text is taught, and every message fits Discord."""

from __future__ import annotations

import re

import pytest

from bot.courier import limits
from bot.courier.delivery import check_components
from bot.learn.cog import lesson_view, menu_options
from bot.learn.text import step_text
from club.catalogue import CATALOGUE
from club.learn.lesson import Lesson, Run, untaught
from tests.learn.driving import LESSONS, wrong_move

RULES: dict[str, dict[str, str]] = {
    "leylines": {
        "the board and the stashes": "Your first pyramid",
        "the shared caps": "Volcano caps",
        "placing a piece": "Your first pyramid",
        "no passing": "No passing",
        "the end": "The last piece",
        "a line has two or more squares": "A corner square",
        "filling a line scores your pips": "Filling a line",
        "two lines at once": "Two lines at once",
        "a cap never scores": "A cap never scores",
        "a cap ends a line": "Caps end lines",
        "the winner": "The last piece",
    },
    "albiorix": {
        "the board and the set-up": "Your army and the General",
        "the Monads": "The Monads",
        "who may move a piece": "Who may move a piece",
        "moving to an empty square": "Your army and the General",
        "forward": "The Diplomat jumps",
        "mixing": "Mixing instead of capturing",
        "the shape of new pieces": "Mixing instead of capturing",
        "rebuilding only swapped": "Rebuilding only swapped",
        "keeping a Monad": "Mixing instead of capturing",
        "repetition": "No repetition",
        "the General": "Your army and the General",
        "the Diplomat": "The Diplomat jumps",
        "the Bureaucrat": "The Bureaucrat",
        "the Dancer": "The Dancer",
        "the Soldier": "The Soldier",
        "the Artist": "The Artist",
        "the Queen, Regent and Princess": "The Monads",
        "winning": "Winning",
    },
    "agents": {
        "secret objectives": "Your secret objectives",
        "drawing and placing": "Drawing a pyramid",
        "moving a pyramid": "Moving a pyramid",
        "swapping two pyramids": "Swapping two pyramids",
        "black pyramids": "Black pyramids",
        "revealing and swapping objectives": "Revealing objectives",
        "the Ko rule": "No undoing (Ko)",
        "clusters of four": "Clusters",
        "the end and the score": "The end and the score",
        "variant: five colours": "Variants of the objectives",
        "variant: Blind Agents": "Variants of the objectives",
        "variant: Black Trio Blocks the Swap": "Variants of the score",
        "variant: Only the Biggest Group Counts": "Variants of the score",
        "variant: The Size of the Group Gives Points": "Variants of the score",
        "variant: No Center": "Variants of the objectives",
        "variant: dealt objectives": "Variants of the objectives",
    },
    "merchants": {
        "the set-up": "Launching a ship",
        "a turn: one action, then production": "Launching a ship",
        "launching a ship": "Launching a ship",
        "moving a ship": "Moving a ship",
        "picking up": "Picking up",
        "delivering": "Delivering",
        "trading at a planet": "Trading at a planet",
        "establishing a station": "Establishing a station",
        "discovering a planet": "Discovering a planet",
        "producing a good": "Producing a good",
        "consuming a good": "Consuming a good",
        "the die's bonuses": "Consuming a good",
        "export or produce": "Export or produce",
        "warp or move": "Warp or move",
        "reposition or discover": "Reposition or discover",
        "the end": "Establishing a station",
        "variant: trading between players": "Trading between players",
    },
    "marsvsearth": {
        "the roles": "Agents and Martian Clones",
        "the set-up": "Agents and Martian Clones",
        "secret DNA": "Agents and Martian Clones",
        "the round": "A new round",
        "deal skill cards": "A new round",
        "reveal threats": "A new round",
        "choose threat leaders": "Choosing threat leaders",
        "add fate": "Fate cards",
        "Martian Clone influence": "Martian Clone influence",
        "Human influence": "Human influence",
        "proximity restrictions": "How close you sit",
        "rules of secrecy": "Human influence",
        "the golden rules": "Human influence",
        "resolve threats": "Wild symbols",
        "wild symbols": "Wild symbols",
        "the leader's skill": "The leader's skill",
        "success and failure": "The leader's skill",
        "Extra Bad": "Martian Clone influence",
        "accusations": "Accusations",
        "trials": "Trials",
        "ousted": "Ousted",
        "Civilians": "Ousted",
        "reinstatement": "Reinstated",
        "field promotions": "Field promotions",
        "a new cloning wave": "A new cloning wave",
        "winning the game": "A new cloning wave",
        "overachievement": "A new cloning wave",
        "Martian Clone levels": "Revealing yourself",
        "the optional reveal": "Revealing yourself",
        "discard and pass the initiative": "Passing the initiative",
        "initiative overrides": "Passing the initiative",
        "variant: Field Promotion": "Other ways to play",
        "variant: one threat at a time": "Giving cards in turn",
        "variant: one player at a time": "Giving cards in turn",
        "variant: two-player co-operative": "Other ways to play",
    },
}
"""Per game, each rule of its rule text (a short name per rule, from the text's sections) and
the title of the step that teaches it."""

GAMES = sorted(LESSONS)
SENTENCE = re.compile(r"[.!?](?:\s|$)")


@pytest.mark.parametrize("game", GAMES)
def test_every_rule_is_taught_by_its_step(game: str) -> None:
    lesson = LESSONS[game]
    table = RULES[game]
    assert set(table) == set(lesson.rules), "the rule table and the lesson name the same rules"
    assert untaught(lesson) == []
    steps = {step.title: step for step in lesson.steps}
    for rule, title in table.items():
        assert title in steps, f"{rule}: no step {title!r}"
        assert rule in steps[title].teaches, f"{rule}: step {title!r} does not teach it"


@pytest.mark.parametrize("game", GAMES)
def test_a_lesson_is_short(game: str) -> None:
    lesson = LESSONS[game]
    assert 8 <= len(lesson.steps) <= 20
    for step in lesson.steps:
        assert 2 <= len(SENTENCE.findall(step.text)) <= 4, step.title


@pytest.mark.parametrize("game", GAMES)
def test_every_step_is_done_by_its_own_move_on_a_reachable_position(game: str) -> None:
    lesson = LESSONS[game]
    run = Run(lesson, "Ann")
    while not run.finished:
        step = run.step
        state = step.position.build(run.game, "Ann")  # raises if a move is not legal
        assert run.game.outcome(state) is None
        assert step.seat in run.game.actors(state), step.title
        assert step.show in run.notations(), f"{step.title}: {step.show} is not legal"
        assert run.hint() == f"Try `{step.show}`."
        index = run.index
        assert run.attempt(step.show).advanced, step.title
        assert run.index == index + 1


@pytest.mark.parametrize("game", GAMES)
def test_a_wrong_move_is_explained_and_changes_nothing(game: str) -> None:
    run = Run(LESSONS[game], "Ann")
    while not run.finished:
        index, state = run.index, run.state
        said = run.attempt(wrong_move(run))
        assert not said.advanced and said.line
        assert (run.index, run.state) == (index, state)
        nonsense = run.attempt("zz99 nonsense")
        assert not nonsense.advanced and "is not allowed here" in nonsense.line
        assert (run.index, run.state) == (index, state)
        assert run.show_me().line.startswith("Shown: `")


@pytest.mark.parametrize("game", GAMES)
def test_every_message_fits_discord(game: str) -> None:
    lesson: Lesson = LESSONS[game]
    run = Run(lesson, "A" * 32)
    said = ""
    while True:
        text = step_text(run, said)
        assert len(text) <= limits.CONTENT
        assert not text.endswith(limits.ELLIPSIS), "nothing is cut"
        check_components(lesson_view(f"{game}.0123abcd", run))
        if run.finished:
            assert "Lesson complete" in text
            break
        for option in menu_options(run.notations(), ""):
            assert len(option.value) <= limits.OPTION_TEXT
        said = run.show_me().line
        assert len(said) < 500


def test_every_game_has_a_lesson() -> None:
    assert all(entry.lesson is not None for entry in CATALOGUE.values())
