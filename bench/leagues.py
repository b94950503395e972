"""League pairing at size (`python benchmark.py --leagues`): the Swiss pairing of 128 players in
round 5 (after four rounds it paired itself, random results) and the table Swiss seating of 40
players at 5-seat tables in round 5, each under `TARGET` seconds (the median of `RUNS` runs).

Results are seeded: Swiss 1 / 0.5 / 0 at random, tables a random finishing order scored by
`place_points`. Times are wall-clock (`time.perf_counter`) of the pairing call alone.
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable

from bench.report import Check, Section
from club.leagues.pairing import (
    BYE_POINTS,
    Bye,
    History,
    Pairing,
    Played,
    PlayerId,
    pair_swiss,
    place_points,
    seat_tables,
)

TARGET = 1.0
"""Seconds one pairing may take."""
RUNS, QUICK_RUNS = 5, 1
SWISS_PLAYERS, TABLE_PLAYERS, SEATS, ROUND = 128, 40, 5, 5
Pairer = Callable[[list[PlayerId], History, int], Pairing]


def swiss(players: list[PlayerId], history: History, seed: int) -> Pairing:
    return pair_swiss(players, history, seed=seed)


def tables(players: list[PlayerId], history: History, seed: int) -> Pairing:
    return seat_tables(players, history, seed=seed, sizes=(SEATS,))


def played_out(pair: Pairer, count: int, rounds: int, rng: random.Random) -> History:
    """`rounds` rounds of `count` players paired by `pair`, results at random."""
    players = rng.sample(range(10**17, 10**18), count)
    history = History()
    for round_number in range(1, rounds + 1):
        pairing = pair(players, history, round_number)
        done = []
        for table in pairing.tables:
            points: tuple[float, ...]
            if len(table) == 2:
                points = rng.choice(((1.0, 0.0), (0.5, 0.5), (0.0, 1.0)))
            else:
                places = list(range(1, len(table) + 1))
                rng.shuffle(places)
                points = place_points(places)
            done.append(Played(round_number, table, points))
        byes = tuple(Bye(round_number, p, BYE_POINTS) for p in pairing.byes)
        history = History(history.played + tuple(done), history.byes + byes)
    return history


def timed(pair: Pairer, count: int, runs: int) -> list[float]:
    """Seconds of round `ROUND`'s pairing, `runs` times (each on its own seeded history)."""
    seconds = []
    for run in range(runs):
        history = played_out(pair, count, ROUND - 1, random.Random(run))
        players = sorted({p for table in history.played for p in table.seats})
        start = time.perf_counter()
        pair(players, history, ROUND)
        seconds.append(time.perf_counter() - start)
    return seconds


def bench_leagues(quick: bool) -> Section:
    """Both pairings against the target."""
    runs = QUICK_RUNS if quick else RUNS
    swiss_runs = timed(swiss, SWISS_PLAYERS, runs)
    table_runs = timed(tables, TABLE_PLAYERS, runs)
    lines = [
        "## League pairing",
        "",
        f"Round {ROUND} of a seeded event (four rounds already paired by the same code, random "
        f"results); {runs} histories each, the pairing call alone timed.",
        "",
        "| pairing | median s | max s |",
        "| --- | ---: | ---: |",
        f"| Swiss, {SWISS_PLAYERS} players | {statistics.median(swiss_runs):.3f} | "
        f"{max(swiss_runs):.3f} |",
        f"| table Swiss, {TABLE_PLAYERS} players at {SEATS}-seat tables | "
        f"{statistics.median(table_runs):.3f} | {max(table_runs):.3f} |",
    ]
    checks = [
        Check(
            f"Swiss pairing of {SWISS_PLAYERS} players (median)",
            statistics.median(swiss_runs),
            TARGET,
            "s",
            3,
        ),
        Check(
            f"table Swiss of {TABLE_PLAYERS} players at {SEATS}-seat tables (median)",
            statistics.median(table_runs),
            TARGET,
            "s",
            3,
        ),
    ]
    return Section(lines, checks)
