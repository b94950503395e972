"""Strength of the computer players, measured by play (`ai.arena.match`), and what it costs.

Pairings per game: hard against random and hard against easy at two seats; in Martian Merchants
also hard against three random players. A rate is the contender's wins over its games (a draw is
no win). Seats and first players alternate from game to game. Think time is CPU seconds per move
(`time.process_time`), the figure the levels cap. Games the search cannot play yet, or whose
games between computers do not end in reasonable time, are named with the reason.
"""

from __future__ import annotations

from dataclasses import dataclass

from ai.arena import Match, match
from ai.determinize import DETERMINIZERS
from ai.levels import EASY, HARD, RANDOM, Level
from ai.search import Budget
from bench.report import Check, Section
from engine.registry import GAMES

HARD_VS_RANDOM = 0.95
HARD_VS_EASY = 0.70
HARD_VS_THREE_RANDOM = 0.90
SEED = 20261123

QUICK_EASY = Level("easy", Budget(10))
QUICK_HARD = Level("hard", Budget(40))
"""Tiny stand-ins for `--quick` (the smoke test): the same pairings, a few simulations."""

SLOW_TO_END = {
    "agents": "at these budgets the search moves pyramids about instead of filling the board, "
    "so games between computer players run for thousands of moves",
}
"""Games the search plays whose matches are not measured, and why."""


def not_measured(key: str) -> str | None:
    """Why a game has no pairing here (None: it has)."""
    if key not in DETERMINIZERS:
        return "the search cannot play it yet (no sampler of what a seat cannot see)"
    return SLOW_TO_END.get(key)


@dataclass(frozen=True)
class Pairing:
    game: str
    contender: Level
    opponent: Level
    players: int
    target: float


def pairings(quick: bool) -> list[Pairing]:
    hard, easy = (QUICK_HARD, QUICK_EASY) if quick else (HARD, EASY)
    found = []
    for key in ("leylines", "albiorix", "merchants"):
        found.append(Pairing(key, hard, RANDOM, 2, HARD_VS_RANDOM))
        found.append(Pairing(key, hard, easy, 2, HARD_VS_EASY))
    found.append(Pairing("merchants", hard, RANDOM, 4, HARD_VS_THREE_RANDOM))
    return found


def row(pairing: Pairing, result: Match) -> str:
    mine = result.contender
    return (
        f"| {GAMES[pairing.game].title} | {pairing.contender.name} vs {pairing.opponent.name}"
        f" x{pairing.players - 1} | {result.games} | {result.wins}/{result.draws}/{result.losses}"
        f" | {result.wins / result.games:.0%} | {mine.think_seconds:.2f} | {mine.longest:.2f}"
        f" | {mine.simulated_per_second:,.0f} |"
    )


def bench_strength(quick: bool, games: int) -> Section:
    """Play every pairing `games` times; the report's strength section."""
    lines = [
        "## Strength: computer players against each other",
        "",
        f"{games} games per pairing, seeds from {SEED}; levels as in `ai/levels.py`"
        + (" (quick: tiny budgets standing in for easy and hard)" if quick else "")
        + ". Think time is the contender's CPU seconds per move; simulated moves per CPU "
        "second count the moves its search applied (tree and rollouts).",
        "",
        "| game | pairing | games | won/drawn/lost | win rate | think s/move | longest s"
        " | simulated moves/s |",
        "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |",
    ]
    checks = []
    for pairing in pairings(quick):
        result = match(
            GAMES[pairing.game], pairing.contender, pairing.opponent, games, SEED, pairing.players
        )
        lines.append(row(pairing, result))
        print(lines[-1], flush=True)  # a long run shows each pairing as it ends
        name = (
            f"strength: {GAMES[pairing.game].title}, {pairing.contender.name} vs "
            f"{pairing.opponent.name} x{pairing.players - 1}, win rate"
        )
        checks.append(
            Check(name, result.wins / result.games * 100, pairing.target * 100, "%", 0, ">=")
        )
    skipped = [(GAMES[key].title, not_measured(key)) for key in GAMES]
    lines += ["", *(f"- {title}: not measured: {why}." for title, why in skipped if why), ""]
    return Section(lines, checks)
