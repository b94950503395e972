"""`benchmark.py --requests`: the real bot's requests to Discord over a Mars vs. Earth round are
counted by kind, against the target."""

from __future__ import annotations

import re
from pathlib import Path

from bench.requests import kind_of
from tests.test_benchmark_smoke import NUMBER, run_benchmark, verdicts


def test_requests_are_counted_by_kind_over_a_round(tmp_path: Path) -> None:
    text = run_benchmark(tmp_path / "requests.md", "--requests")
    for kind in ("channel posts", "board edits", "DMs", "users fetched", "DM channels opened"):
        assert re.search(rf"^\| {kind} \| \d+ \| {NUMBER} \|$", text, re.M), kind
    assert re.search(r"^\| users fetched \| 0 \|", text, re.M)
    assert len(verdicts(text)) == 1


def test_each_request_has_its_kind() -> None:
    dms = {55}
    assert kind_of("POST /api/v10/channels/55/messages", dms) == "DMs"
    assert kind_of("POST /api/v10/channels/66/messages", dms) == "channel posts"
    assert kind_of("PATCH /api/v10/channels/66/messages/7", dms) == "board edits"
    assert kind_of("POST /api/v10/users/@me/channels", dms) == "DM channels opened"
    assert kind_of("GET /api/v10/users/8", dms) == "users fetched"
    assert kind_of("POST /api/v10/interactions/1/tok/callback", dms) == "interactions' answers"
    assert kind_of("PATCH /api/v10/webhooks/1/tok/messages/@original", dms) == (
        "interactions' answers"
    )
    assert kind_of("GET /api/v10/gateway/bot", dms) == "other"
