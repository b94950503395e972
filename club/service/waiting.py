"""A player's tables across a server (`/mygames`) and the reminder digest: one direct message a
reminder period listing every table waiting on the player.

Rulings (README says the same):
- `/mygames` lists every game in play on this server where the player has a seat: the game,
  its channel, whose turn it is, since when (Discord's relative time, so each reader sees it in
  their own words), and a link to the table's board message; those waiting on the player first.
- Each player chooses, per server, how turn reminders reach them (`/notify`): `both` (the
  default: a direct-message digest and the channel's ping), `dm`, `channel` or `none`.
- The digest is sent when one of the player's tables is due a reminder, at most once per
  reminder period per player and server; which digest went out is recorded in the database
  before it is sent, so no restart and no second process sends it twice (a crash between the
  record and the send loses that one digest: the next period brings the next).
- A channel's reminder pings only the players who chose the channel's ping; a plain reminder
  that would ping nobody is not posted (once the clock has run out, the others are still told
  they may claim).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from club.service.away import Away, until
from club.service.computer_seats import is_computer
from club.service.servers import Servers
from club.service.tables import Table, Tables
from club.service.updates import TableError
from club.storage.games import Games
from club.storage.people import People
from club.storage.rows import GameRow
from engine.words import Unit

NOTIFY_CHOICES = ("both", "dm", "channel", "none")
"""How a player may be reminded (`/notify`); the first is the default."""
NOTIFY_WORDS = {
    "both": "a direct message digest and the channel's ping",
    "dm": "a direct message digest only",
    "channel": "the channel's ping only",
    "none": "no reminders",
}
MORE_LINES = Unit("more line")
GAMES_WAIT = Unit("game is", "games are")


def more_lines(count: int) -> str:
    """What stands for `count` lines of a listing or digest left out of a message."""
    return f"...and {MORE_LINES.of(count)}: see `/mygames`."


def board_link(row: GameRow) -> str:
    """The link to the table's board message (to its channel while it has none)."""
    place = f"https://discord.com/channels/{row.guild_id}/{row.channel_id}"
    return f"{place}/{row.living.message_id}" if row.living.message_id else place


@dataclass(frozen=True)
class SeatedTable:
    """One of a player's tables: `to_move` names whoever the game waits on (with "away until"
    marks), `since` is when its turn began (Unix seconds)."""

    row: GameRow
    title: str
    yours: bool
    to_move: str
    since: float
    link: str

    def line(self) -> str:
        turn = "your turn" if self.yours else f"{self.to_move} to move"
        return (
            f"- **{self.title}** in <#{self.row.channel_id}>: {turn}, waiting since "
            f"<t:{int(self.since)}:R>. [Board]({self.link})"
        )


def turn_began(row: GameRow, now: float) -> float:
    """When the turn in progress began: read from the fair clock when the table has one, else
    when the game last changed (every action changes it)."""
    if row.claim_at is not None and row.clock_hours:
        return row.claim_at - row.clock_hours * 3600.0
    return min(row.updated_at or now, now)


def listing(tables: list[SeatedTable]) -> str:
    """`/mygames`'s answer: the tables waiting on the player first, each on a line (all of them:
    the transport keeps the first lines that fit a message, then `more_lines`)."""
    if not tables:
        return "You have no game in play on this server. Open one with `/new`."
    yours = [t for t in tables if t.yours]
    others = [t for t in tables if not t.yours]
    lines = [f"**Your games on this server** ({len(tables)})"]
    if yours:
        lines += [f"Waiting on you ({len(yours)}):", *(t.line() for t in yours)]
    if others:
        lines += [f"Waiting on others ({len(others)}):", *(t.line() for t in others)]
    return "\n".join(lines)


def digest(tables: list[SeatedTable], server: str) -> str:
    """The reminder digest of the tables waiting on a player on `server` (all of them, as
    `listing`)."""
    lines = [
        f"**{GAMES_WAIT.of(len(tables))} waiting for your move on {server}:**",
        *(t.line() for t in tables),
        "(`/notify` on that server changes how you are reminded; `/away` pauses your clocks.)",
    ]
    return "\n".join(lines)


class Waiting:
    """Each player's tables on a server, and the digests due."""

    def __init__(
        self, tables: Tables, games: Games, people: People, servers: Servers, away: Away
    ) -> None:
        self._tables = tables
        self._games = games
        self._people = people
        self._servers = servers
        self._away = away
        self._digest_due: set[tuple[int, int]] = set()
        """(server, person) a reminder was due for since the last digests were made."""

    async def my_games(self, guild_id: int, user_id: int) -> list[SeatedTable]:
        """The server's games in play where the user has a seat, waiting on them first (then
        the longest waiting first)."""
        now = self._tables.now()
        tables = []
        for row in await self._games.seated(guild_id, user_id):
            try:
                table = await self._tables.decode(row)
            except TableError:
                continue
            tables.append(await self._seated(table, user_id, now))
        return sorted(tables, key=lambda t: (not t.yours, t.since))

    async def _seated(self, table: Table, user_id: int, now: float) -> SeatedTable:
        actors = table.actors()
        waiting = [table.players[s].user_id for s in actors]
        away = await self._away.away_until(table.row.guild_id, waiting, now)
        names = [
            f"{p.name} (away until {until(away[p.user_id])})" if p.user_id in away else p.name
            for p in (table.players[s] for s in actors)
        ]
        return SeatedTable(
            table.row,
            table.game.title,
            user_id in waiting,
            " and ".join(names) or "nobody",
            turn_began(table.row, now),
            board_link(table.row),
        )

    async def notify_choice(self, guild_id: int, user_id: int) -> str:
        return (await self._people.notify_of(guild_id, [user_id])).get(user_id, NOTIFY_CHOICES[0])

    async def set_notify(self, guild_id: int, user_id: int, how: str) -> str:
        """Record how the user is reminded on this server; what they are told."""
        if how not in NOTIFY_CHOICES:
            raise TableError(f"Choose one of: {', '.join(NOTIFY_CHOICES)}.")
        await self._people.set_notify(guild_id, user_id, how)
        return f"Done: on this server your turn reminders come as {NOTIFY_WORDS[how]}."

    async def notify_choices(self, guild_id: int | None, user_ids: list[int]) -> dict[int, str]:
        """Each person's choice (the default for those who never chose)."""
        people = [u for u in user_ids if not is_computer(u)]
        chosen = await self._people.notify_of(guild_id, people) if guild_id is not None else {}
        return {u: chosen.get(u, NOTIFY_CHOICES[0]) for u in people}

    def mark_due(self, guild_id: int, user_ids: Iterable[int]) -> None:
        """A reminder fell due for these people on this server: each gets a digest at the next
        `due_digests` (see the rulings)."""
        self._digest_due.update((guild_id, u) for u in user_ids)

    async def due_digests(self) -> list[tuple[int, int, list[SeatedTable]]]:
        """(server id, user id, the tables waiting on them) of every digest due now (see
        `digest`): for each person a reminder was due for since the last call, who wants the
        direct message and had none this reminder period."""
        due, self._digest_due = self._digest_due, set()
        now = self._tables.now()
        digests = []
        for guild_id, user_id in sorted(due):
            period = self._servers.remind_period(guild_id)
            tables = [t for t in await self.my_games(guild_id, user_id) if t.yours]
            if not tables or not period:
                continue
            if await self._people.claim_digest(guild_id, user_id, now, period * 0.999):
                digests.append((guild_id, user_id, tables))
        return digests
