"""Logs an admin can share: no message text, payload, seed or private line at any level.

At DEBUG, discord.py logs the body of every HTTP request and response and every gateway event
(what players typed, the DMs with their secrets), and aiosqlite logs every SQL call with its
parameters (game states, seeds). `Redactor`, a filter on the log handler, replaces those
arguments with a short summary while keeping routes, status codes, event names and timing, and
hides the interaction and webhook tokens in URLs. The bot's own log lines name games, channels
and users by id only.
"""

from __future__ import annotations

import functools
import logging
import re
from typing import Any

OMITTED = "<omitted>"

PAYLOADS: dict[tuple[str, str], int] = {
    ("discord.http", "%s %s with %s has returned %s"): 2,
    ("discord.http", "%s %s has received %s"): 2,
    ("discord.gateway", "For Shard ID %s: WebSocket Event: %s"): 1,
    ("discord.gateway", 'Sending "%s" to change status'): 0,
    ("discord.gateway", "Updating our voice state to %s."): 0,
    ("discord.gateway", "Sending voice websocket frame: %s."): 0,
    ("discord.gateway", "Voice websocket frame received: %s"): 0,
    ("discord.gateway", "Received voice %s"): 0,
}
"""(logger, message format) -> the position of the argument that is a message body or payload."""

WATCHED = ("discord.", "aiosqlite")
"""Loggers whose arguments may hold payloads: every argument is summarised."""

_TOKEN = re.compile(r"/(interactions|webhooks)/(\d+)/[^/?#\s]+")


def hide_tokens(text: str) -> str:
    """`text` with the token after an interaction or webhook id replaced (they answer as the bot
    for 15 minutes): `/webhooks/123/<token>/messages/@original`."""
    return _TOKEN.sub(r"/\1/\2/<token>", text)


def payload_summary(value: Any) -> Any:
    """A message body or payload: a gateway event keeps its opcode, name and sequence number;
    anything else is omitted."""
    if isinstance(value, dict) and "op" in value:
        return {key: value.get(key) for key in ("op", "t", "s")}
    return OMITTED


def summary(value: Any) -> Any:
    """Any other argument: plain values stay, text loses its tokens (and is omitted when it
    looks like JSON), a SQL call keeps its function name, an error its type."""
    if value is None or isinstance(value, bool | int | float):
        return value
    if isinstance(value, str):
        return OMITTED if value.lstrip()[:1] in ("{", "[") else hide_tokens(value)
    if isinstance(value, functools.partial):
        return getattr(value.func, "__name__", OMITTED)
    if isinstance(value, BaseException):
        return type(value).__name__
    return payload_summary(value)


class Redactor(logging.Filter):
    """Rewrites the arguments of records from discord.py and aiosqlite (see the module
    docstring); records from elsewhere pass unchanged. Never drops a record."""

    def filter(self, record: logging.LogRecord) -> bool:
        if record.name.startswith(WATCHED) and isinstance(record.args, tuple):
            payload = PAYLOADS.get((record.name, str(record.msg)))
            record.args = tuple(
                payload_summary(arg) if index == payload else summary(arg)
                for index, arg in enumerate(record.args)
            )
        return True


def safe_handler() -> logging.Handler:
    """A stderr handler whose records are redacted before any formatter sees them."""
    handler = logging.StreamHandler()
    handler.addFilter(Redactor())
    return handler
