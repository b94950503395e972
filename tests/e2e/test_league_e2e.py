"""The real bot process against the fake Discord server: a small league.

An administrator opens a one-round Ley Lines Swiss league with `/league new` (Ann, no
organiser, is refused privately); Ann and Bob join with the sign-up message's Join button (Cat
joins and leaves). The administrator's `/league start` starts it: the bot makes one public
thread of the league's channel for the table, pings both players there once with the deadline
as Discord timestamps, announces the round in the channel, puts the round's deadline on the
server's calendar (the bot has Manage Events) and the table's board in the thread. The second
seat resigns in the thread; the league ends and says so; `/league standings` shows the winner
first as a picture and its text; `/league why` gives the pairing's reason. Every thread and
event request is checked against Discord's OpenAPI description by the fake.
"""

from __future__ import annotations

import re

import discord

from tests.e2e.conftest import LaunchBot
from tests.e2e.tables import png_of, resign
from tests.fakediscord import FakeDiscord

CHANNEL = "mars-1"
BOT_ENV = {"E2E_POLL_SECONDS": "0.5"}


async def test_a_small_league_is_played_in_a_thread(
    fake_discord: FakeDiscord, launch_bot: LaunchBot
) -> None:
    fake = fake_discord
    await launch_bot(extra_env=BOT_ENV)
    await fake.wait_commands_synced()
    admin, ann, bob, cat = (fake.add_user(n) for n in ("admin", "ann", "bob", "cat"))
    new = {"name": "Spring", "game": "leylines", "format": "swiss", "rounds": 1}
    refused = await (
        await fake.slash(ann, CHANNEL, "league", subcommand="new", options=new)
    ).response()
    assert refused.ephemeral and "Only the server's administrators" in refused.content

    organisers = discord.Permissions(manage_guild=True, manage_events=True)
    fake.state.grant(fake.state.guild, organisers.value)
    sign_up = await (
        await fake.slash(admin, CHANNEL, "league", subcommand="new", options=new)
    ).response()
    assert not sign_up.ephemeral and "**Spring** (#1)" in sign_up.content
    join, leave = "mars:league:1:join", "mars:league:1:leave"
    assert sign_up.custom_ids == [join, leave]
    for user in (ann, bob, cat):
        said = await (await fake.click(user, sign_up, join)).followups()
        assert said[0].ephemeral and "You joined Spring" in said[0].content
    await (await fake.click(cat, sign_up, leave)).followups()
    shown = fake.get_message(sign_up.id).content
    assert "Players (2)" in shown and f"<@{cat.id}>" not in shown

    started = await (await fake.slash(admin, CHANNEL, "league", subcommand="start")).response()
    assert "started" in started.content
    ping = await fake.wait_for_message(lambda m: "round 1 of 1, table 1" in m.content)
    [thread] = fake.state.guild.threads
    assert ping.channel_id == thread.id and thread.parent_id == fake.channel(CHANNEL).id
    assert re.search(r"<t:\d+:F> \(<t:\d+:R>\)", ping.content)
    first, second = (
        next(u for u in (ann, bob) if u.id == int(m)) for m in re.findall(r"<@(\d+)>", ping.content)
    )
    await fake.wait_for_message(lambda m: "round 1 of 1 is paired" in m.content, channel=CHANNEL)
    board = await fake.wait_for_message(lambda m: bool(m.attachments), channel=thread)
    assert png_of(board)
    [event] = fake.state.guild.scheduled_events
    assert event["name"] == "Spring: round 1 deadline" and event["entity_type"] == 3

    await resign(fake, second, thread)
    over = await fake.wait_for_message(lambda m: "The league is over" in m.content, channel=CHANNEL)
    assert over.content.index(first.name) < over.content.index(second.name)

    standings = await (await fake.slash(ann, CHANNEL, "league", subcommand="standings")).response()
    assert png_of(standings).width > 100
    assert f"1. {first.name}: 1 point" in standings.content
    why = await (
        await fake.slash(ann, CHANNEL, "league", subcommand="why", options={"player": second})
    ).response()
    assert why.ephemeral and why.content.startswith(f"Round 1, {second.name}: ")
    pings = [m for m in fake.messages(thread) if f"<@{first.id}>" in m.content]
    assert len([m for m in pings if "round 1 of 1" in m.content]) == 1
    assert not fake.schema_violations
