"""What the bot holds about one person, its export, and its erasure; and a departed server's data.

Rules (README "Your data" says the same):
- A person is held in the columns `PERSON_COLUMNS` names (user ids and display names), found by
  their names' convention (`PERSON_COLUMN`); a test reads both schemas and fails on a column of
  that convention this module does not cover.
- Forgetting is all or nothing: `anonymise` runs in one transaction. The person's seats become
  "Former player N" under a user id of their own (`former_id`, which no Discord user has), in
  every text the bot kept of those games (narration, results, states, queued updates), so the
  games, and every other player's record in them, stay whole; their ratings rows stay under
  that id, so leaderboards keep their order. Their settings, times away and notices are deleted.
  The request (`former_players`) keeps the person's id only until it is done, so that a forget
  cut short by a restart is resumed.
- A server that removed the bot is recorded (`departed_servers`); once its grace has passed,
  its settings, games, ratings and people's settings there are deleted (`purge_server`).
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from club.storage.database import Connection, Database
from club.storage.games import COLUMNS, game_row
from club.storage.rows import GameRow

FORMER_BASE = 1 << 21
"""Former players' user ids are `FORMER_BASE + N`: below 2**22, which no Discord id is (a
snowflake's lower 22 bits are its worker and counter; its time part makes every real id larger)."""

PERSON_COLUMN = re.compile(r"(user_id|_user|creator_id|asker|accepted|display_name)$")
"""The naming convention of every column that holds a Discord user id or display name."""

PERSON_COLUMNS: dict[tuple[str, str], str] = {
    ("games", "creator_id"): "exported by game; forgotten: the former player's id",
    ("games", "first_user"): "forgotten: the former player's id",
    ("seats", "user_id"): "exported (your seats); forgotten: the former player's id",
    ("seats", "display_name"): "exported; forgotten: Former player N",
    ("ratings", "user_id"): "exported; forgotten: kept under the former player's id",
    ("season_standings", "user_id"): "exported; forgotten: kept under the former player's id",
    ("seasons", "creator_id"): "forgotten: the former player's id",
    ("players", "user_id"): "exported (settings); forgotten: deleted",
    ("away", "user_id"): "exported; forgotten: deleted",
    ("nudges", "user_id"): "exported; forgotten: deleted",
    ("text_readers", "user_id"): "exported (text mode); forgotten: deleted",
    ("takeback_requests", "asker"): "exported; forgotten: the request is deleted",
    ("takeback_requests", "accepted"): "forgotten: the id is taken out",
    ("former_players", "user_id"): "a pending forget only; cleared when it is done",
    ("leagues", "creator_id"): "forgotten: the former player's id",
    ("league_players", "user_id"): "exported; forgotten: the former player's id (standings stay)",
    ("league_players", "display_name"): "forgotten: Former player N",
    ("league_pairings", "user_id"): "exported; forgotten: the former player's id, in reasons too",
}
"""What export and forget do with each column of `PERSON_COLUMN`'s convention."""

KINDS = (
    "games",
    "moves",
    "ratings",
    "season standings",
    "league sign-ups",
    "league pairings",
    "settings",
    "text mode",
    "times away",
    "notices",
    "takeback requests",
)
"""The kinds of records `held` counts, in the order it gives them."""


def former_id(number: int) -> int:
    """The user id of former player `number` (1-based)."""
    return FORMER_BASE + number


def former_name(number: int) -> str:
    return f"Former player {number}"


def is_former(user_id: int | None) -> bool:
    return user_id is not None and FORMER_BASE < user_id < 2 * FORMER_BASE


def former_of(user_id: int) -> str:
    """A former player's name, from their user id."""
    return former_name(user_id - FORMER_BASE)


@dataclass(frozen=True)
class Held:
    """What the bot holds about a person: `counts` by kind (`KINDS`), the servers it is on, and
    the times (Unix seconds) of the oldest and newest record (None when none is timed)."""

    counts: dict[str, int]
    servers: tuple[int, ...]
    oldest: float | None
    newest: float | None

    @property
    def anything(self) -> bool:
        return any(self.counts.values())


class Scrubber:
    """Replaces a person in the texts of one game: their mention and their display name (as a
    whole word, plain or as JSON escapes it) become the former player's name."""

    def __init__(self, user_id: int, name: str, number: int) -> None:
        self.former = former_name(number)
        self._mention = re.compile(rf"<@!?{user_id}>")
        escaped = json.dumps(name)[1:-1]
        names = sorted({name, escaped} - {""}, key=len, reverse=True)
        words = "|".join(re.escape(n) for n in names)
        self._name = re.compile(rf"(?<!\w)(?:{words})(?!\w)") if words else None

    def text(self, text: str | None) -> str | None:
        if not text:
            return text
        text = self._mention.sub(f"**{self.former}**", text)
        return self._name.sub(self.former, text) if self._name else text

    def state(self, state: str | None, seat: int) -> str | None:
        """A state's JSON text with the seat's name in its players replaced (nothing else: a
        state's other strings are the game's own words)."""
        if not state:
            return state
        data = json.loads(state)
        players = data.get("players") if isinstance(data, dict) else None
        if not isinstance(players, list) or seat >= len(players):
            return state
        players[seat] = self.former
        return json.dumps(data)

    def payload(self, payload: str, user_id: int) -> str:
        """A queued update without the person: not pinged, sent nothing, named as former."""
        data = json.loads(payload)
        data["said"] = self.text(data.get("said", ""))
        data["mentions"] = [u for u in data.get("mentions", []) if u != user_id]
        data["private"] = [
            {**p, "text": self.text(p["text"])}
            for p in data.get("private", [])
            if p.get("user") != user_id
        ]
        return json.dumps(data)


class Privacy:
    """Reads and erases what the bot holds about a person, and about a departed server."""

    def __init__(self, database: Database) -> None:
        self.database = database
        self._columns = COLUMNS.format(seats=database.seats_json)

    # Reading

    async def games_of(self, user_id: int) -> list[GameRow]:
        """Every game (any status) where the person has a seat, oldest first."""
        rows = await self.database.rows(
            f"SELECT {self._columns} FROM games WHERE id IN "
            "(SELECT game_id FROM seats WHERE user_id = ?) ORDER BY id",
            (user_id,),
        )
        return [game_row(row) for row in rows]

    async def moves_of(self, user_id: int) -> list[tuple[Any, ...]]:
        """The moves of every game the person sat in, as (game id, seq, seat, kind, notation,
        time), in order."""
        return await self.database.rows(
            "SELECT game_id, seq, seat, kind, notation, created_at FROM moves WHERE game_id IN "
            "(SELECT game_id FROM seats WHERE user_id = ?) ORDER BY game_id, seq",
            (user_id,),
        )

    async def tables_of(self, user_id: int) -> dict[str, list[dict[str, Any]]]:
        """The person's rows of the per-person tables, each row a dict of column to value."""
        queries = {
            "ratings": "SELECT guild_id, game_key, mu, sigma, games, wins, draws, losses, streak "
            "FROM ratings WHERE user_id = ? ORDER BY guild_id, game_key",
            "season standings": "SELECT season_id, place, mu, sigma, games, wins, draws, losses "
            "FROM season_standings WHERE user_id = ? ORDER BY season_id",
            "league sign-ups": "SELECT league_id, display_name, joined_round, dropped_round "
            "FROM league_players WHERE user_id = ? ORDER BY league_id",
            "league pairings": "SELECT league_id, round, table_number, seat, bye_points, reason "
            "FROM league_pairings WHERE user_id = ? ORDER BY league_id, round",
            "settings": "SELECT guild_id, notify, digest_at FROM players WHERE user_id = ? "
            "ORDER BY guild_id",
            "text mode": "SELECT since FROM text_readers WHERE user_id = ?",
            "times away": "SELECT guild_id, starts_at, ends_at FROM away WHERE user_id = ? "
            "ORDER BY guild_id, starts_at",
            "notices": "SELECT guild_id, game_key, told_at FROM nudges WHERE user_id = ? "
            "ORDER BY guild_id, game_key",
            "takeback requests": "SELECT game_id, seq FROM takeback_requests WHERE asker = ? "
            "ORDER BY game_id",
        }
        found = {}
        for kind, sql in queries.items():
            names = [c.strip() for c in sql.split("FROM")[0].removeprefix("SELECT").split(",")]
            rows = await self.database.rows(sql, (user_id,))
            found[kind] = [dict(zip(names, row, strict=True)) for row in rows]
        return found

    async def held(self, user_id: int) -> Held:
        """Counts by kind, servers and oldest and newest record of what is held of the person."""
        games = await self.games_of(user_id)
        moves = await self.database.scalar(
            "SELECT COUNT(*) FROM moves JOIN seats ON seats.game_id = moves.game_id "
            "AND seats.seat = moves.seat WHERE seats.user_id = ?",
            (user_id,),
        )
        tables = await self.tables_of(user_id)
        counts = {"games": len(games), "moves": moves} | {k: len(v) for k, v in tables.items()}
        servers = {g.guild_id for g in games} | {
            r["guild_id"] for rows in tables.values() for r in rows if "guild_id" in r
        }
        times = [t for g in games for t in (g.created_at, g.updated_at)] + [
            float(r[key])
            for rows in tables.values()
            for r in rows
            for key in ("digest_at", "since", "starts_at", "told_at")
            if r.get(key) is not None
        ]
        return Held(
            {kind: counts[kind] for kind in KINDS},
            tuple(sorted(s for s in servers if s is not None)),
            min(times, default=None),
            max(times, default=None),
        )

    # Forgetting

    async def request_forget(self, user_id: int, now: float) -> int:
        """The number of the person's forget request: the one pending, or a new one (the next
        former player's number, never given twice)."""
        async with self.database.transaction() as db:
            rows = list(
                await db.execute_fetchall(
                    "SELECT number FROM former_players WHERE user_id = ?", (user_id,)
                )
            )
            if rows:
                return int(rows[0][0])
            [(number,)] = await db.execute_fetchall(
                "INSERT INTO former_players (number, user_id, requested_at) VALUES "
                "((SELECT COALESCE(MAX(number), 0) + 1 FROM former_players), ?, ?) "
                "RETURNING number",
                (user_id, now),
            )
            return int(number)

    async def pending_forgets(self) -> list[tuple[int, int]]:
        """Forget requests not yet done, as (user id, number), oldest first."""
        rows = await self.database.rows(
            "SELECT user_id, number FROM former_players WHERE user_id IS NOT NULL ORDER BY number"
        )
        return [(int(u), int(n)) for u, n in rows]

    async def anonymise(self, user_id: int, number: int, now: float) -> int:
        """Erase the person (see the module's rules) in one transaction, marking request
        `number` done; returns the games whose seats were renamed."""
        former = former_id(number)
        async with self.database.transaction() as db:
            rows = list(
                await db.execute_fetchall(
                    "SELECT games.id, seats.seat, seats.display_name, games.state, games.result, "
                    "games.board_text FROM games JOIN seats ON seats.game_id = games.id "
                    f"WHERE seats.user_id = ? ORDER BY games.id{self.database.for_update}",
                    (user_id,),
                )
            )
            for game_id, seat, name, state, result, board_text in rows:
                scrub = Scrubber(user_id, name, number)
                await db.execute(
                    "UPDATE games SET state = ?, result = ?, board_text = ?, "
                    "version = version + 1 WHERE id = ?",
                    (scrub.state(state, seat), scrub.text(result), scrub.text(board_text), game_id),
                )
                await db.execute(
                    "UPDATE seats SET user_id = ?, display_name = ? WHERE game_id = ? "
                    "AND user_id = ?",
                    (former, scrub.former, game_id, user_id),
                )
                await _scrub_moves(db, game_id, seat, scrub)
                await _scrub_outbox(db, game_id, user_id, scrub)
            await self.database.lock_ledger(db)  # after the games' rows, as a move takes them
            await _forget_ids(db, user_id, former)
            await db.execute(
                "UPDATE former_players SET user_id = NULL, done_at = ? WHERE number = ?",
                (now, number),
            )
        return len(rows)

    # Departed servers

    async def server_left(self, guild_id: int, now: float) -> None:
        """The bot was removed from the server at `now` (Unix seconds); an earlier record is
        kept (the grace runs from the first removal)."""
        async with self.database.transaction() as db:
            await db.execute(
                "INSERT INTO departed_servers (guild_id, left_at) VALUES (?, ?) "
                "ON CONFLICT (guild_id) DO NOTHING",
                (guild_id, now),
            )

    async def server_back(self, guild_id: int) -> bool:
        """The bot is on the server again: its data is kept. Whether it had been removed."""
        async with self.database.transaction() as db:
            cursor = await db.execute(
                "DELETE FROM departed_servers WHERE guild_id = ?", (guild_id,)
            )
            return cursor.rowcount > 0

    async def departed_before(self, moment: float) -> list[int]:
        """The servers that removed the bot before `moment` (Unix seconds)."""
        rows = await self.database.rows(
            "SELECT guild_id FROM departed_servers WHERE left_at <= ? ORDER BY guild_id",
            (moment,),
        )
        return [int(row[0]) for row in rows]

    async def purge_server(self, guild_id: int) -> dict[str, int]:
        """Delete everything kept of the server, in one transaction; the rows deleted by
        kind."""
        games = "(SELECT id FROM games WHERE guild_id = ?)"
        steps = {
            "moves": f"DELETE FROM moves WHERE game_id IN {games}",
            "seats": f"DELETE FROM seats WHERE game_id IN {games}",
            "updates": f"DELETE FROM outbox WHERE game_id IN {games}",
            "takebacks": f"DELETE FROM takeback_requests WHERE game_id IN {games}",
            "league tables": "DELETE FROM league_tables WHERE league_id IN "
            "(SELECT id FROM leagues WHERE guild_id = ?)",
            "league pairings": "DELETE FROM league_pairings WHERE league_id IN "
            "(SELECT id FROM leagues WHERE guild_id = ?)",
            "league players": "DELETE FROM league_players WHERE league_id IN "
            "(SELECT id FROM leagues WHERE guild_id = ?)",
            "leagues": "DELETE FROM leagues WHERE guild_id = ?",
            "league organisers": "DELETE FROM league_organisers WHERE guild_id = ?",
            "rematch links": f"UPDATE games SET rematch_of = NULL WHERE rematch_of IN {games}",
            "games": "DELETE FROM games WHERE guild_id = ?",
            "ratings": "DELETE FROM ratings WHERE guild_id = ?",
            "season standings": "DELETE FROM season_standings WHERE season_id IN "
            "(SELECT id FROM seasons WHERE guild_id = ?)",
            "seasons": "DELETE FROM seasons WHERE guild_id = ?",
            "player settings": "DELETE FROM players WHERE guild_id = ?",
            "times away": "DELETE FROM away WHERE guild_id = ?",
            "notices": "DELETE FROM nudges WHERE guild_id = ?",
            "settings": "DELETE FROM servers WHERE guild_id = ?",
            "departure": "DELETE FROM departed_servers WHERE guild_id = ?",
        }
        deleted = {}
        async with self.database.transaction() as db:
            await self.database.lock_ledger(db)
            for kind, sql in steps.items():
                deleted[kind] = (await db.execute(sql, (guild_id,))).rowcount
        return deleted


async def _scrub_moves(db: Connection, game_id: int, seat: int, scrub: Scrubber) -> None:
    async with db.execute(
        "SELECT seq, said, state_before FROM moves WHERE game_id = ? ORDER BY seq", (game_id,)
    ) as cursor:
        moves = [tuple(row) async for row in cursor]
    for seq, said, before in moves:
        new = (scrub.text(said), scrub.state(before, seat))
        if new != (said, before):
            await db.execute(
                "UPDATE moves SET said = ?, state_before = ? WHERE game_id = ? AND seq = ?",
                (*new, game_id, seq),
            )


async def _scrub_outbox(db: Connection, game_id: int, user_id: int, scrub: Scrubber) -> None:
    async with db.execute("SELECT id, payload FROM outbox WHERE game_id = ?", (game_id,)) as cursor:
        entries = [tuple(row) async for row in cursor]
    for entry_id, payload in entries:
        await db.execute(
            "UPDATE outbox SET payload = ? WHERE id = ?",
            (scrub.payload(payload, user_id), entry_id),
        )


async def _forget_ids(db: Connection, user_id: int, former: int) -> None:
    """The person's id everywhere but seats: replaced by `former` where a record of others
    needs it, deleted where it was the person's alone."""
    for sql in (
        "UPDATE games SET creator_id = ? WHERE creator_id = ?",
        "UPDATE games SET first_user = ? WHERE first_user = ?",
        "UPDATE ratings SET user_id = ? WHERE user_id = ?",
        "UPDATE leagues SET creator_id = ? WHERE creator_id = ?",
        "UPDATE league_players SET user_id = ? WHERE user_id = ?",
        "UPDATE league_pairings SET user_id = ? WHERE user_id = ?",
        "UPDATE season_standings SET user_id = ? WHERE user_id = ?",
        "UPDATE seasons SET creator_id = ? WHERE creator_id = ?",
    ):
        await db.execute(sql, (former, user_id))
    await db.execute(
        "UPDATE league_players SET display_name = ? WHERE user_id = ?",
        (former_name(former - FORMER_BASE), former),
    )
    await db.execute(
        "UPDATE league_pairings SET reason = REPLACE(reason, ?, ?)",
        (f"{{p:{user_id}}}", f"{{p:{former}}}"),
    )
    for table in ("players", "away", "nudges", "text_readers"):
        await db.execute(f"DELETE FROM {table} WHERE user_id = ?", (user_id,))
    await db.execute("DELETE FROM takeback_requests WHERE asker = ?", (user_id,))
    async with db.execute("SELECT game_id, accepted FROM takeback_requests") as cursor:
        requests = [tuple(row) async for row in cursor]
    for game_id, accepted in requests:
        ids: Sequence[int] = json.loads(accepted)
        if user_id in ids:
            kept = [i for i in ids if i != user_id]
            await db.execute(
                "UPDATE takeback_requests SET accepted = ? WHERE game_id = ?",
                (json.dumps(kept), game_id),
            )
