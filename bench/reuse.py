"""What a kept search tree gives a hard computer's move (`python -m bench.reuse`): the simulations
its search starts with.

In each game whose trees are kept (`ai.memory.reusable`: Ley Lines of Mars, Albiorix), seeded
games of a hard seat against a normal one (seats swapped every other game), the hard seat
thinking through an `ai.memory.Memory` as the bot's workers do. For each hard move searched
(a lone move or a win at once is not): the simulations at the root as its search began (kept
from the last search: `Thought.inherited`), the simulations the search ran, and its CPU time.
The hard level caps CPU time, so the figures vary a little from run to run.
"""

from __future__ import annotations

import argparse
import statistics
from collections.abc import Sequence
from dataclasses import dataclass, field

from ai.levels import HARD, NORMAL, choose
from ai.memory import Memory, reusable
from bench.report import Section
from bot.catalogue import CATALOGUE

SEED = 20261125
GAMES = ("leylines", "albiorix")
MOST_MOVES = 24
"""Hard moves measured per game at most (Albiorix may run long)."""


@dataclass
class Moves:
    """The hard seat's searched moves of one game title."""

    inherited: list[int] = field(default_factory=list)
    ran: list[int] = field(default_factory=list)
    cpu: list[float] = field(default_factory=list)


def play(key: str, games: int) -> Moves:
    """`games` games of `key`, hard (with a memory) against normal; the hard moves measured."""
    entry = CATALOGUE[key]
    game, kit = entry.game, entry.ai
    assert reusable(game)
    found = Moves()
    for number in range(games):
        memory, hard = Memory(), number % 2
        state = game.new_game(["Ann", "Bob"], {}, SEED + number)
        made = measured = 0
        while game.outcome(state) is None and measured < MOST_MOVES:
            seat = min(game.actors(state))
            seed = SEED + 1000 * number + made
            if seat == hard:
                thought = memory.think(number, game, state, seat, HARD, seed, kit)
                move = thought.decision.move
                if thought.decision.iterations:
                    found.inherited.append(thought.inherited)
                    found.ran.append(thought.decision.iterations)
                    found.cpu.append(thought.decision.cpu_seconds)
                    measured += 1
            else:
                move = choose(game, state, seat, NORMAL, seed, kit)
            state, _ = game.apply(state, seat, move)
            made += 1
    return found


def reuse_section(games: int) -> Section:
    """The report's section: per game, the kept and new simulations of the hard moves."""
    lines = [
        "## What a kept search tree gives a hard computer's move",
        "",
        f"{games} seeded games per title of a hard seat (thinking through a memory, as the "
        "bot's workers do) against a normal seat, seats swapped every other game; each hard "
        "move searched: the simulations at its root as its search began (kept from the last "
        "search), the simulations its search ran, and its CPU time.",
        "",
        "| game | moves | from a kept tree | kept at the start, median | mean | new, median "
        "| kept / new, mean | CPU s, median |",
        "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    ]
    for key in GAMES:
        moves = play(key, games)
        share = statistics.mean(k / n for k, n in zip(moves.inherited, moves.ran, strict=True))
        lines.append(
            f"| {CATALOGUE[key].game.title} | {len(moves.ran)} | "
            f"{sum(kept > 0 for kept in moves.inherited)} | "
            f"{statistics.median(moves.inherited):,.0f} | {statistics.mean(moves.inherited):,.0f}"
            f" | {statistics.median(moves.ran):,.0f} | {share:.0%} | "
            f"{statistics.median(moves.cpu):.2f} |"
        )
    return Section(lines, [])


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=2, help="games per title (2)")
    print("\n".join(reuse_section(parser.parse_args(argv).games).lines))


if __name__ == "__main__":
    main()
