"""The scale benchmark (`python benchmark.py --scale`): moves per second and move latency with
100 and 1,000 active games, on SQLite and on PostgreSQL, with one bot process and with two.

Each run is a load run (`bench/load.py`, `run_load`): the real bot processes against the local
fake Discord, a game of Ley Lines of Mars open in every channel, the same number of simulated
players at once taking the table that has waited longest, for a measured window. Two processes
run one shard each (SHARD_COUNT=2, SHARD_IDS 0 and 1) on one PostgreSQL database, the channels
split evenly between guilds served by either shard (`bench/fleet.py`). PostgreSQL is a server
of the run's own (`tests.postgres.Cluster`) that commits as a production server does (fsync
on, synchronous commit), as SQLite commits with synchronous=FULL; each run gets a fresh
database, dropped after it. Where PostgreSQL's server binaries are missing its runs are listed
as not run, with the reason. No targets are set: the figures are reported, and only problems
(failed turns, late acknowledgements, refused requests, errors in the bot's logs, runs that
failed) are checked, to be none. Times are in milliseconds.
"""

from __future__ import annotations

import contextlib
import os
import re
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from bench.fleet import SQLITE, Database
from bench.load import VALIDATE_ONE_IN, LoadPlan, Run, run_load
from bench.report import Check, Section, ms, percentile
from tests import postgres

POSTGRESQL = "PostgreSQL"


@dataclass(frozen=True)
class Setup:
    """A way to run the bot: its database and how many processes (one shard each) serve it."""

    database: str
    """SQLite or PostgreSQL."""
    processes: int

    @property
    def label(self) -> str:
        return f"{self.database}, {self.processes} process{'es' * (self.processes > 1)}"


SETUPS = (Setup("SQLite", 1), Setup(POSTGRESQL, 1), Setup(POSTGRESQL, 2))


@dataclass(frozen=True)
class ScalePlan:
    """Which runs to make, and how big each is."""

    games: tuple[int, ...]
    """Active games (channels) of each run; every setup is run at each."""
    seconds: float
    """Length of each run's measured window."""
    inflight: int
    """Simulated players at once, each with one turn under way."""
    open_inflight: int
    """Tables opened at once before each window."""
    setups: tuple[Setup, ...] = SETUPS
    board_every: int = 10
    """Every this many turns, a `/board` instead of a move."""
    seed: int = 15


FULL = ScalePlan(games=(100, 1000), seconds=60.0, inflight=20, open_inflight=40)
QUICK = ScalePlan(games=(4,), seconds=3.0, inflight=2, open_inflight=4, board_every=3)


@dataclass(frozen=True)
class Outcome:
    """One run: its figures, or why there are none."""

    games: int
    setup: Setup
    run: Run | None
    why_not: str | None = None
    """Why the run has no figures: not run (PostgreSQL missing) or failed."""
    failed: bool = False

    @property
    def problems(self) -> int:
        """Failed turns, late acknowledgements, refused requests, error lines in the logs; a
        failed run counts as one."""
        if self.run is None:
            return int(self.failed)
        run = self.run
        return sum(run.samples.errors.values()) + run.late + run.refused + run.log_errors


def load_plan(plan: ScalePlan, games: int) -> LoadPlan:
    return LoadPlan(
        channels=games,
        inflight=plan.inflight,
        seconds=plan.seconds,
        floor_samples=0,
        seed=plan.seed,
        board_every=plan.board_every,
        open_inflight=plan.open_inflight,
        idle_seconds=None,
    )


async def measure(
    plan: ScalePlan, games: int, setup: Setup, server: postgres.Cluster | None, reason: str | None
) -> Outcome:
    """One run of `setup` with `games` games (on a new PostgreSQL database of `server` for a
    PostgreSQL setup, or not at all when there is no server, for `reason`)."""
    if setup.database == POSTGRESQL and server is None:
        return Outcome(games, setup, None, f"not run: {reason}")
    print(f"scale: {games:,} games, {setup.label} ...", file=sys.stderr, flush=True)
    database, url = SQLITE, None
    try:
        if server is not None and setup.database == POSTGRESQL:
            url = await server.new_database()
            database = Database(POSTGRESQL, url, server.server_pid())
        with tempfile.TemporaryDirectory(prefix="mars-scale-") as folder:
            run = await run_load(load_plan(plan, games), Path(folder), database, setup.processes)
    except Exception as error:  # a failed run is reported, and the other runs still made
        said = str(error).strip() or type(error).__name__
        print(f"scale: {games} games, {setup.label} failed: {said}", file=sys.stderr)
        return Outcome(games, setup, None, f"failed: {said.splitlines()[0]}", failed=True)
    finally:
        if server is not None and url is not None:
            await server.drop_database(url)
    outcome = Outcome(games, setup, run)
    print(
        f"scale: {run.samples.moves / run.seconds:.1f} moves/s, {outcome.problems} problems",
        file=sys.stderr,
    )
    if outcome.problems:
        print(
            f"scale: errors {dict(run.samples.errors)}, first of each: {run.samples.examples}; "
            f"the bots' logs end:\n{run.log_tail}",
            file=sys.stderr,
        )
    return outcome


def postgres_version() -> str:
    """PostgreSQL's server version, as `pg_ctl --version` says it."""
    done = subprocess.run(["pg_ctl", "--version"], capture_output=True, text=True, check=True)
    found = re.search(r"\d+(?:\.\d+)+", done.stdout)
    return found[0] if found else done.stdout.strip()


def load_average() -> str:
    return ", ".join(f"{n:.2f}" for n in os.getloadavg())


def start_server(durable: bool = True) -> tuple[postgres.Cluster | None, str | None]:
    """A PostgreSQL server of the run's own (`durable`: committing as a production server
    does), started; or None and why there is none."""
    reason = postgres.unavailable()
    if reason is not None:
        return None, reason
    server = postgres.Cluster(durable=durable)
    try:
        server.start()
    except RuntimeError as error:
        with contextlib.suppress(RuntimeError):
            server.stop()
        return None, str(error)
    return server, None


async def bench_scale(plan: ScalePlan) -> Section:
    """Every setup at every number of games, one run after another; the report's section."""
    loads = [load_average()]
    server, reason = None, None
    if any(setup.database == POSTGRESQL for setup in plan.setups):
        server, reason = start_server()
    outcomes: list[Outcome] = []
    try:
        for games in plan.games:
            for setup in plan.setups:
                outcomes.append(await measure(plan, games, setup, server, reason))
    finally:
        if server is not None:
            server.stop()
    loads.append(load_average())
    version = None if server is None else postgres_version()
    return scale_section(plan, outcomes, loads, version)


def median_p95(samples: Sequence[int]) -> str:
    """`median / p95` of `samples` (ns) in ms."""
    if not samples:
        return "- / -"
    ordered = sorted(samples)
    return f"{ms(ordered[(len(ordered) - 1) // 2]):.1f} / {ms(percentile(ordered, 0.95)):.1f}"


def p95(samples: Sequence[int]) -> str:
    return f"{ms(percentile(samples, 0.95)):.1f}" if samples else "-"


def rate_row(outcome: Outcome) -> str:
    """Throughput and latency of a run, or why there are none."""
    head = f"| {outcome.games:,} | {outcome.setup.database} | {outcome.setup.processes} |"
    run = outcome.run
    if run is None:
        return f"{head} {outcome.why_not} | | | | |"
    got = run.samples
    return (
        f"{head} {got.moves / run.seconds:.1f} | {median_p95(got.ack)} | "
        f"{median_p95(got.picture)} | {p95(got.autocomplete)} | {outcome.problems} |"
    )


def cpu_row(outcome: Outcome) -> str | None:
    """Where a run's CPU went (per move and in cores) and the machine's load; None without a
    run."""
    run = outcome.run
    if run is None:
        return None
    moves, seconds = max(run.samples.moves, 1), run.seconds
    server = outcome.setup.database == POSTGRESQL
    database = f"{run.database_cpu / moves * 1000:.1f}" if server else "-"
    cores = (run.cpu, run.database_cpu, run.driver_cpu, run.others_cpu)
    return (
        f"| {outcome.games:,} | {outcome.setup.database} | {outcome.setup.processes} | "
        f"{run.cpu / moves * 1000:.1f} | {database} | "
        + " | ".join(f"{c / seconds:.2f}" for c in cores)
        + f" | {run.steal / seconds:.2f} | {run.load_1min:.2f} | {run.opening:.1f} |"
    )


def problem_lines(outcomes: Sequence[Outcome]) -> list[str]:
    """A line for each run with problems, saying which."""
    lines = []
    for outcome in outcomes:
        run = outcome.run
        if run is None or not outcome.problems:
            continue
        errors = ", ".join(f"{k} {n}" for k, n in sorted(run.samples.errors.items())) or "none"
        examples = "; ".join(f"{k}: {e}" for k, e in run.samples.examples.items())
        lines.append(
            f"- {outcome.games:,} games, {outcome.setup.label}: failed turns {errors}"
            f"{f' ({examples})' if examples else ''}, late acknowledgements {run.late}, "
            f"refused requests {run.refused}, log lines at ERROR {run.log_errors}."
        )
    return lines


def scale_section(
    plan: ScalePlan, outcomes: Sequence[Outcome], loads: Sequence[str], version: str | None
) -> Section:
    """The report's scale section: a row per run, then where the CPU went."""
    server = (
        f"PostgreSQL {version} (a server of the run's own, data under /tmp, fsync on, "
        "synchronous commit; the bot's pool of at most 10 connections per process)"
        if version is not None
        else "PostgreSQL (not run here)"
    )
    games = " and ".join(f"{n:,}" for n in plan.games)
    lines = [
        f"## Scale: {games} active games, SQLite and PostgreSQL, one and two processes",
        "",
        "Each run is a load run (`bench/load.py`) on a fresh database: the real bot processes "
        "against "
        "the local fake Discord, a game of Ley Lines of Mars in every channel (two players "
        f"seated), {plan.inflight} simulated players at once for {plan.seconds:g} s, each "
        "taking the table that has waited longest (so every game is played in turn); a move "
        "is two autocompletes then `/move`, and one turn in "
        f"{plan.board_every} is a `/board` instead. The games are opened before the window, "
        f"{plan.open_inflight} at a time. Databases: "
        f"SQLite (a file under /tmp, WAL, synchronous=FULL) and {server}. Two processes run "
        "one shard each (SHARD_COUNT=2, SHARD_IDS 0 and 1) on one PostgreSQL database, the "
        "channels split evenly between a guild on each shard (a guild holds at most 500 "
        "channels). Latencies run from the interaction's dispatch by the fake to the "
        "callback (acknowledgement, autocomplete answer) or to the channel message with the "
        "new board picture. Request bodies are checked against Discord's OpenAPI description "
        f"(one in {VALIDATE_ONE_IN} after the first of each route). The fake Discord and the "
        "players run in the benchmark's process, on the same cores as the bot.",
        "",
        f"Machine load average (1, 5, 15 min) before the runs: {loads[0]}; after: {loads[-1]}; "
        f"{os.cpu_count()} CPUs.",
        "",
        "| games | database | processes | moves/s | `/move` ack median / p95 ms | "
        "`/move` to picture median / p95 ms | autocomplete p95 ms | problems |",
        "| ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: |",
        *(rate_row(outcome) for outcome in outcomes),
        "",
        "Where the CPU went in each window: per move, and in cores (CPU seconds per second of "
        "the window). Bot: the bot processes and their picture workers, summed; database "
        "server: PostgreSQL's server and its backends (SQLite works inside the bot); driver: "
        "the fake Discord and the players; other processes: the rest of the machine's busy "
        "time (/proc/stat), work outside this run; steal: CPU the hypervisor took.",
        "",
        "| games | database | processes | bot CPU per move, ms | database server CPU per "
        "move, ms | bot, cores | database server, cores | driver, cores | other processes, "
        "cores | steal, cores | load average (1 min) at the end | tables opened in, s |",
        "| ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
        *filter(None, (cpu_row(outcome) for outcome in outcomes)),
    ]
    problems = problem_lines(outcomes)
    if problems:
        lines += ["", "Problems:", "", *problems]
    total = sum(outcome.problems for outcome in outcomes)
    check = Check(
        "scale: failed turns, late acknowledgements, refused requests, bot log errors and "
        "failed runs",
        total,
        0,
        "problems",
        decimals=0,
        relation="<=",
    )
    return Section(lines, [check])
