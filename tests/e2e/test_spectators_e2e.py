"""The real bot process against the fake Discord server: a spectator asks for the board.

In a game of Agents of M.A.R.S. whose objectives are being chosen in secret, Cat, who does not
play, uses `/board`: the board is posted again in the channel (a picture with alt text), and
neither it nor anything else the channel shows gives away an objective; Cat gets no DM, and
`/secret` tells Cat they are not playing.
"""

from __future__ import annotations

import re

from tests.e2e.conftest import LaunchBot
from tests.e2e.tables import marks, move, open_table, png_of, refused
from tests.fakediscord import FakeDiscord

CHANNEL = "mars-1"
OBJECTIVES = re.compile(r"(red|green|blue|yellow)=-?\d")


def public_text(fake: FakeDiscord) -> str:
    """Everything the channel shows: message texts and image descriptions."""
    return "\n".join(
        part
        for message in fake.messages(CHANNEL)
        for part in (message.content, *(a.description or "" for a in message.attachments))
    )


async def test_a_spectators_board_shows_no_secret(
    fake_discord: FakeDiscord, launch_bot: LaunchBot
) -> None:
    fake = fake_discord
    await launch_bot()
    await fake.wait_commands_synced()
    ann, bob, cat = fake.add_user("ann"), fake.add_user("bob"), fake.add_user("cat")
    await open_table(fake, CHANNEL, "agents", ann, [bob], {"first": 1})
    chosen = await move(fake, ann, CHANNEL, "objectives red=2 green=1 blue=0 yellow=-1")
    assert chosen.ephemeral and chosen.content.startswith("Done"), chosen.content

    await fake.wait_for_message(lambda m: "ann has set their objectives" in m.content)
    before = marks(fake, CHANNEL)
    reply = await (await fake.slash(cat, CHANNEL, "board")).response()
    assert reply.ephemeral and "board again" in reply.content
    board = await fake.state.wait_for(
        lambda: next((m for m in fake.messages(CHANNEL) if m.id not in before), None),
        10,
        "the board posted again",
    )
    assert board.content.startswith("**Agents of M.A.R.S.**, move 2.")
    png_of(board)
    assert not OBJECTIVES.search(public_text(fake))
    assert not fake.dms(cat)
    assert "not playing" in await refused(fake, cat, CHANNEL, "secret")
