"""What a finished game counts for its players: a result each (for the stats) and teams with
ranks (for the ratings).

Rules:
- Only finished games count: an abandoned game counts for nothing.
- A player wins when the engine names their seat a winner, draws when the game is a draw, and
  loses otherwise. A player who resigned loses, whatever their side did; a game that everyone
  lost (a side won that nobody at the table was on) is a loss for all, not a draw.
- Computer players are never rated and have no stats.
- Teams: in a game of sides (`SidedGame`, such as Mars vs. Earth's Martians and Humans) the
  people of one side who share a result form a team; a player who resigned is a team of one; in
  every other game each person is a team of one. Winners rank first, draws tie for first,
  losers rank second.
- A table that allows hints (`/hint`) is unrated: its games count in the stats, never in
  the ratings (see `club.ratings.ledger.count`).
- Ratings are decided among people only: a game changes ratings when it has at least two teams
  of people whose results differ (or who all drew). So a game against computers changes no
  rating unless two or more people (or two human sides) played in it, and then only theirs; a
  game with one person or one human side, or lost by everyone, counts in the stats (games,
  wins, draws, losses, streak) but changes no rating.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from engine.core import Game, Outcome, Seat, SidedGame

Result = Literal["win", "draw", "loss"]
RANKS: dict[Result, int] = {"win": 1, "draw": 1, "loss": 2}
"""A team's rank by its result (lower is better)."""


@dataclass(frozen=True)
class Ending:
    """What the engine says of a finished game: the winning seats, whether it is a draw, and in
    a game of sides each seat's side (else None)."""

    winners: tuple[Seat, ...]
    draw: bool
    sides: tuple[str, ...] | None = None


def ending(game: Game[Any, Any], state: Any, outcome: Outcome | None) -> Ending | None:
    """How `state` ended, by `outcome` (the engine's outcome of it), or None while the game
    goes on."""
    if outcome is None:
        return None
    sides = game.sides(state) if isinstance(game, SidedGame) else None
    return Ending(outcome.winners, outcome.is_draw, sides)


@dataclass(frozen=True)
class Standing:
    """A finished game as it counts: each person's result, and the teams of people (user ids)
    with their ranks."""

    results: dict[int, Result]
    teams: tuple[tuple[int, ...], ...]
    ranks: tuple[int, ...]

    @property
    def rated(self) -> bool:
        """Whether the game changes ratings (see the module's rules)."""
        outcomes = {self.results[team[0]] for team in self.teams}
        return len(self.teams) >= 2 and (len(outcomes) > 1 or outcomes == {"draw"})


def standing(ending: Ending, people: Sequence[int | None], resigned: Collection[Seat]) -> Standing:
    """The standing of a game that ended so; `people` holds the user id in each seat (None for a
    computer player) and `resigned` the seats that resigned."""
    results: dict[int, Result] = {}
    teams: dict[tuple[str, object], list[int]] = {}
    for seat, user_id in enumerate(people):
        if user_id is None:
            continue
        result = _result(ending, seat, resigned)
        results[user_id] = result
        if seat in resigned or ending.sides is None:
            key: tuple[str, object] = ("seat", seat)
        else:
            key = ("side", (ending.sides[seat], result))
        teams.setdefault(key, []).append(user_id)
    ranks = tuple(RANKS[results[team[0]]] for team in teams.values())
    return Standing(results, tuple(tuple(team) for team in teams.values()), ranks)


def _result(ending: Ending, seat: Seat, resigned: Collection[Seat]) -> Result:
    if seat in resigned:
        return "loss"
    if seat in ending.winners:
        return "win"
    return "draw" if ending.draw else "loss"
