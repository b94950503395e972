"""`benchmark.py --load --load-computers`: a small load beside a table against a hard computer
reports the computer's moves, timed by the bot's log and by the player, with a verdict; and the
log's lines of hard moves are read as the bot writes them, and a failed turn is counted by what
went wrong."""

from __future__ import annotations

import logging
import re
from pathlib import Path

from bench.computer_tables import Replies, thoughts
from bench.players import LoadError
from bot.workers.thinking import THOUGHT
from tests.test_benchmark_smoke import run_benchmark

ROW = re.compile(r"^\| hard move, (thinking workers \(bot log\)|picture to picture.*?) \| (\d+) \|")


def test_the_bots_lines_of_hard_moves_are_read_in_ms() -> None:
    said = [
        logging.makeLogRecord({"msg": THOUGHT, "args": (7, level, 1234.4)}).getMessage()
        for level in ("hard", "normal", "hard")
    ]
    assert thoughts("\n".join(["INFO other", *said])) == [1_234_000_000, 1_234_000_000]


def test_a_load_with_a_hard_computer_reports_its_moves(tmp_path: Path) -> None:
    flags = ["--load-channels", "2", "--load-inflight", "1", "--load-seconds", "5"]
    report = run_benchmark(
        tmp_path / "load.md", "--load", "--quick", *flags, "--load-computers", "1"
    )
    assert "### Against hard computer players during the load" in report
    rows = {found[1]: found[2] for found in map(ROW.match, report.splitlines()) if found}
    assert len(rows) == 2 and all(int(samples) >= 1 for samples in rows.values()), report
    assert re.search(r"^- load: a hard computer's move p95: .+\*\*(PASS|MISS)\*\*$", report, re.M)
    assert "failed turns: 0." in report


def test_failed_turns_are_counted_by_what_went_wrong() -> None:
    replies = Replies()
    for error in (TimeoutError(), LoadError("the move was refused: " + "x" * 200), TimeoutError()):
        replies.failed(error)
    assert replies.errors == 3
    assert replies.why["TimeoutError"] == 2
    (refused,) = (why for why in replies.why if why.startswith("LoadError: "))
    assert refused == "LoadError: the move was refused: " + "x" * 58
