"""Who moves first in a rematch: first players alternate.

Ruling (Albiorix's rule text asks further games of a sitting to alternate the first player; the
bot does so in every game with the `first` option, which is all five): a rematch's first player
is the player seated after the finished game's first player, in its seating order (at two
players, the other one). A rematch's seats are taken in the order its players press Rematch, so
its first player is kept as a person (`GameRow.first_user`) and becomes the `first` option when
the game starts; if that person did not sit down again, the table's own `first` option (as in
the finished game) decides.

Every game draws its opening seat with `engine.core.choose_first` from its seed and that
option, so the finished game's first player is known from its row without reading its state.
"""

from __future__ import annotations

from typing import Any

from club.storage.rows import GameRow
from engine.core import FIRST_PLAYER, choose_first


def first_mover(row: GameRow) -> int:
    """The user id of whoever moved first in the started game `row`."""
    seat = row.seat_of(row.first_user) if row.first_user is not None else None
    if seat is None:
        seat = choose_first(row.seed, len(row.seats), row.options.get(FIRST_PLAYER.name, 0))
    return row.seats[seat].user_id


def next_first(row: GameRow) -> int | None:
    """The user id of the player to move first in a rematch of the finished game `row`, or
    None when its game has no `first` option."""
    if FIRST_PLAYER.name not in row.options:
        return None
    seat = row.seat_of(first_mover(row))
    assert seat is not None
    return row.seats[(seat + 1) % len(row.seats)].user_id


def opening_options(row: GameRow) -> dict[str, Any]:
    """The options the lobby `row` starts its game with: a rematch's first player, when
    seated, becomes the `first` option (the N-th player to join)."""
    seat = row.seat_of(row.first_user) if row.first_user is not None else None
    if seat is None:
        return row.options
    return {**row.options, FIRST_PLAYER.name: seat + 1}
