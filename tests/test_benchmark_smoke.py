"""`benchmark.py --quick` runs end to end and reports every section with numbers.

Speed is never asserted here: only that each measurement ran and was written down.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
NUMBER = r"\d[\d,]*(?:\.\d+)?"
EXPECTED = {
    "## 1. Rendering a Ley Lines board": [
        rf"\| mid-game \(\d+ pieces\) \| \d+ \| {NUMBER} \| {NUMBER} \| {NUMBER} \|",
        rf"\| final \(game over\) \| \d+ \| {NUMBER} \| {NUMBER} \| {NUMBER} \|",
        rf"\| mid-game \(\d+ pieces\) \| {NUMBER} \|",
        rf"\| final \(game over\) \| {NUMBER} \|",
    ],
    "## 2. Move latency": [
        rf"\| move, no render \| \d+ \| {NUMBER} \| {NUMBER} \| {NUMBER} \|",
        rf"\| move \+ render \| \d+ \| {NUMBER} \| {NUMBER} \| {NUMBER} \|",
    ],
    "## 3. Throughput": [rf"\| 10 \| {NUMBER} \| {NUMBER} \| {NUMBER} \|"],
    "## 4. Resident memory": [
        rf"\| RSS after imports \(baseline\) \| {NUMBER} \|",
        rf"\| RSS with every open game shown once \| {NUMBER} \|",
        r"Database: 50 games",
    ],
    "## Agents of M.A.R.S.": [
        rf"\| render: full 8x8 board, final \| 3 \| {NUMBER} \| {NUMBER} \| {NUMBER} \|",
        rf"\| full 8x8 board, final \| {NUMBER} \|",
        rf"\| 7x8 board, 28 pyramids \| {NUMBER} \|",
    ],
    "## Albiorix": [
        rf"\| legal-action lists, \d+ mid-game positions \(moves 6-30\) \| {NUMBER} /s \|",
        rf"\| random games to the end \(2 games\) \| {NUMBER} /s \|",
        rf"\| render: mid-game, move 12 \| 3 \| {NUMBER} \| {NUMBER} \| {NUMBER} \|",
    ],
    "## Martian Merchants": [
        rf"\| random 4-player games to the end \(2 games\) \| {NUMBER} /s \|",
        rf"\| render: 1\d-planet grid, 4 players \| 3 \| {NUMBER} \| {NUMBER} \| {NUMBER} \|",
    ],
    "## Delivery: what the channel and the DMs receive": [
        *(
            rf"\| Mars vs. Earth, {n} players, per round \| \d+ \| {NUMBER} \| {NUMBER} \| "
            rf"{NUMBER} \| {NUMBER} \| {NUMBER} \| {NUMBER} \| {NUMBER} \|"
            for n in (3, 6, 10)
        ),
        rf"\| Martian Merchants, 4 players, per turn \| \d+ \| {NUMBER} \|",
    ],
    "## Mars vs. Earth": [
        rf"\| one round, 10 players \(median \d+ moves\) \| \d+ \| {NUMBER} \| {NUMBER} \|",
        rf"\| render: table, 10 players, round 2 \| 3 \| {NUMBER} \| {NUMBER} \| {NUMBER} \|",
    ],
}


@pytest.fixture(scope="module")
def report(tmp_path_factory: pytest.TempPathFactory) -> str:
    out = tmp_path_factory.mktemp("bench") / "b.md"
    done = subprocess.run(
        [sys.executable, "benchmark.py", "--quick", "--out", str(out)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    text = out.read_text(encoding="utf-8")
    assert text in done.stdout
    return text


@pytest.mark.parametrize("heading", EXPECTED)
def test_each_section_has_its_numbers(report: str, heading: str) -> None:
    assert heading in report
    section = report.split(heading, 1)[1].split("\n## ", 1)[0]
    for row in EXPECTED[heading]:
        assert re.search(row, section), f"{heading}: no line matching {row}"


def test_every_target_has_a_verdict(report: str) -> None:
    targets = report.split("## Targets", 1)[1].split("\n## ", 1)[0]
    verdicts = re.findall(
        rf"^- .+: {NUMBER} \w+ \(target < .+\) \*\*(PASS|MISS)\*\*$", targets, re.M
    )
    assert len(verdicts) == 5 + 2 + 4 + 2 + 2 + 2  # the platform's, delivery's, each game's


def test_machine_facts_are_listed(report: str) -> None:
    for fact in ("date (UTC)", "CPU count", "Python", "Pillow", "SQLite"):
        assert re.search(rf"^\| {re.escape(fact)} \| \S", report, re.M), fact
