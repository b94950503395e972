"""Request bodies validated against Discord's published OpenAPI description.

The description (OpenAPI 3.1, from discord-api-spec) is ``shared/discord-openapi.json`` beside the
repository. A request is matched to its operation by method and path template; its body (JSON, or
the ``payload_json`` part of a multipart body, whose schema is the spec's multipart one without
its file parts) is validated with JSON Schema 2020-12. The spec types snowflakes as strings;
Discord takes integers too, and so does the validator here. The spec is read, and each validator
built, once per process.
"""

from __future__ import annotations

import functools
import json
import re
from pathlib import Path
from typing import Any

from jsonschema import Draft202012Validator, ValidationError
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

from .errors import FieldError

REPO_ROOT = Path(__file__).resolve().parents[2]
SPEC_PATH = REPO_ROOT.parent / "shared" / "discord-openapi.json"
SPEC_URI = "urn:discord-openapi"
JSON, MULTIPART = "application/json", "multipart/form-data"
FILE_PART = re.compile(r"^files\[\d+\]$")
LENGTH_WORDS = {
    "maxLength": ("BASE_TYPE_MAX_LENGTH", "Must be {} or fewer in length."),
    "maxItems": ("BASE_TYPE_MAX_LENGTH", "Must be {} or fewer in length."),
    "minLength": ("BASE_TYPE_MIN_LENGTH", "Must be {} or more in length."),
    "minItems": ("BASE_TYPE_MIN_LENGTH", "Must be {} or more in length."),
}
"""Discord's code and wording for the length keywords; other keywords keep the validator's."""


class SpecMissing(RuntimeError):
    """The OpenAPI description is not where the e2e tier expects it."""


def template_of(path: str) -> str:
    """A path with its parameter names dropped: `/channels/{}/messages`."""
    return re.sub(r"\{[^}]+\}", "{}", path)


@functools.cache
def spec() -> dict[str, Any]:
    """The spec, with every snowflake accepting an integer as well as a string."""
    if not SPEC_PATH.is_file():
        raise SpecMissing(
            f"Discord's OpenAPI description is missing: expected {SPEC_PATH} "
            "(the shared/ directory beside the repository, with discord-openapi.json from "
            "discord-api-spec)"
        )
    document: dict[str, Any] = json.loads(SPEC_PATH.read_text(encoding="utf-8"))
    schemas = document["components"]["schemas"]
    schemas["SnowflakeType"] = {"anyOf": [schemas["SnowflakeType"], {"type": "integer"}]}
    return document


@functools.cache
def _registry() -> Registry[Any]:
    resource: Resource[Any] = Resource.from_contents(spec(), default_specification=DRAFT202012)
    registry: Registry[Any] = Registry().with_resource(SPEC_URI, resource)
    return registry


@functools.cache
def _operations() -> dict[tuple[str, str], dict[str, Any]]:
    """(METHOD, path template) -> operation."""
    return {
        (method.upper(), template_of(path)): operation
        for path, item in spec()["paths"].items()
        for method, operation in item.items()
        if isinstance(operation, dict)
    }


def _anchored(schema: Any) -> Any:
    """`schema` with its local references pointed into the spec document."""
    if isinstance(schema, dict):
        return {
            key: SPEC_URI + value
            if key == "$ref" and isinstance(value, str) and value.startswith("#")
            else _anchored(value)
            for key, value in schema.items()
        }
    if isinstance(schema, list):
        return [_anchored(item) for item in schema]
    return schema


def _without_files(schema: Any) -> Any:
    """A multipart schema without its `files[n]` parts (they are not in `payload_json`)."""
    if not isinstance(schema, dict):
        return schema
    result = dict(schema)
    if isinstance(schema.get("properties"), dict):
        result["properties"] = {
            name: part for name, part in schema["properties"].items() if not FILE_PART.match(name)
        }
    for key in ("allOf", "anyOf", "oneOf"):
        if isinstance(schema.get(key), list):
            result[key] = [_without_files(sub) for sub in schema[key]]
    return result


@functools.cache
def validator(method: str, template: str, multipart: bool) -> Draft202012Validator | None:
    """The validator of a route's body, or None when the spec gives the route no body."""
    operation = _operations().get((method, template), {})
    content = operation.get("requestBody", {}).get("content", {})
    media = MULTIPART if multipart and MULTIPART in content else JSON
    if media not in content:
        return None
    schema = _anchored(_without_files(content[media]["schema"]))
    return Draft202012Validator(schema, registry=_registry())


def violations(method: str, template: str, body: Any, *, multipart: bool) -> list[FieldError]:
    """Discord-shaped errors of `body` against the spec (empty when it is valid)."""
    check = validator(method, template, multipart)
    if check is None:
        return []
    return [_field_error(_meant(error)) for error in check.iter_errors(body)]


def _meant(error: ValidationError) -> ValidationError:
    """Inside a union (anyOf, oneOf), the error of the alternative the body was meant as: not
    one of another kind (see `_mismatch`), and of those the one with the fewest errors; the
    deepest error there, down to the last union."""
    while error.context:
        by_alternative: dict[str | int, list[ValidationError]] = {}
        for sub in error.context:
            by_alternative.setdefault(sub.relative_schema_path[0], []).append(sub)
        meant = [
            subs for subs in by_alternative.values() if not any(_mismatch(sub) for sub in subs)
        ] or list(by_alternative.values())
        fewest = min(meant, key=lambda subs: len(subs))
        error = max(fewest, key=lambda sub: len(sub.absolute_path))
    return error


def _mismatch(error: ValidationError) -> bool:
    """Does `error` say the body is not of its alternative's kind at all (another JSON type,
    another `type` discriminator)?"""
    own_type = error.validator == "type" and not error.relative_path
    return own_type or list(error.relative_path)[-1:] == ["type"]


def _field_error(error: ValidationError) -> FieldError:
    path = tuple(error.absolute_path)
    required = error.validator_value
    if error.validator == "required" and isinstance(error.instance, dict):
        assert isinstance(required, list)
        missing = [name for name in required if name not in error.instance]
        return FieldError((*path, *missing[:1]), "BASE_TYPE_REQUIRED", "This field is required")
    if isinstance(error.validator, str) and error.validator in LENGTH_WORDS:
        code, text = LENGTH_WORDS[error.validator]
        return FieldError(path, code, text.format(error.validator_value))
    return FieldError(path, f"SCHEMA_{str(error.validator).upper()}", error.message[:300])
