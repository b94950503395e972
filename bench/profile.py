"""Where the bot's CPU goes under load: py-spy samples the running bot process (and any child,
such as a process pool's workers) and the stacks are summed by kind of work and by function.

py-spy takes a sample of every thread the kernel counts as running or ready to run, 100 times a
second. A thread blocked in C (a selector's poll, a queue's get, a lock) can still be counted
as it wakes, so samples whose innermost line is such a wait are left out; a thread ready to run
but waiting for a core (or for the hypervisor, on a shared virtual machine) still counts, so a
share is a share of the bot's busy time, close to but not exactly its share of CPU. py-spy
attaches to the process by its id (ptrace: root, or a kernel that lets a user trace their own
processes).
"""

from __future__ import annotations

import asyncio
import linecache
import math
import re
import shutil
import sys
from collections import Counter, defaultdict
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

RATE = 100
"""Samples per second and running thread."""
TOP = 15
"""Functions listed in each table."""
REPO_ROOT = Path(__file__).resolve().parents[1]

GROUPS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("engine", ("engine/",)),
    ("storage / SQLite", ("club/storage/", "aiosqlite/", "sqlite3/")),
    ("render", ("render/", "PIL/")),
    ("JSON", ("json/",)),
    ("logging", ("logging/", "bot/logsafe.py")),
    (
        "discord.py / HTTP",
        ("discord/", "aiohttp/", "yarl/", "multidict/", "http/", "email/", "urllib/"),
    ),
    ("bot (service, delivery, commands)", ("bot/", "club/")),
)
"""Kinds of work by the files their frames are in; a sample counts for the kind of its
innermost frame that has one (a JSON decode in discord.py is JSON, not discord.py)."""
LOOP = "event loop and threads"
"""The kind of a sample none of whose frames has one (asyncio, selectors, thread pools)."""
ENTRY = ("bot/app.py", "tests/")
"""Start-up frames under every sample of the main thread: they name no kind of work."""
PROJECT = ("bot/", "club/", "engine/", "render/")
WAIT = re.compile(
    r"\.(poll|select|wait|acquire|recv_bytes|join)\(|(queue|tx)\.get\(|\bread\(handle"
)
"""An innermost line that blocks (selector, queue, lock, a pool's pipe)."""
FRAME = re.compile(r"^(?P<function>.*) \((?P<path>[^()]*?)(?::(?P<line>\d+))?\)$")


@dataclass(frozen=True)
class Frame:
    """A function, its file as a module path (`club/service/play.py`) and the line running."""

    function: str
    file: str
    line: int

    def __str__(self) -> str:
        return f"`{self.function}` ({self.file})"

    @property
    def place(self) -> Frame:
        """The function without its line, to add up."""
        return Frame(self.function, self.file, 0)


def module_path(path: str) -> str:
    """A file's path below the import root it is found under (the longest that fits)."""
    roots = sorted({str(REPO_ROOT), *sys.path}, key=len, reverse=True)
    for root in roots:
        if root and path.startswith(root.rstrip("/") + "/"):
            return path[len(root.rstrip("/")) + 1 :]
    return path


def parse_frame(text: str) -> tuple[Frame, str]:
    """A frame of py-spy's output (with full file names), and the source line it was at."""
    found = FRAME.match(text)
    if found is None:
        return Frame(text, "?", 0), ""
    line = int(found["line"] or 0)
    source = linecache.getline(found["path"], line) if line else ""
    return Frame(found["function"], module_path(found["path"]), line), source


@dataclass(frozen=True)
class Stack:
    """Samples of one call stack."""

    frames: list[Frame]
    """From the outermost."""
    waiting: bool
    """The innermost line blocks (and is not the project's)."""
    thread: int | None
    """The thread's id, when py-spy knows it (a process's main thread has the process's id)."""
    count: int


THREAD = re.compile(r"^thread \((?P<id>\w+)\)")


def stacks(raw: str) -> Iterator[Stack]:
    """The stacks of py-spy's raw (collapsed) output, with full file names and threads."""
    for text in raw.splitlines():
        stack, _, count = text.rpartition(" ")
        parts = stack.split(";")
        threads = [found for p in parts if (found := THREAD.match(p))]
        parts = [p for p in parts if not p.startswith(("process ", "thread ("))]
        if not parts or not count.isdigit():
            continue
        frames = [parse_frame(p) for p in parts]
        inner, line = frames[-1]
        waiting = bool(WAIT.search(line)) and not inner.file.startswith(PROJECT)
        thread = int(threads[0]["id"], 0) if threads else None
        yield Stack([frame for frame, _ in frames], waiting, thread, int(count))


def group_of(frames: list[Frame]) -> str:
    """The kind of work of a sample: that of its innermost frame that has one."""
    for frame in reversed(frames):
        if frame.file.startswith(ENTRY):
            continue
        for name, prefixes in GROUPS:
            if frame.file.startswith(prefixes):
                return name
    return LOOP


@dataclass
class Breakdown:
    """CPU seconds by kind of work (all threads, and the event loop's thread alone), by innermost
    function (own time) and by project function (total time: the samples it is anywhere in).

    Each thread's measured CPU time is spread evenly over its busy samples, so that a thread
    ready to run but kept from a core does not count for more than it ran."""

    cpu: float = 0.0
    samples: int = 0
    waits: int = 0
    groups: defaultdict[str, float] = field(default_factory=lambda: defaultdict(float))
    on_loop: defaultdict[str, float] = field(default_factory=lambda: defaultdict(float))
    own: defaultdict[Frame, float] = field(default_factory=lambda: defaultdict(float))
    total: defaultdict[Frame, float] = field(default_factory=lambda: defaultdict(float))


def breakdown(raw: str, thread_cpu: Mapping[int, float], loop_thread: int) -> Breakdown:
    """The breakdown of py-spy's `raw` output, with the CPU seconds each thread used while it
    was sampled (`thread_cpu`, by thread id; a thread not in it counts 1/RATE s a sample);
    `loop_thread` is the id of the event loop's thread (the bot process's id)."""
    result = Breakdown()
    found = list(stacks(raw))
    busy: Counter[int | None] = Counter()
    for stack in found:
        if stack.waiting:
            result.waits += stack.count
        else:
            busy[stack.thread] += stack.count
    for stack in found:
        if stack.waiting:
            continue
        spent = busy[stack.thread]
        seconds = stack.count * (thread_cpu.get(stack.thread or -1, spent / RATE) / spent)
        result.samples += stack.count
        result.cpu += seconds
        group = group_of(stack.frames)
        result.groups[group] += seconds
        if stack.thread == loop_thread:
            result.on_loop[group] += seconds
        result.own[stack.frames[-1].place] += seconds
        for place in {f.place for f in stack.frames if f.file.startswith(PROJECT)}:
            if not place.file.startswith(ENTRY):
                result.total[place] += seconds
    return result


def py_spy() -> str | None:
    """The py-spy program beside this Python, or on the PATH."""
    beside = Path(sys.executable).parent / "py-spy"
    return str(beside) if beside.exists() else shutil.which("py-spy")


async def record(pid: int, seconds: float, out: Path) -> str:
    """Sample process `pid` and its children for `seconds` (py-spy, not pausing the process);
    the raw stacks, or a line saying why there are none."""
    program = py_spy()
    if program is None:
        return "py-spy is not installed (it comes with the `dev` extra)."
    command = [program, "record", "--pid", str(pid), "--duration", str(math.ceil(seconds))]
    command += ["--rate", str(RATE), "--format", "raw", "--full-filenames", "--threads"]
    command += ["--nonblocking", "--subprocesses", "-o", str(out)]
    done = await asyncio.create_subprocess_exec(
        *command, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.STDOUT
    )
    said, _ = await done.communicate()
    if done.returncode != 0 or not out.exists():
        return f"py-spy failed ({done.returncode}): {said.decode(errors='replace').strip()}"
    return out.read_text(errors="replace")


def share_rows(
    seconds: Mapping[Any, float], result: Breakdown, moves: int, loop: bool = False
) -> list[str]:
    """Table rows of the largest `seconds`: what, share of the CPU, CPU per move (ms), and
    with `loop`, the share of the CPU spent on the event loop's thread."""
    rows = []
    for what, spent in sorted(seconds.items(), key=lambda item: -item[1])[:TOP]:
        row = f"| {what} | {spent / result.cpu:.1%} | {spent / moves * 1000:.2f} |"
        if loop:
            row += f" {result.on_loop.get(what, 0.0) / result.cpu:.1%} |"
        rows.append(row)
    return rows


def profile_lines(
    raw: str, thread_cpu: Mapping[int, float], loop_thread: int, moves: int
) -> list[str]:
    """The report's breakdown of a profile: `raw` py-spy output (or why there is none), the CPU
    seconds of each thread over the same time, the event loop's thread and the moves made
    meanwhile."""
    result = breakdown(raw, thread_cpu, loop_thread)
    if result.samples == 0:
        return [f"No profile: {raw.strip() or 'no samples'}"]
    columns = "| share of CPU | CPU per move, ms |"
    waits = result.waits / (result.samples + result.waits)
    loop = sum(result.on_loop.values()) / result.cpu
    lines = [
        f"{result.samples:,} busy samples at {RATE} Hz by py-spy (the bot process and its "
        f"children; another {result.waits:,}, {waits:.0%}, caught threads in a wait and are left "
        f"out), worth {result.cpu:.1f} CPU seconds: each thread's measured CPU time spread over "
        f"its samples. {loop:.0%} of it on the event loop's thread.",
        "",
        "By kind of work (the innermost frame that names one):",
        "",
        f"| kind {columns} on the event loop |",
        "| --- | ---: | ---: | ---: |",
        *share_rows(result.groups, result, moves, loop=True),
    ]
    for title, seconds in (
        (f"Top {TOP} functions by own time (innermost frame):", result.own),
        (f"Top {TOP} of the project's functions by total time (with their callees):", result.total),
    ):
        lines += ["", title, "", f"| function {columns}", "| --- | ---: | ---: |"]
        lines += share_rows(seconds, result, moves)
    return lines
