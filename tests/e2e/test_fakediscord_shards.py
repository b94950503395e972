"""The fake Discord with several guilds and a sharded gateway.

Bare websocket clients check the shard rule, READY per shard, superseding and RESUME per
shard, and where events go; real sharded sample bots (``tests/e2e/sample_bot.py`` with
SHARD_COUNT / SHARD_IDS) check that two processes, one shard each, each answer in their own
guild, that DM buttons reach shard 0, and that a killed process's shard comes back alone.
"""

from __future__ import annotations

from typing import Any

import aiohttp
import pytest

from tests.e2e.conftest import LaunchBot, RestClient
from tests.fakediscord import FakeDiscord, Guild, User, shard_of
from tests.hang import HANG_SECONDS

SAMPLE = "tests.e2e.sample_bot"
GUILDS, GUILD_MESSAGES, DIRECT_MESSAGES, MESSAGE_CONTENT = 1 << 0, 1 << 9, 1 << 12, 1 << 15
TWO_SHARDS = {"SHARD_COUNT": "2", "DEV_GUILD_ID": ""}


class RawShard:
    """A bare gateway client: IDENTIFY as one shard (or RESUME a session), then read events."""

    def __init__(self, ws: aiohttp.ClientWebSocketResponse) -> None:
        self.ws = ws

    @classmethod
    async def connect(
        cls, session: aiohttp.ClientSession, fake: FakeDiscord, op: int, d: dict[str, Any]
    ) -> RawShard:
        ws = await session.ws_connect(fake.gateway_url)
        assert (await ws.receive_json())["op"] == 10  # HELLO
        await ws.send_json({"op": op, "d": {"token": fake.token, **d}})
        return cls(ws)

    @classmethod
    async def identify(
        cls, session: aiohttp.ClientSession, fake: FakeDiscord, shard: list[int]
    ) -> RawShard:
        intents = GUILDS | GUILD_MESSAGES | DIRECT_MESSAGES | MESSAGE_CONTENT
        return await cls.connect(session, fake, 2, {"intents": intents, "shard": shard})

    async def event(self) -> dict[str, Any]:
        """The next dispatch: ``{"t": ..., "d": ...}``."""
        payload = await self.ws.receive_json(timeout=HANG_SECONDS)
        assert payload["op"] == 0, payload
        return {"t": payload["t"], "d": payload["d"]}

    async def close_code(self) -> int | None:
        """Wait for the server to close the connection and return its code."""
        message = await self.ws.receive(timeout=HANG_SECONDS)
        assert message.type == aiohttp.WSMsgType.CLOSE, message
        return self.ws.close_code


async def ready_guilds(shard: RawShard) -> tuple[list[int], list[str]]:
    """READY's ``shard`` and the ids of the guilds it announces, each checked to be followed
    by its GUILD_CREATE."""
    ready = await shard.event()
    assert ready["t"] == "READY"
    ids = [guild["id"] for guild in ready["d"]["guilds"]]
    for guild_id in ids:
        created = await shard.event()
        assert created["t"] == "GUILD_CREATE" and created["d"]["id"] == guild_id
    return ready["d"]["shard"], ids


def test_guild_ids_follow_the_shard_rule(fake_discord: FakeDiscord) -> None:
    assert all(shard_of(fake_discord.guild.id, count) == 0 for count in range(1, 9))
    for count in range(1, 6):
        for shard_id in range(count):
            guild = fake_discord.add_guild(f"g{shard_id}of{count}", shard=(shard_id, count))
            assert (guild.id >> 22) % count == shard_id
    channels = [c for guild in fake_discord.guilds for c in guild.channels]
    assert len({c.id for c in channels}) == len(channels)
    last = fake_discord.guilds[-1]
    assert fake_discord.state.guild_of(fake_discord.state.get_channel(last.channels[0].id)) is last
    assert fake_discord.channel("general", guild=last) is last.channels[0]
    assert fake_discord.state.bot_user in last.members


def two_guilds(fake: FakeDiscord) -> tuple[Guild, Guild]:
    """The first guild (shard 0 of 2) and a new one on shard 1 of 2."""
    return fake.guild, fake.add_guild("Phobos Outpost", channel_names=("general",), shard=(1, 2))


async def test_ready_per_shard_and_superseding(fake_discord: FakeDiscord) -> None:
    first, second = two_guilds(fake_discord)
    async with aiohttp.ClientSession() as session:
        zero = await RawShard.identify(session, fake_discord, [0, 2])
        assert await ready_guilds(zero) == ([0, 2], [str(first.id)])
        one = await RawShard.identify(session, fake_discord, [1, 2])
        assert await ready_guilds(one) == ([1, 2], [str(second.id)])
        assert fake_discord.connected and fake_discord.connected_shards == [0, 1]

        again = await RawShard.identify(session, fake_discord, [1, 2])
        assert await ready_guilds(again) == ([1, 2], [str(second.id)])
        assert await one.close_code() == 4009
        assert fake_discord.shard_connection_count(1) == 2
        assert fake_discord.shard_connection_count(0) == 1
        assert not zero.ws.closed and fake_discord.connected_shards == [0, 1]

        invalid = await RawShard.identify(session, fake_discord, [2, 2])
        assert await invalid.close_code() == 4010
        for shard in (zero, again):
            await shard.ws.close()
        await fake_discord.wait_disconnected()


async def test_events_go_to_the_guilds_shard_and_dms_to_shard_zero(
    fake_discord: FakeDiscord,
) -> None:
    first, second = two_guilds(fake_discord)
    ann = fake_discord.add_user("ann", guild=second)
    async with aiohttp.ClientSession() as session:
        zero = await RawShard.identify(session, fake_discord, [0, 2])
        one = await RawShard.identify(session, fake_discord, [1, 2])
        await ready_guilds(zero)
        await ready_guilds(one)
        await fake_discord.wait_connected()

        await fake_discord.send_message(ann, second.channel("general"), "on Phobos")
        await fake_discord.send_message(ann, fake_discord.dm_channel(ann), "in private")
        in_guild, in_dm = await one.event(), await zero.event()
        assert in_guild["t"] == in_dm["t"] == "MESSAGE_CREATE"
        assert in_guild["d"]["guild_id"] == str(second.id)
        assert in_guild["d"]["content"] == "on Phobos"
        assert "guild_id" not in in_dm["d"] and in_dm["d"]["content"] == "in private"

        fake_discord.add_member(first, ann)  # no GUILD_MEMBERS intent: nothing is sent
        outpost = fake_discord.add_guild("Deimos Outpost", shard=(1, 2))
        joined = await one.event()
        assert joined["t"] == "GUILD_CREATE" and joined["d"]["id"] == str(outpost.id)

        await zero.ws.close()
        await fake_discord.wait_disconnected(shard_ids=[0])
        with pytest.raises(RuntimeError, match="shard serving DMs"):
            fake_discord.gateway.dispatch("INTERACTION_CREATE", {"id": "1"})
        await one.ws.close()


async def test_resume_restores_the_sessions_shard(fake_discord: FakeDiscord) -> None:
    _, second = two_guilds(fake_discord)
    ann = fake_discord.add_user("ann", guild=second)
    async with aiohttp.ClientSession() as session:
        one = await RawShard.identify(session, fake_discord, [1, 2])
        ready = await one.event()
        assert (await one.event())["t"] == "GUILD_CREATE"
        await fake_discord.disconnect(shard_id=1)
        assert await one.close_code() == 4000
        await fake_discord.wait_disconnected()

        resumed = await RawShard.connect(
            session, fake_discord, 6, {"session_id": ready["d"]["session_id"], "seq": 2}
        )
        assert (await resumed.event())["t"] == "RESUMED"
        assert fake_discord.connected_shards == [1]
        await fake_discord.send_message(ann, second.channel("general"), "still here")
        assert (await resumed.event())["d"]["content"] == "still here"
        await resumed.ws.close()


async def test_gateway_bot_recommends_shards(fake_discord: FakeDiscord, rest: RestClient) -> None:
    status, body = await rest.request("GET", "/gateway/bot")
    assert status == 200
    assert body["url"] == fake_discord.gateway_url and body["shards"] == 1
    assert body["session_start_limit"]["max_concurrency"] == 1
    fake_discord.recommended_shards = 3
    _, body = await rest.request("GET", "/gateway/bot")
    assert body["shards"] == 3


async def shards_reply(fake: FakeDiscord, user: User, guild: Guild) -> str:
    """What ``/shards`` answers in `guild`'s general channel."""
    result = await fake.slash(user, guild.channel("general"), "shards")
    return (await result.response()).content


async def test_two_processes_serve_one_shard_each(
    fake_discord: FakeDiscord, launch_bot: LaunchBot
) -> None:
    first, second = two_guilds(fake_discord)
    ann = fake_discord.add_user("ann")
    bob = fake_discord.add_user("bob", guild=second)
    await launch_bot(SAMPLE, extra_env={**TWO_SHARDS, "SHARD_IDS": "0"}, shard_ids=(0,))
    phobos = await launch_bot(SAMPLE, extra_env={**TWO_SHARDS, "SHARD_IDS": "1"}, shard_ids=(1,))
    assert sorted(p["shard"] for p in fake_discord.identify_payloads) == [[0, 2], [1, 2]]
    assert await shards_reply(fake_discord, ann, first) == "shards [0]; guilds: Mars Test Colony"
    assert await shards_reply(fake_discord, bob, second) == "shards [1]; guilds: Phobos Outpost"

    menu = await fake_discord.slash(bob, second.channel("general"), "menu")
    assert (await menu.response()).content == "menu sent"
    [dm] = fake_discord.dms(bob)
    click = await fake_discord.click(bob, dm, "who")
    assert click.record.shard_id == 0
    assert (await click.response()).content.startswith("shards [0]")

    zero_sessions = fake_discord.shard_connection_count(0)
    await phobos.kill()
    assert fake_discord.connected_shards == [0]
    with pytest.raises(RuntimeError, match=f"guild {second.id}"):
        await fake_discord.slash(bob, second.channel("general"), "shards")
    again = await fake_discord.click(bob, dm, "who")
    assert (await again.response()).content.startswith("shards [0]")

    await phobos.start()
    assert fake_discord.connected_shards == [0, 1]
    assert fake_discord.shard_connection_count(0) == zero_sessions
    assert await shards_reply(fake_discord, bob, second) == "shards [1]; guilds: Phobos Outpost"


async def test_shard_count_from_gateway_bot(
    fake_discord: FakeDiscord, launch_bot: LaunchBot
) -> None:
    first, second = two_guilds(fake_discord)
    ann = fake_discord.add_user("ann")
    fake_discord.add_member(second, ann)
    fake_discord.recommended_shards = 2
    await launch_bot(SAMPLE, extra_env={"SHARD_COUNT": "", "DEV_GUILD_ID": ""}, shard_ids=(0, 1))
    both = "shards [0, 1]; guilds: Mars Test Colony, Phobos Outpost"
    assert await shards_reply(fake_discord, ann, first) == both
    assert await shards_reply(fake_discord, ann, second) == both
