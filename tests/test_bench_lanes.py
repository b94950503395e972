"""`benchmark.py --lanes --quick`: one review, two lessons and two replays asked beside a table
against a computer and a table of two people, the tables' times reported beside a quiet phase's
and each burst's own, each target with its verdict. Speed is never asserted here."""

from __future__ import annotations

import re
from pathlib import Path

from tests.test_benchmark_smoke import NUMBER, run_benchmark, verdicts

TIMING = rf"\| \d+ \| (?:{NUMBER}|-) \| (?:{NUMBER}|-) \| (?:{NUMBER}|-) \|"


def test_the_lanes_report_has_each_phase_and_burst(tmp_path: Path) -> None:
    text = run_benchmark(tmp_path / "lanes.md", "--lanes", "--quick")
    assert "## Lanes: reviews, lessons and replays beside the tables" in text
    phases = ("quiet", "1 review", "2 lessons", "2 replays")
    for phase in phases:
        for what in ("computer reply", "board picture"):
            assert re.search(rf"^\| {phase}: {what} {TIMING}$", text, re.M), (phase, what)
    for burst, posts in (("1 review", 0), ("2 lessons", 0), ("2 replays", 1)):
        row = rf"^\| {burst} \| \d \| \d \| 0 \| 0 \| {posts} \|$"
        assert re.search(row, text, re.M), burst
        assert re.search(rf"^\| {burst}: answered \| [1-9] \| {NUMBER}", text, re.M), burst
    assert len(verdicts(text)) == 7
