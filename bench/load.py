"""The load benchmark (`python benchmark.py --load`): the real bot process against the local fake
Discord, many games at once, next to the floors of its work measured in the same run.

The bot runs as the end-to-end tests run it (`tests/e2e/run_bot.py`, `bot.app`, its SQLite file
in a temporary folder, game seeds pinned with E2E_SEED); `run_load` can also run it on a
PostgreSQL database and as several processes, one shard each (`bench/fleet.py`, used by
`bench/scale.py`). The fake Discord and the simulated players (`bench/players.py`) run in this
process. CPU is the bot processes' and their children's (/proc/<pid>/stat) over the measured
window, a database server's counted apart; memory is the proportional set size (PSS) of the bot
and its descendants (`bench/memory.py`), at rest before the load (connected, no game open), the
largest sampled in the window, and, when the run shortens the bot's idle period for its workers
(`LoadPlan.idle_seconds`, the bot's WORKER_IDLE_MINUTES), once they stopped for being idle after
the window; shown beside the bot process's own peak resident set (VmHWM). Beside the throughput
stand the machine's speed and business, so that runs on different days or machines compare: a
fixed search run before and after the load (`bench.search_speed.yardstick`, simulations per CPU
second and per wall second), the share of the machine's CPUs idle in the window and the CPU of
its other processes (/proc/stat), and the load average as the window began and ended. Times are
shown in milliseconds, memory in MiB.
"""

from __future__ import annotations

import asyncio
import functools
import os
import statistics
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

from bench import profile
from bench.computer_tables import LEVELS, ComputerTables, Replies, level_of, thoughts
from bench.fleet import SQLITE, Database, Fleet, open_world, seat_tables
from bench.floors import (
    RenderTiming,
    commit_samples,
    engine_move_samples,
    stored_state_bytes,
    time_render,
    timed,
)
from bench.memory import Memory, PeakMemory, after_idle_stop, memory_rows
from bench.players import LoadError, Players, Samples
from bench.playouts import first_state, positions
from bench.procstat import (
    busy_seconds,
    idle_seconds,
    status_kib,
    steal_seconds,
    thread_cpu_seconds,
    tree_cpu_seconds,
)
from bench.report import TIMING_HEADER, Check, Section, ms, percentile, ratio_check, timing_row
from bench.search_speed import YARDSTICK, Plan, Yardstick, yardstick
from bot.computers.turns import PAUSE_SECONDS
from club.catalogue import CATALOGUE
from engine.leylines import GAME
from engine.words import with_article
from tests.fakediscord.state import VALIDATED_FIRST

LEYLINES = CATALOGUE["leylines"].renderer
MID_GAME_PIECES = 18
"""Pieces on the board whose picture is the render floor."""
ACK_P95_MS = 150.0
PICTURE_P95_MS = 500.0
AUTOCOMPLETE_P95_MS = 100.0
MOVES_PER_SECOND = 50.0
CPU_PER_MOVE_RATIO = 3.0
"""CPU per move at most this multiple of its floor: one render of a mid-game board (draw and
encode), one bare commit, one engine move: the work a move cannot do without."""
VALIDATE_ONE_IN = 10
"""The fake runs on the bot's two cores, and checking a body against Discord's OpenAPI
description costs it some milliseconds: the load run checks the first bodies of each route and
then one in ten (the e2e tests check every one)."""
REPLY_P95_MS = 2500.0
"""Target for a computer player's move at a computer table during the load, at every level: the
thinker's wall time, from the turn handed to it to the move back (the pause excluded)."""
PEAK_MEMORY_MIB = 150.0
"""Target for the bot's memory: its process and any worker processes, shared pages split
between them (PSS), at the largest sampled."""


@dataclass(frozen=True)
class LoadPlan:
    """How big a load to put on the bot."""

    channels: int
    """Channels, each with a game of Ley Lines of Mars and two seated players."""
    inflight: int
    """Simulated players at once, each with one turn under way."""
    seconds: float
    """Length of the measured window."""
    floor_samples: int
    """Timed encodes, renders and commits for the floors (and five times as many engine
    moves)."""
    profile: bool = False
    """Sample the bot with py-spy during the window."""
    seed: int = 15
    board_every: int = 10
    """Every this many turns, a `/board` instead of a move."""
    open_inflight: int | None = None
    """Tables opened at once before the window (None: `inflight`)."""
    computers: int = 0
    """More channels, each where one simulated player plays a computer player, the channels
    taking the levels in turn, hard first (`bench.computer_tables`)."""
    think_seconds: float = 3.0
    """How long the player against a computer thinks before each move."""
    yardstick: Plan = YARDSTICK
    """The fixed search run before and after the load (`bench.search_speed.yardstick`)."""
    idle_seconds: float | None = 20.0
    """The bot's idle period for its workers in this run (WORKER_IDLE_MINUTES): the memory is
    measured again once they stopped for it after the window (None: the bot's default, not
    waited for)."""


@dataclass(frozen=True)
class Run:
    """What one load run measured and counted."""

    samples: Samples
    seconds: float
    """Wall time of the window, until the last turn under way finished."""
    opening: float
    """Wall time taken to open a game at every table before the window."""
    cpu: float
    """CPU seconds of the bot processes and their children in the window."""
    database_cpu: float
    """CPU seconds of the database server (its postmaster and backends) in the window; 0 for
    SQLite, which runs in the bot's process."""
    driver_cpu: float
    """CPU seconds of this process (fake Discord and players) in the window."""
    machine_cpu: float
    """CPU seconds every process of the machine (this run's and any other's) spent in the
    window, all CPUs."""
    steal: float
    """CPU seconds the hypervisor took from this machine's CPUs in the window (all CPUs)."""
    idle: float
    """CPU seconds the machine's CPUs sat idle in the window (all CPUs, I/O waits included)."""
    load_before: float
    """The machine's load average over the last minute as the window began."""
    busy: float
    """The machine's load average over the last 5 minutes at the end of the window (runnable
    threads of every process, this run's and any other's)."""
    load_1min: float
    """The machine's load average over the last minute at the end of the window."""
    peak_kib: int
    """Peak resident memory of the largest bot process alone (VmHWM, KiB)."""
    peak_pss_kib: int
    """Peak proportional memory (PSS, KiB) of the bot processes and their children, sampled."""
    at_rest: Memory
    """The memory of the bot processes and their descendants at rest, before the load
    (connected, no game open)."""
    at_peak: Memory | None
    """That memory at its largest sampled in the window."""
    after_idle: Memory | None
    """That memory after the window, once the workers stopped for being idle (None: not
    measured, or they did not stop)."""
    late: int
    """Interactions the bot acknowledged after Discord's 3 s deadline."""
    refused: int
    """Requests the fake refused, found invalid by the OpenAPI description, or had no route
    for."""
    log_errors: int
    """Lines of the bot processes' logs at ERROR or with a traceback."""
    log_tail: str
    profile: str | None
    """py-spy's raw output, or why there is none (None: not profiled)."""
    thread_cpu: dict[int, float]
    """CPU seconds of each thread of the (first) bot process and its children in the window."""
    pid: int
    """The (first) bot process's id (its main thread's too)."""
    replies: Replies
    """What the players against computers measured."""
    thoughts: dict[str, list[int]]
    """By level, the wall time of each computer move the bot logged, from the turn handed to
    its thinking workers to the move back (ns)."""

    @property
    def idle_share(self) -> float:
        """The share of the machine's CPUs that sat idle in the window (0 to 1)."""
        return self.idle / self.seconds / (os.cpu_count() or 1)

    @property
    def others_cpu(self) -> float:
        """CPU seconds of the machine's other processes (not this run's) in the window."""
        return max(0.0, self.machine_cpu - self.cpu - self.database_cpu - self.driver_cpu)


def own_cpu() -> float:
    """CPU seconds of this process so far (children not included)."""
    times = os.times()
    return times.user + times.system


def log_errors(text: str) -> int:
    """Lines of a log at ERROR or CRITICAL, or opening a traceback."""
    return sum(
        "ERROR" in line or "CRITICAL" in line or "Traceback" in line for line in text.splitlines()
    )


@dataclass(frozen=True)
class Meters:
    """CPU counters read at one moment, to subtract: the bot processes', the database
    server's, this process's and the whole machine's (seconds)."""

    bot: float
    database: float
    driver: float
    machine: float
    steal: float
    idle: float

    @classmethod
    def read(cls, pids: list[int], database: Database) -> Meters:
        server = database.server_pid
        return cls(
            bot=sum(tree_cpu_seconds(pid) for pid in pids),
            database=0.0 if server is None else tree_cpu_seconds(server),
            driver=own_cpu(),
            machine=busy_seconds(),
            steal=steal_seconds(),
            idle=idle_seconds(),
        )


async def run_load(
    plan: LoadPlan, folder: Path, database: Database = SQLITE, processes: int = 1
) -> Run:
    """Start the fake and the bot (`processes` processes, one shard each when several, on
    `database`), open every table, play for `plan.seconds`, stop both."""
    names = tuple(f"load-{n}" for n in range(1, plan.channels + 1))
    names += tuple(f"hard-{n}" for n in range(1, plan.computers + 1))
    fake = await open_world(names, processes, VALIDATE_ONE_IN)
    settings = (
        {} if plan.idle_seconds is None else {"WORKER_IDLE_MINUTES": f"{plan.idle_seconds / 60}"}
    )
    fleet = Fleet(fake, folder, database, processes, plan.seed, settings)
    try:
        await fleet.start()
        pids = fleet.pids
        at_rest = Memory.now(pids)
        tables = seat_tables(fake)
        against = [tables.pop() for _ in range(plan.computers)]
        players = Players(fake, plan.seed, plan.board_every)
        computers = ComputerTables(fake, plan.seed, plan.think_seconds)
        loop = asyncio.get_running_loop()
        opened = loop.time()
        try:
            await players.open_all(tables, plan.open_inflight or plan.inflight)
        except LoadError as error:
            raise LoadError(f"{error}; the bot's log ends:\n{fleet.log_tail()}") from None
        for index, table in enumerate(against):
            await computers.open(table, level_of(index))
        opening = loop.time() - opened
        profiling = None
        if plan.profile:
            out = folder / "profile.txt"
            profiling = asyncio.ensure_future(profile.record(pids[0], plan.seconds, out))
        load_before, before = os.getloadavg()[0], Meters.read(pids, database)
        threads, start = thread_cpu_seconds(pids[0]), loop.time()
        memory = PeakMemory(pids)
        watching = asyncio.ensure_future(memory.watch())
        await asyncio.gather(
            players.play(tables, plan.inflight, start + plan.seconds),
            *(
                computers.play(table, level_of(index), start + plan.seconds)
                for index, table in enumerate(against)
            ),
        )
        seconds = loop.time() - start
        after = Meters.read(pids, database)
        busy, load_1min = os.getloadavg()[1], os.getloadavg()[0]
        ended = thread_cpu_seconds(pids[0])
        threads = {t: spent - threads.get(t, 0.0) for t, spent in ended.items()}
        watching.cancel()
        peak_kib = max(status_kib("VmHWM", pid) for pid in pids)
        log = fleet.log_text()  # before stopping: what stopping itself logs is not counted
        raw = None if profiling is None else await profiling
        after_idle = None
        if plan.idle_seconds is not None:
            after_idle = await after_idle_stop(pids, plan.idle_seconds)
    finally:
        await fleet.stop()
        await fake.stop()
    refused = len(fake.refused_requests) + len(fake.schema_violations)
    return Run(
        samples=players.samples,
        seconds=seconds,
        opening=opening,
        cpu=after.bot - before.bot,
        database_cpu=after.database - before.database,
        driver_cpu=after.driver - before.driver,
        machine_cpu=after.machine - before.machine,
        steal=after.steal - before.steal,
        idle=after.idle - before.idle,
        load_before=load_before,
        busy=busy,
        load_1min=load_1min,
        peak_kib=peak_kib,
        peak_pss_kib=0 if memory.peak is None else memory.peak.total,
        at_rest=at_rest,
        at_peak=memory.peak,
        after_idle=after_idle,
        late=sum(record.expired for record in fake.state.interactions.values()),
        refused=refused + len(fake.unhandled_requests),
        log_errors=log_errors(log),
        log_tail=fleet.log_tail(),
        profile=raw,
        thread_cpu=threads,
        pid=pids[0],
        replies=computers.replies,
        thoughts=thoughts(log),
    )


@dataclass(frozen=True)
class Floors:
    """The work one move cannot do without, timed in this process (ns samples)."""

    render: RenderTiming
    """A mid-game board: `render` and the bare encode of its picture."""
    renders: list[int]
    """`render` of as many different positions, each once: what each move of the load
    draws (the same view drawn again and again finds its text and sprites remembered)."""
    commit: list[int]
    """One bare commit of a row as long as a stored state."""
    engine: list[int]
    """One engine move: parse and apply."""
    row_bytes: int

    @property
    def per_move_ms(self) -> float:
        """Median render of a position not drawn before + median commit + median engine move,
        in ms."""
        parts = (self.renders, self.commit, self.engine)
        return sum(ms(statistics.median(p)) for p in parts)


def measure_floors(plan: LoadPlan, folder: Path, row_bytes: int) -> Floors:
    mid = first_state(GAME, 2, {}, lambda s: s.placed == MID_GAME_PIECES)
    count = plan.floor_samples
    fresh = positions(GAME, 2, games=max(2, count // 25), most=count)
    return Floors(
        render=time_render(GAME.view(mid, None), count),
        renders=[timed(functools.partial(LEYLINES.render, GAME.view(p, None))) for p in fresh],
        commit=commit_samples(folder, row_bytes, count),
        engine=engine_move_samples(GAME, 2, count * 5),
        row_bytes=row_bytes,
    )


def speed(yardsticks: tuple[Yardstick, Yardstick]) -> float:
    """The machine's speed around a run: the yardstick's simulations per CPU second, the mean of
    its runs before and after."""
    return sum(y.per_cpu_second for y in yardsticks) / len(yardsticks)


def host_lines(run: Run, yardsticks: tuple[Yardstick, Yardstick]) -> list[str]:
    """The rows beside the load's throughput that tell how fast and how busy the machine was:
    the yardstick before and after the run, the machine's idle and other processes' CPU in the
    window, its load average as the window began and ended."""
    first, last = yardsticks
    return [
        f"| yardstick: the hard search, Ley Lines of Mars, {first.simulations:,} simulations "
        f"(`bench/search_speed.py`), simulations per CPU s, before / after the run | "
        f"{first.per_cpu_second:,.0f} / {last.per_cpu_second:,.0f} |",
        f"| yardstick, simulations per wall s, before / after the run | "
        f"{first.per_wall_second:,.0f} / {last.per_wall_second:,.0f} |",
        f"| moves per second per 1,000 yardstick simulations per CPU s | "
        f"{run.samples.moves / run.seconds / speed(yardsticks) * 1000:.1f} |",
        f"| machine idle in the window, share of all {os.cpu_count() or 1} CPUs (/proc/stat) | "
        f"{run.idle_share:.0%} |",
        f"| other processes' CPU in the window (not this run's), share of one core | "
        f"{run.others_cpu / run.seconds:.0%} |",
        f"| machine load average (1 min) as the window began / ended | "
        f"{run.load_before:.2f} / {run.load_1min:.2f} |",
    ]


def load_section(
    plan: LoadPlan, run: Run, floors: Floors, yardsticks: tuple[Yardstick, Yardstick]
) -> Section:
    """The report's load section: timings, rates beside the machine's speed and business, CPU
    and memory, floors, targets."""
    got = run.samples
    moves = max(got.moves, 1)
    per_move = run.cpu / moves * 1000
    ratio = per_move / floors.per_move_ms
    errors = sum(got.errors.values())
    kinds = ", ".join(f"{k} {n}" for k, n in sorted(got.errors.items())) or "none"
    timed = {"ack": got.ack, "picture": got.picture, "autocomplete": got.autocomplete}
    p95 = {k: ms(percentile(s, 0.95)) if s else float("inf") for k, s in timed.items()}
    lines = [
        "## Load: the bot process with many games at once",
        "",
        f"The real bot process (`tests/e2e/run_bot.py`, a SQLite file under /tmp) against the "
        f"local fake Discord: {plan.channels} channels with a game of Ley Lines of Mars each "
        f"(two players seated by `/new`, `/join`, `/start`), {plan.inflight} simulated players "
        f"at once for {plan.seconds:g} s, each taking the table that has waited longest. A "
        "move is two autocompletes on `/move`'s text (nothing typed, then all but the last "
        "character of a seeded pick), then `/move` with a seeded pick of the second answer; "
        f"every {plan.board_every}th turn is a `/board` instead; a finished game is opened "
        "again. Times run from the interaction's dispatch by the fake to the arrival of the "
        "callback request (acknowledgement, autocomplete answer) or of the channel message with "
        "the new board picture. Request bodies are checked against Discord's OpenAPI "
        f"description, the first {VALIDATED_FIRST} of each route and then one in "
        f"{VALIDATE_ONE_IN}.",
        "",
        *TIMING_HEADER,
        timing_row("`/move` acknowledgement", got.ack),
        timing_row("`/move` to its board picture", got.picture),
        timing_row("autocomplete answer", got.autocomplete),
        timing_row("`/board` acknowledgement", got.board_ack),
        timing_row("`/board` to its board picture", got.board_picture),
        "",
        "| measure | value |",
        "| --- | ---: |",
        f"| window, s | {run.seconds:.1f} |",
        f"| moves | {got.moves:,} |",
        f"| moves per second | {got.moves / run.seconds:.1f} |",
        *host_lines(run, yardsticks),
        f"| games opened in the window | {got.tables:,} |",
        f"| bot CPU (process and children), s | {run.cpu:.1f} |",
        f"| bot CPU, share of one core | {run.cpu / run.seconds:.0%} |",
        f"| bot CPU per move, ms | {per_move:.1f} |",
        f"| floor per move (render + commit + engine move), ms | {floors.per_move_ms:.2f} |",
        f"| CPU per move / floor | {ratio:.1f}x |",
        f"| bot process peak RSS (VmHWM), MiB | {run.peak_kib / 1024:.1f} |",
        f"| bot and its worker processes, peak PSS (sampled every 0.5 s), MiB | "
        f"{run.peak_pss_kib / 1024:.1f} |",
        f"| fake Discord and players CPU (this process), share of one core | "
        f"{run.driver_cpu / run.seconds:.0%} |",
        f"| machine load average (5 min) at the end, all processes | {run.busy:.1f} |",
        f"| CPU taken by the hypervisor, share of the machine | "
        f"{run.steal / run.seconds / (os.cpu_count() or 1):.0%} |",
        f"| errors (failed turns) | {errors} ({kinds}) |",
        f"| late acknowledgements (after 3 s) | {run.late} |",
        f"| refused requests (refused, schema-invalid, no route) | {run.refused} |",
        f"| bot log lines at ERROR or with a traceback | {run.log_errors} |",
        "",
        "Memory of the bot and its worker processes (the workers' count in brackets):",
        "",
        *memory_rows(
            [
                ("at rest before the load (connected, no game open)", run.at_rest),
                ("largest sampled under the load (every 0.5 s)", run.at_peak),
                (f"after the load, {idle_stop(plan)}", run.after_idle),
            ]
        ),
        "",
        "Floors, measured in this process after the bot stopped (the encode and the render "
        "taken in turns):",
        "",
        *TIMING_HEADER,
        timing_row(
            f"bare PNG encode (`encode_png`), mid-game board, {floors.render.png_bytes:,} bytes",
            floors.render.encode,
        ),
        timing_row(
            f"bare SQLite commit (WAL, synchronous=FULL), one {floors.row_bytes:,}-byte row",
            floors.commit,
        ),
        timing_row("engine move (parse + apply, no I/O)", floors.engine),
        timing_row("`render` of the same board again (draw and encode)", floors.render.render),
        timing_row("`render` of a position each time new (the render floor)", floors.renders),
    ]
    if plan.computers:
        lines += computer_lines(plan, run)
    if plan.profile:
        lines += ["", "### Profile of the bot under this load", ""]
        lines += profile.profile_lines(run.profile or "", run.thread_cpu, run.pid, moves)
    checks = [
        Check("load: `/move` acknowledgement p95", p95["ack"], ACK_P95_MS, "ms"),
        Check("load: `/move` to its board picture p95", p95["picture"], PICTURE_P95_MS, "ms"),
        Check("load: autocomplete answer p95", p95["autocomplete"], AUTOCOMPLETE_P95_MS, "ms"),
        Check(
            f"load: moves per second (beside a yardstick of {speed(yardsticks):,.0f} "
            f"simulations per CPU s, the machine {run.idle_share:.0%} idle)",
            got.moves / run.seconds,
            MOVES_PER_SECOND,
            "moves/s",
            decimals=1,
            relation=">=",
        ),
        ratio_check("load: CPU per move / its floor", ratio, CPU_PER_MOVE_RATIO),
        Check(
            "load: bot and its worker processes, peak memory (PSS)",
            run.peak_pss_kib / 1024,
            PEAK_MEMORY_MIB,
            "MiB",
            decimals=1,
        ),
        Check(
            "load: errors, late acknowledgements and refused requests",
            errors + run.late + run.refused,
            0,
            "problems",
            decimals=0,
            relation="<=",
        ),
    ]
    for level in played(plan):
        times = run.thoughts.get(level, [])
        p95_ms = ms(percentile(times, 0.95)) if times else float("inf")
        checks.append(
            Check(f"load: {with_article(level)} computer's move p95", p95_ms, REPLY_P95_MS, "ms")
        )
    return Section(lines, checks)


def idle_stop(plan: LoadPlan) -> str:
    """When the memory after the load is measured, as the report says it."""
    if plan.idle_seconds is None:
        return "once the workers stopped for being idle (not waited for)"
    return (
        f"once the workers stopped for being idle {plan.idle_seconds:g} s "
        f"(WORKER_IDLE_MINUTES={plan.idle_seconds / 60:.3g})"
    )


def played(plan: LoadPlan) -> list[str]:
    """The computers' levels the load's tables play, in `LEVELS`' order."""
    return [level for level in LEVELS if level in map(level_of, range(plan.computers))]


def computer_lines(plan: LoadPlan, run: Run) -> list[str]:
    """The report's lines on the tables against computer players: per level, the move as the
    bot's log times it, its thinking past the pause, and the move as the player sees it."""
    replies = run.replies
    rows = []
    for level in played(plan):
        thought = run.thoughts.get(level, [])
        past = [max(0, ns - round(PAUSE_SECONDS * 1e9)) for ns in thought]
        rows += [
            timing_row(f"{level} move, thinking workers (bot log)", thought),
            timing_row(f"{level} move, thinking past the pause (bot log)", past),
            timing_row(f"{level} move, picture to picture less the pause", replies.seen[level]),
        ]
    return [
        "",
        "### Against computer players during the load",
        "",
        f"{plan.computers} more channels, each with one simulated player against a computer "
        f"player in Ley Lines of Mars, the channels taking the levels {', '.join(LEVELS)} in "
        f"turn (the player thinks {plan.think_seconds:g} s "
        "before each move): the computer's move as the bot's log times it (from the turn "
        "handed to the thinking workers to the move back; the turn is handed over as the "
        f"computer's pause of {PAUSE_SECONDS:g} s begins, and what the thinking takes past "
        "the pause is shown too), and as the player sees it (from the board picture after its "
        "move to the one after the computer's, less the pause). Games opened: "
        f"{replies.games}; failed turns: {replies.errors}"
        + "".join(f"; {count} x {why}" for why, count in replies.why.most_common())
        + ".",
        "",
        *TIMING_HEADER,
        *rows,
    ]


async def bench_load(plan: LoadPlan) -> Section:
    """Run the bot under `plan`'s load between two runs of the yardstick, then measure the
    floors; the report's section."""
    with tempfile.TemporaryDirectory(prefix="mars-load-") as name:
        folder = Path(name)
        first = yardstick(plan.yardstick)
        run = await run_load(plan, folder)
        yardsticks = (first, yardstick(plan.yardstick))
        floors = measure_floors(plan, folder, stored_state_bytes(folder / "bot.sqlite3"))
    if run.samples.errors or run.log_errors:
        said = (
            f"load: errors {dict(run.samples.errors)}, first of each: {run.samples.examples}; "
            f"the bot's log ends:\n{run.log_tail}"
        )
        print(said, file=sys.stderr)
    return load_section(plan, run, floors, yardsticks)
