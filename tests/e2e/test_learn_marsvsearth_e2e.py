"""The Mars vs. Earth lesson through the fake Discord: by the menu, typed and by Show me, also
for a learner whose name is a rival's ("Rival 2"), who plays the lesson's seat as "You"."""

from __future__ import annotations

import asyncio

from tests.e2e.conftest import LaunchBot
from tests.fakediscord import FakeDiscord
from tests.learn.driving import take

CHANNEL = "mars-1"


async def test_the_lesson_by_the_menu_typed_and_shown(
    fake_discord: FakeDiscord, launch_bot: LaunchBot
) -> None:
    await launch_bot()
    await fake_discord.wait_commands_synced()
    ann, bob, cat, rival = (
        fake_discord.add_user(name, dms_closed=True) for name in ("ann", "bob", "cat", "Rival 2")
    )
    await asyncio.gather(
        take(fake_discord, ann, CHANNEL, "marsvsearth"),
        take(fake_discord, bob, CHANNEL, "marsvsearth", how="typed"),
        take(fake_discord, cat, CHANNEL, "marsvsearth", how="show"),
    )
    await take(fake_discord, rival, CHANNEL, "marsvsearth", how="show")
