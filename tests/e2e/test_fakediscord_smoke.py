"""Smoke tests of the fake Discord server against a real discord.py bot (sample_bot.py)."""

from __future__ import annotations

import io

import aiohttp
import pytest
from PIL import Image

from tests.fakediscord import FakeDiscord

pytestmark = pytest.mark.asyncio(loop_scope="function")

SAMPLE = "tests.e2e.sample_bot"


def _option(options: list[dict], name: str) -> dict:
    return next(o for o in options if o["name"] == name)


async def test_commands_synced_and_slash_replies(fake_discord: FakeDiscord, launch_bot) -> None:
    await launch_bot(SAMPLE)
    commands = await fake_discord.wait_commands_synced()
    names = {c["name"] for c in commands}
    assert {"new", "ping", "move", "map", "dm", "greet", "colony"} <= names
    assert all(c["guild_id"] == str(fake_discord.guild.id) for c in commands)

    demo = _option(fake_discord.command("new")["options"], "demo")
    assert demo["type"] == 1
    size = _option(demo["options"], "size")
    assert (size["type"], size["required"], size["min_value"], size["max_value"]) == (
        4,
        True,
        1,
        20,
    )
    assert _option(fake_discord.command("move")["options"], "text")["autocomplete"] is True

    alice = fake_discord.add_user("alice")
    bob = fake_discord.add_user("bob")

    pong = await (await fake_discord.slash(alice, "general", "ping")).response()
    assert pong.content == "pong"
    assert pong.ephemeral

    result = await fake_discord.slash(
        alice, "mars-1", "greet", options={"player": bob, "loud": True}
    )
    greeting = await result.response()
    assert greeting.content == "HELLO BOB"
    assert not greeting.ephemeral
    assert greeting.interaction_id == result.id
    assert fake_discord.messages("mars-1") == [greeting]
    assert fake_discord.messages("general") == []  # the ephemeral pong is hidden

    played = await (
        await fake_discord.slash(alice, "general", "move", options={"text": "colonize"})
    ).response()
    assert played.content == "You played colonize"

    with pytest.raises(ValueError, match="no option"):
        await fake_discord.slash(alice, "general", "move", options={"txt": "x"})
    with pytest.raises(ValueError, match="needs a subcommand"):
        await fake_discord.slash(alice, "general", "new")
    assert fake_discord.unhandled_requests == []


async def test_autocomplete_choices(fake_discord: FakeDiscord, launch_bot) -> None:
    await launch_bot(SAMPLE)
    alice = fake_discord.add_user("alice")
    choices = await fake_discord.autocomplete(
        alice, "general", "move", options={"text": "c"}, focused="text"
    )
    assert [c["value"] for c in choices] == ["cloud seeding", "colonize", "comet impact", "city"]
    assert choices[0]["name"] == "Cloud Seeding"
    empty = await fake_discord.autocomplete(
        alice, "general", "move", options={"text": "zzz"}, focused="text"
    )
    assert empty == []


async def test_deferred_followup_with_png(fake_discord: FakeDiscord, launch_bot) -> None:
    await launch_bot(SAMPLE)
    alice = fake_discord.add_user("alice")
    result = await fake_discord.slash(alice, "mars-2", "map")
    assert await result.acknowledged() == 5
    reply = await result.response()
    assert result.deferred
    assert reply.content == "Here is the map"
    assert not reply.loading and not reply.ephemeral
    [followup] = await result.followups()
    assert followup is reply  # the first followup fills the "thinking" placeholder

    [attachment] = reply.attachments
    assert attachment.filename == "map.png"
    assert attachment.content_type == "image/png"
    assert attachment.description == "The map of Mars"
    with Image.open(io.BytesIO(attachment.data)) as image:
        assert image.format == "PNG"
        assert image.size == (64, 48)
    async with aiohttp.ClientSession() as session, session.get(attachment.url) as response:
        assert await response.read() == attachment.data


async def test_dms_open_and_closed(fake_discord: FakeDiscord, launch_bot) -> None:
    await launch_bot(SAMPLE)
    alice = fake_discord.add_user("alice")
    carol = fake_discord.add_user("carol")
    fake_discord.set_dms_closed(carol, True)

    reply = await (await fake_discord.slash(alice, "general", "dm")).response()
    assert (reply.content, reply.ephemeral) == ("DM sent", True)
    [dm] = fake_discord.dms(alice)
    assert dm.content == "Hello from Mars"
    assert await fake_discord.wait_for_message(lambda m: m.content == "Hello from Mars") is dm

    reply = await (await fake_discord.slash(carol, "general", "dm")).response()
    assert (reply.content, reply.ephemeral) == ("DMs closed", True)
    assert fake_discord.dms(carol) == []
    assert [p["content"] for p in fake_discord.rejected_dms(carol)] == ["Hello from Mars"]


async def test_button_survives_restart(fake_discord: FakeDiscord, launch_bot) -> None:
    bot = await launch_bot(SAMPLE)
    alice = fake_discord.add_user("alice")
    game = await (
        await fake_discord.slash(alice, "mars-3", "new", subcommand="demo", options={"size": 5})
    ).response()
    assert game.content == "Demo game of size 5 started"
    assert game.custom_ids == ["counter:0"]

    updated = await (await fake_discord.click(alice, game, "counter:0")).response()
    assert updated is game
    assert (game.content, game.custom_ids) == ("Count: 1", ["counter:1"])

    syncs = fake_discord.sync_count
    await bot.restart()
    assert bot.starts == 2
    await fake_discord.wait_commands_synced(after=syncs)

    click = await fake_discord.click(alice, game, "counter:1")
    await click.response()
    assert (game.content, game.custom_ids) == ("Count: 2", ["counter:2"])
    assert game.history[0]["content"] == "Demo game of size 5 started"
    assert fake_discord.unhandled_requests == []


async def test_modal_and_gateway_resume(fake_discord: FakeDiscord, launch_bot) -> None:
    await launch_bot(SAMPLE)
    alice = fake_discord.add_user("alice")
    opened = await fake_discord.slash(alice, "general", "colony")
    modal = await opened.modal()
    assert modal["title"] == "Name your colony"
    submitted = await fake_discord.submit_modal(alice, opened, {"Colony name": "Olympus"})
    reply = await submitted.response()
    assert (reply.content, reply.ephemeral) == ("Colony Olympus founded", True)

    connections = fake_discord.connection_count
    await fake_discord.disconnect(4000)
    await fake_discord.wait_connected(after=connections)
    assert len(fake_discord.identify_payloads) == 1  # resumed, not re-identified
    pong = await (await fake_discord.slash(alice, "general", "ping")).response()
    assert pong.content == "pong"


async def test_wrong_token_exits(fake_discord: FakeDiscord, launch_bot) -> None:
    bot = await launch_bot(SAMPLE, token="not-the-token", wait_connected=False)
    code = await bot.wait_exit()
    assert code != 0
    assert "Improper token" in bot.log_text()
    assert fake_discord.connection_count == 0
