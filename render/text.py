"""Fonts and text that fits: Pillow's bundled font, names made safe to draw or to read aloud.

Text is measured and rasterised once per size and string: lengths, fitted strings and the
coverage masks of drawn text are kept in small caches, so a picture that shows the same labels
as the last one pays for pasting them only. `Pen.write` gives the very pixels `ImageDraw.text`
gives (the same mask, blended the same way).
"""

from __future__ import annotations

import functools
import re
import unicodedata

from PIL import Image, ImageDraw, ImageFont

ALT_LIMIT = 1000
"""Characters of alt text at most (Discord allows 1024)."""
NAME_LIMIT = 40
"""Characters of a player's name kept in alt text."""

ELLIPSIS = "…"

_DRAWABLE = frozenset(map(chr, range(0x20, 0x7F))) | frozenset(
    "©«°±\u00b4·»\u2018\u2019“”…\u2039\u203a\u2044™"
)
"""The characters the font bundled with Pillow (a subset of Aileron Regular) has glyphs for."""


@functools.lru_cache(maxsize=64)
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


@functools.lru_cache(maxsize=4096)
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


@functools.lru_cache(maxsize=8192)
def text_length(text: str, size: int) -> float:
    """The advance of `text` at `size` pixels (`FreeTypeFont.getlength`), remembered."""
    return font(size).getlength(text)


@functools.lru_cache(maxsize=4096)
def fit(text: str, size: int, width: float) -> str:
    """`text` made drawable and cut with an ellipsis to at most `width` pixels at `size`."""
    text = drawable(text)
    if text_length(text, size) <= width:
        return text
    low, high = 0, len(text)
    while low < high:
        middle = (low + high + 1) // 2
        if text_length(text[:middle].rstrip() + ELLIPSIS, size) <= width:
            low = middle
        else:
            high = middle - 1
    return text[:low].rstrip() + ELLIPSIS


MASKS_KEPT = 512
"""Text masks remembered per process: the labels that come back in every picture (coordinates,
names, headings) stay, while one-off lines (a move's narration) are let go; a mask is up to
tens of kB, so a picture worker keeps a few MB of them."""

Ink = tuple[int, int, int]
"""An RGB colour to write in."""


@functools.lru_cache(maxsize=MASKS_KEPT)
def text_mask(
    face: ImageFont.FreeTypeFont, text: str, anchor: str | None, stroke_width: int
) -> tuple[Image.Image, int, int] | None:
    """How `text` in `face` covers the pixels round an integer point it is anchored to: an "L"
    mask cropped to the covered pixels and the offset of its top-left corner from that point,
    or None if nothing is covered. With a `stroke_width`, the mask of the filled outline.

    It is the mask `ImageDraw.text` blends its colour through (drawn with ink 255 on black,
    which leaves each coverage value as it is)."""
    left, top, right, bottom = face.getbbox(text, anchor=anchor, stroke_width=stroke_width)
    margin = 2 * int(face.size) + 2 * stroke_width + 4
    x, y = margin - int(left), margin - int(top)
    canvas = Image.new("L", (int(right - left) + 2 * margin, int(bottom - top) + 2 * margin), 0)
    ImageDraw.Draw(canvas).text(
        (x, y), text, fill=255, font=face, anchor=anchor, stroke_width=stroke_width
    )
    box = canvas.getbbox()
    if box is None:
        return None
    return canvas.crop(box), box[0] - x, box[1] - y


class Pen(ImageDraw.ImageDraw):
    """`ImageDraw.Draw(image)` for an RGB `image`, with `write`: one line of text, the same
    pixels as `text` gives, pasted from a remembered mask."""

    def __init__(self, image: Image.Image) -> None:
        super().__init__(image)
        self.picture = image

    def write(
        self,
        xy: tuple[float, float],
        text: str,
        fill: Ink,
        font: ImageFont.FreeTypeFont,
        anchor: str | None = None,
        *,
        stroke_width: int = 0,
        stroke_fill: Ink | None = None,
    ) -> None:
        """Draw `text` (one line) at `xy` as `self.text` would with the same arguments."""
        x, y = xy
        if x != int(x) or y != int(y) or "\n" in text:
            # A fraction of a pixel moves the glyphs within their mask; draw such text afresh.
            self.text(
                xy,
                text,
                fill=fill,
                font=font,
                anchor=anchor,
                stroke_width=stroke_width,
                stroke_fill=stroke_fill,
            )
            return
        at = int(x), int(y)
        outline = fill if stroke_fill is None else stroke_fill
        if stroke_width:
            self._stamp(at, text_mask(font, text, anchor, stroke_width), outline)
        if not stroke_width or outline != fill:
            self._stamp(at, text_mask(font, text, anchor, 0), fill)

    def _stamp(
        self, at: tuple[int, int], mask: tuple[Image.Image, int, int] | None, colour: Ink
    ) -> None:
        if mask is None:
            return
        coverage, dx, dy = mask
        left, top = at[0] + dx, at[1] + dy
        box = (left, top, left + coverage.width, top + coverage.height)
        self.picture.paste(colour, box, coverage)
