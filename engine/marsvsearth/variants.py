"""The options a Mars vs. Earth table chooses: who starts, the variants and the timers."""

from __future__ import annotations

from engine import core
from engine.marsvsearth.state import ANSWER_MINUTES
from engine.words import Unit

TIMER_MINUTES = 5
"""The default length of an open phase."""
MINUTES = Unit("minute")


def _minutes(name: str, default: int, description: str) -> core.Option:
    """A timer of 0 to 60 minutes; 0 means no timer."""
    return core.Option(
        name,
        int,
        default,
        f"{description} (0 = no timer)",
        minimum=0,
        maximum=60,
        labels=((0, "none"),),
        unit=MINUTES,
    )


OPTIONS: tuple[core.Option, ...] = (
    core.FIRST_PLAYER,
    core.Option(
        "promotion",
        bool,
        False,
        "Field Promotion Variant: Civilians alone help un-led threats and are reinstated by them",
    ),
    core.Option(
        "contribution",
        int,
        0,
        "How humans give cards: together, one threat at a time, or one player at a time",
        choices=(0, 1, 2),
        labels=((0, "open"), (1, "one threat at a time"), (2, "one player at a time")),
    ),
    _minutes("timer", TIMER_MINUTES, "Minutes an open phase lasts before it ends"),
    _minutes(
        "answer",
        ANSWER_MINUTES,
        "Minutes to answer a question put to one player, e.g. which threat to lead",
    ),
)
