"""The waits between tries while Discord is out of reach at start."""

from __future__ import annotations

from bot.app import FIRST_RETRY_SECONDS, MOST_RETRY_SECONDS, Backoff


def test_the_waits_double_up_to_five_minutes_and_start_again_after_a_connection() -> None:
    backoff = Backoff(FIRST_RETRY_SECONDS, MOST_RETRY_SECONDS)
    waits = [backoff.next() for _ in range(9)]
    assert waits == [5, 10, 20, 40, 80, 160, 300, 300, 300]
    backoff.reset()
    assert backoff.next() == 5
