"""The real bot tells each committed move once, and truthfully, on SQLite: killed (SIGKILL)
between Discord making a channel post or a DM and the bot marking it delivered, it is
restarted and the update is not made again (the same nonce, with `enforce_nonce`, gets the
earlier message back; after Discord's few minutes, the post is found in the channel; a DM
has its nonce only); and when
the database refuses the delivered mark, the mover hears no "nothing was changed" and the next
delivery marks the update instead of telling it twice.

The fake Discord holds back its answer to the post (`FakeDiscord.hold_next`), so each test
stops the bot at the same point every time.
"""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import Callable
from pathlib import Path

from tests.e2e.conftest import LaunchBot
from tests.e2e.tables import marks, move, open_table, play
from tests.fakediscord import FakeDiscord, FakeDiscordTimeout, Message, User
from tests.hang import HANG_SECONDS

CHANNEL = "mars-2"


async def until(check: Callable[[], object], what: str, timeout: float = HANG_SECONDS) -> None:
    """Wait until `check()` is true (for what the fake is not told of: the bot's database and
    log)."""
    for _ in range(int(timeout * 10)):
        if check():
            return
        await asyncio.sleep(0.1)
    raise FakeDiscordTimeout(f"timed out after {timeout}s waiting for {what}")


def queued(database: Path) -> int:
    """How many updates the bot's outbox holds."""
    with sqlite3.connect(database) as db:
        [(count,)] = db.execute("SELECT COUNT(*) FROM outbox").fetchall()
    return int(count)


def turns(fake: FakeDiscord, user: User) -> list[Message]:
    """The channel's messages that give `user` the turn."""
    return [m for m in fake.messages(CHANNEL) if f"<@{user.id}>, your turn." in m.content]


def posts_path(fake: FakeDiscord, channel_id: int) -> str:
    return rf"/channels/{channel_id}/messages$"


async def test_a_bot_killed_between_a_post_and_its_mark_posts_it_once(
    fake_discord: FakeDiscord, launch_bot: LaunchBot, tmp_path: Path
) -> None:
    fake = fake_discord
    bot = await launch_bot()
    await fake.wait_commands_synced()
    ann, bob = fake.add_user("ann"), fake.add_user("bob")
    await open_table(fake, CHANNEL, "leylines", ann, [bob], {"first": 1})
    hold = fake.hold_next("POST", posts_path(fake, fake.channel(CHANNEL).id))
    reply = await move(fake, ann, CHANNEL, "L c3")
    assert reply.content.startswith("Done"), reply.content
    await hold.wait()  # Discord made the post; its answer never reaches the bot
    await bot.kill()
    hold.release()
    [posted] = turns(fake, bob)

    await bot.start()  # its first poll delivers what was queued before it started
    await until(lambda: queued(tmp_path / "bot.sqlite3") == 0, "the queued update to be told")
    assert turns(fake, bob) == [posted]
    assert fake.repeated_nonces == [posted]  # Discord was asked again, with the same nonce
    board = await play(fake, bob, CHANNEL, "M d4")  # the game goes on
    assert turns(fake, ann)[-1] is board and "d4" in board.content


async def test_a_restart_after_discord_forgot_the_nonce_finds_the_post(
    fake_discord: FakeDiscord, launch_bot: LaunchBot, tmp_path: Path
) -> None:
    fake = fake_discord
    bot = await launch_bot()
    await fake.wait_commands_synced()
    ann, bob = fake.add_user("ann"), fake.add_user("bob")
    await open_table(fake, CHANNEL, "leylines", ann, [bob], {"first": 1})
    hold = fake.hold_next("POST", posts_path(fake, fake.channel(CHANNEL).id))
    await move(fake, ann, CHANNEL, "L c3")
    await hold.wait()
    await bot.kill()
    hold.release()
    [posted] = turns(fake, bob)
    fake.nonce_window = 0.0  # the bot comes back ten minutes later:
    with sqlite3.connect(tmp_path / "bot.sqlite3") as db:
        db.execute("UPDATE outbox SET created_at = created_at - 600")

    await bot.start()
    await until(lambda: queued(tmp_path / "bot.sqlite3") == 0, "the queued update to be told")
    assert turns(fake, bob) == [posted] and fake.repeated_nonces == []
    board = await play(fake, bob, CHANNEL, "M d4")
    assert turns(fake, ann)[-1] is board


async def test_a_bot_killed_between_a_dm_and_its_mark_sends_it_once(
    fake_discord: FakeDiscord, launch_bot: LaunchBot, tmp_path: Path
) -> None:
    fake = fake_discord
    bot = await launch_bot(extra_env={"E2E_SEED": "99"})
    await fake.wait_commands_synced()
    ann, bob = fake.add_user("ann"), fake.add_user("bob")
    lobby = await (
        await fake.slash(ann, CHANNEL, "new", subcommand="agents", options={"first": 1})
    ).response()
    assert not lobby.ephemeral, lobby.content
    await (await fake.slash(bob, CHANNEL, "join")).response()
    for player in (ann, bob):  # each one's test DM, before the DMs counted below
        await fake.wait_for_message(
            lambda m: "You joined" in m.content, channel=fake.dm_channel(player)
        )
    since = fake.checkpoint()
    hold = fake.hold_next("POST", posts_path(fake, fake.dm_channel(ann).id))
    started = await (await fake.slash(ann, CHANNEL, "start")).response()
    assert "has started" in started.content, started.content
    await hold.wait()  # the channel was told; Ann's DM was made, its answer is held
    await bot.kill()
    hold.release()

    def dms(user: User) -> list[Message]:
        return [m for m in fake.dms(user) if m.seq > since]

    [anns] = dms(ann)
    assert anns.custom_ids, "Ann's DM holds her menu"
    await bot.start()
    await until(lambda: queued(tmp_path / "bot.sqlite3") == 0, "the queued update to be told")
    assert dms(ann) == [anns]
    assert len(dms(bob)) == 1
    assert len([m for m in fake.messages(CHANNEL) if "begins" in m.content]) == 1
    assert anns in fake.repeated_nonces


async def test_a_refused_delivered_mark_is_not_told_as_nothing_changed(
    fake_discord: FakeDiscord, launch_bot: LaunchBot, tmp_path: Path
) -> None:
    fake = fake_discord
    bot = await launch_bot()
    await fake.wait_commands_synced()
    ann, bob = fake.add_user("ann"), fake.add_user("bob")
    await open_table(fake, CHANNEL, "leylines", ann, [bob], {"first": 1})
    hold = fake.hold_next("POST", posts_path(fake, fake.channel(CHANNEL).id))
    result = await fake.slash(ann, CHANNEL, "move", options={"text": "L c3"})
    await hold.wait()
    database = sqlite3.connect(tmp_path / "bot.sqlite3", timeout=HANG_SECONDS, isolation_level=None)
    database.execute("BEGIN IMMEDIATE")  # the bot's next write waits, then fails
    try:
        hold.release()
        await until(
            lambda: "not marked delivered" in bot.log_text() or len(result.followup_messages) > 1,
            "the delivered mark to fail",
        )
    finally:
        database.execute("ROLLBACK")
        database.close()
    assert (await result.response()).content.startswith("Done")
    said = [m.content for m in result.messages]
    assert not any("nothing was changed" in text for text in said), said
    [posted] = turns(fake, bob)

    before = marks(fake, CHANNEL)
    board = await play(fake, bob, CHANNEL, "M d4")  # its delivery marks Ann's update first
    assert turns(fake, bob) == [posted] and turns(fake, ann)[-1] is board
    await until(lambda: queued(tmp_path / "bot.sqlite3") == 0, "both updates to be marked")
    assert [m for m in fake.messages(CHANNEL) if m.id not in before] == [board]
