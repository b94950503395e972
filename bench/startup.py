"""Start-up (`python benchmark.py --startup [--startup-runs N] [--startup-against REV]`): how long
the real bot process takes from its start to its gateway session, against the local fake
Discord.

Each run starts `python tests/e2e/run_bot.py bot.app` (the end-to-end tests' launcher) on the
SQLite database its code's previous run left, as a restart does (a first, uncounted run of each
code makes the database and compiles its modules), waits for its gateway session and stops it.
Three times are read from the fake Discord, in seconds from the process's start: its first
request (logging in, which comes once the imports are done and the database is open: the log's
"Database" line), its last command sync before the session (the log's "Synced" line) and the
gateway session ready (READY and the servers sent). "Database to Synced" is the second less the
first: what the bot does between opening its database and connecting.

With `--startup-against REV`, the code of git revision REV (exported by `git archive` into a
temporary folder, run from there) is measured in the same command, the runs interleaved (this
code then REV, then REV then this code, and so on) so that the machine's other work weighs on
both alike. Medians are reported; the target is this code's start to READY at most `SLOWER`
times REV's, and "Database to Synced" under `SYNCED_SECONDS` either way.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from bench.report import Check, Section
from tests.fakediscord import BotProcess, FakeDiscord

ROOT = Path(__file__).resolve().parents[1]
"""This checkout: its code is the one measured."""
LAUNCHER = Path("tests") / "e2e" / "run_bot.py"
SLOWER = 1.2
"""Target: this code's start to READY at most this many times the older code's."""
SYNCED_SECONDS = 1.0
"""Target: seconds from the database open to the commands synced."""
RUNS = 5
QUICK_RUNS = 1


@dataclass(frozen=True)
class Code:
    """Which code a run starts: its name in the report and its folder."""

    label: str
    folder: Path


@dataclass(frozen=True)
class Start:
    """One start's times, in seconds from the process's start."""

    database: float
    synced: float
    ready: float


def process(fake: FakeDiscord, code: Code, work: Path) -> BotProcess:
    """The bot process of `code`, its database and log in `work` (kept from run to run)."""
    env = {**os.environ, "PYTHONPATH": str(code.folder)}
    return BotProcess(
        fake,
        log_path=work / f"{code.label}.log",
        database_path=work / f"{code.label}.sqlite3",
        command=[sys.executable, str(code.folder / LAUNCHER), "bot.app"],
        cwd=code.folder,
        base_env=env,
    )


async def one_start(fake: FakeDiscord, bot: BotProcess) -> Start:
    """Start the bot, wait for its gateway session, stop it: its times."""
    loop = asyncio.get_running_loop()
    first = len(fake.request_log)
    began = loop.time()
    await bot.start()
    ready = loop.time()
    await bot.stop()
    requests = list(zip(fake.state.request_at[first:], fake.request_log[first:], strict=True))
    synced = [at for at, r in requests if at <= ready and r.startswith("PUT ") and "/commands" in r]
    return Start(requests[0][0] - began, max(synced) - began, ready - began)


@contextlib.contextmanager
def exported(revision: str) -> Iterator[Path]:
    """The files of git revision `revision` of this checkout, in a temporary folder."""
    with tempfile.TemporaryDirectory(prefix="mars-startup-") as name:
        archive = subprocess.run(["git", "archive", revision], cwd=ROOT, capture_output=True)
        if archive.returncode != 0:
            said = archive.stderr.decode(errors="replace").strip()
            raise SystemExit(f"error: --startup-against {revision}: git cannot export it ({said})")
        subprocess.run(["tar", "-x", "-C", name], input=archive.stdout, check=True)
        yield Path(name)


async def measure(codes: list[Code], runs: int) -> dict[str, list[Start]]:
    """`runs` counted starts of each code, interleaved, after one uncounted start of each."""
    fake = await FakeDiscord.start()
    found: dict[str, list[Start]] = {code.label: [] for code in codes}
    try:
        with tempfile.TemporaryDirectory(prefix="mars-startup-work-") as name:
            bots = {code.label: process(fake, code, Path(name)) for code in codes}
            for bot in bots.values():
                await one_start(fake, bot)
            for run in range(runs):
                for code in codes if run % 2 == 0 else codes[::-1]:
                    found[code.label].append(await one_start(fake, bots[code.label]))
    finally:
        await fake.stop()
    return found


def bench_startup(runs: int, against: str | None) -> Section:
    """The start-up of this code (and of `against`, a git revision): medians, against targets."""
    with contextlib.ExitStack() as stack:
        codes = [Code("this code", ROOT)]
        if against is not None:
            codes.append(Code(against, stack.enter_context(exported(against))))
        found = asyncio.run(measure(codes, runs))
    lines = [
        "## Start-up: process start to gateway session",
        "",
        f"`python benchmark.py --startup --startup-runs {runs}"
        + (f" --startup-against {against}`" if against else "`")
        + f": {runs} counted starts of each code, interleaved, after one uncounted; medians "
        "(and the slowest) in seconds from the process's start, a restart on the database "
        "the code's previous start left, against the local fake Discord.",
        "",
        "| code | to database open | to commands synced | to READY | database to Synced |",
        "| --- | ---: | ---: | ---: | ---: |",
    ]
    for label, starts in found.items():
        cells = [
            [s.database for s in starts],
            [s.synced for s in starts],
            [s.ready for s in starts],
            [s.synced - s.database for s in starts],
        ]
        shown = " | ".join(f"{statistics.median(c):.2f} ({max(c):.2f})" for c in cells)
        lines.append(f"| {label} | {shown} |")
    ours = found["this code"]
    between = statistics.median(s.synced - s.database for s in ours)
    checks = [
        Check("This code, database open to commands synced (median)", between, SYNCED_SECONDS, "s")
    ]
    if against is not None:
        ratio = statistics.median(s.ready for s in ours) / statistics.median(
            s.ready for s in found[against]
        )
        lines += ["", f"This code's start to READY is {ratio:.2f}x {against}'s (medians)."]
        checks.append(
            Check(
                f"Start to READY, this code against {against} (medians)",
                ratio,
                SLOWER,
                "x",
                relation="<=",
            )
        )
    return Section(lines, checks)
