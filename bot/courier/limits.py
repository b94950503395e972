"""Discord's limits on what a message may hold, and text shortened or split to fit them.

Every message the bot builds passes through here before it is sent (see `bot.courier.delivery`
and `bot.play.controls`): the table service answers with whole texts and lists, and the
transport fits them here. Text is cut only between lines or words, never inside a mention
(`<@123>`), a custom emoji or a code span, so what is shown stays readable and pings stay whole.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from itertools import islice

CONTENT = 2000
"""Characters of a message's text."""
EMBED_TITLE = 256
EMBED_DESCRIPTION = 4096
EMBED_FIELDS = 25
EMBED_TOTAL = 6000
"""Characters over all embeds of one message."""
EMBEDS = 10
"""Embeds in one message."""
ACTION_ROWS = 5
BUTTONS_PER_ROW = 5
SELECT_OPTIONS = 25
"""Options of a select menu (at least 1)."""
OPTION_TEXT = 100
"""Characters of a select option's label, value or description."""
PLACEHOLDER = 150
AUTOCOMPLETE_CHOICES = 25
CHOICE_TEXT = 100
"""Characters of an autocomplete choice's name or value."""
BUTTON_LABEL = 80
CUSTOM_ID = 100
ATTACHMENT_DESCRIPTION = 1024
UPLOAD = 10 * 1024 * 1024
"""Bytes of a message's attachments: 10 MiB, what every server allows a bot (a boosted server,
told by the interaction, may allow more; the bot keeps to this for its readers' sake)."""

ELLIPSIS = "…"
_UNBREAKABLE = re.compile(r"<a?:\w+:\d+>|<[@#][!&]?\d+>|`[^`\n]*`")
"""Spans a cut must not fall inside: custom emoji, mentions, inline code."""


class OverLimit(ValueError):
    """A message part is beyond Discord's limits (a bug: everything is fitted before sending)."""


def _safe_cut(text: str, at: int) -> int:
    """The largest cut point <= `at` that falls outside every unbreakable span."""
    for span in _UNBREAKABLE.finditer(text):
        if span.start() < at < span.end():
            return span.start()
    return at


def _break_point(text: str, limit: int) -> int:
    """Where to cut `text` so the head is at most `limit` characters: at the last line break,
    else the last space, else (one long word) at the limit itself; never inside a span."""
    if len(text) <= limit:
        return len(text)
    for separator in ("\n\n", "\n", " "):
        at = text.rfind(separator, 0, limit + 1)
        if at > 0:
            return _safe_cut(text, at)
    return _safe_cut(text, limit) or limit


def shorten(text: str, limit: int) -> str:
    """`text` if it fits in `limit` characters, else its head cut at a line or word boundary
    with an ellipsis (the whole is at most `limit`)."""
    if len(text) <= limit:
        return text
    head = text[: _break_point(text, limit - len(ELLIPSIS))].rstrip()
    return head + ELLIPSIS


def split(text: str, limit: int) -> list[str]:
    """`text` in pieces of at most `limit` characters each, cut at paragraph, line or word
    boundaries (in that order of preference); nothing is lost but the whitespace at a cut."""
    pieces = []
    rest = text.strip()
    while len(rest) > limit:
        at = _break_point(rest, limit)
        pieces.append(rest[:at].rstrip())
        rest = rest[at:].lstrip()
    if rest:
        pieces.append(rest)
    return pieces


def first_lines(text: str, limit: int, more: Callable[[int], str]) -> str:
    """`text` if it fits in `limit` characters, else as many of its first lines as fit with
    `more(count of the lines left out)` after them."""
    if len(text) <= limit:
        return text
    lines = text.splitlines()
    kept = 0
    while len("\n".join([*lines[: kept + 1], more(len(lines) - kept - 1)])) <= limit:
        kept += 1
    return "\n".join([*lines[:kept], more(len(lines) - kept)])


def choices(texts: Iterable[str]) -> list[str]:
    """The first texts that may be autocomplete choices (short enough), as many as Discord
    shows."""
    return list(islice((t for t in texts if len(t) <= CHOICE_TEXT), AUTOCOMPLETE_CHOICES))


def check(
    *,
    content: str = "",
    embeds: tuple[tuple[str, str], ...] = (),
    attachment_descriptions: tuple[str, ...] = (),
    buttons: tuple[tuple[str, str], ...] = (),
    selects: tuple[tuple[str, tuple[tuple[str, str], ...]], ...] = (),
) -> None:
    """Raise `OverLimit` when a message breaks one of Discord's limits.

    `embeds` are (title, description); `buttons` (label, custom id); `selects` (custom id,
    options as (label, value)).
    """
    problems = []
    if len(content) > CONTENT:
        problems.append(f"content has {len(content)} characters")
    if len(embeds) > EMBEDS:
        problems.append(f"{len(embeds)} embeds")
    if sum(len(t) + len(d) for t, d in embeds) > EMBED_TOTAL:
        problems.append("embeds over 6000 characters in total")
    for title, description in embeds:
        if len(title) > EMBED_TITLE or len(description) > EMBED_DESCRIPTION:
            problems.append("an embed's title or description is too long")
    for description in attachment_descriptions:
        if len(description) > ATTACHMENT_DESCRIPTION:
            problems.append("an attachment description is too long")
    rows = -(-len(buttons) // BUTTONS_PER_ROW) + len(selects)
    if rows > ACTION_ROWS:
        problems.append(f"{rows} component rows")
    ids = [i for _, i in buttons] + [i for i, _ in selects]
    if len(set(ids)) != len(ids) or any(not 0 < len(i) <= CUSTOM_ID for i in ids):
        problems.append("a custom id is empty, too long or repeated")
    if any(not 0 < len(label) <= BUTTON_LABEL for label, _ in buttons):
        problems.append("a button label is empty or too long")
    for _, options in selects:
        if not 0 < len(options) <= SELECT_OPTIONS:
            problems.append(f"a select menu has {len(options)} options")
        if any(not 0 < len(t) <= OPTION_TEXT for option in options for t in option):
            problems.append("a select option's label or value is empty or too long")
    if problems:
        raise OverLimit("; ".join(problems))
