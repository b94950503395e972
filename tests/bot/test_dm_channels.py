"""A person's DM channel is opened once, however many DMs go to them and however many at once;
one Discord will not open is asked for again at the next DM."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace
from typing import Any, cast

import discord
import pytest

from bot.courier.dm_channels import DmChannels
from tests.bot.test_delivery import http_error


class Client:
    """Opens DM channels (ids: the user's plus 1000) once `go` is set; refuses unknown users."""

    def __init__(self) -> None:
        self.opened: list[int] = []
        self.go = asyncio.Event()
        self.http = SimpleNamespace(start_private_message=self.open)

    async def open(self, user_id: int) -> dict[str, Any]:
        self.opened.append(user_id)
        await self.go.wait()
        if user_id < 0:
            raise http_error(404, 10013)
        return {"id": str(user_id + 1000), "type": 1}

    def get_partial_messageable(self, channel_id: int, *, type: discord.ChannelType) -> Any:
        return SimpleNamespace(id=channel_id, type=type)


async def test_dms_to_one_person_open_their_channel_once() -> None:
    client = Client()
    channels = DmChannels(cast(Any, client))
    at_once = [asyncio.ensure_future(channels.channel(user)) for user in (7, 7, 8, 7)]
    await asyncio.sleep(0)  # every one asks before Discord answers
    client.go.set()
    found = [await channel for channel in at_once]
    later = [await channels.channel(7) for _ in range(5)]
    assert [c.id for c in found] == [1007, 1007, 1008, 1007]
    assert {c.id for c in later} == {1007}
    assert {c.type for c in found + later} == {discord.ChannelType.private}
    assert client.opened == [7, 8]


async def test_a_channel_discord_will_not_open_is_asked_for_again() -> None:
    client = Client()
    client.go.set()
    channels = DmChannels(cast(Any, client))
    for _ in range(2):
        with pytest.raises(discord.NotFound):
            await channels.channel(-1)
    assert client.opened == [-1, -1]
