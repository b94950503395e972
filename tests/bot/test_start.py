"""Start-up: the waits between tries while Discord is out of reach, and the permissions the
invite asks for."""

from __future__ import annotations

import re
from pathlib import Path

from bot.app import FIRST_RETRY_SECONDS, MOST_RETRY_SECONDS, Backoff
from bot.client import PERMISSIONS

README = Path(__file__).resolve().parents[2] / "README.md"


def test_the_waits_double_up_to_five_minutes_and_start_again_after_a_connection() -> None:
    backoff = Backoff(FIRST_RETRY_SECONDS, MOST_RETRY_SECONDS)
    waits = [backoff.next() for _ in range(9)]
    assert waits == [5, 10, 20, 40, 80, 160, 300, 300, 300]
    backoff.reset()
    assert backoff.next() == 5


def test_the_invite_asks_for_the_permissions_the_readme_lists() -> None:
    [asked] = set(re.findall(r"oauth2/authorize\?\S*permissions=(\d+)", README.read_text()))
    assert int(asked) == PERMISSIONS.value
    for name in ("View Channels", "Send Messages", "Embed Links", "Attach Files"):
        assert f"*{name}*" in README.read_text()
