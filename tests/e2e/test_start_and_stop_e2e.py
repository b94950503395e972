"""How the real bot starts and stops around Discord: out of reach at start it says so in one line
and tries again, later and later, until Discord answers."""

from __future__ import annotations

import asyncio
import contextlib
import time
from urllib.parse import urlsplit

from tests.e2e.conftest import LaunchBot
from tests.fakediscord import BotProcess, FakeDiscord
from tests.postgres import free_port

UNREACHABLE = "Cannot reach Discord ("


async def logged(bot: BotProcess, text: str, times: int = 1, within: float = 20) -> list[str]:
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
        extra_env={"FAKE_DISCORD_API": f"http://127.0.0.1:{port}/api/v10"},
    )
    [line] = await logged(bot, UNREACHABLE)
    assert line.endswith("; retrying in 5 s"), line
    started = time.monotonic()
    assert await bot.stop() == 0
    assert time.monotonic() - started < 4
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
        "&scope=bot+applications.commands&permissions=117760"
    ), line
