"""Two bot processes, one shard each, on one PostgreSQL database, against the fake Discord.

The first guild is served by shard 0 (process "near"), the second by shard 1 ("far"). Games run
in both guilds; every DM menu arrives on shard 0 whatever guild its game is in, and is answered
there. Then the far process is killed with SIGKILL just after confirming two moves (one of them
leaves a computer player to move), and restarted: each confirmed move is in the log once, its
update reaches the channel once, the computer player moves once, and the game goes on. Turn
reminders (due every few seconds here) are sent once each, though both processes poll for them.
"""

from __future__ import annotations

import itertools
import re
from typing import Any

from tests.e2e.conftest import LaunchBot
from tests.e2e.tables import (
    Place,
    board_after,
    history,
    legal_moves,
    marks,
    move,
    open_table,
    picker_of,
    play,
)
from tests.fakediscord import FakeDiscord, Message, User
from tests.postgres import Cluster

SEED = "20261123"
REMIND_HOURS = 0.002
"""Turn reminders every 7.2 s (both processes poll for them every 15 s)."""
REMINDER = "a reminder that"
MOVE_LINE = re.compile(r"^(\d+)\. ", re.MULTILINE)
TURN = re.compile(r"<@(\d+)>, your turn\.")


async def objectives_by_dm(fake: FakeDiscord, user: User) -> None:
    """Set `user`'s Agents objectives from the menu the bot DMs them; the click must reach
    shard 0."""
    dm = await fake.state.wait_for(
        lambda: next((m for m in fake.dms(user) if m.custom_ids), None), 20, "a DM menu"
    )
    custom_id, values = picker_of(dm)
    result = await fake.click(user, dm, custom_id, values=[values[0]])
    answered = await result.response()
    assert result.record.shard_id == 0
    assert answered.content.startswith("Done"), answered.content


async def moves_made(fake: FakeDiscord, user: User, channel: Place) -> list[int]:
    """The move numbers `/history` lists for the channel's game."""
    return [int(n) for n in MOVE_LINE.findall(await history(fake, user, channel))]


def next_mover(board: Message, users: dict[int, User]) -> User:
    turn = TURN.search(board.content)
    assert turn is not None, board.content
    return users[int(turn[1])]


async def agents_turns(
    fake: FakeDiscord, channel: Place, board: Message, users: dict[int, User], count: int
) -> Message:
    """`count` turns of Agents by whoever is to move (a draw, or the first placement)."""
    for _ in range(count):
        mover = next_mover(board, users)
        choices = await legal_moves(fake, mover, channel)
        text = next((c for c in choices if c == "draw" or c.startswith("place")), choices[0])
        board = await play(fake, mover, channel, text)
    return board


def doubled(fake: FakeDiscord, channel: Place) -> list[str]:
    """Texts the bot posted twice in a row in the channel, as a delivery made by both
    processes would (no two moves in a row leave the same board text)."""
    posted = [
        m.content
        for m in fake.messages(channel)
        if m.interaction_id is None and m.content and REMINDER not in m.content
    ]
    return [text for text, after in itertools.pairwise(posted) if text == after]


def reminder_gaps(fake: FakeDiscord, channel: Place) -> list[float]:
    """Seconds between consecutive turn reminders in the channel."""
    times = [m.created_at for m in fake.messages(channel) if REMINDER in m.content]
    return [(later - earlier).total_seconds() for earlier, later in itertools.pairwise(times)]


async def test_two_shards_share_dms_a_crash_and_reminders(
    fake_discord: FakeDiscord, launch_bot: LaunchBot, postgres_server: Cluster
) -> None:
    fake = fake_discord
    far_side = fake.add_guild("Far Side", channel_names=("far-1", "far-2"), shard=(1, 2))
    env: dict[str, Any] = {
        "SHARD_COUNT": "2",
        "DATABASE_URL": await postgres_server.new_database(),
        "DEV_GUILD_ID": "",
        "TURN_REMINDER_HOURS": str(REMIND_HOURS),
        "COMPUTER_PAUSE_SECONDS": "1",
        "E2E_SEED": SEED,
    }
    await launch_bot(extra_env={**env, "SHARD_IDS": "0"}, shard_ids=(0,))
    far = await launch_bot(extra_env={**env, "SHARD_IDS": "1"}, shard_ids=(1,))
    await fake.wait_commands_synced()
    ann, bob = fake.add_user("ann"), fake.add_user("bob")
    far_1, far_2 = far_side.channels
    cat, dan = fake.add_user("cat", guild=far_side), fake.add_user("dan", guild=far_side)

    # A game in each guild; the far one's objectives are set from DMs, answered on shard 0.
    await open_table(fake, "mars-1", "agents", ann, [bob], {"first": 1})
    await open_table(fake, far_1, "agents", cat, [dan], {"first": 1})
    for user in (ann, bob, cat, dan):
        await objectives_by_dm(fake, user)
    near_board = await fake.wait_for_message(
        lambda m: f"<@{ann.id}>, your turn." in m.content, channel="mars-1"
    )
    far_board = await fake.wait_for_message(
        lambda m: f"<@{cat.id}>, your turn." in m.content, channel=far_1
    )
    near_board = await agents_turns(fake, "mars-1", near_board, {ann.id: ann, bob.id: bob}, 4)
    far_users = {cat.id: cat, dan.id: dan}
    far_board = await agents_turns(fake, far_1, far_board, far_users, 4)
    assert {r.shard_id for r in fake.state.interactions.values()} == {0, 1}

    # A table with a computer player in the far guild.
    await open_table(fake, far_2, "leylines", dan, [], {"first": 1, "bots": 1, "bot_level": "easy"})
    opening = await fake.wait_for_message(
        lambda m: f"<@{dan.id}>, your turn." in m.content, channel=far_2
    )
    opening_text = opening.content

    # Two moves confirmed by the far process, which is killed before it can tell the tables.
    [dans_move, *_] = await legal_moves(fake, dan, far_2)
    confirmed = await move(fake, dan, far_2, dans_move)
    assert confirmed.content.startswith("Done"), confirmed.content
    before = marks(fake, far_1)
    mover = next_mover(far_board, far_users)
    choices = await legal_moves(fake, mover, far_1)
    text = next((c for c in choices if c == "draw" or c.startswith("place")), choices[0])
    confirmed = await move(fake, mover, far_1, text)
    assert confirmed.content.startswith("Done"), confirmed.content
    await far.kill()
    assert fake.connected_shards == [0]
    await far.start()

    far_board = await board_after(fake, far_1, before)
    await fake.wait_for_message(  # not the opening board, which may not be edited yet
        lambda m: (
            "(computer)" in m.content
            and f"<@{dan.id}>, your turn." in m.content
            and m.content != opening_text
        ),
        channel=far_2,
    )
    assert await moves_made(fake, cat, far_1) == list(range(1, 2 + 4 + 2))
    assert await moves_made(fake, dan, far_2) == [1, 2]  # Dan's move and the computer's, once

    # The game goes on in both guilds, and nothing was told twice.
    await agents_turns(fake, far_1, far_board, far_users, 2)
    await agents_turns(fake, "mars-1", near_board, {ann.id: ann, bob.id: bob}, 2)
    await fake.state.wait_for(
        lambda: len(reminder_gaps(fake, far_2)) >= 1 or None, 40, "two reminders"
    )
    for channel in (fake.channel("mars-1"), far_1, far_2):
        assert doubled(fake, channel) == [], channel
        assert all(gap >= REMIND_HOURS * 3600 - 0.5 for gap in reminder_gaps(fake, channel))
