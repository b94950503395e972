"""`benchmark.py --startup --startup-against HEAD`: the real bot's start is timed beside a git
revision's in the same command, each against its target."""

from __future__ import annotations

import re
from pathlib import Path

from tests.test_benchmark_smoke import NUMBER, run_benchmark, verdicts

TIMES = rf"{NUMBER} \({NUMBER}\)"
"""A median and the slowest."""


def test_the_start_is_timed_beside_an_older_revision(tmp_path: Path) -> None:
    text = run_benchmark(
        tmp_path / "startup.md", "--startup", "--startup-runs", "1", "--startup-against", "HEAD"
    )
    assert "## Start-up: process start to gateway session" in text
    for code in ("this code", "HEAD"):
        row = rf"^\| {code} \| {TIMES} \| {TIMES} \| {TIMES} \| {TIMES} \|$"
        assert re.search(row, text, re.M), f"no start timed for {code}"
    assert len(verdicts(text)) == 2
