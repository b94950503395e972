"""A person taking their seat back from a stand-in (see `club.service.standins`): what the
table is told, and the seat handed back within the person's own move."""

from __future__ import annotations

from club.service.tables import Table
from club.storage.games import Games
from club.storage.rows import Statement
from engine.core import Event, Seat


def back(table: Table, seat: Seat) -> str:
    """What the table is told when the person in `seat` takes it back from a stand-in."""
    unrated = " (the game stays unrated: the stand-in has moved)" if table.row.unrated else ""
    return f"{table.players[seat].name} is back and plays their own seat again{unrated}."


async def back_by_moving(
    games: Games, table: Table, seat: Seat, events: list[Event]
) -> tuple[list[Statement], list[Event]]:
    """A person's own move in `seat`, which a stand-in holds, takes the seat back: the
    statement that seats the person again in the move's commit, and the move's `events` with
    the table told so first; nothing and `events` when the person holds the seat."""
    user_id = table.players[seat].user_id
    if user_id not in await games.standins(table.row.id):
        return [], events
    return [Games.standin_leaves(table.row.id, user_id)], [Event(back(table, seat)), *events]
