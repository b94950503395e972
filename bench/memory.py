"""The bot's memory during a load run, from /proc: the proportional set size (PSS, shared pages
split between the processes that share them) of the bot processes, of their own children (the
fork server and multiprocessing's resource tracker) and of their workers (the processes the fork
server starts: pictures, replays, thinking), at one moment or the largest sampled."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass

from bench.procstat import children, status_kib, workers

IDLE_STOP_SECONDS = 30.0
"""How long past their idle period the bot's workers may take to stop before the run gives up
waiting for them (a guard against a hang, not a measure)."""


def pss_kib(pid: int) -> int:
    """The PSS of process `pid` (KiB); 0 if it ended meanwhile."""
    try:
        return status_kib("Pss", pid, "smaps_rollup")
    except OSError:
        return 0


@dataclass(frozen=True)
class Memory:
    """The PSS (KiB) of the bot processes and their descendants at one moment, by kind."""

    bot: int
    """The bot processes themselves."""
    helpers: int
    """Their own children: the fork server and the resource tracker."""
    workers: int
    """The workers the fork server started."""
    count: int
    """How many workers."""

    @property
    def total(self) -> int:
        return self.bot + self.helpers + self.workers

    @classmethod
    def now(cls, pids: list[int]) -> Memory:
        bot = helpers = pool = count = 0
        for pid in pids:
            below = workers(pid)
            bot += pss_kib(pid)
            helpers += sum(pss_kib(each) for each in children(pid) if each not in below)
            pool += sum(pss_kib(each) for each in below)
            count += len(below)
        return cls(bot, helpers, pool, count)


class PeakMemory:
    """The moment of the largest PSS of the bot processes and their descendants together,
    sampled every `every` seconds (None before the first sample)."""

    def __init__(self, pids: list[int], every: float = 0.5) -> None:
        self.pids = pids
        self.every = every
        self.peak: Memory | None = None

    async def watch(self) -> None:
        while True:
            now = Memory.now(self.pids)
            if self.peak is None or now.total > self.peak.total:
                self.peak = now
            await asyncio.sleep(self.every)


async def after_idle_stop(pids: list[int], idle_seconds: float) -> Memory | None:
    """The memory once no bot process has a worker left, waited for up to `idle_seconds` and
    `IDLE_STOP_SECONDS` more (None: some worker still runs)."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + idle_seconds + IDLE_STOP_SECONDS
    while (now := Memory.now(pids)).count:
        if loop.time() > deadline:
            return None
        await asyncio.sleep(0.5)
    return now


def memory_rows(moments: list[tuple[str, Memory | None]]) -> list[str]:
    """A table of the memory at each named moment, in MiB (a moment not measured says so)."""
    lines = [
        "| PSS, MiB | in all | bot process | fork server and resource tracker | workers |",
        "| --- | ---: | ---: | ---: | ---: |",
    ]
    for what, memory in moments:
        if memory is None:
            lines.append(f"| {what} | not measured | | | |")
            continue
        parts = (memory.total, memory.bot, memory.helpers)
        figures = " | ".join(f"{kib / 1024:.1f}" for kib in parts)
        lines.append(f"| {what} | {figures} | {memory.workers / 1024:.1f} ({memory.count}) |")
    return lines
