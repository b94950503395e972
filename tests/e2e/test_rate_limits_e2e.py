"""The real bot behind Discord's rate limits: a game of Mars vs. Earth (pinned seeds) goes on while
the fake Discord answers 429 with `retry_after` to board edits, to posts (the channel's and the
DMs') and globally. Every action is answered and told before the next is made (the board shows
it), no message is made twice, nobody is told their action was saved but not told, and each
player's move menus arrive in the order of the moves."""

from __future__ import annotations

import random

from tests.e2e.conftest import LaunchBot
from tests.e2e.tables import legal_moves, open_table
from tests.e2e.test_marsvsearth_e2e import CHANNEL, NAMES, SEED, Table, after_moves
from tests.fakediscord import FakeDiscord

RETRY_AFTER = 0.3
"""Seconds each 429 asks the bot to wait."""
LIMITS = (
    ("PATCH", r"/channels/\d+/messages/\d+$", False),
    ("POST", r"/channels/\d+/messages$", False),
    ("POST", r"/channels/\d+/messages$", True),
)
"""The 429s, in turn, each armed before an action once the one before was met: a board edit's, a
post's (the channel's or a DM's), and a global one met by a post."""
ACTIONS = 24


async def test_a_game_goes_on_behind_rate_limits(
    fake_discord: FakeDiscord, launch_bot: LaunchBot
) -> None:
    fake = fake_discord
    bot = await launch_bot(extra_env={"E2E_SEED": SEED})
    await fake.wait_commands_synced()
    users = [fake.add_user(name) for name in NAMES[:4]]
    opening = await open_table(fake, CHANNEL, "marsvsearth", users[0], users[1:], {"first": 1})
    table = Table(fake, users, opening, random.Random(1357))
    armed = 0
    for _ in range(ACTIONS):
        if fake.pending_faults == 0:
            method, path, is_global = LIMITS[armed % len(LIMITS)]
            fake.rate_limit_next(method, path, RETRY_AFTER, is_global=is_global)
            armed += 1
        for user in table.rng.sample(users, len(users)):
            choices = await legal_moves(fake, user, CHANNEL)
            if choices:
                await table.act(user, choices, None)  # answered, and the board shows it
                break
    assert table.actions == ACTIONS
    limited = fake.rate_limited
    assert any(r.startswith("PATCH ") for r in limited), limited
    assert armed > len(LIMITS) and len(limited) >= armed - 1, limited
    assert sum(r.startswith("POST ") for r in limited) >= 2, limited
    nonces = [m.nonce for m in fake.all_messages() if m.nonce is not None]
    assert len(nonces) == len(set(nonces)) and fake.repeated_nonces == []
    assert not [m for m in fake.all_messages() if "Your action is saved" in m.content]
    for user in users:
        menus = [
            after_moves(m) for m in fake.dms(user) if any("mars:pick:" in c for c in m.custom_ids)
        ]
        assert menus == sorted(menus)
    assert "stay queued" not in bot.log_text()
