"""The real bot process against the fake Discord server: `/takeback` and its buttons.

Ann asks to take back a move with `/takeback` (and later with the Take back button under her
private confirmation); the request is posted with Accept and Decline buttons pinging Bob
(a refusal stays private: Bob cannot take back Ann's move). Bob declines once, the move stands;
Ann asks again, Bob accepts, and the channel's board goes back to the position before the move,
with Ann to move. A pressed button of a spent request is refused privately.

Two requests at once (two `/takeback`, or `/takeback` and the Take back button) post one
request: the other is answered privately that it is asked already, as is Bob's `/takeback`.
"""

from __future__ import annotations

import asyncio

from tests.e2e.conftest import LaunchBot
from tests.e2e.tables import board_after, history, marks, move, open_table, play, refused
from tests.fakediscord import FakeDiscord, Message, User

CHANNEL = "mars-1"


async def ask(fake: FakeDiscord, user: User) -> Message:
    """`/takeback` by `user`: the request posted in the channel (after a private reply)."""
    after = fake.checkpoint()
    reply = await (await fake.slash(user, CHANNEL, "takeback")).response()
    assert reply.ephemeral and reply.content.startswith("Asked"), reply.content
    return await fake.wait_for_message(
        lambda m: "asks to take back" in m.content, channel=CHANNEL, after=after
    )


async def test_a_move_is_taken_back_when_the_other_player_accepts(
    fake_discord: FakeDiscord, launch_bot: LaunchBot
) -> None:
    fake = fake_discord
    await launch_bot()
    await fake.wait_commands_synced()
    ann, bob = fake.add_user("ann"), fake.add_user("bob")
    await open_table(fake, CHANNEL, "leylines", ann, [bob], {"first": 1})
    before = marks(fake, CHANNEL)
    done = await move(fake, ann, CHANNEL, "L c3")
    await board_after(fake, CHANNEL, before)
    [take_back] = done.custom_ids  # under Ann's private confirmation
    assert done.ephemeral and take_back.startswith("mars:askback:")
    assert "only your own last action" in await refused(fake, bob, CHANNEL, "takeback")

    request = await ask(fake, ann)
    assert f"<@{bob.id}>" in request.content and "`L c3`" in request.content
    accept, decline = request.custom_ids
    assert accept.endswith(":accept") and decline.endswith(":decline")
    no = await (await fake.click(ann, request, accept)).response()
    assert no.ephemeral and "Only the other players" in no.content
    after = fake.checkpoint()
    declined = await (await fake.click(bob, request, decline)).response()
    assert declined.ephemeral
    said = await fake.wait_for_message(lambda m: "declines" in m.content, after=after)
    assert "the move stands" in said.content
    spent = await (await fake.click(bob, request, accept)).response()
    assert spent.ephemeral and "over" in spent.content

    after = fake.checkpoint()
    asked = await (await fake.click(ann, done, take_back)).response()
    assert asked.ephemeral and asked.content.startswith("Asked"), asked.content
    request = await fake.wait_for_message(
        lambda m: "asks to take back" in m.content, channel=CHANNEL, after=after
    )
    before = marks(fake, CHANNEL)
    accept = request.custom_ids[0]
    accepted = await (await fake.click(bob, request, accept)).response()
    assert accepted.ephemeral and accepted.content == "Taken back: `L c3`."
    board = await board_after(fake, CHANNEL, before)
    assert board.content.startswith("ann took back `L c3`.")
    assert f"<@{ann.id}>, your turn." in board.content
    assert "2. ann took back L c3" in await history(fake, ann, CHANNEL)
    await play(fake, ann, CHANNEL, "L d4")  # Ann plays on from the opening


async def test_two_requests_at_once_post_one(
    fake_discord: FakeDiscord, launch_bot: LaunchBot
) -> None:
    fake = fake_discord
    await launch_bot()
    await fake.wait_commands_synced()
    ann, bob = fake.add_user("ann"), fake.add_user("bob")
    await open_table(fake, CHANNEL, "leylines", ann, [bob], {"first": 1})
    asked_already = "You already asked to take back that action; waiting for the others to accept."
    for notation in ("L c3", "L d4"):
        before = marks(fake, CHANNEL)
        done = await move(fake, ann, CHANNEL, notation)
        await board_after(fake, CHANNEL, before)
        [take_back] = done.custom_ids
        after = fake.checkpoint()
        second = (
            fake.slash(ann, CHANNEL, "takeback")
            if notation == "L c3"
            else fake.click(ann, done, take_back)
        )
        sent = await asyncio.gather(fake.slash(ann, CHANNEL, "takeback"), second)
        replies = await asyncio.gather(*(interaction.response() for interaction in sent))
        assert all(reply.ephemeral for reply in replies)
        assert sorted(reply.content for reply in replies) == [
            "Asked; the others may accept or decline.",
            asked_already,
        ]
        request = await fake.wait_for_message(
            lambda m: "asks to take back" in m.content, channel=CHANNEL, after=after
        )
        assert f"`{notation}`" in request.content
        bob_asks = await refused(fake, bob, CHANNEL, "takeback")
        assert bob_asks == "A takeback of that action is already asked; press Accept to agree."
        before = marks(fake, CHANNEL)
        accepted = await (await fake.click(bob, request, request.custom_ids[0])).response()
        assert accepted.content == f"Taken back: `{notation}`."
        await board_after(fake, CHANNEL, before)
        posted = [
            m for m in fake.messages(CHANNEL) if m.seq > after and "asks to take back" in m.content
        ]
        assert posted == [request]


async def test_alone_with_a_computer_the_take_back_button_undoes_its_reply_too(
    fake_discord: FakeDiscord, launch_bot: LaunchBot
) -> None:
    """The computer replies after its pause; the Take back button under Ann's confirmation
    still works, and takes the reply back with her move."""
    fake = fake_discord
    await launch_bot(extra_env={"COMPUTER_PAUSE_SECONDS": "0.2"})
    await fake.wait_commands_synced()
    ann = fake.add_user("ann")
    lobby = await (
        await fake.slash(
            ann,
            CHANNEL,
            "new",
            subcommand="leylines",
            options={"first": 1, "bots": 1, "bot_level": "hard"},
        )
    ).response()
    assert "take back your moves with the computers' replies" in lobby.content, lobby.content
    before = marks(fake, CHANNEL)
    await (await fake.slash(ann, CHANNEL, "start")).response()
    await board_after(fake, CHANNEL, before)
    before = marks(fake, CHANNEL)
    done = await move(fake, ann, CHANNEL, "L c3")
    thinking = await board_after(fake, CHANNEL, before)
    earlier = {m.id: len(m.history) for m in fake.messages(CHANNEL) if m.id <= thinking.id}
    replied = await board_after(fake, CHANNEL, earlier)
    assert "Ada (computer) placed" in replied.content, replied.content
    [take_back] = done.custom_ids
    before = marks(fake, CHANNEL)
    undone = await (await fake.click(ann, done, take_back)).response()
    assert undone.ephemeral and undone.content == "Taken back: `L c3`.", undone.content
    board = await board_after(fake, CHANNEL, before)
    assert "ann took back `L c3` and the replies after it (Ada (computer)'s `" in board.content
    assert f"<@{ann.id}>, your turn." in board.content
    assert "3. ann took back L c3 and 1 reply after it" in await history(fake, ann, CHANNEL)
