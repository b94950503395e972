"""A finished game's review without Discord: the positions to weigh, the search's estimate of
each (run in a worker), the drops, the turning point and the words.

Rulings:
- A review is seen from one seat, as that seat saw the game: each position is weighed from the
  seat's own view, the hidden part sampled afresh by the game's determinizer (`ai.evaluate`),
  so another player's secret never counts, even after the end. In a game without secrets every
  seat sees the same, so one walk through the game (weighed for the seat to move) serves every
  player's review and the public one.
- The estimated chance to win at a position is the search's mean reward for the seat at the
  root, from `iterations_for` simulations per position and a seed fixed by the position's
  number, so a game reviewed again reads the same; a review that ran behind its time gives its
  later positions fewer (`club.review.pace`) and says so: "Reviewed with fewer samples (N of M)
  to answer in time", N the simulations given, M those planned.
- A drop is the fall in the seat's chance over one of its own moves (from the position before
  it to the one after); only a move the search would not have made counts, and the better move
  is the search's best there. The turning point is the move, anyone's, after which the seat's
  chance changed most.
- Another player's secret move is named only as a secret action; the reviewer's own moves and
  the better ones (its own too) are named by their notation.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ai.evaluate import Comparison, compare, evaluate
from ai.kit import Kit
from engine.core import JSON, Game, Seat
from engine.words import Unit

SIMULATIONS = 16_000
"""Simulations for a whole review, shared among its positions: about a minute of CPU for a
two-player game (1 to 4 ms a simulation, by game)."""
MOST_PER_POSITION = 400
LEAST_PER_POSITION = 16
DROPS = 3
"""The biggest drops a review names."""
SMALLEST_DROP = 0.01
"""A fall in the estimated chance smaller than this (one point in a hundred) is no drop."""
SEED = 90_210
"""The search seed of position 0; position k uses SEED + k."""


def iterations_for(positions: int, simulations: int = SIMULATIONS) -> int:
    """Simulations per position for a game of `positions` positions: `simulations` shared,
    within `LEAST_PER_POSITION` and `MOST_PER_POSITION`."""
    share = simulations // max(1, positions)
    return max(LEAST_PER_POSITION, min(MOST_PER_POSITION, share))


@dataclass(frozen=True)
class Samples:
    """The simulations given a review's positions and those planned: fewer given when the
    review ran behind its time (`club.review.pace`)."""

    given: int
    planned: int

    @property
    def cut(self) -> bool:
        return self.given < self.planned


@dataclass(frozen=True)
class Weighed:
    """One position's estimate as plain data (from a worker): each seat's chance in [0, 1], the
    seat to move (None once over) and the notation of its best move (None: nothing weighed)."""

    values: tuple[float, ...]
    actor: Seat | None
    best: str | None


def weigh(
    game: Game[Any, Any], kit: Kit, state: JSON, seat: Seat, iterations: int, number: int
) -> Weighed:
    """Position number `number` of `game` (its state as JSON) weighed as `seat` sees it by the
    search with `kit` (run in a worker: the game and kit travel with the call)."""
    found = evaluate(game, game.from_json(state), seat, iterations, SEED + number, kit)
    best = None if found.best is None else game.notation(found.best)
    return Weighed(tuple(found.values), found.actor, best)


def weigh_moves(
    game: Game[Any, Any], kit: Kit, state: JSON, seat: Seat, made: str, better: str, number: int
) -> Comparison:
    """`seat`'s move `made` against `better` at position `number` of `game`, by the search with
    `kit` (run in a worker)."""
    position = game.from_json(state)
    parse = game.parse
    return compare(
        game,
        position,
        seat,
        parse(position, seat, made),
        parse(position, seat, better),
        SEED + number,
        kit,
    )


@dataclass(frozen=True)
class ReviewStep:
    """A logged move as a review speaks of it: its number, who made it, its notation (shown
    only to that seat when `hidden`) and whether it is a move a seat chose (a move or a secret
    move, not a resignation, a timer or a takeback)."""

    number: int
    seat: Seat
    notation: str
    hidden: bool
    chosen: bool


@dataclass(frozen=True)
class Drop:
    """A seat's move that cost it chance: the step, the chance before and after, the better
    move and why it is better in words."""

    step: ReviewStep
    before: float
    after: float
    better: str
    why: str = ""


def walk_seat(game: Game[Any, Any], seat: Seat | None) -> Seat | None:
    """The seat whose view a walk weighs positions from: `seat` in a game with secrets, None
    (the seat to move) in a game without."""
    return seat if game.information == "hidden" else None


def positions_to_weigh(
    game: Game[Any, Any], states: Sequence[Any], seat: Seat | None
) -> list[tuple[JSON, Seat]]:
    """Each position's state as JSON and the seat to weigh it for: `seat`, or when None the
    first seat to move (seat 0 once the game is over)."""
    found = []
    for state in states:
        actors = game.actors(state)
        weigher = seat if seat is not None else (min(actors) if actors else 0)
        found.append((json.loads(json.dumps(game.to_json(state))), weigher))
    return found


def chances(walk: Sequence[Weighed], seat: Seat) -> list[float]:
    """`seat`'s estimated chance at each position."""
    return [weighed.values[seat] for weighed in walk]


def drops(
    walk: Sequence[Weighed], steps: Sequence[ReviewStep], seat: Seat | None, count: int = DROPS
) -> list[Drop]:
    """The `count` biggest drops of `seat` (None: of every player), biggest first, earlier first
    among equals."""
    found = []
    for index, step in enumerate(steps):
        if not step.chosen or (seat is not None and step.seat != seat):
            continue
        before, after = walk[index], walk[index + 1]
        if before.actor != step.seat or before.best is None or before.best == step.notation:
            continue
        fall = before.values[step.seat] - after.values[step.seat]
        if fall >= SMALLEST_DROP:
            found.append(Drop(step, before.values[step.seat], after.values[step.seat], before.best))
    found.sort(key=lambda drop: (drop.after - drop.before, drop.step.number))
    return found[:count]


def turning_point(walk: Sequence[Weighed], steps: Sequence[ReviewStep], seat: Seat) -> int | None:
    """The index of the step after which `seat`'s chance changed most (None: no step changed
    it)."""
    changes = [
        (abs(walk[index + 1].values[seat] - walk[index].values[seat]), -index)
        for index in range(len(steps))
    ]
    if not changes or max(changes)[0] < SMALLEST_DROP:
        return None
    return -max(changes)[1]


def reason(unit: Unit, comparison: Comparison, names: Sequence[str], seat: Seat) -> str:
    """Why the better move is better, in one clause of the game's terms (a lead counted in
    `unit`, its kit's)."""
    if comparison.better_wins and not comparison.played_wins:
        return "it wins at once"
    if comparison.played_loses and not comparison.better_loses:
        return "yours let the game be lost at once"
    better, made = comparison.better_lead, comparison.played_lead
    if better is not None and made is not None and better > made:
        gained = better - made
        amount = f"{gained:g}" if gained == int(gained) else f"{gained:.1f}"
        return f"it keeps {amount} more {unit.word(gained)}"
    return "the search expects more of the moves after it"


def percent(chance: float) -> str:
    """`62 %`."""
    return f"{round(chance * 100)} %"


def shown(step: ReviewStep, viewer: Seat | None) -> str:
    """A step's move as `viewer` may read it after a possessive (`Bob's ...`): its notation,
    or `secret action`."""
    if step.hidden and step.seat != viewer:
        return "secret action"
    return f"`{step.notation}`"


def review_text(
    heading: str,
    names: Sequence[str],
    seat: Seat | None,
    walk: Sequence[Weighed],
    steps: Sequence[ReviewStep],
    found: Sequence[Drop],
    iterations: int,
    samples: Samples | None = None,
) -> str:
    """The review's message: whose review (weighed with `iterations` simulations a position, at
    most when its `samples` were cut), the drops with their better moves and reasons, and the
    turning point."""
    whose = "everyone's" if seat is None else f"{names[seat]}'s"
    cut = samples if samples is not None and samples.cut else None
    most = "up to " if cut else ""
    lines = [f"**Review of {heading}**, from {whose} point of view "
             f"({most}{Unit('simulation').of(iterations)} a position)."]  # fmt: skip
    if cut is not None:
        lines.append(
            f"Reviewed with fewer samples ({cut.given:,} of {cut.planned:,}) to answer in time."
        )
    if seat is not None:
        lines.append(
            f"Your estimated chance to win: {percent(walk[0].values[seat])} at the start, "
            f"{percent(walk[-1].values[seat])} at the end."
        )
    if found:
        lines.append("Biggest drops:" if seat is None else "Your biggest drops:")
        for rank, drop in enumerate(found, 1):
            who = "your" if seat is not None else f"{names[drop.step.seat]}'s"
            lines.append(
                f"{rank}. Move {drop.step.number}, {who} {shown(drop.step, drop.step.seat)} "
                f"({percent(drop.before)} to {percent(drop.after)}): `{drop.better}` was better"
                + (f": {drop.why}." if drop.why else ".")
            )
    else:
        lines.append("No move of yours lost chance the search could see." if seat is not None
                     else "No move lost chance the search could see.")  # fmt: skip
    point = turning_point(walk, steps, 0 if seat is None else seat)
    if point is not None:
        step = steps[point]
        whom = "your" if seat is not None else f"{names[0]}'s"
        by = "your" if step.seat == seat else f"{names[step.seat]}'s"
        lines.append(
            f"Turning point: move {step.number}, {by} {shown(step, seat)}: {whom} chance went "
            f"from {percent(walk[point].values[0 if seat is None else seat])} to "
            f"{percent(walk[point + 1].values[0 if seat is None else seat])}."
        )
    return "\n".join(lines)
