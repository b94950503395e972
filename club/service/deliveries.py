"""What is still to be told about a game: its undelivered updates (the store's outbox) merged
into channel posts and one DM per player, made from the game as it stands now."""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
from collections.abc import AsyncIterator, Sequence
from dataclasses import dataclass

from club.service import offers, wording
from club.service.commits import Committer, footer
from club.service.computer_seats import is_computer
from club.service.outbox import OutboxEntry, PrivateLine
from club.service.tables import Table, Tables
from club.service.updates import Controls, Notice, Queued
from club.storage.games import Games
from club.storage.outbox import Outbox
from club.storage.rows import Living, OutboxRow
from engine.core import View


@dataclass(frozen=True)
class Post:
    """One channel message of a delivery: posted anew (`new`, so its pings reach the players to
    act) or edited into the living board message.

    `narration` is what happened (all of it since the living message was posted, for an edit,
    as far as the store keeps it: see `KEPT_NARRATION`); `footer` whose turn it is or the result;
    `view` the board to attach (None keeps the picture already there, or sends none). The
    transport fits them to a message.
    """

    narration: tuple[str, ...]
    footer: str
    view: View | None
    mentions: tuple[int, ...]
    controls: Controls | None
    new: bool


@dataclass(frozen=True)
class Delivery:
    """Everything still to tell about a game: channel posts in order, then DMs (merged: one per
    player, however long; the transport splits it into messages). `upto` is the
    last outbox entry it covers; `living` is the board message's record once delivered, with
    the id of the message to edit (the transport puts in the id of any message it posts)."""

    game_id: int
    channel_id: int
    upto: int
    queued_at: float
    """When its last entry (`upto`) was queued (Unix seconds): with the game and `upto`, it names
    the delivery's messages for good (SQLite gives an outbox id again once the entries above it
    are delivered)."""
    posts: tuple[Post, ...]
    dms: tuple[Notice, ...]
    living: Living
    computer_to_act: bool = False
    """Whether a computer player may act in the position it shows (its turn is then due)."""


KEPT_NARRATION = 4096
"""Characters of the living board message's narration kept in the store for its next edit (its
last lines, after a pointer to `/history`): a phase told update by update in one message would
otherwise grow without end, and a board message shows no more than its last lines."""


def last_lines(lines: Sequence[str], limit: int) -> str:
    """As many of the last `lines` as fit in `limit` characters, after a pointer to `/history`
    (`wording.earlier`, with how many lines are left out) when some are left out. A pointer that
    begins `lines` (narration kept from before, see `KEPT_NARRATION`) adds its count. The last
    line is kept whole, even longer than `limit` (whoever shows it shortens it)."""
    before, rest = _told_earlier(list(lines))
    if not before and len("\n".join(rest)) <= limit:
        return "\n".join(rest)
    start = len(rest) - 1 if rest else 0
    size = len(rest[start]) if rest else 0
    while start > 0:
        pointer = wording.earlier(before + start - 1)
        if len(pointer) + size + len(rest[start - 1]) + 2 > limit:
            break
        start -= 1
        size += len(rest[start]) + 1
    return "\n".join([wording.earlier(before + start), *rest[start:]])


def _told_earlier(lines: list[str]) -> tuple[int, list[str]]:
    """How many lines a leading pointer to `/history` says were left out, and the lines after
    it (0 and all the lines when there is none)."""
    count = wording.earlier_count(lines[0]) if lines else None
    return (0, lines) if count is None else (count, lines[1:])


def view_digest(view: View | None) -> str:
    """A fingerprint of a board, to skip re-drawing an unchanged picture."""
    return "" if view is None else hashlib.sha256(repr(view).encode()).hexdigest()[:32]


class Deliveries:
    """What is still to be told about each game, and what became of it."""

    def __init__(self, tables: Tables, games: Games, outbox: Outbox, committer: Committer) -> None:
        self._tables = tables
        self._games = games
        self._outbox = outbox
        self._committer = committer

    async def delivery(self, game_id: int, queued: Queued | None = None) -> Delivery | None:
        """What is still to be told about a game (its undelivered updates, merged), or None.

        Consecutive updates that need no new channel message are edited into the living board
        message; an update that brings new players to act starts a new message. Only the last
        message carries the board, the turn line, pings and buttons, all as the game stands
        now. Each player's private notices are merged into one DM.

        The request that committed `queued` tells it from memory, reading nothing, while no
        delivery of the game has run in this process since its commit began (the game and its
        outbox are then as the commit left them, or hold later updates that wait for their own
        delivery); otherwise, as for the regular poll, the outbox and the game are read.
        """
        if queued is not None and self._tables.rounds[game_id] == queued.since:
            entries, row = [queued.entry], queued.row
        else:
            entries = await self._outbox.pending(game_id)
            if not entries:
                return None
            found = await self._games.get(game_id)
            if found is None:
                return None
            row = found
        table = await self._tables.decode(row)
        return await asyncio.to_thread(_delivery, table, entries, row.living, row.moves_made)

    async def delivered(self, delivery: Delivery, living: Living) -> None:
        """The delivery reached Discord; `living` is the board message as it now stands."""
        async with self._round(delivery.game_id):
            await self._outbox.delivered(delivery.game_id, delivery.upto, living)

    async def delivery_failed(self, delivery: Delivery) -> int:
        """Count a failed try; returns how many updates were given up after too many tries."""
        async with self._round(delivery.game_id):
            return await self._outbox.failed(delivery.game_id, delivery.upto)

    @contextlib.asynccontextmanager
    async def _round(self, game_id: int) -> AsyncIterator[None]:
        """A change to the game's outbox or board message: its delivery round is raised before
        and after it (`Tables.rounds`), so a commit that overlaps it is told from the database."""
        self._tables.rounds[game_id] += 1
        try:
            yield
        finally:
            self._tables.rounds[game_id] += 1

    async def undelivered_games(self, older_than: float) -> list[int]:
        return await self._outbox.undelivered_games(older_than)

    async def still_queued(self, delivery: Delivery) -> bool:
        """Whether updates of `delivery` are still queued: told, but not yet marked delivered
        (in a database several processes share, another may have told and marked them)."""
        queued = await self._outbox.pending(delivery.game_id)
        return bool(queued) and queued[0].id <= delivery.upto

    async def opened_at(self, game_id: int) -> float | None:
        """When the game was opened (Unix seconds); None for a game the store does not hold."""
        row = await self._games.get(game_id)
        return None if row is None else row.created_at

    async def public_view(self, game_id: int) -> View | None:
        """The game's public board as it stands (None for a game that is not running)."""
        row = await self._games.get(game_id)
        if row is None or row.state is None:
            return None
        table = await self._tables.decode(row)
        return table.game.view(table.state, None)

    async def first_dm_hint(self, game_id: int, user_id: int) -> bool:
        """Whether to tell the channel that this player's DMs are closed (once per game)."""
        return await self._games.first_dm_hint(game_id, user_id)

    async def channel_gone(self, game_id: int) -> None:
        """The game's channel was deleted or closed to the bot: end the game with no result."""
        row = await self._games.get(game_id)
        if row is None or row.status not in ("lobby", "active"):
            return
        async with self._committer.open(row.channel_id, status=None):
            current = await self._games.get(game_id)
            if current is not None and current.status in ("lobby", "active"):
                await self._games.end(current, "abandoned", "Its channel is gone.")
                self._tables.changed(game_id)
                async with self._round(game_id):
                    await self._outbox.delivered(game_id, 1 << 62, Living())


def _delivery(table: Table, entries: list[OutboxRow], living: Living, moves_made: int) -> Delivery:
    """The merged delivery (engine work: views, legal moves; run off the event loop)."""
    told = [OutboxEntry.from_json(row.payload) for row in entries]
    posts = _posts(table, told, living, moves_made)
    last = posts[-1]
    board_text = last_lines(last.narration, KEPT_NARRATION)
    digest = view_digest(last.view) if last.view is not None else living.digest
    return Delivery(
        table.row.id,
        table.row.channel_id,
        entries[-1].id,
        entries[-1].queued_at,
        posts,
        _merged_dms(table, told, moves_made),
        Living(living.message_id, board_text, digest),
        computer_to_act=any(is_computer(user) for user in table.actor_ids()),
    )


def _posts(
    table: Table, entries: list[OutboxEntry], living: Living, moves_made: int
) -> tuple[Post, ...]:
    groups: list[list[OutboxEntry]] = []
    for entry in entries:
        if not groups or entry.fresh:
            groups.append([])
        groups[-1].append(entry)
    actors = set(table.actor_ids())
    posts = []
    for index, group in enumerate(groups):
        edit = index == 0 and not group[0].fresh and living.message_id is not None
        lines = [line for e in group for line in e.said.splitlines() if line.strip()]
        if edit and living.text:
            lines = [*living.text.splitlines(), *lines]
        if index < len(groups) - 1:
            posts.append(Post(tuple(lines), "", None, (), None, True))
            continue
        board: View | None = table.game.view(table.state, None)
        if edit and view_digest(board) == living.digest:
            board = None
        pinged = dict.fromkeys(u for e in group for u in e.mentions if u in actors)
        buttons = offers.buttons(table, moves_made)
        posts.append(Post(tuple(lines), footer(table), board, tuple(pinged), buttons, not edit))
    return tuple(posts)


def _merged_dms(table: Table, entries: list[OutboxEntry], moves_made: int) -> tuple[Notice, ...]:
    """One DM per player: the texts of all their notices, their private board once, and a
    picker of their secret moves if they still have to choose."""
    merged: dict[int, list[PrivateLine]] = {}
    for entry in entries:
        for line in entry.private:
            merged.setdefault(line.user_id, []).append(line)
    dms: list[Notice] = []
    for user_id, notices in merged.items():
        seat = notices[0].seat
        text = "\n\n".join(n.text for n in notices if n.text)
        view, picker = None, None
        if seat is not None and 0 <= seat < len(table.players):
            if any(n.view for n in notices):
                view = table.game.view(table.state, seat)
            if any(n.picker for n in notices) and offers.secret_moves(table, seat):
                picker = offers.picker(table, seat, "", moves_made)
        dms.append(Notice(text or "Your choice:", view=view, user_id=user_id, controls=picker))
    return tuple(dms)
