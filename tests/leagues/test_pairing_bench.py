"""`python benchmark.py --leagues`: its section times both pairings and checks them against the
one-second target; the flag is its own benchmark."""

from __future__ import annotations

import pytest

from bench.leagues import TARGET, bench_leagues
from benchmark import arguments


def test_the_leagues_section_times_both_pairings_against_the_target() -> None:
    section = bench_leagues(quick=True)
    names = [check.name for check in section.checks]
    assert names == [
        "Swiss pairing of 128 players (median)",
        "table Swiss of 40 players at 5-seat tables (median)",
    ]
    assert all(check.value > 0 and check.limit == TARGET for check in section.checks)
    assert any(line.startswith("| Swiss, 128 players |") for line in section.lines)


def test_leagues_is_a_separate_benchmark() -> None:
    assert arguments(["--leagues"]).out.name == "leagues.md"
    with pytest.raises(SystemExit):
        arguments(["--leagues", "--privacy"])
