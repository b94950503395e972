"""The fake Discord answers 429 as Discord does when a test asks: once for one route, or for
every request with the bot's token while a global limit lasts (interaction callbacks and
webhooks spared), with `retry_after`, `global` and the headers discord.py reads; nothing is
made by a request answered 429."""

from __future__ import annotations

import aiohttp

from tests.e2e.conftest import RestClient
from tests.fakediscord import FakeDiscord


async def answer(fake: FakeDiscord, method: str, path: str) -> tuple[int, dict[str, str], object]:
    """Status, headers and JSON of a request made with the bot's token."""
    async with (
        aiohttp.ClientSession() as session,
        session.request(
            method,
            fake.api_url + path,
            json={"content": "a"} if method == "POST" else None,
            headers={"Authorization": f"Bot {fake.token}"},
        ) as response,
    ):
        return response.status, dict(response.headers), await response.json()


async def test_a_route_limited_once(fake_discord: FakeDiscord) -> None:
    fake = fake_discord
    messages = f"/channels/{fake.channel('general').id}/messages"
    fake.rate_limit_next("POST", r"/channels/\d+/messages$", 0.25)
    status, headers, body = await answer(fake, "POST", messages)
    assert (status, body) == (
        429,
        {"message": "You are being rate limited.", "retry_after": 0.25, "global": False},
    )
    assert headers["Via"] and headers["Retry-After"] == "1"
    assert headers["X-RateLimit-Scope"] == "user" and "X-RateLimit-Global" not in headers
    assert fake.messages("general") == []
    assert (await answer(fake, "POST", messages))[0] == 200
    assert fake.rate_limited == [f"POST /api/v10{messages}"]


async def test_a_global_limit_holds_every_bot_request_but_interactions(
    fake_discord: FakeDiscord, rest: RestClient
) -> None:
    fake = fake_discord
    messages = f"/channels/{fake.channel('general').id}/messages"
    fake.rate_limit_next("GET", r"/channels/\d+/messages$", 60, is_global=True)
    status, headers, body = await answer(fake, "GET", messages)
    assert (status, headers["X-RateLimit-Global"], headers["X-RateLimit-Scope"]) == (
        429,
        "true",
        "global",
    )
    assert isinstance(body, dict) and body["global"] is True
    status, _, body = await answer(fake, "POST", messages)  # another route, in the window
    assert status == 429 and isinstance(body, dict) and 0 < body["retry_after"] <= 60
    status, _ = await rest.request("POST", "/webhooks/1/unknown-token", {"content": "a"})
    assert status != 429
    assert fake.messages("general") == []
    assert len(fake.rate_limited) == 2
