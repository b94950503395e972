"""The real bot process against the fake Discord server: a league's table that ends is read at
once, not at the league's next regular pass.

The bot's passes (the poll and the leagues' pass) run once at the start and then only every
hour here, so only the tables' ends can move the league on: in a two-round Swiss of four, the
second seat of each table resigns in its thread; the second round is paired, and then the league
ends and says so, while the next pass is still an hour away. (The one early pass may fall on one
of the two rounds' ends, never on both.)
"""

from __future__ import annotations

import functools
import re

import discord

from tests.e2e.conftest import LaunchBot
from tests.e2e.tables import resign
from tests.fakediscord import Channel, FakeDiscord, Message, User
from tests.hang import HANG_SECONDS

CHANNEL = "mars-1"
BOT_ENV = {"E2E_POLL_SECONDS": "3600"}
ROUNDS = 2


def pings(fake: FakeDiscord, round_number: int) -> list[Message] | None:
    """The round's two table pings (None until both are posted)."""
    found = [
        m
        for thread in fake.state.guild.threads
        for m in fake.messages(thread)
        if f"round {round_number} of {ROUNDS}, table" in m.content
    ]
    return found if len(found) == 2 else None


async def second_seat_resigns(fake: FakeDiscord, players: list[User], ping: Message) -> None:
    """At the ping's table, once its board is up, the second seat resigns."""
    thread: Channel = next(t for t in fake.state.guild.threads if t.id == ping.channel_id)
    await fake.wait_for_message(lambda m: bool(m.attachments), channel=thread)
    *_, last = re.findall(r"<@(\d+)>", ping.content)  # the seats in order: the second last
    await resign(fake, next(u for u in players if u.id == int(last)), thread)


async def test_league_tables_that_end_move_the_league_on_at_once(
    fake_discord: FakeDiscord, launch_bot: LaunchBot
) -> None:
    fake = fake_discord
    await launch_bot(extra_env=BOT_ENV)
    await fake.wait_commands_synced()
    admin = fake.add_user("admin")
    players = [fake.add_user(name) for name in ("ann", "bob", "cat", "dan")]
    fake.state.grant(fake.state.guild, discord.Permissions(manage_guild=True).value)
    new = {"name": "Spring", "game": "leylines", "format": "swiss", "rounds": ROUNDS}
    sign_up = await (
        await fake.slash(admin, CHANNEL, "league", subcommand="new", options=new)
    ).response()
    for user in players:
        await (await fake.click(user, sign_up, "mars:league:1:join")).followups()
    await (await fake.slash(admin, CHANNEL, "league", subcommand="start")).response()
    for round_number in range(1, ROUNDS + 1):
        paired = await fake.state.wait_for(
            functools.partial(pings, fake, round_number),
            HANG_SECONDS,
            f"round {round_number} pings",
        )
        for ping in paired:
            await second_seat_resigns(fake, players, ping)
    await fake.wait_for_message(lambda m: "The league is over" in m.content, channel=CHANNEL)
    assert not fake.schema_violations
