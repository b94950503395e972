"""What a stop lets finish before the database closes: the interactions in flight, and the event
handlers under way (a server available again writes to the database; closing under it logged a
traceback, seen in the start-and-stop end-to-end test)."""

from __future__ import annotations

import asyncio

import discord

from bot.client import in_flight
from tests.hang import HANG_SECONDS


async def test_an_event_handler_under_way_is_in_flight_and_then_not() -> None:
    release = asyncio.Event()
    started = asyncio.Event()

    async def on_guild_available(guild: object) -> None:
        started.set()
        await release.wait()

    async with discord.Client(intents=discord.Intents(guilds=True)) as client:
        client.event(on_guild_available)
        client.dispatch("guild_available", object())  # as discord.py runs it: its own task
        await asyncio.wait_for(started.wait(), HANG_SECONDS)
        [handler] = in_flight()
        assert handler.get_name() == "discord.py: on_guild_available"
        release.set()
        await handler
        assert in_flight() == []


async def test_a_background_task_is_not_in_flight() -> None:
    idle = asyncio.ensure_future(asyncio.Event().wait())
    try:
        assert in_flight() == []
    finally:
        idle.cancel()
