"""The real bot process against the fake Discord server: the Rematch button.

Bob resigns a game of Ley Lines; its final board has a **Rematch** button. Cat, who did not
play, is refused privately; Bob's press opens the rematch's lobby with himself seated and named
to move first (Ann did last time). The bot restarts, and Ann's press of the same button seats
her. Once the rematch has started, a late press changes nothing.
"""

from __future__ import annotations

import asyncio
import sqlite3
import time
from pathlib import Path

from tests.e2e.conftest import LaunchBot
from tests.e2e.tables import board_after, marks, open_table, play, resign
from tests.fakediscord import FakeDiscord
from tests.hang import HANG_SECONDS

CHANNEL = "mars-1"


async def remembered(database: Path, message_id: int) -> None:
    """Wait until the bot has stored `message_id` as its lobby's message (the last step of
    opening a lobby, after its reply is posted), so that a restart finds it."""
    deadline = time.monotonic() + HANG_SECONDS
    while time.monotonic() < deadline:
        db = sqlite3.connect(database, timeout=HANG_SECONDS)
        try:
            found = db.execute(
                "SELECT 1 FROM games WHERE lobby_message_id = ?", (message_id,)
            ).fetchone()
        finally:
            db.close()
        if found:
            return
        await asyncio.sleep(0.05)
    raise AssertionError("the lobby message was not stored")


async def test_the_rematch_button_opens_and_fills_a_lobby_across_a_restart(
    fake_discord: FakeDiscord, launch_bot: LaunchBot, tmp_path: Path
) -> None:
    fake = fake_discord
    bot = await launch_bot()
    await fake.wait_commands_synced()
    ann, bob, cat = fake.add_user("ann"), fake.add_user("bob"), fake.add_user("cat")
    await open_table(fake, CHANNEL, "leylines", ann, [bob], {"first": 1})
    await play(fake, ann, CHANNEL, "L c3")
    before = marks(fake, CHANNEL)
    await resign(fake, bob, CHANNEL)
    final = await board_after(fake, CHANNEL, before)
    assert "**Game over.**" in final.content
    [rematch] = [c for c in final.custom_ids if c.startswith("mars:rematch:")]

    before = marks(fake, CHANNEL)  # between tables, /board shows the last game's end
    shown = await (await fake.slash(cat, CHANNEL, "board")).response()
    assert shown.ephemeral and shown.content == "Here is the board again:", shown.content
    again = await board_after(fake, CHANNEL, before)
    assert again.id != final.id and again.attachments
    assert again.content.startswith("**Ley Lines of Mars**, the final board after 2 moves.\n")
    assert again.content.count("**Game over.**") == 1
    assert [c for c in again.custom_ids if c.startswith("mars:rematch:")] == [rematch]

    refusal = await (await fake.click(cat, final, rematch)).response()
    assert refusal.ephemeral and "Only the players of that game" in refusal.content
    assert "`/join`" in refusal.content

    lobby = await (await fake.click(bob, final, rematch)).response()
    assert not lobby.ephemeral and "a new table is open" in lobby.content
    assert f"Seated (1/2): <@{bob.id}>" in lobby.content
    waiting = await (await fake.slash(cat, CHANNEL, "board")).response()
    assert waiting.ephemeral and "has not started yet" in waiting.content
    assert f"first: <@{bob.id}> (first players alternate)" in lobby.content
    assert any(c.endswith(":join") for c in lobby.custom_ids)

    await remembered(tmp_path / "bot.sqlite3", lobby.id)
    await bot.stop()
    await launch_bot()
    joined = await (await fake.click(ann, final, rematch)).response()
    assert not joined.ephemeral
    assert joined.content == f"<@{ann.id}> joined the Ley Lines of Mars rematch."
    await fake.state.wait_for(
        lambda: f"Seated (2/2): <@{bob.id}>, <@{ann.id}>" in fake.get_message(lobby.id).content,
        10,
        "the lobby message to seat Ann",
    )

    before = marks(fake, CHANNEL)
    started = await (await fake.slash(ann, CHANNEL, "start")).response()
    assert started.ephemeral and "has started" in started.content
    board = await board_after(fake, CHANNEL, before)
    assert f"<@{bob.id}>, your turn." in board.content
    late = await (await fake.click(ann, final, rematch)).response()
    assert late.ephemeral and "already started" in late.content
