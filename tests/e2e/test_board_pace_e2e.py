"""The real bot paces a table's board edits: actions made in quick succession at one table reach
its board message as one edit that shows every one of them, in order, and a new message (here
`/board`) is never held back: it takes the held updates with it at once. Each player's own
card is named in the answer to their move, and in no DM.

Six people play Mars vs. Earth (pinned seeds); each acts as soon as the previous action is
answered, without waiting for the board. The bot is started with a pace far longer than the
test (`E2E_EDIT_SECONDS`), so that only the new message can end the wait.
"""

from __future__ import annotations

import random
import re

from tests.e2e.conftest import LaunchBot
from tests.e2e.tables import board_after, history, legal_moves, marks, move, open_table, play
from tests.e2e.test_marsvsearth_e2e import CHANNEL, NAMES, SEED
from tests.fakediscord import FakeDiscord

ACTIONS = 4
MOST = 20
"""Turns after which the test gives up waiting for an open phase."""
EDIT = re.compile(r"^PATCH /api/v10/channels/\d+/messages/\d+$")
LOGGED = re.compile(r"^\d+\. [^:]+: .*? - (.+)$")
"""A line of `/history`: number, player, move, then what the channel was told."""


async def test_quick_actions_reach_the_board_as_one_edit_with_every_line(
    fake_discord: FakeDiscord, launch_bot: LaunchBot
) -> None:
    fake = fake_discord
    await launch_bot(extra_env={"E2E_SEED": SEED, "E2E_EDIT_SECONDS": "120"})
    await fake.wait_commands_synced()
    users = [fake.add_user(name) for name in NAMES[:6]]
    await open_table(fake, CHANNEL, "marsvsearth", users[0], users[1:], {"first": 1})
    rng = random.Random(2468)
    for _ in range(MOST):  # the turns that lead threats, to the first open phase
        choices = {u: await legal_moves(fake, u, CHANNEL) for u in users}
        acting = [u for u in users if choices[u]]
        if len(acting) > ACTIONS:
            break
        await play(fake, acting[0], CHANNEL, rng.choice(choices[acting[0]]))
    else:
        raise AssertionError("no open phase began")
    board = await board_after(fake, CHANNEL, {})
    start = len(fake.request_log)
    replies = {}
    for user in acting[:ACTIONS]:
        reply = await move(fake, user, CHANNEL, rng.choice(choices[user]))
        assert reply.content.startswith("Done"), reply.content
        replies[user] = reply.content.splitlines()[1:]
    before = marks(fake, CHANNEL)
    assert (await (await fake.slash(users[0], CHANNEL, "board")).response()).ephemeral
    await board_after(fake, CHANNEL, before)
    edits = [r for r in fake.request_log[start:] if EDIT.match(r)]
    assert len(edits) == 1
    told = [
        found.group(1)
        for line in (await history(fake, users[0], CHANNEL)).splitlines()
        if (found := LOGGED.match(line))
    ]
    shown = fake.get_message(board.id).content
    places = [shown.find(line) for line in told[-ACTIONS:]]
    assert -1 not in places and places == sorted(places), (told, shown)
    for user, own in replies.items():  # each their own card, in the answer and in no DM
        assert own and own[0].startswith("You submitted"), own
        assert not [m for m in fake.dms(user) if own[0] in m.content]
