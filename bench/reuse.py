"""What a kept search tree gives a hard computer's move (`python -m bench.reuse [--games 2]
[--ponder 3]`): the simulations its search starts with, without pondering and with it.

In each game whose trees are kept (`ai.memory.reusable`: Ley Lines of Mars, Albiorix), seeded
games of a hard seat against a normal one (seats swapped every other game), the hard seat
thinking through an `ai.memory.Memory` as the bot's workers do. For each hard move searched
(a lone move or a win at once is not): the simulations at the root as its search began (kept
from the last search: `Thought.inherited`), the simulations the search ran, and its CPU time.
The games are played twice: as they are, and with the kept tree pondered (`ai.ponder`) for
`--ponder` seconds of CPU time before each of the normal seat's moves, as a worker ponders
while a human thinks on a machine with a core to spare (the load benchmark's players think 3 s).
The hard level caps CPU time, so the figures vary a little from run to run.
"""

from __future__ import annotations

import argparse
import statistics
from collections.abc import Sequence
from dataclasses import dataclass, field

from ai.levels import HARD, NORMAL, choose
from ai.memory import Memory, reusable
from ai.ponder import Pondering
from bench.report import Section
from club.catalogue import CATALOGUE

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


def play(key: str, games: int, ponder: float = 0.0) -> Moves:
    """`games` games of `key`, hard (with a memory, its tree pondered `ponder` CPU seconds
    before each reply) against normal; the hard moves measured."""
    entry = CATALOGUE[key]
    game, kit = entry.game, entry.ai
    assert reusable(game) and kit is not None
    found = Moves()
    for number in range(games):
        memory, hard = Memory(), number % 2
        pondering = Pondering(memory, seconds=ponder)
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
                pondering.add(number, game, kit, HARD.settings, seat, seed)
                while pondering.step():
                    pass
            else:
                move = choose(game, state, seat, NORMAL, seed, kit)
            state, _ = game.apply(state, seat, move)
            made += 1
    return found


def reuse_section(games: int, ponder: float) -> Section:
    """The report's section: per game, without pondering and with `ponder` CPU seconds of it
    per reply (none when 0), the kept and new simulations of the hard moves."""
    lines = [
        "## What a kept search tree gives a hard computer's move",
        "",
        f"{games} seeded games per title of a hard seat (thinking through a memory, as the "
        "bot's workers do) against a normal seat, seats swapped every other game, its kept tree "
        "pondered before each reply or not; each hard move searched: the simulations at its "
        "root as its search began (kept from the last search and pondered), the simulations its "
        "search ran, and its CPU time.",
        "",
        "| game | pondering per reply, CPU s | moves | from a kept tree "
        "| kept at the start, median | mean | new, median | kept / new, mean | CPU s, median |",
        "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    ]
    for key in GAMES:
        for seconds in dict.fromkeys((0.0, ponder)):
            moves = play(key, games, seconds)
            kept, ran = moves.inherited, moves.ran
            share = statistics.mean(k / n for k, n in zip(kept, ran, strict=True))
            lines.append(
                f"| {CATALOGUE[key].game.title} | {seconds:g} | {len(ran)} | "
                f"{sum(k > 0 for k in kept)} | {statistics.median(kept):,.0f} | "
                f"{statistics.mean(kept):,.0f} | {statistics.median(ran):,.0f} | {share:.0%} | "
                f"{statistics.median(moves.cpu):.2f} |"
            )
    return Section(lines, [])


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=2, help="games per title (2)")
    parser.add_argument(
        "--ponder", type=float, default=3.0, help="CPU seconds pondered per reply (3; 0: none)"
    )
    args = parser.parse_args(argv)
    print("\n".join(reuse_section(args.games, args.ponder).lines))


if __name__ == "__main__":
    main()
