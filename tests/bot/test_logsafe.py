"""The log filter: discord.py's and aiosqlite's debug records lose their payloads, keep the rest."""

from __future__ import annotations

import functools
import importlib
import inspect
import io
import json
import logging
import sqlite3
from collections.abc import Iterator

import pytest

from bot.logsafe import PAYLOADS, Redactor

SECRET = "objectives red=2 green=1 blue=0 yellow=-1"
SEED = 7_370_215_901_231
TOKEN = "aW50ZXJhY3Rpb246MTIzNDU2Nzg5MDpzZWNyZXQ"


@pytest.fixture
def shared_log() -> Iterator[io.StringIO]:
    """What a DEBUG log handler with the filter writes, for every logger."""
    out = io.StringIO()
    handler = logging.StreamHandler(out)
    handler.addFilter(Redactor())
    handler.setFormatter(logging.Formatter("%(name)s: %(message)s"))
    root = logging.getLogger()
    level = root.level
    root.addHandler(handler)
    root.setLevel(logging.DEBUG)
    try:
        yield out
    finally:
        root.removeHandler(handler)
        root.setLevel(level)


def test_http_bodies_are_omitted_routes_and_status_kept(shared_log: io.StringIO) -> None:
    http = logging.getLogger("discord.http")
    url = f"http://127.0.0.1/api/v10/interactions/1234/{TOKEN}/callback"
    body = json.dumps({"type": 4, "data": {"content": f"Your objectives: {SECRET}", "flags": 64}})
    http.debug("%s %s with %s has returned %s", "POST", url, body, 204)
    http.debug("%s %s has received %s", "GET", "http://x/api/v10/channels/9", {"content": SECRET})
    http.debug("%s %s with %s has returned %s", "POST", "http://x/api/v10/channels/9", "x", 200)
    said = shared_log.getvalue()
    assert SECRET not in said and TOKEN not in said and '"x"' not in said
    assert "POST http://127.0.0.1/api/v10/interactions/1234/<token>/callback" in said
    assert "has returned 204" in said and "has returned 200" in said
    assert "GET http://x/api/v10/channels/9 has received <omitted>" in said


def test_gateway_events_keep_their_name_only(shared_log: io.StringIO) -> None:
    event = {
        "op": 0,
        "t": "INTERACTION_CREATE",
        "s": 42,
        "d": {"data": {"name": "move", "options": [{"name": "text", "value": SECRET}]}},
    }
    logging.getLogger("discord.gateway").debug("For Shard ID %s: WebSocket Event: %s", None, event)
    logging.getLogger("discord.client").debug("Dispatching event %s", "interaction")
    said = shared_log.getvalue()
    assert SECRET not in said and "options" not in said
    assert "'t': 'INTERACTION_CREATE'" in said and "'s': 42" in said
    assert "Dispatching event interaction" in said


def test_webhook_urls_lose_their_token(shared_log: io.StringIO) -> None:
    url = f"http://x/api/v10/webhooks/555/{TOKEN}/messages/@original"
    logging.getLogger("discord.webhook.async_").debug(
        "Webhook ID %s with %s %s has returned status code %s", 555, "PATCH", url, 200
    )
    said = shared_log.getvalue()
    assert TOKEN not in said
    assert "PATCH http://x/api/v10/webhooks/555/<token>/messages/@original" in said
    assert "status code 200" in said


def test_sql_calls_keep_their_function_name_only(shared_log: io.StringIO) -> None:
    cursor = sqlite3.connect(":memory:").cursor()
    call = functools.partial(cursor.execute, "INSERT INTO games VALUES (?, ?)", (SEED, SECRET))
    logging.getLogger("aiosqlite").debug("executing %s", call)
    logging.getLogger("aiosqlite").debug("returning exception %s", ValueError(SECRET))
    said = shared_log.getvalue()
    assert str(SEED) not in said and SECRET not in said
    assert "executing execute" in said and "returning exception ValueError" in said


def test_the_bot_s_own_records_pass_unchanged(shared_log: io.StringIO) -> None:
    logging.getLogger("bot.courier.delivery").info("Game %s: board %s", 3, "{not a payload}")
    assert "Game 3: board {not a payload}" in shared_log.getvalue()


@pytest.mark.parametrize(("logger", "message"), sorted(PAYLOADS))
def test_the_payload_lines_are_discord_py_s_own(logger: str, message: str) -> None:
    """The filter knows discord.py's exact wording; a new version that changes it fails here."""
    assert repr(message)[1:-1] in inspect.getsource(importlib.import_module(logger))
