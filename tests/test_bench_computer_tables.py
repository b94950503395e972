"""`benchmark.py --load --load-computers`: a small load beside tables against a hard, a normal
and an easy computer reports each level's moves, timed by the bot's log and by the player, with
a verdict each; the log's lines of moves are read by level as the bot writes them, the tables
take the levels in turn, and a failed turn is counted by what went wrong."""

from __future__ import annotations

import logging
import re
from pathlib import Path

from bench.computer_tables import LEVELS, Replies, level_of, thoughts
from bench.players import LoadError
from bot.workers.thinking import THOUGHT
from tests.test_benchmark_smoke import run_benchmark

ROW = re.compile(
    r"^\| (\w+) move, (thinking workers \(bot log\)|picture to picture.*?) \| (\d+) \|"
)


def test_the_bots_lines_of_moves_are_read_in_ms_by_level() -> None:
    said = [
        logging.makeLogRecord({"msg": THOUGHT, "args": (7, level, ms)}).getMessage()
        for level, ms in (("hard", 1234.4), ("normal", 801.0), ("hard", 2000.0))
    ]
    assert thoughts("\n".join(["INFO other", *said])) == {
        "hard": [1_234_000_000, 2_000_000_000],
        "normal": [801_000_000],
    }


def test_the_tables_take_the_levels_in_turn() -> None:
    assert [level_of(index) for index in range(4)] == ["hard", "normal", "easy", "hard"]
    assert set(LEVELS) == {"easy", "normal", "hard"}


def test_a_load_with_a_computer_at_each_level_reports_each_levels_moves(tmp_path: Path) -> None:
    flags = ["--load-channels", "2", "--load-inflight", "1", "--load-seconds", "5"]
    report = run_benchmark(
        tmp_path / "load.md", "--load", "--quick", *flags, "--load-computers", "3"
    )
    assert "### Against computer players during the load" in report
    rows = {found.group(1, 2): found[3] for found in map(ROW.match, report.splitlines()) if found}
    assert {level for level, _ in rows} == set(LEVELS) and len(rows) == 6, report
    assert all(int(samples) >= 1 for samples in rows.values()), report
    for level in ("a hard", "a normal", "an easy"):
        verdict = rf"^- load: {level} computer's move p95: .+\*\*(PASS|MISS)\*\*$"
        assert re.search(verdict, report, re.M), report
    assert "failed turns: 0." in report


def test_failed_turns_are_counted_by_what_went_wrong() -> None:
    replies = Replies()
    for error in (TimeoutError(), LoadError("the move was refused: " + "x" * 200), TimeoutError()):
        replies.failed(error)
    assert replies.errors == 3
    assert replies.why["TimeoutError"] == 2
    (refused,) = (why for why in replies.why if why.startswith("LoadError: "))
    assert refused == "LoadError: the move was refused: " + "x" * 58
