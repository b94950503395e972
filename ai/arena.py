"""Strength measured by play: a contender level against an opponent level, game after game.

Game `i` seats the contender at seat `i mod players` and opponents everywhere else; the game's
first player, when it has that option, is seat 0, so first seats alternate too. When several
seats may act, the first in seat order moves. Every move's seed comes from the match seed, so a
match of levels without CPU caps is the same every time.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from ai.levels import Level, think
from engine.core import Game


@dataclass
class Effort:
    """What one side's moves cost: moves made, simulated moves (tree and rollouts), CPU seconds
    spent thinking (`time.process_time`) and the CPU seconds of its longest move."""

    moves: int = 0
    simulated: int = 0
    cpu_seconds: float = 0.0
    longest: float = 0.0

    @property
    def think_seconds(self) -> float:
        """Mean CPU seconds per move."""
        return self.cpu_seconds / self.moves if self.moves else 0.0

    @property
    def simulated_per_second(self) -> float:
        """Simulated moves per CPU second of thinking (0 for a side that never searched)."""
        return self.simulated / self.cpu_seconds if self.simulated else 0.0


@dataclass
class Match:
    """The contender's results (a draw as `Outcome.is_draw` says; any other game it did not win
    is a loss) and the effort of each side."""

    wins: int = 0
    draws: int = 0
    losses: int = 0
    contender: Effort = field(default_factory=Effort)
    opponent: Effort = field(default_factory=Effort)

    @property
    def games(self) -> int:
        return self.wins + self.draws + self.losses


def match(
    game: Game[Any, Any],
    contender: Level,
    opponent: Level,
    games: int,
    seed: int,
    players: int = 2,
) -> Match:
    """Play `games` games of `players` seats between `contender` and `opponent`."""
    seeds = random.Random(seed)
    result = Match()
    options = {"first": 1} if any(option.name == "first" for option in game.options) else {}
    for number in range(games):
        mine = number % players
        state = game.new_game(
            [f"Player{n}" for n in range(players)], options, seeds.getrandbits(32)
        )
        while (outcome := game.outcome(state)) is None:
            seat = min(game.actors(state))
            level, effort = (
                (contender, result.contender) if seat == mine else (opponent, result.opponent)
            )
            decision = think(game, state, seat, level, seeds.getrandbits(32))
            effort.moves += 1
            effort.simulated += decision.simulated
            effort.cpu_seconds += decision.cpu_seconds
            effort.longest = max(effort.longest, decision.cpu_seconds)
            state, _ = game.apply(state, seat, decision.move)
        if mine in outcome.winners:
            result.wins += 1
        elif outcome.is_draw:
            result.draws += 1
        else:
            result.losses += 1
    return result
