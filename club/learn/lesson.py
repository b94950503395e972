"""The step model of a lesson and the runner that takes a learner through it, without Discord.

A lesson is a series of steps. Each step stands on a real position: a seeded opening
(`game.new_game`) and the engine's own moves applied to it in order (`Position`), so every
board a learner sees is one the game can reach. A step teaches one rule in a few sentences and
sets a task: a move for the learner to make there. `goal` decides which of the learner's legal
moves complete the task (by default only the step's own move, `show`); any other move is
explained (the engine's refusal for an illegal one, the step's `wrong` words for a legal one)
and changes nothing. `Hint` names `show`; `Show me` plays it with the step's `why`.

Every step names the rules it teaches (`teaches`); a lesson lists the rules of its game's rule
text section by section (`rules`), points to `/rules` for any that no step teaches (`pointed`),
and `untaught` finds a rule neither taught nor pointed to. A move that does the task is answered
"Right:" with the engine's first words on it (`RIGHT_CHARS`, less the lesson's `quiet` lines); a
lesson may say where its story stands (`scene`) whenever a step's position jumps from where the
learner's last move left it. A lesson's steps are built by its `script` when the lesson is first
used, so importing a lesson builds no position. Nothing here is scored or rated, and nothing
touches a table: a lesson keeps its own engine state.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from engine.core import Event, Game, GameError, Seat, View

ScriptedMove = str | tuple[Seat, str]
"""A move of a position's history: its notation, played by the one seat to act, or
(seat, notation) when several may act."""
RIGHT_CHARS = 160
"""Characters of the engine's words a "Right:" line keeps: its first sentence about the move,
then whole sentences while they fit (never a card-by-card account of what followed)."""
GAME_HELP = "`/move` lists what you may do now"
"""How a game's refusal points to its move list; a lesson has its menu instead."""
LESSON_HELP = "the menu lists every move you may make here, and Hint names one for this step"
RIVALS = ("Rival", "Rival 2", "Rival 3", "Rival 4", "Rival 5", "Rival 6", "Rival 7")
"""The names of the seats the learner does not hold."""


@dataclass(frozen=True)
class Position:
    """A seeded opening with `seats` players and `options`, and the moves played since."""

    moves: tuple[ScriptedMove, ...] = ()
    seed: int = 1
    options: tuple[tuple[str, Any], ...] = (("first", 1),)
    seats: int = 2

    def then(self, *moves: ScriptedMove) -> Position:
        """This position with `moves` played after it."""
        return Position((*self.moves, *moves), self.seed, self.options, self.seats)

    def build(self, game: Game[Any, Any], learner: str) -> Any:
        """The state: the opening, then each move applied by the engine (a move it refuses
        raises, as a broken script should)."""
        players = [learner, *RIVALS[: self.seats - 1]]
        state = game.new_game(players, dict(self.options), self.seed)
        for entry in self.moves:
            seat, text = entry if isinstance(entry, tuple) else (one_actor(game, state), entry)
            state, _ = game.apply(state, seat, game.parse(state, seat, text))
        return state


def one_actor(game: Game[Any, Any], state: Any) -> Seat:
    actors = game.actors(state)
    if len(actors) != 1:
        raise ValueError(f"{len(actors)} seats may act; name the seat of the move")
    [seat] = actors
    return seat


@dataclass(frozen=True)
class Attempt:
    """A legal move the learner made in a step: the position before, its notation, the
    position after and what the engine said happened."""

    game: Game[Any, Any]
    seat: Seat
    before: Any
    notation: str
    after: Any
    events: tuple[Event, ...]


Goal = Callable[[Attempt], bool]


def only(*notations: str) -> Goal:
    """The task is done by one of these moves."""
    return lambda attempt: attempt.notation in notations


def anything(attempt: Attempt) -> bool:
    """The task is done by any legal move."""
    return True


def starting(*heads: str) -> Goal:
    """The task is done by any move whose notation begins with one of `heads`."""
    return lambda attempt: attempt.notation.startswith(heads)


@dataclass(frozen=True)
class Step:
    """One rule, taught on `position`: `text` (a few sentences) and `task`, which `show`
    completes (`why` says why); `goal` accepts the moves that complete it too (default: only
    `show`); `wrong` says what a legal move that does not complete it misses."""

    title: str
    teaches: tuple[str, ...]
    position: Position
    text: str
    task: str
    show: str
    why: str
    wrong: str | Callable[[Attempt], str]
    """Words on a legal move that misses the task, or how to say them from what it did."""
    goal: Goal | None = None
    seat: Seat = 0

    def accepts(self, attempt: Attempt) -> bool:
        return (self.goal or only(self.show))(attempt)

    def missed(self, attempt: Attempt) -> str:
        """What `attempt`, a legal move that does not do the task, misses."""
        return self.wrong if isinstance(self.wrong, str) else self.wrong(attempt)


Scene = Callable[[Any, Seat], str]
"""Where the story of a lesson stands at a step's position, from the engine's state (round,
who leads, what the learner is), for the learner at a seat."""


@dataclass(frozen=True)
class Lesson:
    """A game's lesson: `rules` are the short names of the rules of its rule text, section by
    section, each taught by one of its steps or left to `/rules` (`pointed`, named at the
    lesson's end); `done` is said at the end."""

    game: Game[Any, Any]
    rules: tuple[str, ...]
    script: Callable[[], tuple[Step, ...]]
    """Builds the steps and the positions they stand on (see `steps`)."""
    done: str
    pointed: tuple[str, ...] = ()
    """Rules of `rules` no step teaches: the lesson's end points to `/rules` for them."""
    scene: Scene | None = None
    """Said above each step's words, where the positions of the steps tell a story."""
    variants: Mapping[str, str] = field(default_factory=dict)
    """Each variant (a table option) and its difference in a line, said in some step."""
    quiet: tuple[str, ...] = ()
    """Patterns (regular expressions) of the engine's lines a "Right:" line leaves out: the
    details of what followed the move, such as each card revealed."""

    @cached_property
    def steps(self) -> tuple[Step, ...]:
        """The steps, built by `script` the first time they are asked for (a lesson opened,
        checked or searched), then kept."""
        return self.script()

    @property
    def title(self) -> str:
        return self.game.title


def untaught(lesson: Lesson) -> list[str]:
    """The rules of the lesson's game that no step teaches and the lesson does not point to."""
    taught = {rule for step in lesson.steps for rule in step.teaches}
    return [rule for rule in lesson.rules if rule not in taught and rule not in lesson.pointed]


@dataclass(frozen=True)
class Said:
    """The answer to an action in a lesson: whether it moved the lesson on, and the line that
    says what happened (or why not)."""

    advanced: bool
    line: str


class Run:
    """One learner's way through a lesson: the step reached and its position (once finished,
    the position the last move made)."""

    def __init__(self, lesson: Lesson, learner: str) -> None:
        self.lesson = lesson
        self.learner = learner
        self.game: Game[Any, Any] = lesson.game
        self.index = 0
        self.state: Any = self._position()
        self.before = ""
        """Where the story stood after the learner's last move (see `scene`)."""

    @property
    def finished(self) -> bool:
        return self.index >= len(self.lesson.steps)

    @property
    def step(self) -> Step:
        return self.lesson.steps[self.index]

    @property
    def seat(self) -> Seat:
        """The learner's seat (in the last step's, once the lesson is finished)."""
        return self.lesson.steps[min(self.index, len(self.lesson.steps) - 1)].seat

    def _position(self) -> Any:
        return self.step.position.build(self.game, self.learner)

    def notations(self) -> list[str]:
        """The learner's legal moves in the step's position."""
        return list(self.game.legal(self.state, self.seat).notations)

    def view(self) -> View:
        """What the learner sees of the step's position."""
        return self.game.view(self.state, self.seat)

    def scene(self) -> str:
        """Where the lesson's story stands at this step, said when the step's position jumps
        from where the learner's last move left the story ("" when it does not, and for a
        lesson without a scene)."""
        now = self._scene_of(self.state)
        return "" if now == self.before else now

    def _scene_of(self, state: Any) -> str:
        scene = self.lesson.scene
        return "" if scene is None or self.finished else scene(state, self.seat)

    def hint(self) -> str:
        return f"Try `{self.step.show}`."

    def attempt(self, text: str) -> Said:
        """The learner plays `text`: a move that completes the task moves on to the next step;
        any other is explained, and the step stays as it was."""
        try:
            move = self.game.parse(self.state, self.seat, text)
            after, events = self.game.apply(self.state, self.seat, move)
        except GameError as refusal:
            return Said(False, f"`{text.strip()}` is not allowed here: {in_lesson(str(refusal))}")
        written = self.game.notation(move)
        attempt = Attempt(self.game, self.seat, self.state, written, after, tuple(events))
        if not self.step.accepts(attempt):
            return Said(False, f"`{written}` is a legal move, but {self.step.missed(attempt)}")
        self.before = self._scene_of(after)
        self.index += 1
        self.state = after if self.finished else self._position()
        return Said(True, f"Right: {self._told(events)}")

    def show_me(self) -> Said:
        """Play the step's own move for the learner, with why it does the task."""
        step = self.step
        said = self.attempt(step.show)
        if not said.advanced:
            raise RuntimeError(f"step {self.index + 1} of {self.lesson.game.key}: {said.line}")
        return Said(True, f"Shown: `{step.show}`. {step.why}")

    def _told(self, events: list[Event]) -> str:
        """The engine's words on the move, as many whole sentences as `RIGHT_CHARS` holds."""
        quiet = [re.compile(pattern) for pattern in self.lesson.quiet]
        seen = [
            e.text
            for e in events
            if (e.to is None or e.to == self.seat) and not any(q.search(e.text) for q in quiet)
        ]
        kept = seen[:1]
        for text in seen[1:]:
            if len(" ".join((*kept, text))) > RIGHT_CHARS:
                break
            kept.append(text)
        return " ".join(kept) or "done."


def in_lesson(refusal: str) -> str:
    """A game's refusal as a lesson says it: where it points to `/move` (which answers only at
    a table), the lesson's own menu and Hint."""
    return refusal.replace(GAME_HELP, LESSON_HELP).replace("`/move ", "`")
