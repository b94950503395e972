"""The Martian Merchants lesson through the fake Discord: by the menu, typed and by Show me."""

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
    ann, bob, cat = (fake_discord.add_user(name, dms_closed=True) for name in ("ann", "bob", "cat"))
    await asyncio.gather(
        take(fake_discord, ann, CHANNEL, "merchants"),
        take(fake_discord, bob, CHANNEL, "merchants", how="typed"),
        take(fake_discord, cat, CHANNEL, "merchants", how="show"),
    )
