"""The real bot process against the fake Discord server: an admin opens a season, a game won
inside it shows in `/season standings` (a public embed, checked against Discord's OpenAPI
description and limits), and a member who is no admin is refused privately, with nothing made."""

from __future__ import annotations

import datetime

import discord

from tests.e2e.conftest import LaunchBot
from tests.e2e.tables import board_after, marks, open_table, resign
from tests.fakediscord import FakeDiscord

CHANNEL = "mars-1"


async def test_a_season_counts_a_game_won_inside_it(
    fake_discord: FakeDiscord, launch_bot: LaunchBot
) -> None:
    fake = fake_discord
    await launch_bot()
    await fake.wait_commands_synced()
    ann, bob = fake.add_user("Ann"), fake.add_user("Bob")
    today = datetime.datetime.now(datetime.UTC).date()
    span = {"game": "leylines", "first_day": today.isoformat()}
    span["last_day"] = (today + datetime.timedelta(days=27)).isoformat()

    refused = await (await fake.slash(ann, CHANNEL, "season", "new", span)).response()
    assert refused.ephemeral
    assert refused.content == "Only the server's admins (Manage Server) start seasons."
    listing = await (
        await fake.slash(ann, CHANNEL, "season", "list", {"game": "leylines"})
    ).response()
    assert "An admin starts one with `/season new`." in listing.text

    fake.state.guild.everyone.permissions |= discord.Permissions(manage_guild=True).value
    opened = await (await fake.slash(ann, CHANNEL, "season", "new", span)).response()
    assert not opened.ephemeral
    assert opened.content.startswith("Season 1 of **Ley Lines of Mars** runs <t:")
    overlapping = await (await fake.slash(ann, CHANNEL, "season", "new", span)).response()
    assert overlapping.ephemeral and "overlap season 1" in overlapping.content

    await open_table(fake, CHANNEL, "leylines", ann, [bob], options={"first": 1})
    before = marks(fake, CHANNEL)
    await resign(fake, bob, CHANNEL)
    await board_after(fake, CHANNEL, before)
    standings = await (
        await fake.slash(bob, CHANNEL, "season", "standings", {"game": "leylines"})
    ).response()
    assert not standings.ephemeral and len(standings.embeds) == 1
    text = standings.text
    assert "Season 1 of Ley Lines of Mars" in text
    assert f"1. <@{ann.id}> · season rating **1069** (provisional) · 1 game (1W 0D 0L)" in text
    assert f"2. <@{bob.id}> · season rating **963** (provisional) · 1 game (0W 0D 1L)" in text
