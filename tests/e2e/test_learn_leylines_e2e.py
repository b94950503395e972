"""The Ley Lines of Mars lesson through the fake Discord, by the menu and by Show me."""

from __future__ import annotations

from tests.e2e.conftest import LaunchBot
from tests.fakediscord import FakeDiscord
from tests.learn.driving import take

CHANNEL = "mars-1"


async def test_the_lesson_by_the_menu_and_by_show_me(
    fake_discord: FakeDiscord, launch_bot: LaunchBot
) -> None:
    await launch_bot()
    await fake_discord.wait_commands_synced()
    ann, bob = fake_discord.add_user("ann"), fake_discord.add_user("bob")
    await take(fake_discord, ann, CHANNEL, "leylines")
    await take(fake_discord, bob, CHANNEL, "leylines", how="show")
