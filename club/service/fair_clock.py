"""The fair clock: how long a turn may keep the table waiting before the others may claim.

Rulings (the bot's own, after lichess's correspondence games; README says the same):
- A table's clock is `clock` hours a turn may wait, 1 to 72, chosen at `/new`; 0, the
  default, is no clock (nothing can be claimed, as before clocks existed).
- A turn's wait starts at every action committed at the table (the start, a move, a
  resignation, a phase timer running out), so whoever the game waits on then has the whole
  clock for their part, and a player who acts restarts it for the others.
- Once the wait is longer than the clock, every person seated whom the game is not waiting on
  may claim; a computer player never claims and never keeps a table waiting. Before that, a
  claim is refused with the time left.
- `/claim win`: each person the game waits on resigns, by the game's own resignation rules. At
  two players the claimant wins. At a larger table the claim removes the absent players as a
  resignation does (their pieces stay and their seats are skipped, or the game ends when fewer
  than its minimum remain), and the others play on: nobody wins a many-player game outright
  because someone else was slow.
- `/claim end`: the game ends with no result, as a moderator's `/abandon` would end it.
- Reminders go on as the bot's turn reminders say, and at a clocked table the players to move
  are also pinged when half the clock has run; when it has run out, the channel is told who
  may claim.
"""

from __future__ import annotations

HOUR = 3600.0
"""Seconds in an hour (the clock is set in hours, deadlines are Unix seconds)."""
LONGEST = 72
"""The longest clock a table may choose, in hours."""


def check_hours(hours: int) -> None:
    """Refuse (ValueError) a clock outside 0 to 72 hours."""
    if not 0 <= hours <= LONGEST:
        raise ValueError(
            f"The clock is the hours a turn may wait: 1 to {LONGEST}, or 0 for no clock."
        )


def claim_at(now: float, hours: int) -> float | None:
    """When the others may claim if a turn that begins at `now` still waits (None: no clock)."""
    return now + hours * HOUR if hours else None


def next_reminder(now: float, remind_after: float, claim: float | None, hours: int) -> float | None:
    """When the players to move are next reminded, all in Unix seconds: `remind_after` seconds
    from `now` (0: no regular reminders), or, at a clocked table whose claims open at `claim`,
    when half the clock has run or when it runs out, whichever comes first; None: never."""
    moments = [now + remind_after] if remind_after else []
    if claim is not None:
        moments += [m for m in (claim - hours * HOUR / 2, claim) if m > now]
    return min(moments, default=None)


def duration(seconds: float) -> str:
    """A wait in words: `5 h 3 min`, `42 min`, or `less than a minute`."""
    minutes = int(seconds // 60)
    if minutes < 1:
        return "less than a minute"
    hours, minutes = divmod(minutes, 60)
    if not hours:
        return f"{minutes} min"
    return f"{hours} h {minutes} min" if minutes else f"{hours} h"
