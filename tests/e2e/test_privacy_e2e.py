"""The real bot process against the fake Discord server (which checks every request against
Discord's OpenAPI description): `/privacy show` and `/privacy export` answer privately, and
`/privacy forget` asks for a confirming click that only its asker may give, then resigns the
person's table in play (told to the table once, already as "Former player 1"), so that
`/history` names them so; their lobby in another channel closes and its message stops naming
them."""

from __future__ import annotations

import asyncio
import json
import time

from tests.e2e.conftest import LaunchBot
from tests.e2e.tables import board_after, history, marks, open_table
from tests.fakediscord import FakeDiscord
from tests.hang import HANG_SECONDS

CHANNEL = "mars-1"
OTHER = "mars-2"


async def edited_away(fake: FakeDiscord, message_id: int, text: str) -> None:
    """Wait until the message `message_id` in `OTHER` no longer holds `text`."""
    deadline = time.monotonic() + HANG_SECONDS
    while any(m.id == message_id and text in m.content for m in fake.messages(OTHER)):
        assert time.monotonic() < deadline, f"{text} still shown in message {message_id}"
        await asyncio.sleep(0.05)


async def test_forget_after_a_confirming_click_resigns_and_renames(
    fake_discord: FakeDiscord, launch_bot: LaunchBot
) -> None:
    fake = fake_discord
    await launch_bot()
    await fake.wait_commands_synced()
    ann, bob = fake.add_user("Zephyrine"), fake.add_user("Bob")
    await open_table(fake, CHANNEL, "leylines", ann, [bob], options={"first": 1})
    lobby = await (await fake.slash(ann, OTHER, "new", subcommand="leylines")).response()
    assert not lobby.ephemeral and f"<@{ann.id}>" in lobby.content, lobby.content

    shown = await (await fake.slash(ann, CHANNEL, "privacy", subcommand="show")).response()
    assert shown.ephemeral and "games: 2" in shown.content, shown.content  # a table, a lobby
    exported = await (await fake.slash(ann, CHANNEL, "privacy", subcommand="export")).response()
    assert exported.ephemeral
    [attachment] = exported.attachments
    data = json.loads(attachment.data)
    assert data["names"] == ["Zephyrine"] and data["games"][0]["seats"] == ["Zephyrine", "Bob"]
    assert str(bob.id) not in attachment.data.decode()

    asked = await (await fake.slash(ann, CHANNEL, "privacy", subcommand="forget")).response()
    assert asked.ephemeral and "Forget me" in asked.content
    [button] = asked.custom_ids
    refused = await (await fake.click(bob, asked, button)).response()
    assert refused.ephemeral and "someone else's" in refused.content

    before = marks(fake, CHANNEL)
    done = await (await fake.click(ann, asked, button)).response()
    assert done.ephemeral and "Former player 1" in done.content, done.content
    board = await board_after(fake, CHANNEL, before)
    assert "Bob wins (Former player 1 resigned)" in board.content, board.content
    assert "Zephyrine" not in board.content
    told = [m for m in fake.messages(CHANNEL) if "Former player 1 resigned" in m.content]
    assert len(told) == 1

    await edited_away(fake, lobby.id, f"<@{ann.id}>")

    record = await history(fake, bob, CHANNEL)
    assert "Former player 1" in record and "Zephyrine" not in record
    again = await (await fake.click(ann, asked, button)).response()
    assert again.ephemeral and "try again" in again.content
