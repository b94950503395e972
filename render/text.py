"""Fonts and text that fits: Pillow's bundled font, names made safe to draw or to read aloud.

Pictures never cut text: `fit_text` and `fit_lines` lay a name or a caption out in the box it
has, smaller or wrapped onto more lines as the box allows, keeping every word (`shorten`, which
cuts with an ellipsis, is for alt text's length limits only).

Text is measured and rasterised once per size and string: lengths, wrapped and fitted texts and
the coverage masks of drawn text are kept in small caches, so a picture that shows the same
labels as the last one pays for pasting them only. `Pen.write` gives the very pixels
`ImageDraw.text` gives (the same mask, blended the same way).
"""

from __future__ import annotations

import functools
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw, ImageFont

from render.captions import clean

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


SMALLEST = 12
"""The smallest font size (pixels) text is shrunk to before words are broken across lines."""


@dataclass(frozen=True)
class Block:
    """Text laid out to fit a box: its `lines`, top to bottom, drawn at `size` pixels."""

    lines: tuple[str, ...]
    size: int

    @property
    def pitch(self) -> int:
        """Pixels from the top of one line to the top of the next."""
        return line_pitch(self.size)

    @property
    def height(self) -> int:
        """Pixels from the top of the first line to the bottom of the last one's ink."""
        return block_height(len(self.lines), self.size)

    @property
    def width(self) -> float:
        """The advance of the longest line, in pixels."""
        return max((text_length(line, self.size) for line in self.lines), default=0.0)


def line_pitch(size: int) -> int:
    """Pixels between the tops of two lines of text at `size` pixels."""
    return size + max(2, size // 4)


def block_height(count: int, size: int) -> int:
    """Pixels `count` lines at `size` take, written top-anchored: the last line's ink (with
    descenders) ends within `size + size // 12 + 1` pixels of its top."""
    if count == 0:
        return 0
    return (count - 1) * line_pitch(size) + size + size // 12 + 1


def stack_height(blocks: Sequence[Block]) -> int:
    """Pixels `blocks` take written one under another, each after the first a line's leading
    below the one before (see `Pen.write_blocks`)."""
    gaps = sum(line_pitch(b.size) - b.size for b in blocks[1:])
    return sum(b.height for b in blocks) + gaps


@functools.lru_cache(maxsize=4096)
def wrap(text: str, size: int, width: float, *, break_words: bool = True) -> tuple[str, ...]:
    """`text` made drawable and broken at spaces into lines of at most `width` pixels at `size`.

    A word longer than a line is cut where the line is full and goes on on the next line, or,
    without `break_words`, stands alone on a line longer than `width`. Nothing is dropped:
    joining the lines gives the drawable text's words in order. Remembered, as a table's texts
    come back in picture after picture."""
    lines: list[str] = []
    line = ""
    for word in drawable(text).split():
        joined = f"{line} {word}" if line else word
        if text_length(joined, size) <= width:
            line = joined
            continue
        if line:
            lines.append(line)
        while break_words and len(word) > 1 and text_length(word, size) > width:
            fits = (i for i in range(len(word) - 1, 0, -1) if text_length(word[:i], size) <= width)
            cut = next(fits, 1)
            lines.append(word[:cut])
            word = word[cut:]
        line = word
    if line:
        lines.append(line)
    return tuple(lines) or ("",)


@functools.lru_cache(maxsize=1024)
def fit_lines(
    texts: tuple[tuple[str, int], ...], width: float, height: float, smallest: int = SMALLEST
) -> tuple[Block, ...]:
    """Each (text, size) of `texts` laid out to fit, all together one under another (see
    `stack_height`), a box `width` x `height` pixels, never cut: every line at most `width`
    pixels, and every character of each drawable text in its lines.

    Each text keeps its size where it can. While they do not fit, one is made a pixel smaller:
    one with a word wider than the box, else the one on the most lines (the larger of those);
    with whole words, down to `smallest`; failing that, from their own sizes again with words
    longer than a line broken, down to 1 pixel."""
    for break_words, floor in ((False, smallest), (True, 1)):
        sizes = [size for _, size in texts]
        while True:
            blocks = tuple(
                Block(wrap(text, size, width, break_words=break_words), size)
                for (text, _), size in zip(texts, sizes, strict=True)
            )
            if all(b.width <= width for b in blocks) and stack_height(blocks) <= height:
                return blocks
            over = [i for i, b in enumerate(blocks) if b.width > width and sizes[i] > floor]
            smaller = [i for i in range(len(blocks)) if sizes[i] > floor]
            if not over and not smaller:
                break
            i = over[0] if over else max(smaller, key=lambda i: (len(blocks[i].lines), sizes[i]))
            sizes[i] -= 1
    return blocks


def fit_text(text: str, size: int, width: float, height: float) -> Block:
    """`text` laid out at `size` pixels, or smaller, to fit a box `width` x `height` pixels,
    wrapping onto further lines where the box is tall enough (see `fit_lines`)."""
    return fit_lines(((text, size),), width, height)[0]


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

    def write_block(self, xy: tuple[int, int], block: Block, fill: Ink, anchor: str = "lt") -> int:
        """Draw `block`'s lines from `xy` down, each at that x with `anchor` ("lt", "mt" or
        "rt": x is the left, middle or right of each line, y its top); returns the y just
        under the block's ink."""
        x, y = xy
        face = font(block.size)
        for index, line in enumerate(block.lines):
            self.write((x, y + index * block.pitch), line, fill, face, anchor)
        return y + block.height

    def _stamp(
        self, at: tuple[int, int], mask: tuple[Image.Image, int, int] | None, colour: Ink
    ) -> None:
        if mask is None:
            return
        coverage, dx, dy = mask
        left, top = at[0] + dx, at[1] + dy
        box = (left, top, left + coverage.width, top + coverage.height)
        self.picture.paste(colour, box, coverage)
