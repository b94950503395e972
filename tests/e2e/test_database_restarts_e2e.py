"""The real bot on a PostgreSQL server of its own (a `tests.postgres.Cluster` each test starts
and stops, so the session's shared server is untouched) outlives the server's restarts and
refusals, against the fake Discord.

Under a stream of `/move`s at three Ley Lines tables the server is restarted with `pg_ctl
restart -m fast`, then `-m immediate` (a crash: the server recovers from its log), then stopped
for 8 s and started. Each `/move` is either confirmed ("Done"), and then in `/history` once and on
the channel's board once (a delivery the outage interrupted is made by the next one, or by the
poll), or refused privately with "nothing was changed" and absent from `/history`; a confirmed
move is never also apologised for. A commit the server went away during gets the honest "I
cannot tell whether it was saved", and `/history` then says whether it was. Afterwards
`python -m bot health` is healthy again and a turn reminder comes (the poll survived).

The server also refuses the bot, for a while, the writes that claim a delivery (INSERT and UPDATE
on `leases`, revoked from the bot's own non-superuser role, which owns its database) while an
update is queued: the poll goes on through its failed passes and posts the board once the
writes are granted back.
"""

from __future__ import annotations

import asyncio
import re
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

import asyncpg
import pytest

from bot.courier import replies
from bot.reminders.cog import STUCK_SECONDS
from tests import postgres
from tests.e2e.conftest import LaunchBot
from tests.e2e.tables import Place, history, open_table, play
from tests.e2e.test_operations_e2e import admin, health_becomes
from tests.fakediscord import FakeDiscord, FakeDiscordTimeout, InteractionResult, Message, User
from tests.hang import HANG_SECONDS

TABLES = ("mars-1", "mars-2", "mars-3")
SQUARES = [f"{column}{row}" for row in range(1, 7) for column in "abcdef"]
SIZES = {"S": "small", "M": "medium", "L": "large"}
PYRAMIDS = 30
"""Moves a table can take with pyramids alone (5 of each size for each player); the stream stops
before, so every move of the plan is legal whenever its player is to move."""
BETWEEN = 6
"""Confirmed moves (all tables together) before the first outage and between two."""
AFTER = 2
"""Confirmed moves at each table after the last outage: each one's delivery also tells what an
interrupted delivery left queued."""
STOPPED_SECONDS = 8.0
RETRY_SECONDS = 0.3
"""The pause before a player sends a refused move again."""
OUTAGE_TRIES = int(HANG_SECONDS / RETRY_SECONDS)
"""How often `/history` is asked while the server may be down (a hang ceiling: an outage is
far shorter)."""
NOTHING_CHANGED = "nothing was changed"
UNCERTAIN = replies.UNCERTAIN
"""The answer when the server went away during the commit: the move may or may not be made."""
DIED = "Unhandled exception in internal background task"
STAYS = "its updates stay queued for the next try"
"""What the bot logs when a delivery meets a database error before it told the table."""
REMINDER = "a reminder that"
MOVE_LINE = re.compile(r"^\d+\. \S+: (.+?) - ", re.MULTILINE)
ROLE, DATABASE = "mars_bot", "mars"
"""The bot's own role and database in the test of refused writes."""
BOT_ENV = {
    "E2E_SEED": "4711",
    "E2E_POLL_SECONDS": "1",
    "TURN_REMINDER_HOURS": "0.001",  # 3.6 s
    "DEV_GUILD_ID": "",
}


@pytest.fixture
def cluster() -> Iterator[postgres.Cluster]:
    """A PostgreSQL server of this test's own, durable (an acknowledged commit survives a
    crash of the server, as in production)."""
    reason = postgres.unavailable()
    if reason is not None:
        pytest.skip(reason)
    server = postgres.Cluster(durable=True)
    server.start()
    try:
        yield server
    finally:
        server.stop()


def planned(index: int) -> str:
    """The table's move number `index` (from 0): the first player's even ones, the second's odd
    ones, each player's pyramids small, medium, large in turn, on the squares a1, b1, ..."""
    return f"{'SML'[index // 2 % 3]} {SQUARES[index]}"


def told(name: str, text: str) -> str:
    """What the board says of `name`'s move `text` (see `planned`)."""
    size, square = text.split()
    return f"{name} placed a {SIZES[size]} pyramid on {square}."


async def until(check: Callable[[], object], what: str, timeout: float) -> None:
    """Wait until `check()` is true (for what the fake is not told of), polling."""
    deadline = time.monotonic() + timeout
    while not check():
        if time.monotonic() > deadline:
            raise FakeDiscordTimeout(f"timed out after {timeout}s waiting for {what}")
        await asyncio.sleep(0.1)


async def sql(url: str, *statements: str) -> object:
    """Run `statements` on the database at `url`: the first value of the last one's result."""
    connection = await asyncpg.connect(url)
    try:
        value = None
        for statement in statements:
            value = await connection.fetchval(statement)
        return value
    finally:
        await connection.close()


async def outbox_empty(url: str, timeout: float) -> None:
    """Wait until the bot's outbox is empty (every update told and marked)."""
    deadline = time.monotonic() + timeout
    while (left := await sql(url, "SELECT COUNT(*) FROM outbox")) != 0:
        if time.monotonic() > deadline:
            raise FakeDiscordTimeout(f"{left} updates still queued after {timeout}s")
        await asyncio.sleep(0.5)


@dataclass
class Attempt:
    """One `/move` sent: its table, its place in the plan, its text and what the bot did."""

    table: str
    index: int
    text: str
    user: User
    result: InteractionResult
    done: bool

    def said(self) -> list[str]:
        """Everything the bot answered (the reply and every follow-up), so far."""
        return [m.content for m in self.result.messages]


@dataclass
class Stream:
    """The players' `/move`s at every table, each sent again after a refusal until it is
    confirmed, until `stop` is set."""

    fake: FakeDiscord
    players: tuple[User, User]
    attempts: list[Attempt] = field(default_factory=list)
    stop: asyncio.Event = field(default_factory=asyncio.Event)

    def confirmed(self, table: str | None = None) -> list[Attempt]:
        return [a for a in self.attempts if a.done and table in (None, a.table)]

    async def play(self, table: str) -> None:
        index = 0
        while index < PYRAMIDS and not self.stop.is_set():
            user, text = self.players[index % 2], planned(index)
            result = await self.fake.slash(user, table, "move", options={"text": text})
            reply = await result.response()
            done = reply.content.startswith("Done")
            if reply.content == UNCERTAIN:  # the commit got no answer: /history says, once
                listed = await moves_listed(self.fake, user, table, OUTAGE_TRIES)  # back up
                done = len(listed) > index
            self.attempts.append(Attempt(table, index, text, user, result, done))
            assert reply.ephemeral, reply.content
            if done:
                index += 1
                continue
            if NOTHING_CHANGED not in reply.content and reply.content != UNCERTAIN:
                await self.unexpected(table, index, reply.content)
            await asyncio.sleep(RETRY_SECONDS)

    async def unexpected(self, table: str, index: int, answer: str) -> None:
        """Fail: the planned move `index`, legal when its player is to move, was refused for
        another reason than an error (most likely an earlier try, answered "nothing was
        changed", was made after all: `/history` says)."""
        text = planned(index)
        earlier = [a.said() for a in self.attempts if a.table == table and a.index == index]
        try:
            made = text in await moves_listed(self.fake, self.players[0], table)
            listed = f"/history {'lists' if made else 'does not list'} it"
        except AssertionError as error:
            listed = str(error)
        raise AssertionError(
            f"{table}: /move {text} by {self.players[index % 2].name} was answered {answer!r}; "
            f"its tries: {earlier}; {listed}"
        )

    async def moves(self, count: int, before: str) -> None:
        """Wait for `count` more confirmed moves."""
        goal = len(self.confirmed()) + count
        await until(
            lambda: len(self.confirmed()) >= goal,
            f"{count} confirmed moves before {before}",
            HANG_SECONDS,
        )


def boards(fake: FakeDiscord, table: Place, event: str) -> list[Message]:
    """The bot's channel messages (deleted ones too) that tell `event`."""
    return [
        m
        for m in fake.messages(table, include_deleted=True)
        if m.interaction_id is None and event in m.content
    ]


async def moves_listed(fake: FakeDiscord, user: User, table: Place, tries: int = 20) -> list[str]:
    """The moves `/history` lists for the table's game (asked again, `tries` times at most,
    while the bot apologises: a pooled connection may still meet the old server once, and
    during an outage the server is down)."""
    for _ in range(tries):
        text = await history(fake, user, table)
        if NOTHING_CHANGED not in text:
            return MOVE_LINE.findall(text)
        await asyncio.sleep(RETRY_SECONDS)
    raise AssertionError(f"/history still fails: {text}")


async def test_moves_survive_restarts_of_the_database(
    cluster: postgres.Cluster,
    fake_discord: FakeDiscord,
    launch_bot: LaunchBot,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    fake = fake_discord
    url = await cluster.new_database()
    monkeypatch.setenv("DATABASE_URL", url)  # for `python -m bot health`
    bot = await launch_bot(extra_env={**BOT_ENV, "DATABASE_URL": url})
    ann, bob = fake.add_user("ann"), fake.add_user("bob")
    for table in TABLES:
        await open_table(fake, table, "leylines", ann, [bob], {"first": 1})
    stream = Stream(fake, (ann, bob))

    async def stopped_a_while() -> None:
        began = time.monotonic()
        await asyncio.to_thread(cluster.stop_server, "fast")
        code, line = await admin(tmp_path, "health")
        assert code == 1 and line.startswith("unhealthy"), line
        await asyncio.sleep(STOPPED_SECONDS - (time.monotonic() - began))
        await asyncio.to_thread(cluster.start_server)

    outages: list[tuple[str, Callable[[], Awaitable[object]]]] = [
        ("restart -m fast", lambda: asyncio.to_thread(cluster.restart, "fast")),
        ("restart -m immediate", lambda: asyncio.to_thread(cluster.restart, "immediate")),
        (f"a stop of {STOPPED_SECONDS:g} s", stopped_a_while),
    ]

    async def operator() -> None:
        for name, outage in outages:
            await stream.moves(BETWEEN, name)
            await outage()
        marks = {table: len(stream.confirmed(table)) for table in TABLES}
        await until(
            lambda: all(len(stream.confirmed(t)) >= marks[t] + AFTER for t in TABLES),
            f"{AFTER} confirmed moves at each table after the outages",
            HANG_SECONDS,
        )
        stream.stop.set()

    async with asyncio.TaskGroup() as players:  # a failure stops every player
        players.create_task(operator())
        for table in TABLES:
            players.create_task(stream.play(table))
    assert any(not a.done for a in stream.attempts), "no /move met an outage"

    # No confirmed move is apologised for, and what was refused did not happen.
    for attempt in stream.attempts:
        if attempt.done:
            assert not any(NOTHING_CHANGED in text for text in attempt.said()), attempt.said()
    for table in TABLES:
        listed = await moves_listed(fake, ann, table)
        assert listed == [a.text for a in stream.confirmed(table)], table

    # Every confirmed move reaches its channel once (what an outage left queued, by the next
    # delivery or the poll); a refused one that was never confirmed does not.
    await outbox_empty(url, STUCK_SECONDS + HANG_SECONDS)
    for table in TABLES:
        made = stream.confirmed(table)
        for attempt in made:
            event = told(attempt.user.name, attempt.text)
            assert len(boards(fake, table, event)) == 1, f"{table}: {event}"
        never = told(stream.players[len(made) % 2].name, planned(len(made)))
        assert boards(fake, table, never) == [], f"{table}: {never}"

    # The poll survived: the bot is healthy again, and reminds the players whose turn it is.
    await health_becomes(tmp_path, True)
    since = fake.checkpoint()
    await fake.wait_for_message(lambda m: REMINDER in m.content, after=since)
    assert DIED not in bot.log_text()


@pytest.fixture
async def bot_role(cluster: postgres.Cluster) -> AsyncIterator[str]:
    """The URL of a database owned by a role of the bot's own, no superuser (whose rights an
    administrator can take away); the bot's migrations make it the owner of every table."""
    await sql(
        cluster.url(),
        f"CREATE ROLE {ROLE} LOGIN NOSUPERUSER",
        f"CREATE DATABASE {DATABASE} OWNER {ROLE}",
    )
    yield f"postgresql://{ROLE}@127.0.0.1:{cluster.port}/{DATABASE}"


async def test_the_poll_outlives_refused_lease_writes(
    cluster: postgres.Cluster,
    bot_role: str,
    fake_discord: FakeDiscord,
    launch_bot: LaunchBot,
) -> None:
    fake = fake_discord
    bot = await launch_bot(extra_env={**BOT_ENV, "DATABASE_URL": bot_role})
    ann, bob = fake.add_user("ann"), fake.add_user("bob")
    table = TABLES[0]
    await open_table(fake, table, "leylines", ann, [bob], {"first": 1})
    await play(fake, ann, table, planned(0))

    await sql(cluster.url(DATABASE), f"REVOKE INSERT, UPDATE ON leases FROM {ROLE}")
    result = await fake.slash(bob, table, "move", options={"text": planned(1)})
    reply = await result.response()
    assert reply.content.startswith("Done"), reply.content
    said = await fake.state.wait_for(
        lambda: [m.content for m in result.messages if "told shortly" in m.content],
        HANG_SECONDS,
        "the mover to hear the table will be told shortly",
    )
    assert not any(NOTHING_CHANGED in m.content for m in result.messages), said
    event = told(bob.name, planned(1))
    # Queued long enough for the poll to take it up now, not only after STUCK_SECONDS:
    await sql(
        cluster.url(DATABASE), f"UPDATE outbox SET created_at = created_at - {STUCK_SECONDS + 5}"
    )
    failed = bot.log_text().count(STAYS)
    await until(
        lambda: bot.log_text().count(STAYS) > failed,
        "the poll to fail to claim the delivery",
        HANG_SECONDS,
    )
    assert "permission denied for table leases" in bot.log_text()
    assert boards(fake, table, event) == []

    await sql(cluster.url(DATABASE), f"GRANT INSERT, UPDATE ON leases TO {ROLE}")
    await fake.wait_for_message(lambda m: event in m.content, channel=table)
    await play(fake, ann, table, planned(2))  # the game goes on
    assert len(boards(fake, table, event)) == 1
    assert DIED not in bot.log_text()
