"""`python -m bot health`: whether the bot process using this database is alive.

A process is healthy while its heartbeat (see `club.operations.heartbeat`) is at most
HEALTH_STALE_SECONDS old. A frozen process, a dead poll, a lost gateway or a database it cannot
write all stop the heartbeat, so each turns the process unhealthy within that time.
"""

from __future__ import annotations

from dataclasses import dataclass

from club.storage import Storage
from club.storage.rows import Heartbeat


@dataclass(frozen=True)
class Verdict:
    healthy: bool
    line: str
    """One line saying what is alive, or what is stale."""


def judge(beat: Heartbeat | None, process: str, now: float, stale_after: float) -> Verdict:
    """The health of `process` from its last heartbeat `beat` at `now` (Unix seconds): stale
    once older than `stale_after` seconds."""
    if beat is None:
        return Verdict(False, f"unhealthy: the bot ({process}) has not shown a sign of life yet")
    age = now - beat.beat_at
    if age > stale_after:
        return Verdict(
            False,
            f"unhealthy: the bot's last sign of life ({process}) is {age:.0f} s old "
            f"(the limit is {stale_after:.0f} s): its background poll has stopped, or it is "
            "frozen or cut off from Discord",
        )
    return Verdict(True, f"healthy: the bot ({process}) showed a sign of life {age:.0f} s ago")


async def check(store: Storage, process: str, now: float, stale_after: float) -> Verdict:
    """Read `process`'s heartbeat from the opened `store` and judge it."""
    try:
        beats = {beat.process: beat for beat in await store.operations.heartbeats()}
    except Exception as error:  # a database of an older bot, or one it cannot read
        return Verdict(False, f"unhealthy: the heartbeat could not be read: {error}")
    return judge(beats.get(process), process, now, stale_after)
