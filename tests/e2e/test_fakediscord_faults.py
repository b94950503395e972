"""The fake Discord fails on demand (an injected error, a channel the bot may not post in, a
deleted channel) without counting it as a refused request, and keeps every edit of a message,
whether the message was posted in its channel or as an interaction response or followup."""

from __future__ import annotations

from tests.e2e.conftest import LaunchBot, RestClient
from tests.fakediscord import FakeDiscord
from tests.fakediscord.interactions import interaction_payload
from tests.fakediscord.models import SEND_MESSAGES
from tests.fakediscord.state import APPLICATION_COMMAND

SAMPLE = "tests.e2e.sample_bot"


def messages_path(fake: FakeDiscord, channel: str = "general") -> str:
    return f"/channels/{fake.channel(channel).id}/messages"


async def test_an_injected_fault_fails_the_next_match_once(
    rest: RestClient, fake_discord: FakeDiscord
) -> None:
    fake = fake_discord
    fake.fail_next("post", r"/channels/\d+/messages$", 403, 50001, "Missing Access")
    fake.fail_next("POST", r"/messages$", 503)
    assert fake.pending_faults == 2
    assert await rest.request("GET", messages_path(fake)) == (200, [])  # not a POST
    assert await rest.request("POST", messages_path(fake), {"content": "a"}) == (
        403,
        {"code": 50001, "message": "Missing Access"},
    )
    status, answer = await rest.request("POST", messages_path(fake), {"content": "a"})
    assert (status, answer["code"]) == (503, 0)
    assert fake.pending_faults == 0
    assert (await rest.request("POST", messages_path(fake), {"content": "a"}))[0] == 200
    assert [m.content for m in fake.messages("general")] == ["a"]
    assert fake.refused_requests == []


async def test_a_channel_the_bot_may_not_post_in(
    rest: RestClient, fake_discord: FakeDiscord
) -> None:
    fake = fake_discord
    posted = fake.state.create_message(fake.channel("mars-1"), fake.bot_user, {"content": "a"})
    fake.deny_send("mars-1")
    status, answer = await rest.request("POST", messages_path(fake, "mars-1"), {"content": "b"})
    assert (status, answer) == (403, {"code": 50013, "message": "Missing Permissions"})
    edit = await rest.request(
        "PATCH", f"{messages_path(fake, 'mars-1')}/{posted.id}", {"content": "c"}
    )
    assert edit[0] == 200  # editing its own message needs no Send Messages
    assert (await rest.request("POST", messages_path(fake), {"content": "b"}))[0] == 200
    _, channel = await rest.request("GET", f"/channels/{fake.channel('mars-1').id}")
    [overwrite] = channel["permission_overwrites"]
    assert overwrite["id"] == str(fake.bot_user.id) and int(overwrite["deny"]) == SEND_MESSAGES
    record = fake.state.new_interaction(
        APPLICATION_COMMAND, fake.add_user("ann"), fake.channel("mars-1"), "t"
    )
    assert not int(interaction_payload(fake.state, record, {})["app_permissions"]) & SEND_MESSAGES


async def test_a_deleted_channel_is_unknown(rest: RestClient, fake_discord: FakeDiscord) -> None:
    fake = fake_discord
    channel = fake.channel("mars-2")
    posted = fake.state.create_message(channel, fake.bot_user, {"content": "a"})
    fake.delete_channel("mars-2")
    unknown = (404, {"code": 10003, "message": "Unknown Channel"})
    assert await rest.request("GET", f"/channels/{channel.id}") == unknown
    assert (
        await rest.request("POST", f"/channels/{channel.id}/messages", {"content": "b"}) == unknown
    )
    path = f"/channels/{channel.id}/messages/{posted.id}"
    assert await rest.request("PATCH", path, {"content": "b"}) == unknown
    assert "mars-2" not in [c.name for c in fake.channels]
    assert fake.refused_requests == []


async def test_the_bot_sees_permissions_change_and_channels_go(
    fake_discord: FakeDiscord, launch_bot: LaunchBot
) -> None:
    fake = fake_discord
    await launch_bot(SAMPLE)
    await fake.wait_commands_synced()
    ann = fake.add_user("ann")
    fake.deny_send("mars-1")
    fake.delete_channel("mars-3")
    said = await (await fake.slash(ann, "general", "where")).response()
    assert said.content == "general: True\nmars-1: False\nmars-2: True"


# -- edits -------------------------------------------------------------------------------------


async def test_interaction_messages_are_edited_in_their_channel(
    rest: RestClient, fake_discord: FakeDiscord
) -> None:
    fake = fake_discord
    channel = fake.channel("general")
    ann = fake.add_user("ann")
    record = fake.state.new_interaction(APPLICATION_COMMAND, ann, channel, "t")
    callback = f"/interactions/{record.id}/{record.token}/callback"
    assert (await rest.request("POST", callback, {"type": 4, "data": {"content": "one"}}))[0] == 204
    followup = f"/webhooks/{fake.application_id}/{record.token}?wait=true"
    status, answer = await rest.request("POST", followup, {"content": "two"})
    assert status == 200
    response, posted = fake.messages("general")
    assert posted.id == int(answer["id"]) and response.interaction_id == posted.interaction_id

    button = {"type": 2, "style": 1, "label": "Go", "custom_id": "go"}
    edit = {"content": "one, edited", "components": [{"type": 1, "components": [button]}]}
    path = f"{messages_path(fake)}/{response.id}"
    assert (await rest.request("PATCH", path, edit))[0] == 200
    with_file = {"content": "two, edited", "attachments": [{"id": 0, "filename": "b.png"}]}
    path = f"{messages_path(fake)}/{posted.id}"
    assert (await rest.request("PATCH", path, with_file, {"b.png": b"png"}))[0] == 200
    assert (await rest.request("PATCH", path, {"content": "two, again"}))[0] == 200

    assert fake.messages("general") == [response, posted]  # edits post nothing new
    assert (response.content, response.custom_ids, response.edit_count) == (
        "one, edited",
        ["go"],
        1,
    )
    assert (posted.content, posted.edit_count) == ("two, again", 2)
    assert [a.filename for a in posted.attachments] == ["b.png"]
    assert [revision["content"] for revision in posted.history] == ["two", "two, edited"]
    assert response.edited and posted.edited


async def test_an_ephemeral_message_is_not_in_its_channel(
    rest: RestClient, fake_discord: FakeDiscord
) -> None:
    fake = fake_discord
    record = fake.state.new_interaction(
        APPLICATION_COMMAND, fake.add_user("ann"), fake.channel("general"), "t"
    )
    data = {"content": "secret", "flags": 64}
    path = f"/interactions/{record.id}/{record.token}/callback"
    assert (await rest.request("POST", path, {"type": 4, "data": data}))[0] == 204
    [message] = fake.messages("general", include_ephemeral=True)
    status, answer = await rest.request(
        "PATCH", f"{messages_path(fake)}/{message.id}", {"content": "x"}
    )
    assert (status, answer["code"]) == (404, 10008)
    webhook = f"/webhooks/{fake.application_id}/{record.token}/messages/@original"
    assert (await rest.request("PATCH", webhook, {"content": "still secret"}))[0] == 200
    assert message.content == "still secret" and message.edit_count == 1


async def test_a_real_bot_edits_its_followup_in_the_channel(
    fake_discord: FakeDiscord, launch_bot: LaunchBot
) -> None:
    fake = fake_discord
    await launch_bot(SAMPLE)
    await fake.wait_commands_synced()
    result = await fake.slash(fake.add_user("ann"), "general", "board")
    board = await fake.state.wait_for(
        lambda: next((m for m in fake.messages("general") if m.content == "Board, turn 2"), None),
        10,
        "the board's edit",
    )
    assert board.interaction_id == result.id and board.edit_count == 2  # filled, then edited
    assert [(a.filename, a.description) for a in board.attachments] == [("turn2.png", "Turn 2")]
    assert board.history[-1]["attachments"] == ["turn1.png"]
    assert fake.messages("general") == [board]


async def test_a_test_may_expect_refusals(rest: RestClient, fake_discord: FakeDiscord) -> None:
    fake_discord.expect_refusals()  # without it, the fixture would fail this test at teardown
    await rest.request("POST", messages_path(fake_discord), {"content": ""})
    assert len(fake_discord.refused_requests) == 1
