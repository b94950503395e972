"""Every lesson's verdicts agree with the game: at every step of the five lessons, the step's
own move is legal and done, and for every move the step offers (every legal move there), the
lesson answers "Right" exactly when what the engine says the move did is what the task asks.

What the move did is read from the engine alone: the words it says about the move (its
events), the board it leaves, or, for a card given to a threat, the total the engine resolves
that threat to with the card and without it (the table's timer playing every seat on, so not
the lesson's own script of the rivals)."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest

from club.learn.lesson import Attempt, Lesson, Run
from engine.agents.scoring import groups
from engine.agents.state import AgentsState
from engine.marsvsearth import GAME as MARS
from engine.marsvsearth import MarsState
from tests.learn.driving import LESSONS

Oracle = Callable[[Attempt], bool]
"""Whether the engine's outcome of a move is what the step's task asks for."""


def anything(attempt: Attempt) -> bool:
    return True


def said(*patterns: str) -> Oracle:
    """The engine's words about the move (public, or to the learner) match every pattern."""

    def oracle(attempt: Attempt) -> bool:
        text = " ".join(e.text for e in attempt.events if e.to in (None, attempt.seat))
        return all(re.search(pattern, text) for pattern in patterns)

    return oracle


def unsaid(pattern: str, oracle: Oracle) -> Oracle:
    return lambda attempt: oracle(attempt) and not said(pattern)(attempt)


def mars_total(state: MarsState, slot: int) -> int:
    """The total threat `slot` (0-based) is resolved to, the table's timer ending every open
    phase and answering every question with the engine's default."""
    for _ in range(50):
        threat = state.threats[slot]
        if threat.result is not None and threat.total is not None:
            return threat.total
        state, _ = MARS.timeout(state)
    raise AssertionError("the threat was never resolved")


def card_moves_total(slot: int | None, up: bool) -> Oracle:
    """A card given to threat `slot` (0-based; None: any) moves the total it is resolved to
    up (or down) against pressing Done instead."""

    def oracle(attempt: Attempt) -> bool:
        match = re.fullmatch(r"submit \S+ t(\d+)", attempt.notation)
        if match is None:
            return False
        given = int(match[1]) - 1
        if slot is not None and given != slot:
            return False
        before, seat = attempt.before, attempt.seat
        done, _ = MARS.apply(before, seat, MARS.parse(before, seat, "done"))
        with_card, without = mars_total(attempt.after, given), mars_total(done, given)
        return with_card > without if up else with_card < without

    return oracle


def joins_four(attempt: Attempt) -> bool:
    """The placed pyramid is in a group of four or more of its colour (the engine's groups)."""
    state: AgentsState = attempt.after
    match = re.fullmatch(r"place (\S+)", attempt.notation)
    if match is None:
        return False
    square = state.rules.grid.parse(match[1])
    return any(square in s and len(s) >= 4 for _, s in groups(state.board, state.rules.grid))


def over_black(attempt: Attempt) -> bool:
    """A pyramid moved along a line passing over a black pyramid (the board before)."""
    match = re.fullmatch(r"move (\S+) (\S+)", attempt.notation)
    if match is None:
        return False
    state: AgentsState = attempt.before
    grid = state.rules.grid
    (c1, r1), (c2, r2) = (grid.square(grid.parse(match[i])) for i in (1, 2))
    steps = max(abs(c2 - c1), abs(r2 - r1))
    path = [
        grid.index((c1 + (c2 - c1) // steps * k, r1 + (r2 - r1) // steps * k))
        for k in range(1, steps)
    ]
    return any((p := state.board[i]) is not None and p.is_black for i in path)


ORACLES: dict[str, dict[str, Oracle]] = {
    "leylines": {
        "Your first pyramid": said(r"placed an? \w+ pyramid"),
        "Volcano caps": said(r"placed a Volcano cap"),
        "Filling a line": said(r"Line a2-b1 is filled"),
        "Only your colour counts": said(r"Line a3-c1 is filled"),
        "A corner square": unsaid(r"scores", said(r"placed an? \w+ pyramid on a1")),
        "Caps end lines": said(r"Line e2-f1 is filled"),
        "A cap never scores": said(r"placed a Volcano cap on b1"),
        "Two lines at once": said(r"Line a1-b2 is filled", r"Line a3-c1 is filled"),
        "No passing": anything,
        "The last piece": anything,
    },
    "albiorix": {
        "Your army and the General": said(r"moved the General \S+ from a3"),
        "The Diplomat jumps": said(r"moved the Diplomat \S+ from c1 to c3"),
        "The Soldier": said(r"moved the Soldier"),
        "The Artist": said(r"moved the Artist"),
        "The Bureaucrat": said(r"moved the Bureaucrat"),
        "The Dancer": said(r"moved the Dancer"),
        "The Monads": said(r"moved the Queen \S+ from a1"),
        "Mixing instead of capturing": said(r"mixed the General \S+ on a3 with the \w+ \S+ on c5"),
        "A new Monad": said(r"mixed the Queen \S+ on a1 with .* on b1: now \S+ on a1 and 2b on b1"),
        "Rebuilding only swapped": said(
            r"mixed the \w+ \S+ on (b2|c2) with the \w+ \S+ on (c2|b2)"
        ),
        "Who may move a piece": said(r"(moved|mixed) the \w+ \S+ (from|on) c4"),
        "No repetition": anything,
        "Winning": said(r"has no Monad left"),
    },
    "agents": {
        "Your secret objectives": said(r"set their objectives"),
        "Drawing a pyramid": said(r"drew a"),
        "Placing it": said(r"placed the"),
        "Moving a pyramid": said(r"moved the"),
        "Swapping two pyramids": said(r"swapped the \w+ \w+ on"),
        "Black pyramids": over_black,
        "Revealing objectives": said(r"revealed their \w+ and \w+ objectives"),
        "No undoing (Ko)": anything,
        "Clusters": joins_four,
        "The end and the score": anything,
        "Variants of the objectives": said(r"set their objectives"),
        "Variants of the score": anything,
    },
    "merchants": {
        "Launching a ship": said(r"launched a ship"),
        "Discovering a planet": said(r"discovered an? \w+ planet"),
        "Producing a good": said(r"produced an? \w+ good"),
        "Moving a ship": said(r"ship flew from"),
        "Picking up": said(r"picked up"),
        "Delivering": said(r"delivered"),
        "Trading at a planet": said(r"traded"),
        "Establishing a station": said(r"built a station"),
        "Consuming a good": said(r"consumed"),
        "Export or produce": said(r"exported"),
        "Warp or move": said(r"warped a ship"),
        "Reposition or discover": said(r"moved the planet"),
        "Trading between players": said(r"offers"),
    },
    "marsvsearth": {
        "Agents and Martian Clones": said(r"leads Threat"),
        "Choosing threat leaders": anything,
        "Fate cards": card_moves_total(0, up=True),
        "How close you sit": card_moves_total(1, up=True),
        "Human influence": said(r"is done"),
        "Wild symbols": said(r"counts the wild symbols"),
        "The leader's skill": said(r"adds .+'s \w+ \(\+\d+\)"),
        "Accusations": said(r"seconds the accusation against Rival 4"),
        "Trials": said(r"defends with"),
        "Ousted": said(r"falls from"),
        "Reinstated": said(r"is reinstated"),
        "Field promotions": said(r"field promote Rival 4"),
        "A new cloning wave": said(r"discarded a card"),
        "Revealing yourself": said(r"reveals themselves"),
        "Martian Clone influence": card_moves_total(None, up=False),
        "A new round": anything,
        "Table options": said(r"submitted a card to Threat 1"),
    },
}
"""Per game, per step title: what the engine must say the move did for the task to be done."""


def verdicts(lesson: Lesson) -> list[tuple[int, str, list[str]]]:
    """Each step's disagreements: the moves whose verdict differs from the engine's outcome."""
    oracles = ORACLES[lesson.game.key]
    run = Run(lesson, "ann")
    found = []
    while not run.finished:
        step = run.step
        assert step.title in oracles, f"no oracle for the step {step.title!r}"
        assert step.show in run.notations(), f"{step.title}: `{step.show}` is not legal"
        wrong = []
        for text in run.notations():
            move = run.game.parse(run.state, run.seat, text)
            after, events = run.game.apply(run.state, run.seat, move)
            attempt = Attempt(run.game, run.seat, run.state, text, after, tuple(events))
            if step.accepts(attempt) != oracles[step.title](attempt):
                wrong.append(f"{text} ({'Right' if step.accepts(attempt) else 'Not this'})")
        found.append((run.index + 1, step.title, wrong))
        assert run.show_me().advanced
    return found


@pytest.mark.parametrize("game", sorted(LESSONS))
def test_every_verdict_agrees_with_the_engine(game: str) -> None:
    found = verdicts(LESSONS[game])
    assert [f for f in found if f[2]] == []
    assert set(ORACLES[game]) == {title for _, title, _ in found}
