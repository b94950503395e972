"""Strength measured by play: a contender level against an opponent level, game after game, or
a table of one level at every seat.

Game `i` of a match seats the contender at seat `i mod players` and opponents everywhere else;
the game's first player, when it has that option, is seat 0, so first seats alternate too. When
several seats may act, the first in seat order moves. A game still running after `most_moves`
moves is stopped unfinished. Every move's seed comes from the match seed, so a match of levels
without CPU caps is the same every time.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ai.kit import Kit
from ai.levels import Level, think
from engine.core import Game, Outcome, Seat


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

    def add(self, cpu_seconds: float, simulated: int) -> None:
        """Count one move that thought `cpu_seconds` and simulated `simulated` moves."""
        self.moves += 1
        self.simulated += simulated
        self.cpu_seconds += cpu_seconds
        self.longest = max(self.longest, cpu_seconds)

    def merge(self, other: Effort) -> None:
        """Count `other`'s moves too."""
        self.moves += other.moves
        self.simulated += other.simulated
        self.cpu_seconds += other.cpu_seconds
        self.longest = max(self.longest, other.longest)


@dataclass
class Results:
    """Games won, drawn, lost and unfinished (a draw as `Outcome.is_draw` says; any other ended
    game not won is a loss; a game stopped at `most_moves` is unfinished)."""

    wins: int = 0
    draws: int = 0
    losses: int = 0
    unfinished: int = 0

    @property
    def games(self) -> int:
        return self.wins + self.draws + self.losses + self.unfinished

    def record(self, outcome: Outcome | None, seat: Seat) -> None:
        """Count one game that ended in `outcome` (None: unfinished) for `seat`."""
        if outcome is None:
            self.unfinished += 1
        elif seat in outcome.winners:
            self.wins += 1
        elif outcome.is_draw:
            self.draws += 1
        else:
            self.losses += 1

    def count(self, other: Results) -> None:
        """Count `other`'s games too."""
        self.wins += other.wins
        self.draws += other.draws
        self.losses += other.losses
        self.unfinished += other.unfinished


@dataclass
class Match(Results):
    """The contender's results, the other seats' (each seat's game counted once: a table of
    five counts four games in `others`), and the effort of each side."""

    contender: Effort = field(default_factory=Effort)
    opponent: Effort = field(default_factory=Effort)
    others: Results = field(default_factory=Results)

    def merge(self, other: Match) -> None:
        """Count `other`'s games and efforts too (a match played in parts)."""
        self.count(other)
        self.others.count(other.others)
        self.contender.merge(other.contender)
        self.opponent.merge(other.opponent)


def play(
    game: Game[Any, Any],
    kit: Kit | None,
    seats: Sequence[Level],
    efforts: Sequence[Effort],
    seeds: random.Random,
    most_moves: int | None = None,
    log: list[tuple[Seat, Any, Any]] | None = None,
) -> Any:
    """One game with `seats[n]` playing seat n and its moves counted in `efforts[n]` (and, with
    a `log`, each seat, the state it moved in and its move appended to it); returns the final
    state (still running if it was stopped after `most_moves` moves)."""
    options = {"first": 1} if any(option.name == "first" for option in game.options) else {}
    names = [f"Player{n}" for n in range(len(seats))]
    state = game.new_game(names, options, seeds.getrandbits(32))
    made = 0
    while game.outcome(state) is None and (most_moves is None or made < most_moves):
        seat = min(game.actors(state))
        decision = think(game, state, seat, seats[seat], seeds.getrandbits(32), kit)
        efforts[seat].add(decision.cpu_seconds, decision.simulated)
        if log is not None:
            log.append((seat, state, decision.move))
        state, _ = game.apply(state, seat, decision.move)
        made += 1
    return state


def match(
    game: Game[Any, Any],
    kit: Kit | None,
    contender: Level,
    opponent: Level | Sequence[Level],
    games: int,
    seed: int,
    players: int = 2,
    most_moves: int | None = None,
) -> Match:
    """Play `games` games of `players` seats between `contender` and `opponent` (one level at
    every other seat, or the other seats' levels in seat order), all with the game's `kit`."""
    seeds = random.Random(seed)
    result = Match()
    others = [opponent] * (players - 1) if isinstance(opponent, Level) else list(opponent)
    for number in range(games):
        mine = number % players
        seats = [*others[:mine], contender, *others[mine:]]
        efforts = [result.contender if seat == mine else result.opponent for seat in range(players)]
        outcome = game.outcome(play(game, kit, seats, efforts, seeds, most_moves))
        result.record(outcome, mine)
        for seat in range(players):
            if seat != mine:
                result.others.record(outcome, seat)
    return result


def table(
    game: Game[Any, Any],
    kit: Kit | None,
    level: Level,
    players: int,
    games: int,
    seed: int,
    effort: Effort,
) -> list[Any]:
    """The final states of `games` games with `level` at all `players` seats, their moves
    counted in `effort`."""
    seeds = random.Random(seed)
    return [play(game, kit, [level] * players, [effort] * players, seeds) for _ in range(games)]
