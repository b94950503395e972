"""A game told for `/rules`: a quick start that reads in a minute, and the full text behind it."""

from __future__ import annotations

from dataclasses import dataclass

QUICK_LIMIT = 1200
"""Characters a quick start may have: about a minute of reading, well inside one message."""


@dataclass(frozen=True)
class Guide:
    """`quick`: the goal, a turn, how to win, the notation in one line, and what the
    abbreviations on the game's picture mean where the picture does not say (at most
    `QUICK_LIMIT` characters). `full`: every rule, the notation and the bot's rulings, sent
    split at its blank lines when asked for. Both are the project's own words."""

    quick: str
    full: str

    def __post_init__(self) -> None:
        if len(self.quick) > QUICK_LIMIT:
            raise ValueError(
                f"a quick start has {len(self.quick)} characters, over {QUICK_LIMIT}: "
                f"{self.quick[:60]!r}"
            )
