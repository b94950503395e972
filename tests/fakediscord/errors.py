"""Discord's JSON errors as the fake server answers them.

:class:`ApiError` is any error answer; :class:`Refused` marks the ones that refuse a request's
body (Discord's 50035 "Invalid Form Body" with its ``errors`` object, 50006 "Cannot send an empty
message"), which the server records so tests can assert that none happened.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

FieldPath = tuple[str | int, ...]


class ApiError(Exception):
    """A Discord JSON error; REST handlers turn it into an HTTP response."""

    def __init__(self, status: int, code: int, message: str) -> None:
        super().__init__(f"{status} {code}: {message}")
        self.status = status
        self.code = code
        self.message = message

    def body(self) -> dict[str, Any]:
        return {"code": self.code, "message": self.message}

    def headers(self) -> dict[str, str]:
        """Headers the answer carries besides its content type."""
        return {}


class RateLimited(ApiError):
    """429 as Discord answers it: wait `retry_after` seconds, for this route or (`is_global`)
    for every request made with the bot's token. It carries a ``Via`` header, as Discord's do
    (discord.py takes a 429 without one for a Cloudflare ban and does not retry)."""

    def __init__(self, retry_after: float, *, is_global: bool = False) -> None:
        super().__init__(429, 0, "You are being rate limited.")
        self.retry_after = retry_after
        self.is_global = is_global

    def body(self) -> dict[str, Any]:
        return {"message": self.message, "retry_after": self.retry_after, "global": self.is_global}

    def headers(self) -> dict[str, str]:
        found = {
            "Via": "1.1 google",
            "Retry-After": str(math.ceil(self.retry_after)),
            "X-RateLimit-Scope": "global" if self.is_global else "user",
        }
        if self.is_global:
            found["X-RateLimit-Global"] = "true"
        return found


class Refused(ApiError):
    """A request body Discord refuses (nothing in the fake's state changes)."""


@dataclass(frozen=True)
class FieldError:
    """One entry of Discord's ``errors``: where in the body, a code and a sentence."""

    path: FieldPath
    code: str
    message: str

    def __str__(self) -> str:
        return f"{dotted(self.path) or '(body)'}: {self.message}"


class InvalidFormBody(Refused):
    """400 / 50035 with the errors nested by path as Discord nests them:
    ``{"components": {"0": {"custom_id": {"_errors": [{"code": ..., "message": ...}]}}}}``."""

    def __init__(self, errors: Sequence[FieldError]) -> None:
        super().__init__(400, 50035, "Invalid Form Body")
        self.errors = list(errors)

    def body(self) -> dict[str, Any]:
        nested: dict[str, Any] = {}
        for error in self.errors:
            node = nested
            for part in error.path:
                node = node.setdefault(str(part), {})
            node.setdefault("_errors", []).append({"code": error.code, "message": error.message})
        return {**super().body(), "errors": nested}


def dotted(path: FieldPath) -> str:
    return ".".join(str(part) for part in path)


def error_paths(errors: dict[str, Any], prefix: str = "") -> Iterator[str]:
    """The dotted paths of a Discord ``errors`` object: ``"components.0.custom_id"``."""
    for key, value in errors.items():
        if key == "_errors":
            yield prefix
        elif isinstance(value, dict):
            yield from error_paths(value, f"{prefix}.{key}" if prefix else key)
