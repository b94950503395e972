"""Replays: a game's public positions as one animated GIF, each frame captioned with the move
that led to it.

Every frame is drawn by the game's own renderer from a public view (never a state), with a
caption band under it. All frames share one palette, chosen from the first and the last
pictures (see `render.png.palette_of`), so the GIF stores of each frame only what changed since
the one before. A picture larger than the first (a game whose picture grows) widens the canvas;
smaller ones sit in its top-left corner on the background colour.

A replay must fit `budget` bytes (Discord's upload limit): a long game keeps every `step`-th
position and the last, the step growing until the file fits. At most `MAX_FRAMES` frames are
kept in any case, which bounds the memory a worker needs (a frame of a 1000 x 800 picture holds
0.8 MB while the GIF is written).
"""

from __future__ import annotations

import io
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from PIL import Image

from render.board import TextLine, draw_status_strip, strip_height
from render.captions import Frame
from render.palette import BACKGROUND, MUTED_TEXT, TEXT
from render.png import palette_of

FRAME_MS = 1200
"""How long each position shows, in milliseconds."""
LAST_MS = 5000
"""How long the final position shows before the replay starts again, in milliseconds."""
PALETTE_COLOURS = 128
"""Palette entries of a replay: one palette serves every frame but is chosen from two of them,
so it keeps more entries than a single board picture's (`render.png.COLOURS`)."""
MAX_FRAMES = 150
"""Frames in one replay at most; a longer game keeps every `step`-th position and the last."""
CAPTION_SIZES = (20, 16)
"""Font sizes of the caption's lines (pixels): the move, then what the table was told."""
CAPTION_HEIGHT = 76
"""The caption band's height under each picture, in pixels, when its lines fit; a longer
caption makes it taller, so that every word shows at the caption's sizes."""
MARGIN = 8
"""Space round the caption band, in pixels."""


@dataclass(frozen=True)
class Animation:
    """An animated GIF of `shown` frames: every `step`-th position of the replay and the last."""

    gif: bytes
    shown: int
    step: int


class TooLarge(ValueError):
    """Even the first and last positions alone do not fit the budget."""


def kept(count: int, step: int) -> list[int]:
    """The positions shown of `count` at `step`: 0, step, 2 step, ... and always the last."""
    indices = list(range(0, count, step))
    if indices[-1] != count - 1:
        indices.append(count - 1)
    return indices


Draw = Callable[[Any], Image.Image]
"""A game's drawing of its views (its renderer's `draw`)."""


def animate(frames: Sequence[Frame], budget: int, draw: Draw) -> Animation:
    """The replay of `frames` (the opening position first), each view drawn by `draw`, as a GIF
    of at most `budget` bytes, at the smallest step that fits (see the module's docstring);
    raises `TooLarge`."""
    if not frames:
        raise ValueError("a replay needs at least one position")
    step = max(1, math.ceil((len(frames) - 1) / (MAX_FRAMES - 1)))
    palette = palette_of(
        _montage([captioned(frames[0], draw), captioned(frames[-1], draw)]), PALETTE_COLOURS
    )
    while True:
        chosen = kept(len(frames), step)
        gif = _encode([_reduced(captioned(frames[i], draw), palette) for i in chosen], palette)
        if len(gif) <= budget:
            return Animation(gif, len(chosen), step)
        if len(chosen) <= 2:
            raise TooLarge(f"a replay of two positions takes {len(gif)} bytes, over {budget}")
        step = max(step + 1, math.ceil(step * len(gif) / budget))


def captioned(frame: Frame, draw: Draw) -> Image.Image:
    """The frame's picture (RGB, drawn by `draw`) with its caption band under it (see
    `caption_height`)."""
    picture = draw(frame.view)
    width, height = picture.size
    lines = caption_lines(frame)
    band_height = caption_height(lines, width)
    image = Image.new("RGB", (width, height + band_height), BACKGROUND)
    image.paste(picture, (0, 0))
    band = (MARGIN, height, width - MARGIN, height + band_height - MARGIN)
    draw_status_strip(image, band, lines)
    return image


def caption_lines(frame: Frame) -> list[TextLine]:
    """The caption's lines at their sizes and colours: the move, then what the table was told."""
    colours = (TEXT, MUTED_TEXT)
    return [
        TextLine(text, size, colour)
        for text, size, colour in zip(frame.caption, CAPTION_SIZES, colours, strict=False)
    ]


def caption_height(lines: list[TextLine], width: int) -> int:
    """The caption band's height under a picture `width` pixels wide: CAPTION_HEIGHT, or as
    much more as `lines` need at their own sizes, wrapped."""
    return max(CAPTION_HEIGHT, strip_height(lines, width - 2 * MARGIN) + MARGIN)


def _montage(images: Sequence[Image.Image]) -> Image.Image:
    """The images stacked top to bottom on the background colour."""
    width = max(i.width for i in images)
    montage = Image.new("RGB", (width, sum(i.height for i in images)), BACKGROUND)
    top = 0
    for image in images:
        montage.paste(image, (0, top))
        top += image.height
    return montage


def _reduced(image: Image.Image, palette: Image.Image) -> Image.Image:
    """`image` on `palette`: nearest colour, no dithering (a quarter of an RGB image's memory)."""
    return image.quantize(palette=palette, dither=Image.Dither.NONE)


def _encode(frames: Sequence[Image.Image], palette: Image.Image) -> bytes:
    """The frames (on `palette`) as one looping GIF, each on a canvas as large as the largest."""
    size = (max(f.width for f in frames), max(f.height for f in frames))
    frames = [f if f.size == size else _padded(f, size, palette) for f in frames]
    durations = [FRAME_MS] * (len(frames) - 1) + [LAST_MS]
    out = io.BytesIO()
    frames[0].save(
        out,
        format="GIF",
        save_all=True,
        append_images=frames[1:],
        duration=durations,
        loop=0,
        optimize=False,
    )
    return out.getvalue()


def _padded(frame: Image.Image, size: tuple[int, int], palette: Image.Image) -> Image.Image:
    """`frame` in the top-left corner of a canvas of `size` in the background colour."""
    canvas = _reduced(Image.new("RGB", size, BACKGROUND), palette)
    canvas.paste(frame, (0, 0))
    return canvas
