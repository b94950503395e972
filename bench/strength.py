"""Strength of the computer players, measured by play (`ai.arena`), and what it costs.

Pairings, in each two-player game (Ley Lines, Albiorix, Agents of M.A.R.S., Martian Merchants):
normal against greedy (target: wins at least 60% of games), hard against greedy (80%) and hard
against normal (65%), greedy being the yardstick (one move ahead by the rules, `ai.greedy`);
and at more seats, hard beside greedy and normal seats: in Martian Merchants at three seats,
where it should win at least a random seat's share (a third), and in Mars vs. Earth at five,
where a seat wins with its side, so hard's seat should win more often than the other seats at
its tables (which counts the wins its side-mates share with it against it). A rate is the
contender's wins over its games (a draw or an unfinished game is no win), reported with its 95%
Wilson interval. Seats and first players alternate from game to game. Mars vs. Earth is also
played by tables of one level at every seat, 5 and 7 players, counting the side that wins.
Think time is CPU seconds per move (`time.process_time`), the figure the levels cap.

Every level plays by its CPU cap alone (`by_cpu`): on a quiet machine the CPU caps (hard's 1.9 s,
normal's 0.75 s, easy's 0.2 s) end their searches before their caps on the clock (2.1, 1.5 and
1.0 s), but on a machine busy with other work the clock would, leaving the levels weaker than at
a table and the figures dependent on what else runs.

Games are played in parts (one turn of the seats each) by worker processes, one per core unless
`--strength-workers N` says otherwise. A hard move costs up to 1.9 s of CPU (1.5 s on average in
Ley Lines and Agents of M.A.R.S.): the 120 Ley Lines games of 40 per pairing took 37 minutes on
two cores shared with other work. Agents games between computers run long (380 to 700 moves on
average: the board fills only as players draw, and they often move and swap instead), about 2.5
CPU minutes for normal against greedy, 7 for hard against greedy (a part took 8 to 19) and 4.5
for hard against normal (a part took 5 to 15), so its three pairings at 40 games take about 9.5
CPU hours;
`--strength-game KEY`, `--strength-pairing NAME` and `--strength-games N` make it shorter, and
`--strength-ledger FILE` lets it stop and go on later (`bench.ledger`): part `i` of a pairing
always plays from seed `SEED + i`, so a run of 40 games is a run of 8 and 32 more.
"""

from __future__ import annotations

import math
import os
from collections import Counter
from collections.abc import Callable, Iterable
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass, replace
from pathlib import Path

from ai.arena import Effort, Match, match, table
from ai.levels import EASY, GREEDY, HARD, NORMAL, Level
from ai.search import Budget, Settings
from bench.ledger import Ledger, code_fingerprint, part_key
from bench.report import Check, Section
from club.catalogue import CATALOGUE
from engine.marsvsearth.state import MarsState

NORMAL_VS_GREEDY = 0.60
HARD_VS_GREEDY = 0.80
HARD_VS_NORMAL = 0.65
HARD_LONGEST = 2.0
"""CPU seconds a hard move may take (its cap is 1.9 s, passed by at most one simulation)."""
SEED = 20261123
WORKERS = os.cpu_count() or 2
"""Worker processes playing at once unless `--strength-workers` says otherwise: one per core.
Each caps its own CPU, so their number changes how long a run takes, not its figures."""

TWO_PLAYER = ("leylines", "albiorix", "agents", "merchants")
GAMES = 40
"""Games per pairing in the full run: 40 tell a rate within about 15 points either way."""
MIXED = {"merchants": 3, "marsvsearth": 5}
"""The games of the multi-player pairings and their seats: hard beside greedy and normal seats
in turn."""
SIDES = frozenset({"marsvsearth"})
"""The games a seat wins with its side: its share is measured against the other seats'."""
MIXED_GAMES = {"marsvsearth": 10}
"""Games of a multi-player pairing in the full run where it differs from `GAMES` (a Mars vs.
Earth table of some 220 moves with a hard and two normal seats costs an estimated 3 CPU minutes:
about 44 hard moves of up to 1.9 s and 88 normal moves of up to 0.75 s)."""
TABLE_LEVEL = EASY
TABLE_SIZES = (5, 7)
TABLE_GAMES = 8
"""Mars vs. Earth tables per size in the full run: easy at every seat (a table of some 220 moves
costs about 45 CPU seconds), so that enough tables are played to see both sides win."""
MOST_MOVES = 1000
"""Moves after which a game is stopped unfinished (Agents games between computers run 380 to
700)."""

QUICK_SETTINGS = Settings(depth=4)
QUICK_EASY = Level("easy", Budget(3), QUICK_SETTINGS)
QUICK_NORMAL = Level("normal", Budget(5), QUICK_SETTINGS)
QUICK_HARD = Level("hard", Budget(8), QUICK_SETTINGS)
QUICK_TABLE = Level("easy", Budget(3), QUICK_SETTINGS)
QUICK_MOST_MOVES = 40
"""Tiny stand-ins for `--quick` (the smoke test): the same pairings, a few simulations, and
games cut short."""


@dataclass(frozen=True)
class Pairing:
    game: str
    contender: Level
    opponents: tuple[Level, ...]
    """The other seats' levels, in seat order after the contender's."""
    target: float | None
    """The least win rate expected; None: more than the other seats' at the same tables."""
    games: int

    @property
    def players(self) -> int:
        return len(self.opponents) + 1

    @property
    def yardstick(self) -> bool:
        """Whether every opponent is greedy."""
        return all(opponent is GREEDY for opponent in self.opponents)

    @property
    def name(self) -> str:
        """ "hard-normal" (contender and opponent), or "hard-mixed" at more seats."""
        opponent = self.opponents[0].name if len(self.opponents) == 1 else "mixed"
        return f"{self.contender.name}-{opponent}"

    @property
    def parts(self) -> int:
        """Parts to play, a game at every seat each (the last may play more than needed)."""
        return -(-self.games // self.players)


NAMES = ("normal-greedy", "hard-greedy", "hard-normal", "hard-mixed")
"""The pairings by name, for `--strength-pairing`."""


def by_cpu(level: Level) -> Level:
    """`level` without its cap on the clock (see the module)."""
    if level.budget is None:
        return level
    return replace(level, budget=replace(level.budget, wall_seconds=None))


def pairings(quick: bool, games: int | None, only: str | None = None) -> list[Pairing]:
    """Every pairing (of game `only`, if named), with `games` games each (default: `GAMES` or
    `MIXED_GAMES`, or 2 when quick, at least one per seat)."""
    hard, normal = (QUICK_HARD, QUICK_NORMAL) if quick else (by_cpu(HARD), by_cpu(NORMAL))
    many = games or (2 if quick else GAMES)
    found = [
        Pairing(key, contender, (opponent,), target, many)
        for key in TWO_PLAYER
        for contender, opponent, target in (
            (normal, GREEDY, NORMAL_VS_GREEDY),
            (hard, GREEDY, HARD_VS_GREEDY),
            (hard, normal, HARD_VS_NORMAL),
        )
    ]
    for key, seats in MIXED.items():
        others = tuple((GREEDY, normal)[seat % 2] for seat in range(seats - 1))
        target = None if key in SIDES else 1 / seats
        mixed = games or (2 if quick else MIXED_GAMES.get(key, GAMES))
        found.append(Pairing(key, hard, others, target, max(mixed, seats)))
    return [pairing for pairing in found if only in (None, pairing.game)]


Z95 = 1.959964
"""The normal quantile of a two-sided 95% interval."""


def wilson(wins: int, games: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a win rate of `wins` in `games` (0 to 1 for no games)."""
    if not games:
        return 0.0, 1.0
    rate, spread = wins / games, z * z / games
    centre = (rate + spread / 2) / (1 + spread)
    half = z * math.sqrt(rate * (1 - rate) / games + spread / (4 * games)) / (1 + spread)
    return max(0.0, centre - half), min(1.0, centre + half)


def play_part(pairing: Pairing, part: int, most_moves: int) -> Match:
    """Part `part` of a pairing: one game per seat, the contender at each in turn."""
    entry = CATALOGUE[pairing.game]
    return match(
        entry.game,
        entry.ai,
        pairing.contender,
        pairing.opponents,
        pairing.players,
        SEED + part,
        pairing.players,
        most_moves,
    )


def part_keys(pairing: Pairing, most_moves: int, code: str) -> list[str]:
    """The ledger keys of the pairing's parts (`bench.ledger.part_key`), its game's code
    fingerprint being `code`."""
    seats = repr((pairing.contender, pairing.opponents))
    return [
        part_key(code, pairing.game, seats, SEED + part, most_moves)
        for part in range(pairing.parts)
    ]


def play_parts(
    pool: ProcessPoolExecutor,
    pairing: Pairing,
    most_moves: int,
    ledger: Ledger | None,
    codes: dict[str, str],
) -> list[Future[Match]]:
    """The pairing's parts, played in `pool`; with a `ledger`, taken from it where written
    there (under the game's fingerprint in `codes`), and the others written to it as each
    ends."""
    if ledger is None:
        return [pool.submit(play_part, pairing, part, most_moves) for part in range(pairing.parts)]
    futures = []
    for part, key in enumerate(part_keys(pairing, most_moves, codes[pairing.game])):
        found = ledger.find(key)
        if found is not None:
            done: Future[Match] = Future()
            done.set_result(found)
            futures.append(done)
            continue
        future = pool.submit(play_part, pairing, part, most_moves)
        future.add_done_callback(written_to(ledger, key))
        futures.append(future)
    return futures


def written_to(ledger: Ledger, key: str) -> Callable[[Future[Match]], None]:
    """A callback that writes a part that ended well to `ledger` under `key`."""

    def write(future: Future[Match]) -> None:
        if not future.cancelled() and future.exception() is None:
            ledger.write(key, future.result())

    return write


def play_table(level: Level, players: int, number: int) -> tuple[str, Effort]:
    """The side that won one Mars vs. Earth table (or "none"; "failed: why" when a computer
    could not move) and its moves' effort."""
    effort = Effort()
    try:
        mve = CATALOGUE["marsvsearth"]
        [state] = table(mve.game, mve.ai, level, players, 1, SEED + number, effort)
    except Exception as error:  # a report line, not a traceback that loses the whole run
        return f"failed: {error}", effort
    assert isinstance(state, MarsState)
    return state.winner or "none", effort


def versus(pairing: Pairing) -> str:
    """The pairing in words: "hard vs greedy", "hard vs greedy, normal"."""
    return f"{pairing.contender.name} vs {', '.join(level.name for level in pairing.opponents)}"


def row(pairing: Pairing, result: Match) -> str:
    mine = result.contender
    low, high = wilson(result.wins, result.games)
    title = CATALOGUE[pairing.game].game.title
    return (
        f"| {title} | {versus(pairing)} | {result.games}"
        f" | {result.wins}/{result.draws}/{result.losses}/{result.unfinished}"
        f" | {result.wins / result.games:.0%} | {low:.0%}-{high:.0%}"
        f" | {result.others.wins / max(1, result.others.games):.0%}"
        f" | {mine.think_seconds:.2f} | {mine.longest:.2f} |"
    )


def target_check(pairing: Pairing, result: Match) -> Check:
    """The contender's win rate against the pairing's target: at least `target`, or above the
    other seats' rate at the same tables when it has none."""
    name = f"strength: {CATALOGUE[pairing.game].game.title}, {versus(pairing)}, win rate"
    rate = result.wins / result.games * 100
    if pairing.target is None:
        others = result.others.wins / max(1, result.others.games) * 100
        return Check(name + " (target: the other seats')", rate, others, "%", 0, ">")
    return Check(name, rate, pairing.target * 100, "%", 0, ">=")


def effort_rows(efforts: dict[str, Effort]) -> list[str]:
    """One row per level: moves, simulated moves per CPU second, mean and longest think."""
    return [
        f"| {name} | {effort.moves:,} | {effort.simulated_per_second:,.0f}"
        f" | {effort.think_seconds:.3f} | {effort.longest:.2f} |"
        for name, effort in efforts.items()
    ]


def count_effort(efforts: dict[str, Effort], level: Level, effort: Effort) -> None:
    efforts.setdefault(level.name, Effort()).merge(effort)


def bench_strength(
    quick: bool,
    games: int | None = None,
    only: str | None = None,
    measured: bool = False,
    workers: int = WORKERS,
    named: str | None = None,
    ledger: Path | None = None,
) -> Section:
    """Play every pairing (`games` games each, else the defaults) and the Mars vs. Earth
    tables, or only those of game `only` and of pairing `named` (see `NAMES`; no tables then),
    in `workers` processes; with `measured`, only the pairings against the yardstick (greedy at
    every other seat); with a `ledger` file, parts written there are counted, not played again.
    The report's strength section."""
    chosen = [
        p
        for p in pairings(quick, games, only)
        if (p.yardstick or not measured) and named in (None, p.name)
    ]
    written = Ledger(ledger) if ledger else None
    keys = frozenset(CATALOGUE)
    codes = {p.game: code_fingerprint(p.game, keys) for p in chosen} if written else {}
    most_moves = QUICK_MOST_MOVES if quick else MOST_MOVES
    level, tables = (QUICK_TABLE, 1) if quick else (by_cpu(TABLE_LEVEL), games or TABLE_GAMES)
    searchable = CATALOGUE["marsvsearth"].ai is not None
    tabled = not measured and named is None and only in (None, "marsvsearth")
    sizes = TABLE_SIZES if searchable and tabled else ()
    lines = [
        "## Strength: computer players against each other",
        "",
        f"Seeds from {SEED}; levels as in `ai/levels.py`, hard by its CPU cap alone"
        + (" (quick: tiny budgets standing in for easy, normal and hard)" if quick else "")
        + f"; a game still running after {most_moves:,} moves is stopped unfinished. Think time"
        " is the contender's CPU seconds per move; 95% is the Wilson interval of the win rate; the"
        " other seats' win rate counts each of their games at the same tables.",
        "",
        "| game | pairing | games | won/drawn/lost/unfinished | win rate | 95%"
        " | other seats' win rate | think s/move | longest s |",
        "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    ]
    checks = []
    efforts: dict[str, Effort] = {}
    with ProcessPoolExecutor(workers) as pool:
        parts = [play_parts(pool, pairing, most_moves, written, codes) for pairing in chosen]
        sides = [
            (size, [pool.submit(play_table, level, size, n) for n in range(tables)])
            for size in sizes
        ]
        for pairing, futures in zip(chosen, parts, strict=True):
            result = Match()
            for future in futures:
                result.merge(future.result())
            lines.append(row(pairing, result))
            print(lines[-1], flush=True)  # a long run shows each pairing as it ends
            count_effort(efforts, pairing.contender, result.contender)
            if len(set(pairing.opponents)) == 1:  # a mix of levels counts for none of them
                count_effort(efforts, pairing.opponents[0], result.opponent)
            checks.append(target_check(pairing, result))
        if tabled:
            lines += ["", *side_lines(searchable, level, sides_won(sides, efforts, level))]
    if written:
        played = sum(p.parts for p in chosen) - written.found
        lines += [
            "",
            f"Ledger `{ledger}`: {written.found} parts taken from earlier runs, {played} played"
            " now; code fingerprints: "
            + ", ".join(f"{game} {code}" for game, code in sorted(codes.items()))
            + ".",
        ]
    lines += [
        "",
        "Per level, over every game above: simulated moves (tree and rollouts) per CPU second of"
        " thinking, and CPU seconds per move.",
        "",
        "| level | moves | simulated moves/s | mean think s | longest s |",
        "| --- | ---: | ---: | ---: | ---: |",
        *effort_rows(efforts),
        "",
    ]
    if HARD.name in efforts and not quick:
        hard = efforts[HARD.name].longest
        checks.append(Check("strength: longest hard move", hard, HARD_LONGEST, "CPU s", 2, "<="))
    return Section(lines, checks)


def sides_won(
    sides: Iterable[tuple[int, list[Future[tuple[str, Effort]]]]],
    efforts: dict[str, Effort],
    level: Level,
) -> list[tuple[int, Counter[str]]]:
    """The sides that won the tables of each size, their efforts counted under `level`."""
    found = []
    for size, futures in sides:
        won: Counter[str] = Counter()
        for future in futures:
            side, effort = future.result()
            won[side] += 1
            count_effort(efforts, level, effort)
        found.append((size, won))
    return found


def side_lines(searchable: bool, level: Level, won: list[tuple[int, Counter[str]]]) -> list[str]:
    """The Mars vs. Earth lines: the Martians' and the Humans' wins per table size."""
    title = CATALOGUE["marsvsearth"].game.title
    if not searchable:
        return [f"- {title}: not yet searchable (no sampler of what a seat cannot see)."]
    lines = [
        f"- {title}, {size} {level.name} computers per table: Martians won {sides['martians']},"
        f" Humans won {sides['humans']} of {sides.total()} tables"
        f" (Martians : Humans = {sides['martians']} : {sides['humans']})."
        for size, sides in won
    ]
    failures = {side for _, sides in won for side in sides if side.startswith("failed")}
    return lines + [f"  - a table {failure}" for failure in sorted(failures)]
