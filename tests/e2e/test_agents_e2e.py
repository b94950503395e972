"""The real bot process against the fake Discord server: a whole game of Agents of M.A.R.S.

Ann sets her objectives from the menu the bot DMs her; Bob's DMs are closed, so the channel tells
him (without any secret) to use `/secret`, where he finds the same menu. Then they play to the
end with the **Draw** button and `/move`, and no channel message, image description or `/history`
shows an objective before the final board reveals both; `/history` never shows the secret
moves themselves, only what the channel was told.
"""

from __future__ import annotations

import re

from tests.e2e.conftest import LaunchBot
from tests.e2e.tables import (
    history,
    legal_moves,
    open_table,
    picker_of,
    play,
    png_of,
    press,
    refused,
)
from tests.fakediscord import FakeDiscord, Message, User
from tests.hang import HANG_SECONDS

CHANNEL = "mars-2"
OBJECTIVES = re.compile(r"(red|green|blue|yellow)=-?\d")


def public_text(fake: FakeDiscord) -> str:
    """Everything the channel shows: message texts and image descriptions."""
    parts = []
    for message in fake.messages(CHANNEL):
        parts.append(message.content)
        parts += [a.description or "" for a in message.attachments]
    return "\n".join(parts)


async def test_objectives_by_dm_and_by_secret_then_a_whole_game(
    fake_discord: FakeDiscord, launch_bot: LaunchBot
) -> None:
    fake = fake_discord
    await launch_bot()
    await fake.wait_commands_synced()
    ann, bob = fake.add_user("ann"), fake.add_user("bob", dms_closed=True)
    cat = fake.add_user("cat")

    await open_table(fake, CHANNEL, "agents", ann, [bob], {"first": 1})
    hint = await fake.wait_for_message(
        lambda m: "/secret" in m.content and f"<@{bob.id}>" in m.content,
        channel=CHANNEL,
        include_interaction_replies=True,
    )
    assert not OBJECTIVES.search(hint.content)

    # Ann: the DM menu lists the 24 ways to assign the four values.
    dm = await fake.state.wait_for(
        lambda: next((m for m in fake.dms(ann) if m.custom_ids), None), 10, "Ann's menu"
    )
    custom_id, values = picker_of(dm)
    assert len(values) == 24 and all(v.startswith("=objectives ") for v in values)
    chosen = "=objectives red=2 green=1 blue=0 yellow=-1"
    assert chosen in values
    answered = await (await fake.click(ann, dm, custom_id, values=[chosen])).response()
    assert "Done" in answered.content and answered.custom_ids == []
    await fake.wait_for_message(lambda m: "ann" in m.content and "objectives" in m.content)

    # Bob: his DM failed; /secret shows him the same menu, privately.
    assert fake.rejected_dms(bob)
    assert "not playing" in await refused(fake, cat, CHANNEL, "secret")
    secret = await (await fake.slash(bob, CHANNEL, "secret")).response()
    assert secret.ephemeral
    custom_id, values = picker_of(secret)
    pick = await (await fake.click(bob, secret, custom_id, values=[values[-1]])).response()
    assert "Done" in pick.content
    bobs = values[-1].removeprefix("=")
    assert "(a secret action)" in await history(fake, cat, CHANNEL)

    # Play: Ann's first action is the Draw button under the board; then /move to the end.
    started = await fake.wait_for_message(
        lambda m: f"<@{ann.id}>, your turn." in m.content, channel=CHANNEL
    )
    assert not OBJECTIVES.search(public_text(fake))
    draw = next(c for c in started.custom_ids if c.startswith("mars:do:") and c.endswith(":draw"))
    drawn = await press(fake, ann, CHANNEL, started, draw)
    assert "drew" in drawn.content, drawn.content
    assert draw not in drawn.custom_ids  # the board no longer offers the outlived button
    users = {ann.id: ann, bob.id: bob}
    to_move, last = ann, drawn
    for _ in range(400):
        if "**Game over.**" in last.content:
            break
        choices = await legal_moves(fake, to_move, CHANNEL)
        text = next((c for c in choices if c in ("draw",) or c.startswith("place")), choices[0])
        last = await play(fake, to_move, CHANNEL, text)
        turn = re.search(r"<@(\d+)>, your turn\.", last.content)
        if turn is not None:
            to_move = users[int(turn[1])]
        if "**Game over.**" not in last.content:
            assert not OBJECTIVES.search(public_text(fake))
    assert "**Game over.**" in last.content
    assert "ann's objectives were" in last.content and "bob's objectives were" in last.content
    png_of(last)
    told = await history(fake, cat, CHANNEL)
    assert "ann's objectives were" in told  # as the channel was told at the end
    assert "objectives red=2 green=1 blue=0 yellow=-1" not in told and bobs not in told
    assert told.count("(a secret action)") == 2
    assert fake.unhandled_requests == []


async def test_dealt_objectives_arrive_by_dm(
    fake_discord: FakeDiscord, launch_bot: LaunchBot
) -> None:
    fake = fake_discord
    await launch_bot()
    await fake.wait_commands_synced()
    ann, bob = fake.add_user("ann"), fake.add_user("bob")
    opening = await open_table(fake, CHANNEL, "agents", ann, [bob], {"dealt": True, "first": 2})
    assert f"<@{bob.id}>, your turn." in opening.content
    for user in (ann, bob):

        def dealt(user: User = user) -> Message | None:
            return next((m for m in fake.dms(user) if m.attachments), None)

        dm = await fake.state.wait_for(dealt, HANG_SECONDS, "the dealt objectives")
        assert OBJECTIVES.search(dm.content) or "objective" in dm.content.lower()
        png_of(dm)
    assert not OBJECTIVES.search(public_text(fake))
