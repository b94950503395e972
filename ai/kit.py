"""A game's kit: what the computer players know of a game beyond its rules.

The search (`ai.search`), the greedy player (`ai.greedy`), the weighing of positions
(`ai.evaluate`), the levels and the arena take a game's kit as an argument: nothing in `ai`
looks a game up by its name. A game that needs more than its rules exports one `KIT` from
`ai.kits.<game>`; any other open game plays with `generic(game)`, made from the nature the game
declares (`Game.information`, `Game.chance`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ai.determinize import FRESH_FUTURE, OPEN, Determinizer
from ai.heuristics import Heuristics
from ai.policies import Policy, uniform
from ai.rewards import Evaluation, even
from engine.core import Game, Seat
from engine.words import Unit

Score = Callable[[Game[Any, Any], Any, Any, Seat], float]
"""`(game, state before, state after a move, seat) -> the seat's lead by the game's count`."""


POINTS = Unit("point", "points")


def lead(scores: list[float], seat: Seat) -> float:
    """`seat`'s score less the best of the others'."""
    return scores[seat] - max(score for other, score in enumerate(scores) if other != seat)


@dataclass(frozen=True)
class Kit:
    """`determinizer` samples what a seat cannot see (see `ai.determinize`); `score` is a seat's
    lead by the game's own count, for the greedy player and reviews (None: only the outcome
    counts), and `unit` what that count counts, in words; `policy` picks rollout moves;
    `evaluation` judges a rollout cut off at its depth cap; `heuristics`, when set, guide
    rollouts, shortlist moves and judge cut-off rollouts in place of `policy` and `evaluation`;
    `widest`, when set in a kit with a `score` and no heuristics, is how many of the searching
    seat's moves a search weighs: those worth most one move ahead (`ai.widest`); `depth`, when
    set, is how many moves a rollout plays past the tree in this game, in place of the level's
    `Settings.depth` (a short game rolls out to its end); `contempt` is
    how much less than `ai.rewards.DRAW` a search counts a draw for the seat it plays for (the
    other seats count it that much more); `loss_depth` is how many replies deep the search's
    last check looks for a loss at once (`ai.decisive`: 1, a reply that ends the game; 2, also a
    reply after which every answer does, as when an Albiorix Monad is taken for good: its cost
    is one more move generation per reply of each move checked); `hard`, when set, is the kit
    the hard level plays with
    in its place (see `ai.levels.kit_for`: in Agents of M.A.R.S., where more simulations alone buy
    little, hard keeps its objective hidden); a hard kit has no `hard` kit of its own."""

    determinizer: Determinizer
    score: Score | None = None
    unit: Unit = POINTS
    policy: Policy = uniform
    evaluation: Evaluation = even
    heuristics: Heuristics | None = None
    contempt: float = 0.0
    widest: int | None = None
    depth: int | None = None
    loss_depth: int = 1
    hard: Kit | None = None


def by_nature(game: Game[Any, Any]) -> Determinizer:
    """The determinizer of an open game, by its nature: nothing to sample without chance, a
    fresh future (seed) with it. ValueError for a game with hidden information, which needs a
    sampler of its own."""
    if game.information != "open":
        raise ValueError(f"{game.title} hides information: its kit needs a sampler of its own.")
    return FRESH_FUTURE if game.chance else OPEN


def generic(game: Game[Any, Any]) -> Kit | None:
    """The kit of a game that has none of its own: its determinizer `by_nature` for an open
    game; None (the search cannot play it) for a game with hidden information."""
    return Kit(by_nature(game)) if game.information == "open" else None
