"""The fake Discord refuses what Discord refuses: bodies invalid by Discord's OpenAPI description
and messages beyond its limits (400, code 50035, errors by path), empty messages (50006); and it
fails on demand (an injected error, a channel the bot may not post in, a deleted channel)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import aiohttp
import pytest

from tests.fakediscord import FakeDiscord

pytestmark = pytest.mark.refusals_expected

BUTTON = {"type": 2, "style": 1, "label": "Go", "custom_id": "go"}


@pytest.fixture
async def post(fake_discord: FakeDiscord) -> AsyncIterator[Any]:
    channel = fake_discord.state.guild.channels[0]
    headers = {"Authorization": f"Bot {fake_discord.token}"}
    async with aiohttp.ClientSession(headers=headers) as session:

        async def send(body: dict[str, Any], method: str = "POST") -> tuple[int, dict[str, Any]]:
            url = f"{fake_discord.api_url}/channels/{channel.id}/messages"
            async with session.request(method, url, json=body) as response:
                return response.status, await response.json()

        yield send


async def refused(post: Any, body: dict[str, Any]) -> dict[str, Any]:
    status, answer = await post(body)
    assert status == 400 and answer["code"] == 50035, answer
    return dict(answer["errors"])


async def test_a_valid_message_is_created(post: Any, fake_discord: FakeDiscord) -> None:
    status, answer = await post({"content": "x" * 2000, "components": [
        {"type": 1, "components": [BUTTON]}
    ]})  # fmt: skip
    assert status == 200 and answer["content"] == "x" * 2000
    assert fake_discord.refused_requests == []


@pytest.mark.parametrize(
    ("body", "where"),
    [
        ({"content": "x" * 2001}, "content"),
        ({"content": 5}, "content"),
        ({"embeds": [{"description": "x" * 4097}]}, "embeds.0.description"),
        ({"embeds": [{"title": "x" * 257}]}, "embeds.0.title"),
        ({"embeds": [{"description": "x" * 4000}, {"description": "x" * 2001}]}, "embeds"),
        ({"embeds": [{"description": "x"}] * 11}, "embeds"),
        ({"components": [{"type": 1, "components": [BUTTON] * 6}]}, "components.0.components"),
        ({"components": [{"type": 1, "components": [{**BUTTON, "label": "x" * 81}]}]}, "label"),
        ({"components": [{"type": 1, "components": [{**BUTTON, "custom_id": "x" * 101}]}]},
         "custom_id"),
        ({"components": [{"type": 1, "components": [BUTTON]}] * 6}, "components"),
        ({"components": [{"type": 1, "components": [
            {"type": 3, "custom_id": "m", "options": [{"label": "a", "value": "a"}] * 26}
        ]}]}, "options"),
        ({"components": [{"type": 1, "components": [
            {"type": 3, "custom_id": "m", "options": [{"label": "x" * 101, "value": "a"}]}
        ]}]}, "label"),
        ({"components": [{"type": 1, "components": [
            BUTTON, {"type": 3, "custom_id": "m", "options": [{"label": "a", "value": "a"}]}
        ]}]}, "components.0.components"),
        ({"components": [{"type": 1, "components": [BUTTON, BUTTON]}]}, "custom_id"),
        ({"content": "x", "attachments": [{"id": 0, "description": "x" * 1025}]}, "description"),
    ],
)  # fmt: skip
async def test_what_discord_refuses_is_refused(
    post: Any, fake_discord: FakeDiscord, body: dict[str, Any], where: str
) -> None:
    errors = await refused(post, body)
    assert any(where in path for path in errors), errors
    [(method, _, _)] = fake_discord.refused_requests
    assert method == "POST"
    assert fake_discord.messages(fake_discord.state.guild.channels[0]) == []


async def test_an_empty_message_is_refused(post: Any) -> None:
    status, answer = await post({"content": ""})
    assert status == 400 and answer["code"] == 50006


async def test_faults_on_demand(post: Any, fake_discord: FakeDiscord) -> None:
    channel = fake_discord.state.guild.channels[0]
    fake_discord.fail_next("POST", r"/messages$", 503)
    assert (await post({"content": "a"}))[0] == 503
    assert (await post({"content": "a"}))[0] == 200  # once only
    fake_discord.deny_send(channel)
    status, answer = await post({"content": "a"})
    assert status == 403 and answer["code"] == 50013
    fake_discord.delete_channel(channel)
    status, answer = await post({"content": "a"})
    assert status == 404 and answer["code"] == 10003
