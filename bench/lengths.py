"""How long games of hard against a person-like player run, and how hard spends its turns.

Agents of M.A.R.S. games between computers run long (505 to 527 moves of hard against greedy,
which draws only when nothing else pays), but a person draws and fills the board. The
person-like player is greedy that draws whenever it may (`PERSON`, `ai.greedy`). Game `i` seats
hard (by its CPU cap alone, as in `bench.strength`) at seat `i mod 2` against it, from seed
`SEED + i`. Reported: hard's results, the games' lengths in moves (every action: objectives, a
draw and its placement each count one) mean, median and longest, and hard's turns that could
draw: how many it drew, by whether it stood ahead by both true objectives as it moved (its
score if the game ended then above the other's). A game still running after `MOST_MOVES` is
stopped unfinished.

Measured on two shared cores (8 games, 15 minutes): hard won 7 and lost 1; the games ran 128
moves on average (median 129, longest 131), near the 114 of a board filled by draws alone, and
hard drew on 70% of its turns when it stood ahead (55% when not): it does not drag a game out
against a player who draws.
"""

from __future__ import annotations

import random
import statistics
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any

from ai.arena import Effort, Results, play
from ai.levels import GREEDY, HARD, Level
from bench.report import Section
from bench.strength import MOST_MOVES, QUICK_HARD, QUICK_MOST_MOVES, SEED, by_cpu
from club.catalogue import CATALOGUE
from engine.agents.actions import Draw
from engine.agents.scoring import scored, total
from engine.agents.state import AgentsState
from engine.core import Seat

KEY = "agents"
PERSON = Level("person-like", None, greedy=True, eager=Draw)
"""Greedy that draws whenever it may, as a person at Agents of M.A.R.S. does."""
GAMES = 8
"""Games in a run unless `--strength-games` says otherwise (2 with `--quick`)."""


@dataclass
class Length:
    """One game: its moves, its outcome for hard (`Results` of one game) and hard's turns that
    could draw, counted by (stood ahead, drew)."""

    moves: int
    result: Results
    turns: Counter[tuple[bool, bool]]


def ahead(state: AgentsState, seat: Seat) -> bool:
    """Whether `seat` would score more than the other if the game ended now."""
    _, points = scored(state)
    mine, theirs = state.objectives[seat], state.objectives[1 - seat]
    assert mine is not None and theirs is not None
    return total(points, mine) > total(points, theirs)


def play_length(number: int, quick: bool) -> Length:
    """Game `number`: hard at seat `number mod 2` against the person-like player."""
    entry = CATALOGUE[KEY]
    hard = QUICK_HARD if quick else by_cpu(HARD)
    mine = number % 2
    seats = [PERSON, PERSON]
    seats[mine] = hard
    log: list[tuple[Seat, Any, Any]] = []
    most = QUICK_MOST_MOVES if quick else MOST_MOVES
    efforts = [Effort(), Effort()]
    final = play(entry.game, entry.ai, seats, efforts, random.Random(SEED + number), most, log)
    result = Results()
    result.record(entry.game.outcome(final), mine)
    turns: Counter[tuple[bool, bool]] = Counter()
    for seat, state, move in log:
        if seat == mine and any(isinstance(m, Draw) for m in entry.game.legal_moves(state, seat)):
            turns[ahead(state, seat), isinstance(move, Draw)] += 1
    return Length(len(log), result, turns)


def bench_lengths(quick: bool, games: int | None, workers: int) -> Section:
    """Play the games (`games`, else `GAMES`, 2 when quick) in `workers` processes: the report's
    game-length section."""
    count = games or (2 if quick else GAMES)
    with ProcessPoolExecutor(workers) as pool:
        found = list(pool.map(play_length, range(count), [quick] * count))
    result = Results()
    for length in found:
        result.count(length.result)
    moves = [length.moves for length in found]
    turns = sum((length.turns for length in found), Counter[tuple[bool, bool]]())
    title = CATALOGUE[KEY].game.title
    return Section(
        [
            "## Game length: hard against a person-like player",
            "",
            f"{title}, hard (by its CPU cap alone) against {PERSON.name} (greedy that draws"
            f" whenever it may; `{GREEDY.name}` draws only when nothing else pays), seats"
            f" alternating, seeds from {SEED}. Moves count every action (a draw and its placement"
            " each count one). Hard's turns that could draw are counted by whether it stood"
            " ahead by both true objectives.",
            "",
            "| game | pairing | games | won/drawn/lost/unfinished | moves mean | median | longest"
            " | hard drew when ahead | hard drew when not ahead |",
            "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
            f"| {title} | hard vs {PERSON.name} | {result.games}"
            f" | {result.wins}/{result.draws}/{result.losses}/{result.unfinished}"
            f" | {statistics.mean(moves):.0f} | {statistics.median(moves):.0f} | {max(moves)}"
            f" | {_share(turns, True)} | {_share(turns, False)} |",
            "",
        ],
        [],
    )


def _share(turns: Counter[tuple[bool, bool]], standing: bool) -> str:
    """`12/30 (40%)`: hard's turns that drew of those it could, standing ahead or not."""
    drew, could = turns[standing, True], turns[standing, True] + turns[standing, False]
    return f"{drew}/{could} ({drew / could:.0%})" if could else "none"
