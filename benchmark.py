"""Performance benchmark: board pictures, move latency, throughput and memory of the bot.

This is the command line only: the measurements are in `bench/` (the default run's in
`bench/basics.py`).

Run `python benchmark.py [--out bench-results/benchmark.md] [--quick]`. The report (Markdown) is
written to `--out` and printed. Times are wall-clock (`time.perf_counter_ns`), shown in
milliseconds; sizes in bytes; memory in MiB. The platform figures (latency, throughput, memory)
play Ley Lines of Mars with seeded random legal moves, on real SQLite files (WAL, full sync, as
the Storage opens them) in a temporary folder; each other game adds its own figures (see
`bench/games.py`). Targets are ratios to floors measured in the same run (`bench/floors.py`),
since absolute times vary by 2x between runs on a shared machine. `--quick` runs a small
version of every measurement (for the smoke test).

`python benchmark.py --load [--load-channels 100] [--load-inflight 20] [--load-seconds 120]
[--load-computers N] [--profile]` runs the real bot process against the local fake Discord
instead (see `bench/load.py`; N more tables against computers, the levels hard, normal and easy
in turn, each level's moves timed), its throughput beside a fixed search run before and after
it and the machine's idle share and load; `--profile` adds where the bot's CPU goes (py-spy,
`bench/profile.py`).
`python benchmark.py --scale [--scale-games 100,1000] [--scale-seconds 60] [--scale-inflight 20]`
runs that load with 100 and 1,000 games on SQLite, on PostgreSQL and on PostgreSQL with two
bot processes, one shard each (`bench/scale.py`).
`python benchmark.py --strength [--strength-games N] [--strength-game KEY] [--strength-pairing
NAME] [--strength-yardstick] [--strength-workers N] [--strength-ledger FILE]` plays the computer
players against each other (`bench/strength.py`), in every game or in game KEY only, in every
pairing or in pairing NAME only, or only the levels against the greedy yardstick, in N processes
(one per core by default), writing each finished part to FILE and counting the parts already
there instead of playing them again (`bench/ledger.py`); the full run (or `--strength-beliefs`
alone, at `--beliefs-level`) also plays today's Agents and Mars vs. Earth players against the ones
before they modelled hidden information (`bench/beliefs.py`). `--strength --strength-lengths`
plays only hard against a person-like player in Agents of M.A.R.S. and reports how long the
games run and how often hard drew (`bench/lengths.py`).
`python benchmark.py --house` counts the database statements, state decodes and replays of a `/move`
and a takeback, their round trips to the database on SQLite and on a PostgreSQL server of its own
(`bench/hops.py`), and the methods of the service and storage classes (`bench/house.py`).
`python benchmark.py --replays` asks `/replay` in bursts (20 people at once, of one game and of
four) while other channels' boards are drawn, on the real bot process (`bench/replays.py`).
`python benchmark.py --lanes` asks `/review`, `/learn` and `/replay` in bursts (20, 50 and 40 at
once; the lessons' and replays' in 12 rounds) while other channels play against computer
players and each other, on the real bot process, beside a quiet phase (`bench/lanes.py`).
`python benchmark.py --reviews` times `/review` of one seeded finished game of each game, as the
bot reviews it, with the simulations its positions were given of those planned
(`bench/reviews.py`).
`python benchmark.py --admin` measures the CPU of `python -m bot health` and `python -m bot
status`, each in a fresh interpreter against a fresh database (`bench/admin.py`).
`python benchmark.py --privacy` times `/privacy export` (target: under 5 s), show and forget of
a person with 1,000 finished games (`bench/privacy.py`).
`python benchmark.py --startup [--startup-runs N] [--startup-against REV]` times the real bot
process from its start to its gateway session, and from its database open to its commands
synced, against the local fake Discord, beside git revision REV's code in the same command
(`bench/startup.py`).
`python benchmark.py --requests` counts the real bot's requests to Discord per action over a
round of a six-player Mars vs. Earth table, by kind (`bench/requests.py`).
`python benchmark.py --leagues` times the Swiss pairing of 128 players and the table Swiss of 40
players at 5-seat tables, each in round 5 (target: under 1 s each, `bench/leagues.py`).
`python benchmark.py --search-speed [--profile]` measures the hard level's simulations per CPU
second in each game, with `--profile` where their time goes (cProfile, `bench/search_speed.py`).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
import time
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

from ai.levels import LEVELS, level_named
from bench.admin import bench_admin
from bench.basics import FULL, QUICK, memory_probe, run_all
from bench.beliefs import bench_beliefs
from bench.house import bench_house
from bench.lanes import FULL as FULL_LANES
from bench.lanes import QUICK as QUICK_LANES
from bench.lanes import bench_lanes
from bench.leagues import bench_leagues
from bench.lengths import bench_lengths
from bench.load import LoadPlan, bench_load
from bench.privacy import bench_privacy
from bench.replays import FULL as FULL_REPLAYS
from bench.replays import QUICK as QUICK_REPLAYS
from bench.replays import bench_replays
from bench.report import report
from bench.requests import bench_requests
from bench.reviews import FULL as FULL_REVIEWS
from bench.reviews import QUICK as QUICK_REVIEWS
from bench.reviews import bench_reviews
from bench.scale import FULL as FULL_SCALE
from bench.scale import QUICK as QUICK_SCALE
from bench.scale import ScalePlan, bench_scale
from bench.search_speed import FULL as FULL_SEARCH
from bench.search_speed import QUICK as QUICK_SEARCH
from bench.search_speed import QUICK_YARDSTICK, YARDSTICK, bench_search_speed
from bench.startup import QUICK_RUNS as QUICK_STARTS
from bench.startup import RUNS as STARTS
from bench.startup import bench_startup
from bench.strength import NAMES, WORKERS, bench_strength
from club.catalogue import CATALOGUE

ADMIN_RUNS, ADMIN_RUNS_QUICK = 10, 1
"""Runs of each administrator's command (`--admin`), in a full and a quick run."""


def games_list(text: str) -> tuple[int, ...]:
    """`100,1000` as (100, 1000): numbers of games, each at least 1."""
    try:
        games = tuple(int(part) for part in text.split(","))
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a list of numbers: {text!r}") from None
    if not games or min(games) < 1:
        raise argparse.ArgumentTypeError("each number of games must be 1 or more")
    return games


def scale_plan(args: argparse.Namespace) -> ScalePlan:
    """The scale runs asked for: the full or quick plan, with any size given replaced."""
    plan = QUICK_SCALE if args.quick else FULL_SCALE
    inflight = args.scale_inflight or plan.inflight
    return replace(
        plan,
        games=args.scale_games or plan.games,
        seconds=args.scale_seconds or plan.seconds,
        inflight=inflight,
        open_inflight=max(plan.open_inflight, inflight),
    )


def arguments(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument(
        "--out",
        type=Path,
        help="the report's file (default: bench-results/benchmark.md, load.md with --load, "
        "load-profile.md with --load --profile, scale.md with --scale, replays.md with "
        "--replays, lanes.md with --lanes, search-speed.md with --search-speed, admin.md with "
        "--admin)",
    )
    parser.add_argument("--quick", action="store_true", help="a small, fast run of everything")
    load = parser.add_argument_group("load", "the real bot process under many games at once")
    load.add_argument("--load", action="store_true", help="run the load benchmark instead")
    load.add_argument("--load-channels", type=int, default=100, help="games at once (100)")
    load.add_argument("--load-inflight", type=int, default=20, help="players at once (20)")
    load.add_argument("--load-seconds", type=float, default=120.0, help="measured window (120)")
    load.add_argument(
        "--load-computers",
        type=int,
        default=0,
        help="more tables against a computer, at the levels hard, normal, easy in turn (0)",
    )
    load.add_argument(
        "--profile",
        action="store_true",
        help="sample the bot with py-spy (with --search-speed: profile the searches, cProfile)",
    )
    scaling = parser.add_argument_group(
        "scale", "100 and 1,000 games, SQLite and PostgreSQL, one and two processes"
    )
    scaling.add_argument("--scale", action="store_true", help="run the scale benchmark instead")
    scaling.add_argument(
        "--scale-games",
        type=games_list,
        help="active games of each run, comma-separated (100,1000; 4 with --quick)",
    )
    scaling.add_argument(
        "--scale-seconds", type=float, help="measured window of each run (60; 3 with --quick)"
    )
    scaling.add_argument(
        "--scale-inflight", type=int, help="players at once in each run (20; 2 with --quick)"
    )
    strength = parser.add_argument_group("strength", "computer players against each other")
    strength.add_argument("--strength", action="store_true", help="run the strength benchmark")
    strength.add_argument(
        "--strength-games",
        type=int,
        help="games per pairing and tables per size (default: per game, see bench/strength.py)",
    )
    strength.add_argument(
        "--strength-game",
        choices=sorted(CATALOGUE),
        help="play only this game's pairings (or tables, for marsvsearth)",
    )
    strength.add_argument(
        "--strength-pairing",
        choices=NAMES,
        help="play only this pairing (contender-opponent; hard-mixed: hard beside greedy and "
        "normal seats), no tables",
    )
    strength.add_argument(
        "--strength-ledger",
        type=Path,
        help="a JSON-lines file of finished parts: parts written there by an earlier run of the "
        "same code are counted, not played again; new ones are added as they end",
    )
    strength.add_argument(
        "--strength-yardstick",
        action="store_true",
        help="play only easy, normal and hard against greedy (no targets, no tables)",
    )
    strength.add_argument(
        "--strength-beliefs",
        action="store_true",
        help="play only today's Agents and Mars vs. Earth players against the old ones (of "
        "--strength-game, if named)",
    )
    strength.add_argument(
        "--strength-lengths",
        action="store_true",
        help="play only hard against a person-like player (greedy that draws whenever it may) "
        "in Agents of M.A.R.S. and report the games' lengths (8 games unless --strength-games)",
    )
    strength.add_argument(
        "--strength-workers",
        type=int,
        help="processes playing at once (default: one per core; each caps its own CPU, so the "
        "figures do not change, only the run's length)",
    )
    strength.add_argument(
        "--beliefs-level", choices=sorted(LEVELS), help="their level (default: hard)"
    )
    replays = parser.add_argument_group("replays", "bursts of /replay beside board pictures")
    replays.add_argument("--replays", action="store_true", help="run the replay benchmark")
    parser.add_argument(
        "--lanes",
        action="store_true",
        help="bursts of /review, /learn and /replay beside tables against computers and people",
    )
    parser.add_argument(
        "--house",
        action="store_true",
        help="count the statements, decodes and replays of a /move and a takeback, and the "
        "methods of the service and storage classes",
    )
    parser.add_argument(
        "--search-speed",
        action="store_true",
        help="simulations per CPU second of the hard level's search in each game",
    )
    parser.add_argument(
        "--reviews",
        action="store_true",
        help="time /review of one seeded finished game of each game",
    )
    parser.add_argument(
        "--admin",
        action="store_true",
        help="the CPU of python -m bot health and status, each in a fresh interpreter",
    )
    parser.add_argument(
        "--privacy",
        action="store_true",
        help="/privacy export, show and forget of a person with 1,000 finished games",
    )
    parser.add_argument(
        "--requests", action="store_true", help="count requests to Discord per action instead"
    )
    startup = parser.add_argument_group("startup", "the real bot process from start to gateway")
    startup.add_argument("--startup", action="store_true", help="run the start-up benchmark")
    startup.add_argument(
        "--startup-runs", type=int, help=f"counted starts of each code ({STARTS}; quick: 1)"
    )
    startup.add_argument(
        "--startup-against", metavar="REV", help="a git revision whose code is measured too"
    )
    parser.add_argument(
        "--leagues",
        action="store_true",
        help="Swiss pairing of 128 players and table Swiss of 40 players, round 5",
    )
    parser.add_argument("--memory-probe", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.profile and not (args.load or args.search_speed):
        parser.error("--profile goes with --load or --search-speed")
    separate = (args.load, args.scale, args.strength, args.replays, args.house, args.lanes)
    alone = (
        args.search_speed,
        args.admin,
        args.reviews,
        args.privacy,
        args.startup,
        args.requests,
        args.leagues,
    )
    if sum((*separate, *alone)) > 1:
        parser.error(
            "--load, --scale, --strength, --replays, --house, --lanes, --search-speed, --admin, "
            "--reviews, --privacy, --startup, --requests and --leagues are separate benchmarks: "
            "choose one"
        )
    if (args.startup_runs is not None or args.startup_against) and not args.startup:
        parser.error("--startup-runs and --startup-against go with --startup")
    if args.out is None:
        name = (
            "lanes"
            if args.lanes
            else "startup"
            if args.startup
            else "requests"
            if args.requests
            else "reviews"
            if args.reviews
            else "privacy"
            if args.privacy
            else "leagues"
            if args.leagues
            else "admin"
            if args.admin
            else "search-speed"
            if args.search_speed
            else "house"
            if args.house
            else "replays"
            if args.replays
            else "strength"
            if args.strength
            else "scale"
            if args.scale
            else "load-profile"
            if args.profile
            else "load"
            if args.load
            else "benchmark"
        )
        args.out = Path("bench-results") / f"{name}.md"
    return args


def main(argv: Sequence[str] | None = None) -> int:
    args = arguments(argv)
    if args.memory_probe is not None:
        print(json.dumps(asyncio.run(memory_probe(args.memory_probe))))
        return 0
    scale = QUICK if args.quick else FULL
    start = time.perf_counter_ns()
    if args.load:
        plan = LoadPlan(
            channels=args.load_channels,
            inflight=args.load_inflight,
            seconds=args.load_seconds,
            floor_samples=scale.commits,
            profile=args.profile,
            board_every=3 if args.quick else 10,
            computers=args.load_computers,
            yardstick=QUICK_YARDSTICK if args.quick else YARDSTICK,
        )
        sections = [asyncio.run(bench_load(plan))]
    elif args.scale:
        sections = [asyncio.run(bench_scale(scale_plan(args)))]
    elif args.strength and args.strength_lengths:
        workers = args.strength_workers or WORKERS
        sections = [bench_lengths(args.quick, args.strength_games, workers)]
    elif args.strength:
        sections = []
        if not args.strength_beliefs:
            sections.append(
                bench_strength(
                    args.quick,
                    args.strength_games,
                    args.strength_game,
                    args.strength_yardstick,
                    args.strength_workers or WORKERS,
                    args.strength_pairing,
                    args.strength_ledger,
                )
            )
        alone = args.strength_game or args.strength_pairing or args.strength_yardstick
        if args.strength_beliefs or not alone:
            level = level_named(args.beliefs_level) if args.beliefs_level else None
            sections.append(
                bench_beliefs(
                    args.quick,
                    args.strength_games,
                    level,
                    args.strength_game,
                    args.strength_workers or WORKERS,
                )
            )
    elif args.replays:
        sections = [asyncio.run(bench_replays(QUICK_REPLAYS if args.quick else FULL_REPLAYS))]
    elif args.lanes:
        sections = [asyncio.run(bench_lanes(QUICK_LANES if args.quick else FULL_LANES))]
    elif args.house:
        sections = [asyncio.run(bench_house())]
    elif args.search_speed:
        speed = QUICK_SEARCH if args.quick else FULL_SEARCH
        sections = [bench_search_speed(speed, profiled=args.profile)]
    elif args.admin:
        sections = [bench_admin(ADMIN_RUNS_QUICK if args.quick else ADMIN_RUNS)]
    elif args.reviews:
        sections = [asyncio.run(bench_reviews(QUICK_REVIEWS if args.quick else FULL_REVIEWS))]
    elif args.privacy:
        sections = [bench_privacy(args.quick)]
    elif args.startup:
        runs = args.startup_runs or (QUICK_STARTS if args.quick else STARTS)
        sections = [bench_startup(runs, args.startup_against)]
    elif args.requests:
        sections = [bench_requests()]
    elif args.leagues:
        sections = [bench_leagues(args.quick)]
    else:
        sections = asyncio.run(run_all(scale))
    kinds = (
        "load",
        "scale",
        "strength",
        "replays",
        "lanes",
        "house",
        "search_speed",
        "admin",
        "reviews",
        "privacy",
        "startup",
        "requests",
        "leagues",
    )
    kind = next((f"{k}, " for k in kinds if getattr(args, k)), "")
    mode = kind + ("quick" if args.quick else "full")
    text = report(sections, mode, (time.perf_counter_ns() - start) / 1e9)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(text, encoding="utf-8")
    print(text, end="")
    return 0


if __name__ == "__main__":
    sys.exit(main())
