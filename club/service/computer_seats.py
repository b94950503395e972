"""Who a computer player is at the table: its user id, its name and its level.

A computer player sits in a seat like a person, under a negative user id (-1 for the first
computer at a table, -2 for the second, ...), which no Discord user has. Its name comes from
that number, so every message can name it without reading the seats, and it is never pinged
or sent a direct message.
"""

from __future__ import annotations

from club.catalogue import SEARCH_LEVELS, Entry

COMPUTER_NAMES = ("Ada", "Bram", "Cleo", "Dax", "Esme", "Finn", "Gale", "Hugo", "Iris", "Juno")
"""The names of a table's first, second, ... computer player (ten: the largest table)."""
OFFERED_LEVELS = ("easy", "normal", "hard")
"""The levels a table may choose (the search also has `random`, for tests and benchmarks)."""
DEFAULT_LEVEL = "normal"
HINT_LEVEL = "normal"
"""The level whose choice `/hint` suggests."""


def computer_id(number: int) -> int:
    """The user id of a table's `number`-th computer player (1-based)."""
    return -number


def is_computer(user_id: int | None) -> bool:
    return user_id is not None and user_id < 0


def computer_name(user_id: int) -> str:
    """`Ada (computer)` for user id -1, and so on."""
    return f"{COMPUTER_NAMES[-user_id - 1]} (computer)"


def check_level(level: str, entry: Entry) -> None:
    """Refuse (ValueError) a level the search does not have, or a game it cannot play yet (one
    without a kit: see `Entry.ai`)."""
    if level not in SEARCH_LEVELS:
        raise ValueError(f"There is no level {level!r}: choose {', '.join(OFFERED_LEVELS)}.")
    if level != "random" and entry.ai is None:
        raise ValueError(f"Computer players cannot play {entry.game.title} yet.")
