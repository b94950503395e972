"""How the real bot starts and stops around Discord: out of reach at start it says so in one line
and tries again, later and later, until Discord answers; stopped while it answers an
interaction, it finishes the answer first."""

from __future__ import annotations

import asyncio
import contextlib
import re
import signal
import time
from urllib.parse import urlsplit

from tests.e2e.conftest import LaunchBot
from tests.e2e.tables import board_after, marks
from tests.fakediscord import BotProcess, FakeDiscord, Hold, InteractionResult
from tests.hang import HANG_SECONDS
from tests.postgres import free_port

UNREACHABLE = "Cannot reach Discord ("
GUILD_COMMANDS = r"/applications/\d+/guilds/\d+/commands$"
"""The path of a server's own commands."""


async def logged(
    bot: BotProcess, text: str, times: int = 1, within: float = HANG_SECONDS
) -> list[str]:
    """Wait until the bot's log has `times` lines holding `text` (failing at once if the bot
    exits); those lines."""
    deadline = time.monotonic() + within
    while True:
        lines = [line for line in bot.log_text().splitlines() if text in line]
        if len(lines) >= times:
            return lines
        assert bot.running, f"the bot exited:\n{bot.log_tail()}"
        assert time.monotonic() < deadline, f"{text!r} not logged {times} times:\n{bot.log_tail()}"
        await asyncio.sleep(0.05)


async def forward(port: int, to: int) -> asyncio.Server:
    """A TCP relay from 127.0.0.1:`port` to 127.0.0.1:`to` (Discord coming back at the address
    the bot was given)."""

    async def pipe(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            while data := await reader.read(65536):
                writer.write(data)
                await writer.drain()
        finally:
            writer.close()

    async def relay(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        upstream_reader, upstream_writer = await asyncio.open_connection("127.0.0.1", to)
        await asyncio.gather(
            pipe(reader, upstream_writer), pipe(upstream_reader, writer), return_exceptions=True
        )

    return await asyncio.start_server(relay, "127.0.0.1", port)


async def test_discord_out_of_reach_at_start_is_one_line_and_tried_again(
    fake_discord: FakeDiscord, launch_bot: LaunchBot
) -> None:
    port = free_port()
    bot = await launch_bot(
        wait_connected=False,
        extra_env={
            "FAKE_DISCORD_API": f"http://127.0.0.1:{port}/api/v10",
            "FAKE_DISCORD_GATEWAY": f"ws://127.0.0.1:{port}/gateway",
            "E2E_RETRY_SECONDS": "0.05",
        },
    )
    first, second = await logged(bot, UNREACHABLE, times=2)
    assert first.endswith("; retrying in 0.05 s") and second.endswith("; retrying in 0.1 s")
    assert f"127.0.0.1:{port}" in first
    relay = await forward(port, to=urlsplit(fake_discord.api_url).port or 80)
    try:
        await bot.wait_connected()
        assert await bot.stop() == 0
    finally:
        relay.close()
        with contextlib.suppress(Exception):
            await relay.wait_closed()
    assert "Traceback" not in bot.log_text()


async def test_a_stop_while_waiting_to_try_again_ends_at_once(
    fake_discord: FakeDiscord, launch_bot: LaunchBot
) -> None:
    port = free_port()
    bot = await launch_bot(
        wait_connected=False,
        extra_env={
            "FAKE_DISCORD_API": f"http://127.0.0.1:{port}/api/v10",
            "E2E_RETRY_SECONDS": "3600",
        },
    )
    [line] = await logged(bot, UNREACHABLE)
    assert line.endswith("; retrying in 3600 s"), line
    assert await bot.stop() == 0  # within the stop's grace: a kill after it exits non-zero
    assert "Traceback" not in bot.log_text()


async def test_the_gateway_out_of_reach_is_one_line_a_try(
    fake_discord: FakeDiscord, launch_bot: LaunchBot
) -> None:
    port = free_port()
    bot = await launch_bot(
        wait_connected=False,
        extra_env={"SHARD_COUNT": "1", "FAKE_DISCORD_GATEWAY": f"ws://127.0.0.1:{port}/gateway"},
    )
    [line] = await logged(bot, "Cannot reach Discord's gateway for shard 0 (")
    assert line.endswith("; retrying in 5 s") and f"127.0.0.1:{port}" in line, line
    assert await bot.stop() == 0
    assert "Traceback" not in bot.log_text()


async def test_the_start_log_has_the_invite_url(
    fake_discord: FakeDiscord, launch_bot: LaunchBot
) -> None:
    bot = await launch_bot()
    [line] = await logged(bot, "Invite the bot to a server: ")
    assert line.endswith(
        f"https://discord.com/oauth2/authorize?client_id={fake_discord.application_id}"
        "&scope=bot+applications.commands&permissions=309237763072"
    ), line


async def stopping_or_ended(bot: BotProcess, within: float = HANG_SECONDS) -> None:
    """Wait until the bot logs that it is stopping, or ends."""
    deadline = time.monotonic() + within
    while bot.running and "Stopping" not in bot.log_text():
        assert time.monotonic() < deadline, f"no sign of stopping:\n{bot.log_tail()}"
        await asyncio.sleep(0.05)


async def start_then_stop(fake: FakeDiscord, bot: BotProcess) -> tuple[InteractionResult, Hold]:
    """A Ley Lines lobby with two players in `mars-1`, `/start`, and a stop (SIGTERM) once the bot
    has begun answering it: the `/start` and the held answer to its first callback."""
    ann, bob = fake.add_user("Ann"), fake.add_user("Bob")
    await (await fake.slash(ann, "mars-1", "new", "leylines")).response()
    await (await fake.slash(bob, "mars-1", "join")).response()
    hold = fake.hold_next("POST", r"/interactions/\d+/[^/]+/callback")
    started = await fake.slash(ann, "mars-1", "start")
    await hold.wait()  # the bot is answering /start
    assert bot.proc is not None
    bot.proc.send_signal(signal.SIGTERM)
    return started, hold


async def test_a_stop_during_start_finishes_its_answer_first(
    fake_discord: FakeDiscord, launch_bot: LaunchBot
) -> None:
    bot = await launch_bot(extra_env={"E2E_SEED": "7"})
    before = marks(fake_discord, "mars-1")
    started, hold = await start_then_stop(fake_discord, bot)
    await stopping_or_ended(bot)
    hold.release()
    reply = await started.response()
    assert reply.ephemeral and "has started" in reply.content, reply.content
    assert "begins" in (await board_after(fake_discord, "mars-1", before)).content
    assert await bot.wait_exit() == 0
    assert "Unexpected error" not in bot.log_text() and "Traceback" not in bot.log_text()


async def test_a_stop_waits_for_an_answer_only_so_long(
    fake_discord: FakeDiscord, launch_bot: LaunchBot
) -> None:
    bot = await launch_bot(extra_env={"E2E_SEED": "7", "E2E_FINISH_SECONDS": "0.5"})
    await start_then_stop(fake_discord, bot)  # the answer to /start never reaches the bot
    assert await bot.wait_exit() == 0
    assert "Stopping: left unanswered after 0.5 s: 1" in bot.log_text()
    assert "Unexpected error" not in bot.log_text() and "Traceback" not in bot.log_text()


async def test_the_commands_live_in_one_scope_after_dev_guild_id_changes(
    fake_discord: FakeDiscord, launch_bot: LaunchBot
) -> None:
    bot = await launch_bot()  # DEV_GUILD_ID: the fake's guild
    in_guild = {command["name"] for command in fake_discord.commands(guild=True)}
    assert "new" in in_guild and not fake_discord.commands(guild=False)
    await bot.stop()

    bot = await launch_bot(extra_env={"DEV_GUILD_ID": ""})
    assert {command["name"] for command in fake_discord.commands(guild=False)} == in_guild
    assert not fake_discord.commands(guild=True)
    await bot.stop()

    await launch_bot()
    assert {command["name"] for command in fake_discord.commands(guild=True)} == in_guild
    assert not fake_discord.commands(guild=False)


async def test_a_server_whose_commands_cannot_be_removed_is_tried_again_or_forgotten(
    fake_discord: FakeDiscord, launch_bot: LaunchBot
) -> None:
    bot = await launch_bot()  # DEV_GUILD_ID: the fake's guild, recorded
    await bot.stop()
    fake_discord.fail_next("PUT", GUILD_COMMANDS, status=400)
    bot = await launch_bot(extra_env={"DEV_GUILD_ID": ""})
    [line] = await logged(bot, "Could not remove the commands of server")
    assert line.endswith("(400); trying again at the next start"), line
    await bot.stop()
    fake_discord.fail_next("PUT", GUILD_COMMANDS, status=403, code=50001)
    bot = await launch_bot(extra_env={"DEV_GUILD_ID": ""})
    await logged(bot, f"Could not remove the commands of server {fake_discord.guild.id} (the bot")
    await bot.stop()
    tries = guild_syncs(fake_discord)
    await launch_bot(extra_env={"DEV_GUILD_ID": ""})
    assert guild_syncs(fake_discord) == tries  # forgotten


def guild_syncs(fake: FakeDiscord) -> int:
    """How many times the bot has synced a server's own commands."""
    return sum(1 for request in fake.request_log if re.search(f"^PUT .*{GUILD_COMMANDS}", request))
