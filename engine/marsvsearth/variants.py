"""The options a Mars vs. Earth table chooses: who starts, the variants and the timers."""

from __future__ import annotations

from engine import core
from engine.marsvsearth.state import ANSWER_MINUTES

TIMER_MINUTES = 5
"""The default length of an open phase."""

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
    core.Option(
        "timer",
        int,
        TIMER_MINUTES,
        "Minutes an open phase lasts before it ends (0 = no timer)",
        minimum=0,
        maximum=60,
        labels=((0, "none"),),
    ),
    core.Option(
        "answer",
        int,
        ANSWER_MINUTES,
        "Minutes to answer a question put to one player, e.g. which threat to lead (0 = no timer)",
        minimum=0,
        maximum=60,
        labels=((0, "none"),),
    ),
)
