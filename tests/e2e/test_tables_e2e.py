"""The real bot process against the fake Discord server: a player's tables across the server.

Ann and Bob play two Ley Lines tables, one waiting on each. `/mygames` answers Ann privately,
the table waiting on her first, with a link to its board message. Bob chooses `/notify how:dm`;
with reminders every 3.6 s, each gets a digest by direct message listing the table waiting on
them, Ann's table pings her in its channel, and Bob's table does not ping him. `/away days:2`
answers with Discord's timestamp and leaves a note at the table it pauses, where a claim is then
refused. `/settings` is for administrators only, and an administrator sees and changes it.
"""

from __future__ import annotations

import discord

from tests.e2e.conftest import LaunchBot
from tests.e2e.tables import open_table, play
from tests.fakediscord import FakeDiscord, Message, User

BOT_ENV = {"E2E_POLL_SECONDS": "1", "TURN_REMINDER_HOURS": "0.001"}  # reminders every 3.6 s


async def ask(
    fake: FakeDiscord, user: User, channel: str, command: str, **options: object
) -> Message:
    reply = await (await fake.slash(user, channel, command, options=dict(options))).response()
    assert reply.ephemeral, reply.content
    return reply


async def test_mygames_digests_notify_away_and_settings(
    fake_discord: FakeDiscord, launch_bot: LaunchBot
) -> None:
    fake = fake_discord
    await launch_bot(extra_env=BOT_ENV)
    await fake.wait_commands_synced()
    ann, bob = fake.add_user("ann"), fake.add_user("bob")
    await open_table(fake, "mars-1", "leylines", ann, [bob], {"first": 1, "clock": 1})
    await open_table(fake, "mars-2", "leylines", ann, [bob], {"first": 2})
    assert "Done" in (await ask(fake, bob, "mars-1", "notify", how="dm")).content

    mine = (await ask(fake, ann, "mars-2", "mygames")).content
    guild, one, two = fake.state.guild.id, fake.channel("mars-1").id, fake.channel("mars-2").id
    assert mine.index("Waiting on you (1)") < mine.index(f"<#{one}>") < mine.index(f"<#{two}>")
    assert f"https://discord.com/channels/{guild}/{one}/" in mine and "bob to move" in mine

    ann_digest = await fake.wait_for_message(
        lambda m: "waiting for your move" in m.content, channel=fake.dm_channel(ann)
    )
    assert f"<#{one}>" in ann_digest.content and f"<#{two}>" not in ann_digest.content
    bob_digest = await fake.wait_for_message(
        lambda m: "waiting for your move" in m.content, channel=fake.dm_channel(bob)
    )
    assert f"<#{two}>" in bob_digest.content
    pinged = await fake.wait_for_message(lambda m: "a reminder that" in m.content, channel="mars-1")
    assert f"<@{ann.id}>" in pinged.content
    await fake.wait_for_message(  # a reminder period later: mars-2's reminder is due by now
        lambda m: "a reminder that" in m.content, channel="mars-1", after=pinged.seq
    )
    assert not [m for m in fake.messages("mars-2") if "a reminder that" in m.content]

    away = (await ask(fake, ann, "mars-1", "away", days=2)).content
    assert "You are away until <t:" in away and ":f>" in away
    note = await fake.wait_for_message(lambda m: "is away until" in m.content, channel="mars-1")
    assert note.content.startswith("ann is away until <t:")
    claim = await (await fake.slash(bob, "mars-1", "claim", subcommand="win")).response()
    assert claim.ephemeral and "away until" in claim.content
    assert "Welcome back" in (await ask(fake, ann, "mars-1", "away", days=0)).content

    refused = (await ask(fake, ann, "mars-1", "settings", standins=False)).content
    assert refused == "Only the server's administrators may see or change its settings."
    administrators = str(discord.Permissions(administrator=True).value)
    assert str(fake.command("settings")["default_member_permissions"]) == administrators
    fake.state.guild.everyone.permissions |= discord.Permissions(administrator=True).value
    settings = (await ask(fake, ann, "mars-1", "settings", reminder_hours=6, clock=12)).content
    assert "Turn reminders: every 6 h" in settings and "12 h a turn" in settings
    assert "Stand-ins (`/claim standin`): allowed" in settings
    await play(fake, ann, "mars-1", "L c3")
