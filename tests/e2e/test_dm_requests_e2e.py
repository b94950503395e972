"""The real bot sends each DM as one request: a person's DM channel is opened once, at their
first DM, and no user is fetched before a DM. A person with closed DMs is still told once in
the channel to use `/secret`.

Four people play Mars vs. Earth (pinned seeds) until each of the three with open DMs has had
several; the fake Discord's request log counts the user fetches and the DM channels opened."""

from __future__ import annotations

import random
import re

from tests.e2e.conftest import LaunchBot
from tests.e2e.tables import HINT, legal_moves, open_table
from tests.e2e.test_marsvsearth_e2e import CHANNEL, NAMES, SEED, Table
from tests.fakediscord import FakeDiscord

USER_FETCH = re.compile(r"GET /api/v10/users/\d+$")
DM_OPEN = "POST /api/v10/users/@me/channels"
DMS_EACH = 4
"""How many DMs each person with open DMs gets before the requests are counted."""


async def test_many_dms_to_one_person_open_their_channel_once(
    fake_discord: FakeDiscord, launch_bot: LaunchBot
) -> None:
    fake = fake_discord
    await launch_bot(extra_env={"E2E_SEED": SEED})
    await fake.wait_commands_synced()
    ann, bob, cat = (fake.add_user(name) for name in NAMES[:3])
    dan = fake.add_user("dan", dms_closed=True)
    opening = await open_table(fake, CHANNEL, "marsvsearth", ann, [bob, cat, dan], {"first": 1})
    table = Table(fake, [ann, bob, cat, dan], opening, random.Random(2468))
    for _ in range(200):
        if min(len(fake.dms(user)) for user in (ann, bob, cat)) >= DMS_EACH:
            break
        assert "**Game over.**" not in table.board.content
        for user in table.rng.sample(table.users, len(table.users)):
            choices = await legal_moves(fake, user, CHANNEL)
            if choices:
                await table.act(user, choices, dan)
                break
    else:
        raise AssertionError("the players got too few DMs")
    assert [m for m in fake.messages(CHANNEL) if HINT in m.content and f"<@{dan.id}>" in m.content]
    assert fake.rejected_dms(dan)  # his DMs were tried, and refused
    assert [r for r in fake.request_log if USER_FETCH.match(r)] == []
    assert fake.request_log.count(DM_OPEN) <= 4  # one per person at most
