"""`benchmark.py --reviews --quick`: a review of one finished game of each game is timed and
reported with the simulations its positions were given, each against its target."""

from __future__ import annotations

import re
from pathlib import Path

from tests.test_benchmark_smoke import NUMBER, TITLES, run_benchmark, verdicts


def test_the_review_report_times_a_review_of_each_game(tmp_path: Path) -> None:
    text = run_benchmark(tmp_path / "reviews.md", "--reviews", "--quick")
    assert "## Reviews: `/review` of one finished game of each game" in text
    for title in TITLES:
        given = rf"{NUMBER} / {NUMBER}"
        row = rf"^\| {re.escape(title)} \| 2 \| \d+ \| {given} \| {NUMBER} \| {NUMBER} \|$"
        assert re.search(row, text, re.M), f"no review timed for {title}"
    assert len(verdicts(text)) == len(TITLES)
