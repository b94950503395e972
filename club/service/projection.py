"""What the table sees: the one projection of a game's undelivered updates (its outbox
entries) onto channel posts and one DM per player, made from the game as it stands.

`project` is the only code that says what a table is shown. The request that committed an
update projects it as it commits it (see `club.service.commits`), the recovery poll projects
what the outbox holds (`club.service.deliveries`), and `/board` queues an entry that is
projected the same way; the transport (`bot.courier`) only fits the result to Discord.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence

from club.service import offers, wording
from club.service.computer_seats import is_computer
from club.service.outbox import OutboxEntry, PrivateLine
from club.service.tables import Table, turn_line
from club.service.updates import Controls, Delivery, Notice, Post
from club.storage.rows import Living, OutboxRow
from engine.core import View

KEPT_NARRATION = 4096
"""Characters of the living board message's narration kept in the store for its next edit (its
last lines, after a pointer to `/history`): a phase told update by update in one message would
otherwise grow without end, and a board message shows no more than its last lines."""


def project(table: Table, entries: Sequence[OutboxRow], living: Living) -> Delivery:
    """What `table` (as it stands) shows for its undelivered `entries` (oldest first, at least
    one), its board message being `living` (engine work: views, legal moves; run it off the
    event loop).

    Consecutive entries that need no new channel message are edited into the living board
    message (also when a new message follows them: the board message then keeps their lines,
    without its footer and buttons); an entry that brings new players to act starts a new
    message. Only the last
    message carries the board, the footer, pings and buttons, all as the game stands. Each
    player's private lines are merged into one DM, but for the lines of their own action that
    the answer to their request tells them (`answers`, see `confirmation`): a person is DMed
    only what they did not just do themselves.
    """
    told = [OutboxEntry.from_json(row.payload) for row in entries]
    actors = () if table.row.status == "abandoned" else table.actor_ids()
    posts = _posts(table, told, living, set(actors))
    last = posts[-1]
    board_text = last_lines(last.narration, KEPT_NARRATION)
    digest = view_digest(last.view) if last.view is not None else living.digest
    return Delivery(
        table.row.id,
        table.row.channel_id,
        entries[-1].id,
        entries[-1].queued_at,
        posts,
        _merged_dms(table, told),
        Living(living.message_id, board_text, digest),
        computer_to_act=any(is_computer(user) for user in actors),
        answers=_answers(told),
    )


def confirmation(delivery: Delivery, user_id: int, notation: str) -> str:
    """What the maker of an action (written `notation`, projected as `delivery`) is answered
    privately: that it is done, then what it told them alone (their own secret move)."""
    done = f"Done: `{notation}`."
    own = [n.text for n in delivery.answers if n.user_id == user_id]
    return "\n".join([done, *own])


def _answers(entries: list[OutboxEntry]) -> tuple[Notice, ...]:
    """Per player, the private lines told in the answer to their own action (see
    `PrivateLine.answered`)."""
    merged: dict[int, list[str]] = {}
    for entry in entries:
        for line in entry.private:
            if line.answered:
                merged.setdefault(line.user_id, []).append(line.text)
    return tuple(Notice("\n".join(texts), user_id=user) for user, texts in merged.items())


def footer(table: Table) -> str:
    """Whose turn it is, or the result (or that the game ended without one); and, once a
    computer has stood in for a player, that the game is unrated."""
    unrated = f"\n{wording.UNRATED}" if table.row.unrated else ""
    if table.row.status == "abandoned":
        return wording.no_result() + unrated
    if table.row.result is not None:
        return wording.game_over(table.row.result) + unrated
    outcome = table.game.outcome(table.state)
    if outcome is not None:
        names = [p.name for p in table.players]
        return wording.game_over(wording.result_line(names, outcome)) + unrated
    return turn_line(table) + unrated


def controls(table: Table) -> Controls | None:
    """The buttons under the board (Rematch once the game is over): none once it was
    abandoned."""
    if table.row.status == "abandoned":
        return None
    return offers.buttons(table, table.row.moves_made)


def _posts(
    table: Table, entries: list[OutboxEntry], living: Living, actors: set[int]
) -> tuple[Post, ...]:
    groups: list[list[OutboxEntry]] = []
    for entry in entries:
        if not groups or entry.fresh:
            groups.append([])
        groups[-1].append(entry)
    posts = []
    for index, group in enumerate(groups):
        edit = index == 0 and not group[0].fresh and living.message_id is not None
        lines = [line for e in group for line in e.said.splitlines() if line.strip()]
        if edit and living.text:
            lines = [*living.text.splitlines(), *lines]
        if index < len(groups) - 1:  # what happened before a new message: no footer
            posts.append(Post(tuple(lines), "", None, (), None, not edit))
            continue
        board: View | None = table.game.view(table.state, None)
        if edit and view_digest(board) == living.digest:
            board = None
        pinged = dict.fromkeys(u for e in group for u in e.mentions if u in actors)
        posts.append(
            Post(tuple(lines), footer(table), board, tuple(pinged), controls(table), not edit)
        )
    return tuple(posts)


def _merged_dms(table: Table, entries: list[OutboxEntry]) -> tuple[Notice, ...]:
    """One DM per player: the texts of all their lines, their private board once, and a
    picker of their secret moves if they still have to choose."""
    merged: dict[int, list[PrivateLine]] = {}
    for entry in entries:
        for line in entry.private:
            if not line.answered:
                merged.setdefault(line.user_id, []).append(line)
    dms: list[Notice] = []
    for user_id, lines in merged.items():
        seat = lines[0].seat
        text = "\n\n".join(n.text for n in lines if n.text)
        view, picker = None, None
        if seat is not None and 0 <= seat < len(table.players):
            if any(n.view for n in lines):
                view = table.game.view(table.state, seat)
            if any(n.picker for n in lines) and offers.secret_moves(table, seat):
                picker = offers.picker(table, seat, "", table.row.moves_made)
        dms.append(Notice(text or "Your choice:", view=view, user_id=user_id, controls=picker))
    return tuple(dms)


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
