"""What a picture is told beside the view, without Pillow, so that the table service can build
it: a replay's `Frame` (a public view and its caption lines) and `clean` (a name or a line made
safe to draw or to read aloud)."""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

from engine.core import View


@dataclass(frozen=True)
class Frame:
    """One position: its public view and up to two caption lines (wrapped to fit when drawn)."""

    view: View
    caption: tuple[str, ...]


_ESCAPED = re.compile(r"\\([\\*~|`\[\]_#+-])")
"""A backslash that keeps a markdown character literal in Discord's text (names are escaped so);
pictures and alt text show the character itself."""


def clean(text: str) -> str:
    """`text` without control or invisible characters or markdown escapes, on one line with
    single spaces."""
    text = _ESCAPED.sub(r"\1", text)
    kept = "".join(
        " " if ch.isspace() else ch
        for ch in text
        if ch.isspace() or unicodedata.category(ch)[0] != "C"
    )
    return " ".join(kept.split())
