"""The benchmark report: its building blocks (measured values against targets, timing rows), the
machine's facts and the whole Markdown report."""

from __future__ import annotations

import math
import operator
import os
import platform
import sqlite3
import statistics
import tempfile
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime

import aiosqlite
import discord
import PIL

NS_PER_MS = 1_000_000

RELATIONS: dict[str, Callable[[float, float], bool]] = {
    "<": operator.lt,
    "<=": operator.le,
    ">=": operator.ge,
    ">": operator.gt,
}
"""How a measured value may stand to its target."""


@dataclass(frozen=True)
class Check:
    """A measured value against its target: below it (`relation` "<", the default), at most it
    ("<="), at least it (">=") or above it (">")."""

    name: str
    value: float
    limit: float
    unit: str
    decimals: int = 2
    """Decimals shown for the value."""
    relation: str = "<"

    @property
    def verdict(self) -> str:
        return "PASS" if RELATIONS[self.relation](self.value, self.limit) else "MISS"

    def line(self) -> str:
        return (
            f"- {self.name}: {self.value:,.{self.decimals}f} {self.unit} "
            f"(target {self.relation} {self.limit:,g} {self.unit}) **{self.verdict}**"
        )


def ratio_check(name: str, value: float, limit: float) -> Check:
    """A ratio to a floor (times, shown as `x`) that must stay at most `limit`."""
    return Check(name, value, limit, "x", relation="<=")


@dataclass
class Section:
    """A part of the report: its Markdown lines and the targets it checked."""

    lines: list[str]
    checks: list[Check]


def percentile(samples: Sequence[int], fraction: float) -> int:
    """The nearest-rank percentile (`fraction` in 0..1) of `samples`."""
    ordered = sorted(samples)
    return ordered[max(1, math.ceil(fraction * len(ordered))) - 1]


def ms(nanoseconds: float) -> float:
    """Nanoseconds as milliseconds."""
    return nanoseconds / NS_PER_MS


def timing_row(label: str, samples: Sequence[int]) -> str:
    """A table row: label, count, median, p95 and max of `samples` (ns) shown in ms; dashes
    when there are none."""
    if not samples:
        return f"| {label} | 0 | - | - | - |"
    median = ms(statistics.median(samples))
    p95, worst = ms(percentile(samples, 0.95)), ms(max(samples))
    return f"| {label} | {len(samples)} | {median:.2f} | {p95:.2f} | {worst:.2f} |"


TIMING_HEADER = [
    "| what | samples | median ms | p95 ms | max ms |",
    "| --- | ---: | ---: | ---: | ---: |",
]


def machine_lines(mode: str) -> list[str]:
    """The facts of this machine and run, as Markdown lines."""
    facts = {
        "date (UTC)": datetime.now(UTC).strftime("%Y-%m-%d %H:%M:%S"),
        "mode": mode,
        "CPU count": str(os.cpu_count()),
        "platform": platform.platform(),
        "Python": platform.python_version(),
        "Pillow": PIL.__version__,
        "SQLite": sqlite3.sqlite_version,
        "aiosqlite": aiosqlite.__version__,
        "discord.py": discord.__version__,
        "database folder": f"under {tempfile.gettempdir()}",
    }
    return ["| fact | value |", "| --- | --- |", *(f"| {k} | {v} |" for k, v in facts.items())]


def report(sections: Sequence[Section], mode: str, seconds: float) -> str:
    """The whole Markdown report."""
    checks = [check for section in sections for check in section.checks]
    lines = [
        "# Benchmark",
        "",
        *machine_lines(mode),
        "",
        "## Targets",
        "",
        *(check.line() for check in checks),
        "",
    ]
    for section in sections:
        lines += [*section.lines, ""]
    lines.append(f"Benchmark run time: {seconds:.1f} s.")
    return "\n".join(lines) + "\n"
