"""The real bot process against the fake Discord server: `/resign` and `/abandon` ask first.

Each answers its user alone with a button labelled in words; nothing changes until it is
pressed. Someone else's press is refused and changes nothing; the user's press resigns (the
prompt becomes the confirmation, the table is told) or abandons (said in the channel).
"""

from __future__ import annotations

from tests.e2e.conftest import LaunchBot
from tests.e2e.tables import board_after, labelled, marks, open_table
from tests.e2e.test_text_mode_e2e import assert_readable
from tests.fakediscord import FakeDiscord

CHANNEL = "mars-1"


async def test_resign_and_abandon_ask_for_a_press(
    fake_discord: FakeDiscord, launch_bot: LaunchBot
) -> None:
    fake = fake_discord
    await launch_bot()
    await fake.wait_commands_synced()
    ann, bob = fake.add_user("ann"), fake.add_user("bob")
    await open_table(fake, CHANNEL, "leylines", ann, [bob], {"first": 1})

    before = marks(fake, CHANNEL)
    asked = await (await fake.slash(bob, CHANNEL, "resign")).response()
    assert asked.ephemeral and "Press **Resign**" in asked.content, asked.content
    assert marks(fake, CHANNEL) == before  # nothing changed yet
    other = await (await fake.click(ann, asked, labelled(asked, "Resign"))).response()
    assert other.ephemeral and "someone else's; nothing was changed" in other.content
    assert marks(fake, CHANNEL) == before
    done = await (await fake.click(bob, asked, labelled(asked, "Resign"))).response()
    assert done.ephemeral and "resign" in done.content.lower(), done.content
    assert "ann wins (bob resigned)." in (await board_after(fake, CHANNEL, before)).content

    await open_table(fake, CHANNEL, "leylines", ann, [bob], {"first": 1})
    prompt = await (await fake.slash(ann, CHANNEL, "abandon")).response()
    assert prompt.ephemeral and "Press **Abandon the game**" in prompt.content
    refused = await (await fake.click(ann, prompt, labelled(prompt, "Abandon the game"))).response()
    assert "Only a moderator" in refused.content, refused.content
    assert_readable(fake)
