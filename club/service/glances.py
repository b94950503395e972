"""Quick looks at a channel's game by text (`/look`), and its board for a person in text mode.

`/look` answers from the game's public text board (`render.textboards`): a topic is a line's
label (`Last move`, `Scores`, `Row 3`, `Planet 0,1`, `Threat 2` ...: the lines whose label
starts with it), or a square or planet named in the board's values (`c3`: each line that names
it), or `clocks` (when the turn began, when the fair clock lets the others claim, when a timed
phase ends). Everything it says is on the public board already.
"""

from __future__ import annotations

import re

from club.catalogue import Catalogue
from club.service import wording
from club.service.tables import Table, Tables
from club.service.updates import Notice, TableError
from club.service.waiting import turn_began
from club.storage.games import Games
from engine.core import View

CLOCKS = "clocks"
"""The topic that tells the table's times rather than a line of the board."""


class Glances:
    """The board as text and quick looks at it."""

    def __init__(self, tables: Tables, games: Games, catalogue: Catalogue) -> None:
        self._tables = tables
        self._games = games
        self._catalogue = catalogue

    async def _table(self, channel_id: int) -> Table:
        """The channel's game in play, or its last finished one between tables."""
        row = await self._games.open_in(channel_id)
        if row is None:
            last = await self._games.last_in(channel_id)
            row = last if last is not None and last.status == "finished" else None
        return await self._tables.load(channel_id, status="active", row=row)

    async def board(self, channel_id: int, user_id: int) -> Notice:
        """The channel's public board as a notice to `user_id` alone (who reads it as text)."""
        table = await self._table(channel_id)
        finished = table.row.result is not None
        said = wording.board_again(table.game.title, table.row.moves_made, finished)
        return Notice(said, view=table.game.view(table.state, None), user_id=user_id)

    def _lines(self, view: View) -> list[str]:
        return self._catalogue.renderer_for(view).text_board(view).split("\n")[1:]

    async def topics(self, channel_id: int) -> list[str]:
        """What `/look` can tell of the channel's game now: `clocks`, then each line's label."""
        table = await self._table(channel_id)
        labels = [
            line.partition(": ")[0] for line in self._lines(table.game.view(table.state, None))
        ]
        return [CLOCKS, *dict.fromkeys(label for label in labels if label)]

    async def look(self, channel_id: int, topic: str, now: float) -> str:
        """The lines of the board about `topic` (see the module docstring), one answer."""
        table = await self._table(channel_id)
        asked = " ".join(topic.split())
        if asked.lower() == CLOCKS:
            return _clocks(table, now)
        lines = self._lines(table.game.view(table.state, None))
        found = [line for line in lines if line.lower().startswith(asked.lower())]
        if not found and asked:
            named = re.compile(rf"(?<![\w,-]){re.escape(asked)}(?![\w,])", re.IGNORECASE)
            found = [
                f"{asked} is in {label}: {value}"
                for label, _, value in (line.partition(": ") for line in lines)
                if named.search(value) or named.fullmatch(label.split(" ")[-1])
            ]
        if not found:
            raise TableError(
                f"The board says nothing about `{topic}`: pick a topic from the list "
                "(`clocks`, `Last move`, a row ...) or name a square such as `c3`."
            )
        return "\n".join(found)


def _clocks(table: Table, now: float) -> str:
    """When the turn began, and the deadlines the table has (Discord timestamps)."""
    row = table.row
    if table.over:
        return f"The game is over (it ended <t:{int(row.updated_at)}:R>); no clock runs."
    lines = [f"The turn began <t:{int(turn_began(row, now))}:R>."]
    if row.clock_hours and row.claim_at is not None:
        lines.append(
            f"Fair clock: {wording.HOURS.of(row.clock_hours)} a turn; the others may claim "
            f"<t:{int(row.claim_at)}:R>."
        )
    else:
        lines.append("This table has no fair clock.")
    if row.phase_deadline is not None:
        lines.append(f"The timed phase ends <t:{int(row.phase_deadline)}:R>.")
    if row.deadline is not None:
        lines.append(f"The players to move are reminded next <t:{int(row.deadline)}:R>.")
    return "\n".join(lines)
