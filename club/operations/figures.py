"""The bot's figures for its administrator, as `/status` and `python -m bot status` show them:
version, database, each process (its shards, uptime and last poll), open games, games waiting
on a computer player, and the updates queued for delivery."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from club.faults import Fault
from club.operations.version import bot_version
from club.storage import Storage
from club.storage.postgres import address
from club.storage.rows import Counts, Heartbeat

if TYPE_CHECKING:
    from club.service import TableService


@dataclass(frozen=True)
class Figures:
    version: str
    database: str
    """Where the data lives, fit for a log (never a password)."""
    processes: tuple[Heartbeat, ...]
    counts: Counts
    waiting_on_computers: int
    """Games in play where a computer player is to act now."""
    now: float
    """When the figures were read (Unix seconds)."""


async def gather(
    store: Storage,
    database: str,
    now: float,
    waiting_on_computers: Callable[[], Awaitable[int]],
) -> Figures:
    """The figures of the bot whose data is in `store`, at `now`; `waiting_on_computers` is
    asked only when a game in play seats a computer (it decodes games, which needs the engines
    and the catalogue: `python -m bot status` then pays for their import)."""
    counts = await store.operations.counts()
    return Figures(
        version=bot_version(),
        database=database,
        processes=tuple(await store.operations.heartbeats()),
        counts=counts,
        waiting_on_computers=await waiting_on_computers() if counts.with_computers else 0,
        now=now,
    )


async def waiting_on_computers(service: TableService) -> int:
    """How many games in play have a computer player to act now."""
    waiting = 0
    for game_id, _ in await service.computers.games_with_computers():
        if await service.computers.computer_turn(game_id) is not None:
            waiting += 1
    return waiting


def where_kind(path: Path, url: str | None) -> str:
    """The kind of database and where it is: "SQLite at data/bot.sqlite3" or "PostgreSQL at
    host:5432/name" (never a user or password)."""
    return f"SQLite at {path}" if url is None else f"PostgreSQL at {address(url)}"


def duration(seconds: float) -> str:
    """`seconds` in words a person reads at a glance: "42 s", "7 min", "3 h 5 min", "2 d 4 h"."""
    whole = max(0, round(seconds))
    if whole < 60:
        return f"{whole} s"
    minutes = whole // 60
    if minutes < 60:
        return f"{minutes} min"
    hours, minutes = divmod(minutes, 60)
    if hours < 24:
        return f"{hours} h {minutes} min"
    days, hours = divmod(hours, 24)
    return f"{days} d {hours} h"


def describe(
    figures: Figures,
    this_process: str | None = None,
    errors: Mapping[str, Fault] | None = None,
) -> str:
    """The figures as lines of text (Discord markdown reads them as plain text too);
    `this_process` is marked as the one answering, and its recent `errors` (by kind) listed."""
    counts = figures.counts
    lines = [
        f"Version: {figures.version}",
        f"Database: {figures.database}",
        f"Open games: {counts.active} in play, {counts.lobbies} in lobbies",
        f"Games waiting on a computer player: {figures.waiting_on_computers} "
        f"(of {counts.with_computers} in play with one)",
        "Queued updates: " + _queued(counts, figures.now),
    ]
    if not figures.processes:
        lines.append("Processes: none has shown a sign of life yet")
    for beat in figures.processes:
        marker = " (this one)" if beat.process == this_process else ""
        lines.append(
            f"Process {beat.process}{marker}: version {beat.version}, "
            f"up {duration(figures.now - beat.started_at)}, "
            f"last poll {duration(figures.now - beat.beat_at)} ago"
        )
    if errors is not None:
        lines.append(f"Errors in the last hour: {'none' if not errors else ''}".rstrip())
        for kind, fault in sorted(errors.items(), key=lambda item: -item[1].last_at):
            ago = duration(figures.now - fault.last_at)
            lines.append(
                f"- {kind}: {fault.count} since the start, the last {ago} ago: {fault.last}"
            )
    return "\n".join(lines)


def _queued(counts: Counts, now: float) -> str:
    if counts.oldest_queued is None:
        return "none"
    return f"{counts.queued}, the oldest {duration(now - counts.oldest_queued)} old"
