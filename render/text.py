"""Fonts and text that fits: Pillow's bundled font, names made safe to draw or to read aloud."""

from __future__ import annotations

import functools
import re
import unicodedata

from PIL import ImageFont

ALT_LIMIT = 1000
"""Characters of alt text at most (Discord allows 1024)."""
NAME_LIMIT = 40
"""Characters of a player's name kept in alt text."""

ELLIPSIS = "…"

_DRAWABLE = frozenset(map(chr, range(0x20, 0x7F))) | frozenset(
    "©«°±\u00b4·»\u2018\u2019“”…\u2039\u203a\u2044™"
)
"""The characters the font bundled with Pillow (a subset of Aileron Regular) has glyphs for."""


@functools.lru_cache(maxsize=16)
def font(size: int) -> ImageFont.FreeTypeFont:
    """The bundled font at `size` pixels; the same on every machine."""
    loaded = ImageFont.load_default(size=size)
    assert isinstance(loaded, ImageFont.FreeTypeFont), "Pillow was built without FreeType"
    return loaded


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


def shorten(text: str, limit: int) -> str:
    """`text` cleaned and cut to at most `limit` characters, ending in an ellipsis if cut."""
    text = clean(text)
    return text if len(text) <= limit else text[: limit - 1].rstrip() + ELLIPSIS


def drawable(text: str) -> str:
    """`text` cleaned and reduced to characters the bundled font can draw.

    Accents are dropped (é becomes e); each run of other characters it lacks becomes one `?`.
    """
    out: list[str] = []
    missing = False
    for ch in clean(text):
        if ch in _DRAWABLE:
            out.append(ch)
            missing = False
            continue
        base = "".join(c for c in unicodedata.normalize("NFKD", ch) if c in _DRAWABLE)
        if base:
            out.append(base)
        elif not missing:
            out.append("?")
        missing = not base
    return "".join(out)


def fit(text: str, size: int, width: int) -> str:
    """`text` made drawable and cut with an ellipsis to at most `width` pixels at `size`."""
    text = drawable(text)
    face = font(size)
    if face.getlength(text) <= width:
        return text
    low, high = 0, len(text)
    while low < high:
        middle = (low + high + 1) // 2
        if face.getlength(text[:middle].rstrip() + ELLIPSIS) <= width:
            low = middle
        else:
            high = middle - 1
    return text[:low].rstrip() + ELLIPSIS
