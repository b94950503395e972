"""A committed move is told once, and truthfully, whatever fails after its commit: a database
error in the delivery's lease or its delivered mark never reaches the mover as "nothing was
changed" (they hear that the move is saved and the table will be told shortly, and the next try
tells it once); every message made from the outbox carries a nonce that every try of the same
part repeats; and a restart after Discord has forgotten the nonces finds the post an
interrupted delivery made in the channel instead of posting it again. With the real table
service on each store and stand-ins for Discord (see tests/bot/test_delivery.py)."""

from __future__ import annotations

import sqlite3
from collections.abc import AsyncIterator
from types import SimpleNamespace
from typing import Any, cast

import asyncpg
import discord
import pytest

from bot.courier.delivery import TOLD_SHORTLY, Courier, nonce
from bot.courier.replies import AFTER_COMMIT, APOLOGY, answer_error, committed
from bot.play.cog import PlayCommands
from bot.play.controls import controls_view
from bot.workers.thinking import Thinkers
from club.service import TableService
from club.storage import Storage
from tests.bot.fakes import FakeFollowup, FakeResponse
from tests.bot.test_delivery import (
    FakeChannel,
    FakeClient,
    FakeMessage,
    FakeUser,
    catalogue,
    courier_for,
    http_error,
    leylines_table,
    numbers_table,
    pictures,
)
from tests.service.fixtures import ANN, BOB, CAT, CHANNEL

__all__ = ["catalogue"]  # the `service` fixture plays the test-only game too
BOT_ID = 4242


class Once:
    """Replaces the storage's method `name` (`repository.method`) so that its next call fails
    as the database does when it goes away (once, or `times` times); later calls work."""

    def __init__(self, storage: Storage, name: str, times: int = 1) -> None:
        repository, method = name.split(".")
        self.real = getattr(getattr(storage, repository), method)
        self.left = times
        self.error: Exception = (
            asyncpg.CannotConnectNowError("the database system is shutting down")
            if storage.shared
            else sqlite3.OperationalError("database is locked")
        )

    async def __call__(self, *args: Any, **kwargs: Any) -> Any:
        if self.left > 0:
            self.left -= 1
            raise self.error
        return await self.real(*args, **kwargs)


def failing(monkeypatch: pytest.MonkeyPatch, storage: Storage, name: str) -> Once:
    """Make the storage's method `name` (`repository.method`) fail once; the leases are used
    even on SQLite (as where several processes share the database)."""
    monkeypatch.setattr(storage.database, "shared", True)
    once = Once(storage, name)
    repository, method = name.split(".")
    monkeypatch.setattr(getattr(storage, repository), method, once)
    return once


class Discordish(FakeChannel):
    """A channel that remembers nonces as Discord does while `window` is open (a repeated
    nonce returns the earlier message) and can be read back (`history`)."""

    def __init__(self, window: bool = True) -> None:
        super().__init__()
        self.window = window
        self.nonces: dict[str, FakeMessage] = {}
        self.sent_nonces: list[str | None] = []
        self.reads = 0

    async def send(self, content: str = "", **parts: Any) -> FakeMessage:
        once = parts.get("nonce")
        self.sent_nonces.append(once)
        if self.window and once in self.nonces:
            return self.nonces[once]
        message = await super().send(content, **parts)
        if once is not None:
            self.nonces[once] = message
        return message

    async def history(
        self, *, limit: int, after: discord.Object, oldest_first: bool
    ) -> AsyncIterator[Any]:
        self.reads += 1
        for message in self.messages[:limit]:
            if message.id > after.id:
                author = SimpleNamespace(id=BOT_ID)
                yield SimpleNamespace(
                    id=message.id, author=author, content=message.parts["content"]
                )


class DiscordishUser(FakeUser):
    """A user whose DMs remember nonces as Discord does."""

    def __init__(self) -> None:
        super().__init__()
        self.nonces: list[str | None] = []

    async def send(self, content: str = "", **parts: Any) -> None:
        once = parts.get("nonce")
        if once is None or once not in self.nonces:
            self.nonces.append(once)
            await super().send(content, **parts)


def process(service: TableService, channel: FakeChannel, users: dict[int, FakeUser]) -> Courier:
    """The courier of a (newly started) bot process, signed in as the bot."""
    client = FakeClient(users, channel)
    cast(Any, client).user = SimpleNamespace(id=BOT_ID)
    return Courier(cast(Any, client), service, pictures(), controls_view)


async def test_a_database_error_on_the_lease_is_reported_and_the_next_try_tells_once(
    monkeypatch: pytest.MonkeyPatch, service: TableService, storage: Storage
) -> None:
    game_id = await leylines_table(service)
    courier, channel, _ = courier_for(service)
    await courier.flush(game_id)
    await service.play.move(CHANNEL, ANN, "L c3")
    failing(monkeypatch, storage, "leases.claim")
    report = await courier.flush(game_id)  # never raises
    assert report.problem == TOLD_SHORTLY
    assert len(channel.messages) == 1 and len(await storage.outbox.pending(game_id)) == 1

    assert (await courier.flush(game_id)).problem is None  # the poll's next pass
    assert len(channel.messages) == 2 and "c3" in channel.messages[-1].parts["content"]
    assert await storage.outbox.pending(game_id) == []


async def test_a_database_error_giving_the_lease_up_after_telling_is_no_problem(
    monkeypatch: pytest.MonkeyPatch, service: TableService, storage: Storage
) -> None:
    game_id = await leylines_table(service)
    courier, channel, _ = courier_for(service)
    failing(monkeypatch, storage, "leases.release")
    assert (await courier.flush(game_id)).problem is None
    assert len(channel.messages) == 1 and await storage.outbox.pending(game_id) == []


async def test_updates_told_but_not_marked_are_marked_at_the_next_try_not_told_again(
    monkeypatch: pytest.MonkeyPatch, service: TableService, storage: Storage
) -> None:
    game_id = await numbers_table(service)
    courier, channel, users = courier_for(service)
    once = failing(monkeypatch, storage, "outbox.delivered")
    assert (await courier.flush(game_id)).problem is None  # the table was told
    assert once.left == 0 and len(await storage.outbox.pending(game_id)) == 1
    [board] = channel.messages
    assert all(len(user.received) == 1 for user in users.values())

    await courier.flush(game_id)  # the poll's next pass: marked, not told again
    assert channel.messages == [board] and await storage.outbox.pending(game_id) == []
    assert all(len(user.received) == 1 for user in users.values())
    await service.play.move(CHANNEL, ANN, "pick 7")
    await courier.flush(game_id)
    assert channel.messages == [board] and board.edits == 1  # the living message, edited
    assert "Ann picked a number." in board.parts["content"]


async def test_every_message_of_the_outbox_has_a_nonce_each_try_repeats(
    monkeypatch: pytest.MonkeyPatch, service: TableService, storage: Storage
) -> None:
    game_id = await numbers_table(service)
    last = (await storage.outbox.pending(game_id))[-1]
    upto, queued_at = last.id, last.queued_at
    channel = Discordish()
    users: dict[int, FakeUser] = {p.user_id: DiscordishUser() for p in (ANN, BOB)}
    users[CAT.user_id] = FakeUser(closed=True)
    failing(monkeypatch, storage, "outbox.delivered")
    await process(service, channel, users).flush(game_id)  # then the process dies

    await process(service, channel, users).flush(game_id)  # restarted within the window
    post, hint = nonce(game_id, upto, queued_at, "post 0"), nonce(game_id, upto, queued_at, "hint")
    assert all(len(once) <= 25 for once in (post, hint))  # Discord's limit
    assert channel.sent_nonces == [post, hint, post]  # the hint is given once per game anyway
    assert [m.parts["nonce"] for m in channel.messages] == [post, hint]
    for person in (ANN, BOB):
        user = cast(DiscordishUser, users[person.user_id])
        assert user.nonces == [nonce(game_id, upto, queued_at, f"dm {person.user_id} 0")]
        assert len(user.received) == 1
    dms = {nonce(game_id, upto, queued_at, f"dm {p.user_id} 0") for p in (ANN, BOB)}
    assert len({post, hint, *dms}) == 4
    assert await storage.outbox.pending(game_id) == []


async def test_updates_that_share_an_outbox_id_have_different_nonces(
    service: TableService,
    storage: Storage,
) -> None:
    game_id = await leylines_table(service)
    channel = Discordish()
    users: dict[int, FakeUser] = {p.user_id: FakeUser() for p in (ANN, BOB)}
    courier = process(service, channel, users)
    ids = [(await storage.outbox.pending(game_id))[-1].id]
    await courier.flush(game_id)
    for person, text in ((ANN, "L c3"), (BOB, "M d4")):
        await service.play.move(CHANNEL, person, text)
        ids.append((await storage.outbox.pending(game_id))[-1].id)
        await courier.flush(game_id)
    if storage.shared is False:
        assert len(set(ids)) == 1  # SQLite gives a delivered entry's id again
    assert len(set(channel.sent_nonces)) == 3 and len(channel.messages) == 3
    assert "d4" in channel.messages[-1].parts["content"]


async def test_a_post_made_and_deleted_since_is_not_made_again(
    service: TableService, storage: Storage
) -> None:
    game_id = await leylines_table(service)
    courier, channel, _ = courier_for(service)
    channel.refuse = [http_error(404, 10008)]  # Discord: its nonce's message was deleted
    assert (await courier.flush(game_id)).problem is None
    assert channel.messages == [] and await storage.outbox.pending(game_id) == []


async def test_a_restart_after_the_nonce_window_finds_the_post_already_made(
    monkeypatch: pytest.MonkeyPatch, service: TableService, storage: Storage
) -> None:
    game_id = await leylines_table(service)
    channel = Discordish(window=False)  # Discord has forgotten the nonces
    users: dict[int, FakeUser] = {p.user_id: FakeUser() for p in (ANN, BOB)}
    await process(service, channel, users).flush(game_id)
    await service.play.move(CHANNEL, ANN, "L c3")
    failing(monkeypatch, storage, "outbox.delivered")
    await process(service, channel, users).flush(game_id)  # posts, then the process dies
    opening, posted = channel.messages
    reads = channel.reads
    await storage.db.execute("UPDATE outbox SET created_at = created_at - 600")  # later

    restarted = process(service, channel, users)
    assert (await restarted.flush(game_id)).problem is None
    assert channel.messages == [opening, posted] and channel.reads == reads + 1
    assert await storage.outbox.pending(game_id) == []
    assert (await storage.games.get(game_id) or pytest.fail()).living.message_id == posted.id
    await service.play.move(CHANNEL, BOB, "M d4")
    await restarted.flush(game_id)  # updates made since the start: the channel is not read
    assert len(channel.messages) == 3 and channel.reads == reads + 1
    assert "d4" in channel.messages[-1].parts["content"]


class FakeInteraction:
    """What `/move` touches of a discord.Interaction, from user Ann in the game's channel."""

    def __init__(self, service: TableService) -> None:
        self.client = SimpleNamespace(service=service)
        self.guild_id = 1
        self.channel_id = CHANNEL
        self.user = SimpleNamespace(id=ANN.user_id, display_name=ANN.name)
        self.command = None
        self.message = None
        self.type = discord.InteractionType.application_command
        self.extras: dict[Any, Any] = {}
        self.response = FakeResponse()
        self.followup = FakeFollowup(self.response)


async def move_as_the_bot_does(service: TableService, courier: Courier, text: str) -> list[str]:
    """`/move text` by Ann as discord.py runs it (an error goes to `answer_error`): what she is
    told, privately."""
    interaction = FakeInteraction(service)
    play = PlayCommands(service, courier, Thinkers(None))
    try:
        await cast(Any, play.move.callback)(play, interaction, text=text)
    except Exception as error:
        await answer_error(cast(Any, interaction), error)
    assert all(private for _, private in interaction.response.sent)
    return [said for said, _ in interaction.response.sent]


@pytest.mark.parametrize("fails", ["leases.claim", "outbox.delivered"])
async def test_the_mover_is_told_the_truth_when_the_database_fails_after_the_commit(
    monkeypatch: pytest.MonkeyPatch, service: TableService, storage: Storage, fails: str
) -> None:
    game_id = await leylines_table(service)
    courier, channel, _ = courier_for(service)
    await courier.flush(game_id)
    failing(monkeypatch, storage, fails)
    said = await move_as_the_bot_does(service, courier, "L c3")
    assert APOLOGY not in said and said[0].startswith("Done")
    if fails == "leases.claim":  # nothing told yet
        assert said[1:] == [f"Your action is saved, but {TOLD_SHORTLY}"]
        assert len(channel.messages) == 1
    else:  # told, only not marked
        assert said[1:] == [] and len(channel.messages) == 2
    await courier.flush(game_id)  # the poll's next pass
    assert len(channel.messages) == 2 and "c3" in channel.messages[-1].parts["content"]
    assert await storage.outbox.pending(game_id) == []
    assert len(await storage.moves.of(game_id)) == 1


async def test_an_unexpected_error_after_the_commit_is_never_nothing_was_changed(
    service: TableService,
) -> None:
    answers = []
    stages = (None, "saved", "queued", "told")
    for stage in stages:
        interaction = FakeInteraction(service)
        if stage is not None:
            committed(cast(Any, interaction), stage)
        await answer_error(cast(Any, interaction), RuntimeError("a bug"))
        [(said, private)] = interaction.response.sent
        assert private
        answers.append(said)
    assert answers == [APOLOGY, *(AFTER_COMMIT[stage] for stage in stages[1:])]
    assert all("saved" in said and "nothing was changed" not in said for said in answers[1:])
    assert "told shortly" in AFTER_COMMIT["queued"]
