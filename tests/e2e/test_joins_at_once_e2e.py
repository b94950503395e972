"""The real bot process against the fake Discord server: ten players join a lobby at once.

In each of three channels Ann opens a Mars vs. Earth table (10 seats) and ten users join at the
same moment, five with `/join` and five with the lobby's Join button; nine are seated and one is
told privately that the table is full. The first edit of the lobby message (by either route: as
a channel's message, or as a button's message through its interaction) meets a server error and
is sent again a second later by discord.py (as a slow or retried request arrives late), so
an edit made from an older seating could land after the newer ones. Once every seated player
has had their test DM (sent after their join's edit of the lobby message), the lobby message
shows exactly the seats the database holds, with its buttons live.
"""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

from tests.e2e.conftest import LaunchBot
from tests.fakediscord import FakeDiscord, User
from tests.hang import HANG_SECONDS

CHANNELS = ("mars-1", "mars-2", "mars-3")
JOINED = "You joined a Mars vs. Earth table."


def seated(database: Path, message_id: int) -> list[int]:
    """The user ids seated at the lobby of `message_id`, in seat order, as the bot stored
    them."""
    db = sqlite3.connect(database, timeout=HANG_SECONDS)
    try:
        rows = db.execute(
            "SELECT user_id FROM seats WHERE game_id = "
            "(SELECT id FROM games WHERE lobby_message_id = ?) ORDER BY seat",
            (message_id,),
        ).fetchall()
    finally:
        db.close()
    return [row[0] for row in rows]


def dm_arrived(fake: FakeDiscord, user: User, after: int) -> bool:
    """Whether `user` has had the test DM of joining a table since `after`."""
    return any(m.seq > after and m.content.startswith(JOINED) for m in fake.dms(user))


async def ten_join_at_once(
    fake: FakeDiscord, channel: str, ann: User, users: list[User], database: Path
) -> None:
    """Ann opens the table in `channel` and `users` join it at once (see the module)."""
    after = fake.checkpoint()
    lobby = await (await fake.slash(ann, channel, "new", subcommand="marsvsearth")).response()
    assert not lobby.ephemeral and "Seated (1/10)" in lobby.content, lobby.content
    await fake.state.wait_for(
        lambda: dm_arrived(fake, ann, after), 10, "Ann's test DM (the lobby is stored)"
    )
    [join] = [c for c in lobby.custom_ids if c.endswith(":join")]
    channel_id = fake.channel(channel).id
    lobby_edit = rf"/channels/{channel_id}/messages/{lobby.id}$|/messages/@original$"
    fake.fail_next("PATCH", lobby_edit, 500)  # the only edits meanwhile: the lobby's
    sent = await asyncio.gather(
        *(fake.slash(user, channel, "join") for user in users[:5]),
        *(fake.click(user, lobby, join) for user in users[5:]),
    )
    await asyncio.gather(*(interaction.response() for interaction in sent))
    seats = seated(database, lobby.id)
    assert len(seats) == 10 and seats[0] == ann.id
    [(late, refused)] = [(u, i) for u, i in zip(users, sent, strict=True) if u.id not in seats]
    # a pressed button's first reply may be an edit of the lobby message by another join
    [full] = await refused.followups() if late in users[5:] else [await refused.response()]
    assert full.ephemeral and "The table is full (10 players)" in full.content, full.content
    joined = [u for u in users if u.id in seats]
    await fake.state.wait_for(
        lambda: all(dm_arrived(fake, u, after) for u in joined),
        20,
        "every seated player's test DM",
    )
    assert fake.pending_faults == 0  # the first edit was refused and sent again
    names = ", ".join(f"<@{user_id}>" for user_id in seats)
    shown = fake.get_message(lobby.id)
    assert f"Seated (10/10): {names}\n" in shown.content, shown.content
    button = shown.component(join)
    assert button is not None and not button.get("disabled")


async def test_ten_joins_at_once_leave_the_lobby_showing_every_seat(
    fake_discord: FakeDiscord, launch_bot: LaunchBot, tmp_path: Path
) -> None:
    fake = fake_discord
    await launch_bot(extra_env={"E2E_SEED": "26"})
    await fake.wait_commands_synced()
    ann = fake.add_user("ann")
    for number, channel in enumerate(CHANNELS):
        users = [fake.add_user(f"player{number}{n}") for n in range(10)]
        await ten_join_at_once(fake, channel, ann, users, tmp_path / "bot.sqlite3")
