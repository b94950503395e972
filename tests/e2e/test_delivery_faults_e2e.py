"""The real bot when Discord fails it: a channel post refused once is sent again; where the bot
may not post, the player is told truthfully that their move was saved and the game goes on; a
deleted channel closes its game. (That DMs still go out when the channel refuses is tested with
the courier in tests/bot/test_delivery.py.)"""

from __future__ import annotations

import sqlite3
from pathlib import Path

from tests.e2e.conftest import LaunchBot
from tests.e2e.tables import board_after, legal_moves, marks, move, open_table
from tests.fakediscord import FakeDiscord, Message, User
from tests.fakediscord.interactions import InteractionResult

CHANNEL = "mars-3"


async def pick_first(fake: FakeDiscord, user: User, menu: Message) -> InteractionResult:
    """Choose the first option of the DM menu on `menu`."""
    [custom_id] = menu.custom_ids
    component = menu.component(custom_id)
    assert component is not None
    return await fake.click(user, menu, custom_id, values=[component["options"][0]["value"]])


async def test_a_failed_post_is_sent_again(
    fake_discord: FakeDiscord, launch_bot: LaunchBot
) -> None:
    fake = fake_discord
    await launch_bot()
    await fake.wait_commands_synced()
    ann, bob = fake.add_user("ann"), fake.add_user("bob")
    await open_table(fake, CHANNEL, "leylines", ann, [bob], {"first": 1})
    fake.fail_next("POST", r"/channels/\d+/messages$", 500)
    before = marks(fake, CHANNEL)
    reply = await move(fake, ann, CHANNEL, "L c3")
    assert reply.ephemeral and reply.content.startswith("Done")
    board = await board_after(fake, CHANNEL, before)
    assert f"<@{bob.id}>, your turn." in board.content


async def test_no_permission_to_post_is_said_truthfully(
    fake_discord: FakeDiscord, launch_bot: LaunchBot
) -> None:
    fake = fake_discord
    await launch_bot(extra_env={"E2E_SEED": "99"})
    await fake.wait_commands_synced()
    ann, bob = fake.add_user("ann"), fake.add_user("bob")
    await open_table(fake, CHANNEL, "agents", ann, [bob], {"first": 1})
    anns = await legal_moves(fake, ann, CHANNEL, "objectives")
    before = marks(fake, CHANNEL)
    assert (await move(fake, ann, CHANNEL, anns[0])).content.startswith("Done")
    await board_after(fake, CHANNEL, before)  # Ann's update is told: Bob's is his own to tell
    menu = await fake.state.wait_for(
        lambda: next((m for m in fake.dms(bob) if m.custom_ids), None), 10, "Bob's menu"
    )
    fake.deny_send(CHANNEL)  # Bob's choice starts the play: a new message pinging Ann is due
    clicked = await pick_first(fake, bob, menu)
    assert (await clicked.response()).content.startswith("Done")
    *_, said = await clicked.followups()
    assert "saved" in said.content and "permission" in said.content
    assert "nothing was changed" not in said.content
    assert await legal_moves(fake, ann, CHANNEL)  # the game went on: Ann is to play


async def test_a_deleted_channel_closes_its_game(
    fake_discord: FakeDiscord, launch_bot: LaunchBot, tmp_path: Path
) -> None:
    fake = fake_discord
    await launch_bot(extra_env={"E2E_SEED": "99"})
    await fake.wait_commands_synced()
    ann, bob = fake.add_user("ann"), fake.add_user("bob")
    await open_table(fake, CHANNEL, "agents", ann, [bob], {"first": 1})
    menu = await fake.state.wait_for(
        lambda: next((m for m in fake.dms(ann) if m.custom_ids), None), 10, "Ann's menu"
    )
    fake.delete_channel(CHANNEL)
    clicked = await pick_first(fake, ann, menu)
    *_, said = await clicked.followups()
    assert "channel is gone" in said.content and "closed" in said.content
    with sqlite3.connect(tmp_path / "bot.sqlite3") as db:
        [(status,)] = db.execute("SELECT status FROM games").fetchall()
    assert status == "abandoned"
