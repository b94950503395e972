"""PNG encoding tuned for board pictures: small files, fast, the same bytes every time."""

from __future__ import annotations

import io

from PIL import Image

COLOURS = 128
"""Palette entries: the pictures are flat colours plus antialiased edges, so 128 look the same."""
SAMPLE_STEP = 4
"""The palette is chosen from every 4th pixel of every 4th row (a sixteenth of the picture):
flat areas are sampled thoroughly, and each pixel then takes its nearest palette colour. A Ley
Lines board reduces in 1.7 ms this way against 5.2 ms for an octree over every pixel, with the
same mean error."""
COMPRESS_LEVEL = 3
"""zlib level: 3 writes a board in less than half the time of 6 for about 15% more bytes
(a Ley Lines board: 2.9 ms and 39 kB against 6.7 ms and 34 kB), well within Discord's limit;
under load the time is what players wait for."""


def palette_of(image: Image.Image) -> Image.Image:
    """A palette image of COLOURS entries chosen (fast octree) from a sample of `image`."""
    sample = image.resize(
        (max(1, image.width // SAMPLE_STEP), max(1, image.height // SAMPLE_STEP)),
        Image.Resampling.NEAREST,
    )
    return sample.quantize(COLOURS, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)


def encode_png(image: Image.Image) -> bytes:
    """`image` reduced to a palette (see `palette_of`; nearest colour, no dithering) as PNG
    bytes."""
    small = image.quantize(palette=palette_of(image), dither=Image.Dither.NONE)
    out = io.BytesIO()
    small.save(out, format="PNG", compress_level=COMPRESS_LEVEL)
    return out.getvalue()
