"""Discord's limits on what a bot sends, checked like Discord checks them.

Every route that creates or edits a message (channel messages, interaction callbacks, followups,
webhook message edits), an autocomplete result or a modal goes through here. A breach is a
:class:`FieldError` at the path Discord names (``data.`` first inside an interaction callback),
with Discord's code and wording. Lengths are in characters.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from .errors import FieldError, FieldPath
from .models import Message

CONTENT = 2000
EMBEDS = 10
EMBED_TEXT = {"title": 256, "description": 4096}
EMBED_FIELDS = 25
FIELD_TEXT = {"name": 256, "value": 1024}
FOOTER_TEXT = 2048
AUTHOR_NAME = 256
EMBED_TOTAL = 6000
"""Characters over all embeds of a message: titles, descriptions, fields, footers, authors."""
ATTACHMENT_DESCRIPTION = 1024
ACTION_ROWS = 5
ROW_WIDTH = 5
"""Buttons in an action row; a select menu fills a row alone."""
CUSTOM_ID = 100
BUTTON_LABEL = 80
PLACEHOLDER = 150
OPTIONS = 25
OPTION_TEXT = 100
"""An option's label, value and description."""
CHOICES = 25
CHOICE_TEXT = 100
MODAL_TITLE = 45
MODAL_ROWS = 5
INPUT_LABEL = 45
INPUT_PLACEHOLDER = 100
INPUT_VALUE = 4000

IS_COMPONENTS_V2 = 1 << 15
ACTION_ROW, BUTTON, STRING_SELECT, TEXT_INPUT, LABEL = 1, 2, 3, 4, 18
INTERACTIVE_BUTTONS = frozenset({1, 2, 3, 4})
"""Button styles that send an interaction, so need a custom id (not link or premium)."""
SELECTS = frozenset({STRING_SELECT, 5, 6, 7, 8})
"""Component types of select menus (string, user, role, mentionable, channel)."""

CB_MESSAGE, CB_UPDATE_MESSAGE, CB_AUTOCOMPLETE, CB_MODAL = 4, 7, 8, 9
CREATES = frozenset({("POST", "/channels/{}/messages"), ("POST", "/webhooks/{}/{}")})
EDITS = frozenset({("PATCH", "/channels/{}/messages/{}"), ("PATCH", "/webhooks/{}/{}/messages/{}")})
CALLBACK = ("POST", "/interactions/{}/{}/callback")
CREATE, EDIT = "create", "edit"
SHOWN = ("content", "embeds", "components", "poll")
"""What makes a message non-empty, besides stickers and files."""


def errors(method: str, template: str, body: Any, current: Message | None) -> list[FieldError]:
    """Every limit `body` breaks on route `template` (`current`: the message an edit changes)."""
    found = _target(method, template, body)
    if found is None:
        return []
    kind, part, at = found
    if kind == CREATE:
        return list(_message(part, at, None))
    if kind == EDIT:
        return list(_message(part, at, current))
    if kind == CB_AUTOCOMPLETE:
        return list(_choices(part.get("choices"), (*at, "choices")))
    return list(_modal(part, at))


def empty(method: str, template: str, body: Any, files: int, current: Message | None) -> bool:
    """Would the message this request creates, or leaves after an edit, show nothing?"""
    found = _target(method, template, body)
    if found is None or found[0] not in (CREATE, EDIT):
        return False
    kind, message, _ = found
    shown: dict[str, Any] = {key: message.get(key) for key in SHOWN}
    attachments = len(_list(message.get("attachments"))) + files
    if kind == EDIT:
        if current is None:
            return False
        kept = {
            "content": current.content,
            "embeds": current.embeds,
            "components": current.components,
        }
        shown = {key: message[key] if key in message else kept.get(key) for key in SHOWN}
        if "attachments" not in message:
            attachments += len(current.attachments)
    return not any(shown.values()) and not message.get("sticker_ids") and not attachments


def _target(
    method: str, template: str, body: Any
) -> tuple[str | int, dict[str, Any], FieldPath] | None:
    """What a request sends: (CREATE, EDIT or a callback type, that part of the body, its path)."""
    if not isinstance(body, dict):
        return None
    if (method, template) in CREATES:
        return CREATE, body, ()
    if (method, template) in EDITS:
        return EDIT, body, ()
    data = body.get("data")
    if (method, template) != CALLBACK or not isinstance(data, dict):
        return None
    callback = body.get("type")
    if not isinstance(callback, int):
        return None
    kind = {CB_MESSAGE: CREATE, CB_UPDATE_MESSAGE: EDIT}.get(callback, callback)
    return (kind, data, ("data",)) if kind in (CREATE, EDIT, CB_AUTOCOMPLETE, CB_MODAL) else None


def _length(path: FieldPath, value: Any, most: int, least: int = 0) -> Iterator[FieldError]:
    """Discord's length errors (text or list); other types are the schema's business."""
    if not isinstance(value, str | list) or least <= len(value) <= most:
        return
    if least:
        text = f"Must be between {least} and {most} in length."
        yield FieldError(path, "BASE_TYPE_BAD_LENGTH", text)
    else:
        yield FieldError(path, "BASE_TYPE_MAX_LENGTH", f"Must be {most} or fewer in length.")


def _list(value: Any) -> list[Any]:
    return value if isinstance(value, list) else []


def _dict(value: Any) -> dict[str, Any]:
    return value if isinstance(value, dict) else {}


def _message(
    message: dict[str, Any], at: FieldPath, current: Message | None
) -> Iterator[FieldError]:
    yield from _length((*at, "content"), message.get("content"), CONTENT)
    yield from _embeds(message.get("embeds"), (*at, "embeds"))
    flags = message.get("flags")
    flags = (flags if isinstance(flags, int) else 0) | (current.flags if current else 0)
    classic = not flags & IS_COMPONENTS_V2
    yield from _layout(
        message.get("components"), (*at, "components"), ACTION_ROWS if classic else None
    )
    for index, attachment in enumerate(_list(message.get("attachments"))):
        path = (*at, "attachments", index, "description")
        yield from _length(path, _dict(attachment).get("description"), ATTACHMENT_DESCRIPTION)


def _embeds(value: Any, at: FieldPath) -> Iterator[FieldError]:
    embeds = _list(value)
    yield from _length(at, embeds, EMBEDS)
    total = 0
    for index, embed in enumerate(map(_dict, embeds)):
        fields = _list(embed.get("fields"))
        yield from _length((*at, index, "fields"), fields, EMBED_FIELDS)
        texts: list[tuple[FieldPath, Any, int]] = [
            ((key,), embed.get(key), most) for key, most in EMBED_TEXT.items()
        ]
        texts.append((("footer", "text"), _dict(embed.get("footer")).get("text"), FOOTER_TEXT))
        texts.append((("author", "name"), _dict(embed.get("author")).get("name"), AUTHOR_NAME))
        for number, field in enumerate(map(_dict, fields)):
            texts += [
                (("fields", number, key), field.get(key), most) for key, most in FIELD_TEXT.items()
            ]
        for path, text, most in texts:
            yield from _length((*at, index, *path), text, most)
            total += len(text) if isinstance(text, str) else 0
    if total > EMBED_TOTAL:
        text = f"Embed size exceeds maximum size of {EMBED_TOTAL}"
        yield FieldError(at, "MAX_EMBED_SIZE_EXCEEDED", text)


def _layout(value: Any, at: FieldPath, most: int | None, least: int = 0) -> Iterator[FieldError]:
    """A message's (or modal's) components: `most` top-level ones (None: no such limit), each
    component's own limits, and custom ids unique over all of them."""
    components = _list(value)
    if most is not None:
        yield from _length(at, components, most, least)
    seen: set[str] = set()
    for path, component in _walk(components, at):
        yield from _component(component, path)
        custom_id = component.get("custom_id")
        if isinstance(custom_id, str):
            if custom_id in seen:
                text = "Component custom id cannot be duplicated"
                yield FieldError((*path, "custom_id"), "COMPONENT_CUSTOM_ID_DUPLICATED", text)
            seen.add(custom_id)


def _walk(components: list[Any], at: FieldPath) -> Iterator[tuple[FieldPath, dict[str, Any]]]:
    """Every component, depth first: rows, containers, sections and their accessories."""
    for index, component in enumerate(components):
        if not isinstance(component, dict):
            continue
        path = (*at, index)
        yield path, component
        yield from _walk(_list(component.get("components")), (*path, "components"))
        for key in ("accessory", "component"):
            if isinstance(component.get(key), dict):
                yield (*path, key), component[key]
                yield from _walk(
                    _list(component[key].get("components")), (*path, key, "components")
                )


def _component(component: dict[str, Any], path: FieldPath) -> Iterator[FieldError]:
    kind = component.get("type")
    yield from _length((*path, "custom_id"), component.get("custom_id"), CUSTOM_ID, 1)
    if kind == ACTION_ROW:
        children = _list(component.get("components"))
        yield from _length((*path, "components"), children, ROW_WIDTH, 1)
        if len(children) > 1 and any(_dict(child).get("type") in SELECTS for child in children):
            text = "The specified component exceeds the maximum width"
            yield FieldError((*path, "components"), "COMPONENT_LAYOUT_WIDTH_EXCEEDED", text)
    elif kind == BUTTON:
        yield from _length((*path, "label"), component.get("label"), BUTTON_LABEL)
        if component.get("style") in INTERACTIVE_BUTTONS and "custom_id" not in component:
            yield FieldError((*path, "custom_id"), "BASE_TYPE_REQUIRED", "This field is required")
    elif kind in SELECTS:
        yield from _length((*path, "placeholder"), component.get("placeholder"), PLACEHOLDER)
        if kind == STRING_SELECT:
            options = _list(component.get("options"))
            yield from _length((*path, "options"), options, OPTIONS, 1)
            for index, option in enumerate(map(_dict, options)):
                here = (*path, "options", index)
                yield from _length((*here, "label"), option.get("label"), OPTION_TEXT, 1)
                yield from _length((*here, "value"), option.get("value"), OPTION_TEXT, 1)
                yield from _length((*here, "description"), option.get("description"), OPTION_TEXT)
    elif kind == TEXT_INPUT:
        yield from _length((*path, "label"), component.get("label"), INPUT_LABEL)
        yield from _length((*path, "placeholder"), component.get("placeholder"), INPUT_PLACEHOLDER)
        yield from _length((*path, "value"), component.get("value"), INPUT_VALUE)
    elif kind == LABEL:
        yield from _length((*path, "label"), component.get("label"), INPUT_LABEL)
        yield from _length((*path, "description"), component.get("description"), OPTION_TEXT)


def _choices(value: Any, at: FieldPath) -> Iterator[FieldError]:
    choices = _list(value)
    yield from _length(at, choices, CHOICES)
    for index, choice in enumerate(map(_dict, choices)):
        yield from _length((*at, index, "name"), choice.get("name"), CHOICE_TEXT, 1)
        yield from _length((*at, index, "value"), choice.get("value"), CHOICE_TEXT)


def _modal(data: dict[str, Any], at: FieldPath) -> Iterator[FieldError]:
    yield from _length((*at, "title"), data.get("title"), MODAL_TITLE, 1)
    yield from _length((*at, "custom_id"), data.get("custom_id"), CUSTOM_ID, 1)
    yield from _layout(data.get("components"), (*at, "components"), MODAL_ROWS, 1)
