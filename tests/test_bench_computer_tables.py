"""`benchmark.py --load --load-computers`: the log's lines of moves are read by level as the bot
writes them, the tables take the levels in turn, and a failed turn is counted by what went
wrong. (The report's rows of each level's moves are checked on the smoke test's load report,
`tests/test_benchmark_smoke.py`, which is run with computer tables.)"""

from __future__ import annotations

import logging

from bench.computer_tables import LEVELS, Replies, level_of, thoughts
from bench.players import LoadError
from bot.workers.thinking import THOUGHT


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


def test_failed_turns_are_counted_by_what_went_wrong() -> None:
    replies = Replies()
    for error in (TimeoutError(), LoadError("the move was refused: " + "x" * 200), TimeoutError()):
        replies.failed(error)
    assert replies.errors == 3
    assert replies.why["TimeoutError"] == 2
    (refused,) = (why for why in replies.why if why.startswith("LoadError: "))
    assert refused == "LoadError: the move was refused: " + "x" * 58
