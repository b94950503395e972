"""Each game's lesson script, in-process: every step stands on a position the engine reaches by
legal moves, its own move (Hint, Show me) is legal there and completes the step, a wrong move
changes nothing, every rule of the rule text (section by section) is taught by a step or named
at the lesson's end with `/rules`, and every message fits Discord."""

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
        "the board": "Your first pyramid",
        "the stashes": "Your first pyramid",
        "the shared caps": "Volcano caps",
        "who goes first": "/rules",
        "turns alternate": "Your first pyramid",
        "placing a piece": "Your first pyramid",
        "no passing": "No passing",
        "the end": "The last piece",
        "one square stays empty": "The last piece",
        "a line has two or more squares": "Filling a line",
        "filling a line scores your pips": "Filling a line",
        "only your colour counts": "Only your colour counts",
        "two lines at once": "Two lines at once",
        "the placed pyramid counts in each line": "Two lines at once",
        "a cap never scores": "A cap never scores",
        "a cap ends a line": "Caps end lines",
        "the winner": "The last piece",
        "equal scores draw": "The last piece",
    },
    "albiorix": {
        "the board and the set-up": "Your army and the General",
        "who goes first": "/rules",
        "the Monads": "The Monads",
        "a turn: move or mix": "Mixing instead of capturing",
        "who may move a piece": "Who may move a piece",
        "both sides may move a piece": "Who may move a piece",
        "moving to an empty square": "Your army and the General",
        "forward": "The Diplomat jumps",
        "mixing": "Mixing instead of capturing",
        "mixing your own pieces": "Mixing instead of capturing",
        "where the new pieces stand": "Mixing instead of capturing",
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
        "the pieces' loyalties": "/rules",
        "winning": "Winning",
    },
    "agents": {
        "secret objectives": "Your secret objectives",
        "the board and the bag": "Drawing a pyramid",
        "who goes first": "/rules",
        "a turn: reveal, then one action": "Revealing objectives",
        "drawing and placing": "Drawing a pyramid",
        "nested pyramids in the bag": "/rules",
        "moving a pyramid": "Moving a pyramid",
        "moving stops at the edge": "Moving a pyramid",
        "swapping two pyramids": "Swapping two pyramids",
        "a swap must change something": "Swapping two pyramids",
        "black pyramids": "Black pyramids",
        "black pyramids can be jumped": "Black pyramids",
        "revealing and swapping objectives": "Revealing objectives",
        "revealing only below 4 black": "Revealing objectives",
        "the Ko rule": "No undoing (Ko)",
        "clusters of four": "Clusters",
        "clusters touch along sides": "Clusters",
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
        "home planets and ships": "Launching a ship",
        "the first planets by player count": "/rules",
        "who goes first": "/rules",
        "a turn: one action, then production": "Launching a ship",
        "producing a good": "Producing a good",
        "the production rules": "Producing a good",
        "no production possible": "Producing a good",
        "launching a ship": "Launching a ship",
        "moving a ship": "Moving a ship",
        "picking up": "Picking up",
        "one good a ship": "Picking up",
        "delivering": "Delivering",
        "trading at a planet": "Trading at a planet",
        "establishing a station": "Establishing a station",
        "discovering a planet": "Discovering a planet",
        "consuming a good": "Consuming a good",
        "the die's bonuses": "Consuming a good",
        "export or produce": "Export or produce",
        "warp or move": "Warp or move",
        "reposition or discover": "Reposition or discover",
        "the grid stays in one piece": "Reposition or discover",
        "the end": "Establishing a station",
        "variant: trading between players": "Trading between players",
    },
    "marsvsearth": {
        "the sides and how each wins": "Agents and Martian Clones",
        "threats": "Agents and Martian Clones",
        "the set-up": "Agents and Martian Clones",
        "set-up by player count": "A new round",
        "the board's two sides": "/rules",
        "secret DNA": "Agents and Martian Clones",
        "the initiative pog": "Agents and Martian Clones",
        "who takes the first initiative": "/rules",
        "the 3-4 player reminder": "A new round",
        "the round's twelve steps": "A new round",
        "deal skill cards": "A new round",
        "reveal threats": "A new round",
        "choose threat leaders": "Choosing threat leaders",
        "who may not lead": "Ousted",
        "centre threats": "Choosing threat leaders",
        "add fate": "Fate cards",
        "skill cards": "Fate cards",
        "Martian Clone influence": "Martian Clone influence",
        "+1 threat counters": "Martian Clone influence",
        "Human influence": "Human influence",
        "proximity restrictions": "How close you sit",
        "centre threats take a card from everyone": "How close you sit",
        "rules of secrecy": "Human influence",
        "the golden rules": "Human influence",
        "card text beats the rules": "Fate cards",
        "resolve threats": "Wild symbols",
        "good and bad cards": "Wild symbols",
        "wild symbols": "Wild symbols",
        "centre threats ignore leader effects": "Wild symbols",
        "the leader's skill": "The leader's skill",
        "success and failure": "The leader's skill",
        "skill-card effects": "The leader's skill",
        "the next unresolved threat": "The leader's skill",
        "initiative overrides": "A new cloning wave",
        "Extra Bad": "Martian Clone influence",
        "scoring threats by wave": "A new cloning wave",
        "accusations": "Accusations",
        "accusing several players": "Accusations",
        "one accusation a round": "Accusations",
        "trials": "Trials",
        "trials in initiative order": "Trials",
        "trial effects help the accused": "Trials",
        "ousted": "Ousted",
        "Civilians": "Ousted",
        "reinstatement": "Reinstated",
        "field promotions": "Reinstated",
        "promotions in initiative order": "Field promotions",
        "no promotion the round of the ousting": "Field promotions",
        "a new cloning wave": "A new cloning wave",
        "DNA in wave order": "A new cloning wave",
        "winning the game": "A new cloning wave",
        "overachievement": "A new cloning wave",
        "Martian Clone levels": "Revealing yourself",
        "clone hand size and counters by level": "Revealing yourself",
        "the optional reveal": "Revealing yourself",
        "discard and pass the initiative": "A new cloning wave",
        "strategy and tips": "/rules",
        "variant: Field Promotion": "Table options",
        "variant: one threat at a time": "Table options",
        "variant: one player at a time": "Table options",
        "variant: two-player co-operative": "Table options",
        "co-operative resources": "Table options",
    },
}
"""Per game, each rule of its rule text (a short name per rule, section by section) and the title
of the step that teaches it, or `POINTED` where the lesson's end points to `/rules` for it."""
POINTED = "/rules"

GAMES = sorted(LESSONS)
SENTENCE = re.compile(r"[.!?](?:\s|$)")


@pytest.mark.parametrize("game", GAMES)
def test_every_rule_is_taught_by_its_step_or_pointed_to(game: str) -> None:
    lesson = LESSONS[game]
    table = RULES[game]
    assert list(table) == list(lesson.rules), "the rule table and the lesson list the same rules"
    assert untaught(lesson) == []
    steps = {step.title: step for step in lesson.steps}
    run = Run(lesson, "Ann")
    while not run.finished:
        run.show_me()
    end = step_text(run)
    for rule, title in table.items():
        if title == POINTED:
            assert rule in lesson.pointed, f"{rule}: not pointed to"
            assert rule in end, f"{rule}: the lesson's end does not name it"
            continue
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
