"""Each person's data (`/privacy`, `python -m bot privacy`): what is held, its export, and its
erasure; and the purge of a server's data once the bot has been gone from it for its grace.

Rulings (README "Your data" and docs/privacy-policy.md say the same):
- A forget first ends the person's tables in play by the game's own rules, through the path of
  any `/resign` (the move log and the update told to the table, once), and takes them out of
  lobbies as `/leave` does (a lobby left with no person closes); then erases them in one
  transaction (`club.storage.privacy`). The request is recorded first, so a forget cut short
  (a restart) is resumed (`resume`), and a second forget finds nothing and changes nothing.
- An export holds the person's seats and moves with each game's public record (a secret move of
  someone else is never in it), their ratings, settings, times away and notices; other people
  appear by their seat's name only.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from club.service.computer_seats import is_computer
from club.service.leases import Leases
from club.service.lobbies import Lobbies, Lobby
from club.service.play import Play
from club.service.tables import Tables
from club.service.updates import Player, TableError, TableUpdate
from club.storage.games import Games
from club.storage.moves import Moves
from club.storage.privacy import Held, Privacy
from club.storage.rows import GameRow, StaleGame
from engine.core import GameError
from engine.words import Unit

log = logging.getLogger(__name__)

EXPORT_FORMAT = 1
"""The export's format version (its `format` field)."""
FORGET_LEASE_SECONDS = 300.0
"""How long one process holds a resumed forget before another may take it up."""
RESIGN_TRIES = 20
RESIGN_PAUSE = 0.05
"""A resignation that met a move at the same moment is tried again, up to `RESIGN_TRIES` times,
after 0.05 s, 0.1 s, ... (seconds)."""


def retention(grace_days: float) -> str:
    """The retention rules in words (`/privacy show` and the policy say the same)."""
    return (
        "**How long it is kept:** games, seats and moves stay as the table's shared record, and "
        "ratings, settings and times away stay, while the server keeps the bot. Lessons are "
        "never saved. When the bot is removed from a server, all of that server's data is "
        f"deleted {grace_days:g} {Unit('day').word(grace_days)} later (unless the bot is added "
        "back before). "
        "`/privacy export` sends you all of it; `/privacy forget` erases you: your tables in "
        "play are resigned, your seats read \u201cFormer player N\u201d and your settings, "
        "times away and reminders are deleted. Other players' records stay as they are."
    )


def describe(held: Held, server_name: Callable[[int], str], grace_days: float) -> str:
    """`/privacy show`: the counts by kind, the servers, the oldest and newest record and the
    retention rules (`server_name` names a server from its id)."""
    if not held.anything:
        return f"The bot holds nothing about you.\n\n{retention(grace_days)}"
    counts = " · ".join(f"{kind}: {count}" for kind, count in held.counts.items())
    servers = ", ".join(server_name(s) for s in held.servers) or "none"
    lines = ["**What the bot holds about you**", counts, f"**Servers:** {servers}"]
    if held.oldest is not None and held.newest is not None:
        lines.append(
            f"**Oldest record:** <t:{int(held.oldest)}:D> · newest: <t:{int(held.newest)}:D>"
        )
    return "\n".join([*lines, "", retention(grace_days)])


@dataclass(frozen=True)
class Forgotten:
    """A forget done: the former player's `number` (None: nothing was held, nothing changed),
    the updates of the tables the person resigned from (for the table to be told), the lobbies
    they left, and the games whose seats now read "Former player N"."""

    number: int | None
    updates: tuple[TableUpdate, ...] = ()
    lobbies: tuple[Lobby, ...] = ()
    games: int = 0


class PrivacyService:
    """What the store holds of each person, and its export and erasure."""

    def __init__(
        self,
        tables: Tables,
        games: Games,
        moves: Moves,
        privacy: Privacy,
        play: Play,
        lobbies: Lobbies,
        leases: Leases,
    ) -> None:
        self._tables = tables
        self._games = games
        self._moves = moves
        self._privacy = privacy
        self._play = play
        self._lobbies = lobbies
        self._leases = leases

    async def held(self, user_id: int) -> Held:
        return await self._privacy.held(user_id)

    async def export(self, user_id: int) -> dict[str, Any]:
        """Everything held about the person, as a JSON document (see the module's rulings)."""
        games = await self._privacy.games_of(user_id)
        moves: dict[int, list[dict[str, Any]]] = {g.id: [] for g in games}
        seat_of = {g.id: g.seat_of(user_id) for g in games}
        for game_id, seq, seat, kind, notation, at in await self._privacy.moves_of(user_id):
            secret = kind == "hidden" and seat != seat_of[game_id]
            moves[game_id].append(
                {
                    "seq": seq,
                    "seat": seat,
                    "kind": kind,
                    "notation": None if secret else notation,
                    "at": at,
                }
            )
        tables = await self._privacy.tables_of(user_id)
        return {
            "format": EXPORT_FORMAT,
            "user_id": str(user_id),
            "exported_at": self._tables.now(),
            "names": sorted(
                {s.display_name for g in games for s in g.seats if s.user_id == user_id}
            ),
            "games": [_game(g, seat_of[g.id], moves[g.id]) for g in games],
            **{kind.replace(" ", "_"): rows for kind, rows in tables.items()},
        }

    async def export_bytes(self, user_id: int) -> bytes:
        """The export as the JSON file sent (encoded in a thread: a person with 1,000 games
        makes megabytes, which must not hold up the tables)."""
        exported = await self.export(user_id)
        return (await asyncio.to_thread(json.dumps, exported, indent=1)).encode()

    async def forget(self, user_id: int) -> Forgotten:
        """Erase the person (see the module's rulings)."""
        if not (await self._privacy.held(user_id)).anything:
            return Forgotten(None)
        number = await self._privacy.request_forget(user_id, self._tables.now())
        return await self._finish(user_id, number)

    async def resume(self) -> list[Forgotten]:
        """Finish the forgets a stop cut short (each by one process, if several share the
        database)."""
        done = []
        for user_id, number in await self._privacy.pending_forgets():
            async with self._leases.claimed(f"forget {number}", FORGET_LEASE_SECONDS) as mine:
                if mine:
                    done.append(await self._finish(user_id, number))
        return done

    async def sweep(self, grace_days: float, mine: Callable[[int], bool]) -> list[int]:
        """The background pass: resume forgets cut short and purge departed servers; the games
        whose tables are to be told of a resignation."""
        resumed = await self.resume()
        await self.purge_departed(grace_days, mine)
        return [update.game_id for done in resumed for update in done.updates]

    async def _finish(self, user_id: int, number: int) -> Forgotten:
        updates: list[TableUpdate] = []
        lobbies: list[Lobby] = []
        for row in await self._privacy.games_of(user_id):
            player = Player(
                user_id, next(s.display_name for s in row.seats if s.user_id == user_id)
            )
            if row.status == "lobby":
                lobbies.append(await self._leave_lobby(row, player))
            elif row.status == "active":
                update = await self._resign(row, player)
                if update is not None:
                    updates.append(update)
        games = await self._privacy.anonymise(user_id, number, self._tables.now())
        log.info("A forget request was done (former player %d, %d games)", number, games)
        return Forgotten(number, tuple(updates), tuple(lobbies), games)

    async def _leave_lobby(self, row: GameRow, player: Player) -> Lobby:
        """Leave the lobby as `/leave` does; one left with computer players only closes."""
        lobby = await self._lobbies.leave(row.channel_id, player, row.id)
        if not lobby.open or any(not is_computer(p.user_id) for p in lobby.players):
            return lobby
        fresh = await self._games.get(row.id)
        if fresh is not None:
            await self._games.end(fresh, "abandoned", None)
        return replace(lobby, status="abandoned", players=())

    async def _resign(self, row: GameRow, player: Player) -> TableUpdate | None:
        """The person's resignation from the game in play, through `/resign`'s path; None if
        they have resigned already, or the game ended meanwhile. A game that keeps moving on
        under it raises TableError: the forget stays recorded, to be resumed (`resume`)."""
        seat = row.seat_of(player.user_id)
        for attempt in range(RESIGN_TRIES):
            if any(m.kind == "resign" and m.seat == seat for m in await self._moves.of(row.id)):
                return None
            try:
                return await self._play.resign(row.channel_id, player)
            except StaleGame:
                await asyncio.sleep(RESIGN_PAUSE * (attempt + 1))
            except (TableError, GameError) as error:  # the game ended meanwhile, or refuses
                log.info("Game %s: a forgotten player's seat was not resigned: %s", row.id, error)
                return None
        raise TableError(
            "One of your tables kept moving on while you were being resigned from it; your "
            "request is recorded and will be finished within a few minutes."
        )

    # Departed servers

    async def server_left(self, guild_id: int) -> None:
        """The bot was removed from the server now; its data is purged once the grace is over
        (counted from its first removal, when one is recorded already)."""
        await self._privacy.server_left(guild_id, self._tables.now())

    async def server_back(self, guild_id: int) -> bool:
        """The bot is on the server again: its data is kept. Whether it had been removed."""
        return await self._privacy.server_back(guild_id)

    async def purge_departed(self, grace_days: float, mine: Callable[[int], bool]) -> list[int]:
        """Delete the data of every server (of those `mine` says this process serves) that
        removed the bot over `grace_days` ago; the servers purged. One log line each."""
        purged = []
        for guild_id in await self._privacy.departed_before(
            self._tables.now() - grace_days * 86400
        ):
            if not mine(guild_id):
                continue
            deleted = await self._privacy.purge_server(guild_id)
            counts = ", ".join(f"{kind} {n}" for kind, n in deleted.items() if n)
            log.info(
                "Server %s: its data was purged %g days after the bot left (%s)",
                guild_id,
                grace_days,
                counts,
            )
            purged.append(guild_id)
        return purged


def _game(row: GameRow, seat: int | None, moves: list[dict[str, Any]]) -> dict[str, Any]:
    """One game in the export: its public record, the person's seat, the others by name."""
    return {
        "game": row.id,
        "server": None if row.guild_id is None else str(row.guild_id),
        "channel": str(row.channel_id),
        "game_key": row.game_key,
        "options": row.options,
        "status": row.status,
        "result": row.result,
        "opened_at": row.created_at,
        "last_changed_at": row.updated_at,
        "your_seat": seat,
        "seats": [s.display_name for s in row.seats],
        "moves": moves,
    }
