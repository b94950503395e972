"""What Discord refuses in a request body, checked like Discord checks it.

Two checks, both answered as Discord answers them (HTTP 400, code 50035 "Invalid Form Body",
with the errors by path):

* the body is validated against Discord's own published OpenAPI description of its HTTP API
  (`shared/discord-openapi.json`, beside the repository), with JSON Schema 2020-12; the spec types
  snowflakes as strings, and Discord also takes integers, so snowflakes accept both here;
* the limits the spec does not state as schema keywords: 2,000 characters of text, 6,000
  characters over a message's embeds, a select menu alone in its action row, custom ids unique
  within a message.

A message with no content, embed, component or file is refused with 50006, as Discord does.
"""

from __future__ import annotations

import copy
import functools
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from jsonschema import Draft202012Validator, ValidationError
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

from .state import ApiError

SPEC_PATH = Path(__file__).resolve().parents[3] / "shared" / "discord-openapi.json"
SPEC_URI = "urn:discord-openapi"
CONTENT = 2000
"""A message's text (the spec allows more than a bot may send)."""
EMBED_TOTAL = 6000
SELECT_TYPES = frozenset({3, 5, 6, 7, 8})
"""Component types of select menus (string, user, role, mentionable, channel)."""
MESSAGE_ROUTES = (
    "/channels/{}/messages",
    "/channels/{}/messages/{}",
    "/webhooks/{}/{}",
    "/webhooks/{}/{}/messages/{}",
    "/interactions/{}/{}/callback",
)
"""Routes whose body is (or holds, as `data`) a message."""


class InvalidBody(ApiError):
    """400 / 50035 with Discord's `errors` object."""

    def __init__(self, errors: dict[str, Any]) -> None:
        super().__init__(400, 50035, "Invalid Form Body")
        self.errors = errors

    def body(self) -> dict[str, Any]:
        return {**super().body(), "errors": self.errors}


def template_of(path: str) -> str:
    """A path template with its parameter names dropped: `/channels/{}/messages`."""
    return re.sub(r"\{[^}]+\}", "{}", path)


@functools.cache
def _spec() -> dict[str, Any]:
    if not SPEC_PATH.exists():
        raise FileNotFoundError(
            f"Discord's OpenAPI description is missing: expected {SPEC_PATH} (shared/ beside "
            "the repository)"
        )
    spec: dict[str, Any] = json.loads(SPEC_PATH.read_text(encoding="utf-8"))
    snowflake = spec["components"]["schemas"]["SnowflakeType"]
    spec["components"]["schemas"]["SnowflakeType"] = {
        "anyOf": [snowflake, {"type": "integer", "minimum": 0}]
    }
    return spec


@functools.cache
def _registry() -> Registry[Any]:
    resource: Resource[Any] = Resource.from_contents(_spec(), default_specification=DRAFT202012)
    registry: Registry[Any] = Registry().with_resource(SPEC_URI, resource)
    return registry


def _anchored(schema: Any) -> Any:
    """`schema` with its local references pointed into the spec document."""
    if isinstance(schema, dict):
        return {
            key: (SPEC_URI + value)
            if key == "$ref" and isinstance(value, str) and value.startswith("#")
            else _anchored(value)
            for key, value in schema.items()
        }
    if isinstance(schema, list):
        return [_anchored(item) for item in schema]
    return schema


@functools.cache
def validator(method: str, template: str) -> Draft202012Validator | None:
    """The validator of a route's JSON body, or None when the spec defines none."""
    for path, operations in _spec()["paths"].items():
        if template_of(path) != template:
            continue
        content = operations.get(method.lower(), {}).get("requestBody", {}).get("content", {})
        if "application/json" not in content:
            return None
        schema = _anchored(copy.deepcopy(content["application/json"]["schema"]))
        return Draft202012Validator(schema, registry=_registry())
    return None


def _path(parts: Any) -> str:
    return ".".join(str(p) for p in parts) or "_body"


def _meant(error: ValidationError) -> ValidationError:
    """For a body that matches none of a union's alternatives, the error of the alternative it
    was meant as (the one whose `type` it has), as deep as it goes."""
    while error.context:
        by_alternative: dict[Any, list[ValidationError]] = {}
        for sub in error.context:
            by_alternative.setdefault(sub.relative_schema_path[0], []).append(sub)
        meant = [
            subs
            for subs in by_alternative.values()
            if not any(list(sub.relative_path)[-1:] == ["type"] for sub in subs)
        ] or list(by_alternative.values())
        error = max((sub for subs in meant for sub in subs), key=lambda e: len(e.absolute_path))
    return error


def schema_errors(method: str, template: str, body: Any) -> dict[str, Any]:
    """Discord-shaped errors of `body` against the spec (empty when it is valid)."""
    check = validator(method, template)
    if check is None:
        return {}
    found = {}
    for error in check.iter_errors(body):
        error = _meant(error)
        found[_path(error.absolute_path)] = {
            "_errors": [{"code": "SCHEMA_INVALID", "message": error.message[:300]}]
        }
    return found


def _message_of(template: str, body: Any) -> dict[str, Any] | None:
    """The message a body creates or edits (an interaction callback's `data`), if any."""
    if template not in MESSAGE_ROUTES or not isinstance(body, dict):
        return None
    if template.endswith("/callback"):
        data = body.get("data")
        return data if isinstance(data, dict) and body.get("type") in (4, 7) else None
    return body


def _components(rows: Any) -> Iterator[tuple[str, dict[str, Any], bool]]:
    """(error path, component, alone in its row) of each component in the rows."""
    for r, row in enumerate(rows if isinstance(rows, list) else []):
        children = row.get("components", []) if isinstance(row, dict) else []
        for c, child in enumerate(children):
            yield f"components.{r}.components.{c}", child, len(children) == 1


def limit_errors(template: str, body: Any, uploads: int) -> dict[str, Any]:
    """Discord-shaped errors of the message limits the spec does not state as keywords."""
    message = _message_of(template, body)
    if message is None:
        return {}
    errors: dict[str, Any] = {}

    def refuse(path: str, text: str) -> None:
        errors[path] = {"_errors": [{"code": "BASE_TYPE_BAD_LENGTH", "message": text}]}

    if len(str(message.get("content") or "")) > CONTENT:
        refuse("content", f"Must be {CONTENT} or fewer in length.")
    embeds = message.get("embeds") or []
    total = sum(
        len(str(embed.get(key) or "")) for embed in embeds for key in ("title", "description")
    ) + sum(
        len(str(field.get("name", ""))) + len(str(field.get("value", "")))
        for embed in embeds
        for field in embed.get("fields") or []
    )
    if total > EMBED_TOTAL:
        refuse("embeds", f"Embed size exceeds maximum size of {EMBED_TOTAL}")
    seen: set[str] = set()
    for path, component, alone in _components(message.get("components")):
        if component.get("type") in SELECT_TYPES and not alone:
            refuse(path, "A select menu must be alone in its action row")
        custom_id = component.get("custom_id")
        if custom_id is not None:
            if custom_id in seen:
                refuse(f"{path}.custom_id", "Component custom id cannot be duplicated")
            seen.add(custom_id)
    creating = not template.endswith("/messages/{}") and template != "/channels/{}/messages/{}"
    empty = not any(message.get(key) for key in ("content", "embeds", "components", "poll"))
    if creating and empty and not uploads and not message.get("sticker_ids"):
        raise ApiError(400, 50006, "Cannot send an empty message")
    return errors


def check(method: str, template: str, body: Any, uploads: int) -> None:
    """Raise what Discord would answer to this request body, if it would refuse it."""
    errors = {**schema_errors(method, template, body), **limit_errors(template, body, uploads)}
    if errors:
        raise InvalidBody(errors)
