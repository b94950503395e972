"""The fake Discord honours a message's `nonce` with `enforce_nonce` as Discord documents it: a
create that repeats a nonce the bot sent in that channel within a few minutes makes no message
and is answered with the earlier one (Unknown Message if that was deleted since); a nonce is at
most 25 characters and is shown only when its message is made. A test can also hold back the
answer to a request the fake has carried out (as when the bot dies before it arrives)."""

from __future__ import annotations

import asyncio

from tests.e2e.conftest import RestClient
from tests.fakediscord import FakeDiscord


def path_of(fake: FakeDiscord, channel: str) -> str:
    return f"/channels/{fake.channel(channel).id}/messages"


async def test_a_repeated_nonce_returns_the_earlier_message(
    rest: RestClient, fake_discord: FakeDiscord
) -> None:
    fake = fake_discord
    body = {"content": "Ann played L c3.", "nonce": "g1-u7-post0", "enforce_nonce": True}
    status, first = await rest.request("POST", path_of(fake, "mars-1"), body)
    assert status == 200 and first["nonce"] == "g1-u7-post0"
    status, again = await rest.request("POST", path_of(fake, "mars-1"), {**body, "content": "x"})
    assert status == 200 and again["id"] == first["id"] and again["content"] == "Ann played L c3."
    assert [m.content for m in fake.messages("mars-1")] == ["Ann played L c3."]
    assert [m.id for m in fake.repeated_nonces] == [int(first["id"])]

    # Another channel, or a create that does not ask for the check, makes a message.
    assert (await rest.request("POST", path_of(fake, "mars-2"), body))[0] == 200
    unchecked = {"content": "b", "nonce": "g1-u7-post0"}
    assert (await rest.request("POST", path_of(fake, "mars-1"), unchecked))[0] == 200
    assert (await rest.request("POST", path_of(fake, "mars-1"), {**unchecked, "content": "c"}))[
        0
    ] == 200
    assert [m.content for m in fake.messages("mars-1")] == ["Ann played L c3.", "b", "c"]
    assert len(fake.messages("mars-2")) == 1

    # The nonce is shown by the create's answer only, never when the message is read later.
    _, read = await rest.request("GET", f"{path_of(fake, 'mars-1')}/{first['id']}")
    assert "nonce" not in read


async def test_a_nonce_is_forgotten_after_the_window_and_a_deleted_message_stays_gone(
    rest: RestClient, fake_discord: FakeDiscord
) -> None:
    fake = fake_discord
    body = {"content": "a", "nonce": 1234567890123, "enforce_nonce": True}
    status, first = await rest.request("POST", path_of(fake, "mars-1"), body)
    assert status == 200 and first["nonce"] == 1234567890123
    fake.nonce_window = 0.0  # a few minutes later
    status, later = await rest.request("POST", path_of(fake, "mars-1"), body)
    assert status == 200 and later["id"] != first["id"]

    fake.nonce_window = 180.0
    deleted = {"content": "d", "nonce": "deleted", "enforce_nonce": True}
    status, posted = await rest.request("POST", path_of(fake, "mars-1"), deleted)
    assert (await rest.request("DELETE", f"{path_of(fake, 'mars-1')}/{posted['id']}"))[0] == 204
    assert await rest.request("POST", path_of(fake, "mars-1"), deleted) == (
        404,
        {"code": 10008, "message": "Unknown Message"},
    )
    assert [m.content for m in fake.messages("mars-1")] == ["a", "a"]
    assert fake.refused_requests == []


async def test_a_nonce_longer_than_25_characters_is_refused(
    rest: RestClient, fake_discord: FakeDiscord
) -> None:
    fake = fake_discord
    fake.expect_refusals()
    body = {"content": "a", "nonce": "n" * 26, "enforce_nonce": True}
    status, answer = await rest.request("POST", path_of(fake, "mars-1"), body)
    assert (status, answer["code"]) == (400, 50035)
    assert "nonce" in answer["errors"]
    assert fake.messages("mars-1") == []


async def test_a_held_answer_comes_after_the_message_is_made(
    rest: RestClient, fake_discord: FakeDiscord
) -> None:
    fake = fake_discord
    hold = fake.hold_next("POST", r"/channels/\d+/messages$")
    request = asyncio.ensure_future(
        rest.request("POST", path_of(fake, "mars-1"), {"content": "held"})
    )
    await hold.wait()
    [made] = fake.messages("mars-1")
    assert made.content == "held" and not request.done()
    hold.release()
    status, answer = await request
    assert status == 200 and answer["id"] == str(made.id)
    assert (await rest.request("POST", path_of(fake, "mars-1"), {"content": "free"}))[0] == 200
