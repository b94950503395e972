"""The administrator's commands (`python benchmark.py --admin`): the CPU that `python -m bot
health` (Docker's health check, every 30 seconds) and `python -m bot status` cost, each run in
a fresh interpreter as Docker and an administrator run them.

Each command runs `runs` times, one after another, against a fresh database that the bot's
storage made in a temporary folder, with one sign of life of the bot written just before, so
the health check reads a heartbeat and answers healthy. A run's CPU is the user plus system
seconds of the finished child process (`resource.getrusage(RUSAGE_CHILDREN)` before and after
it), so the machine's other work does not count, only the interpreter's start, the imports and
the task. `python -c pass` is measured the same way: what the interpreter costs alone.
"""

from __future__ import annotations

import asyncio
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench.report import Check, Section
from bot.config import process_name
from club.storage import Storage
from club.storage.sqlite import SqliteDatabase

ROOT = Path(__file__).resolve().parents[1]
"""The project's folder: the commands run from it, so they run this checkout's code."""
TARGET = 0.3
"""CPU seconds each command may cost per run."""
COMMANDS = (
    ("python -c pass (the interpreter alone)", ("-c", "pass"), None),
    ("python -m bot health", ("-m", "bot", "health"), TARGET),
    ("python -m bot status", ("-m", "bot", "status"), TARGET),
)
"""What is measured: the row's name, the interpreter's arguments, the target (None: none)."""


def cpu_seconds(arguments: tuple[str, ...], env: dict[str, str]) -> float:
    """The CPU seconds (user + system) of one run of the interpreter with `arguments`; raises
    if the run fails."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run(
        [sys.executable, *arguments], cwd=ROOT, env=env, capture_output=True, text=True
    )
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise RuntimeError(f"{' '.join(arguments)} failed: {done.stdout}{done.stderr}")
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


async def fresh_database(path: Path) -> None:
    """A database made by the bot's storage at `path`, with the bot's sign of life of now."""
    store = Storage(SqliteDatabase(path))
    await store.open()
    try:
        now = time.time()
        await store.operations.beat(process_name(None, None), "benchmark", now, now)
    finally:
        await store.close()


def bench_admin(runs: int) -> Section:
    """Each command's CPU over `runs` runs: median and most, against its target."""
    lines = [
        "## Administrator's commands: CPU per run",
        "",
        f"Each command run {runs} times in a fresh interpreter against a fresh SQLite database "
        "(user + system CPU of the child process, `RUSAGE_CHILDREN`).",
        "",
        "| command | runs | median CPU s | max CPU s |",
        "| --- | ---: | ---: | ---: |",
    ]
    checks = []
    with tempfile.TemporaryDirectory(prefix="mars-admin-") as name:
        for index, (label, arguments, target) in enumerate(COMMANDS):
            path = Path(name) / f"bot-{index}.sqlite3"
            asyncio.run(fresh_database(path))
            env = {key: value for key, value in os.environ.items() if key != "DISCORD_TOKEN"}
            env |= {key: "" for key in ("DATABASE_URL", "SHARD_COUNT", "SHARD_IDS")}
            env["DATABASE_PATH"] = str(path)
            samples = [cpu_seconds(arguments, env) for _ in range(runs)]
            median = statistics.median(samples)
            lines.append(f"| {label} | {runs} | {median:.3f} | {max(samples):.3f} |")
            if target is not None:
                checks.append(Check(f"{label}, CPU per run (median)", median, target, "s", 3))
    return Section(lines, checks)
