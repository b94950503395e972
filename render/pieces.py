"""Looney pyramids and Volcano caps seen from above, as every game draws them.

A pyramid is a square footprint split into four triangular faces that meet at the apex in the
middle, lit from the top-left, with a thin dark outline, a soft shadow and its pips (1 to 3 dots)
on every face, so its size reads without colour. A cap is a small charcoal pyramid without pips,
hatched and ringed so it never passes for a player's small pyramid.

Pieces are drawn once per look and cell size at 4x and scaled down (antialiased), then pasted.
"""

from __future__ import annotations

import functools
import math

from PIL import Image, ImageChops, ImageDraw, ImageFilter, ImageFont

from render.palette import CAP_FACES, CAP_MARK, CAP_OUTLINE, RGB, PlayerColour
from render.text import Pen, font, text_mask

Point = tuple[float, float]

FOOTPRINT = {1: 0.46, 2: 0.66, 3: 0.86}
"""The side of a pyramid's footprint by size (pips), as a fraction of the cell."""
CAP_FOOTPRINT = 0.5
"""A cap is a small pyramid."""

_SCALE = 4
"""Pieces are drawn this many times larger, then scaled down to smooth their edges."""
_SHADOW_ALPHA = 90


def footprint(size: int, cell: int) -> int:
    """The side in pixels of a pyramid of `size` pips (0 for a cap) in a `cell`-pixel square."""
    return round(cell * (CAP_FOOTPRINT if size == 0 else FOOTPRINT[size]))


def draw_pyramid(
    image: Image.Image, centre: tuple[int, int], size: int, colour: PlayerColour, cell: int
) -> None:
    """Draw a pyramid of `size` pips (1 to 3) centred on `centre` (pixels) of an RGB `image`."""
    _paste(image, _pyramid_sprite(size, colour, cell), centre)


Mark = tuple[str, ImageFont.FreeTypeFont, RGB, int, RGB | None]
"""Text written on a piece: the text, its font, colour, outline width and outline colour."""


def draw_marked_pyramid(
    image: Image.Image,
    centre: tuple[int, int],
    size: int,
    colour: PlayerColour,
    cell: int,
    mark: Mark,
) -> None:
    """`draw_pyramid`, then the text of `mark` anchored "mm" on `centre`, as `Pen.write` draws
    it; when the pyramid's opaque middle holds the mark, both come from one remembered sprite
    (the same pixels)."""
    sprite = _marked_sprite(size, colour, cell, mark)
    if sprite is not None:
        _paste(image, sprite, centre)
        return
    draw_pyramid(image, centre, size, colour, cell)
    text, face, fill, stroke_width, stroke_fill = mark
    Pen(image).write(
        centre, text, fill, face, "mm", stroke_width=stroke_width, stroke_fill=stroke_fill
    )


def draw_cap(image: Image.Image, centre: tuple[int, int], cell: int) -> None:
    """Draw a Volcano cap centred on `centre` (pixels) of an RGB `image`."""
    _paste(image, _cap_sprite(cell), centre)


def draw_letter(
    image: Image.Image, centre: tuple[int, int], letter: str, colour: PlayerColour, radius: int
) -> None:
    """A disc of `colour` with a dark rim and `letter` on it, so that a colour reads without
    seeing colour (e.g. `B` on a blue pyramid); `radius` in pixels."""
    pen = Pen(image)
    x, y = centre
    rim = max(1, radius // 5)
    pen.ellipse((x - radius, y - radius, x + radius, y + radius), fill=colour.outline)
    inner = radius - rim
    pen.ellipse((x - inner, y - inner, x + inner, y + inner), fill=colour.base)
    size = max(8, round(radius * 1.45))
    pen.write((x, y + 1), letter, font=font(size), fill=colour.pip, anchor="mm")


Sprite = tuple[Image.Image, int, int]
"""A drawn piece cropped to its pixels that are not fully transparent, and where the crop's
top-left corner lies from the piece's centre; the rest would leave a picture as it is."""


def _paste(image: Image.Image, sprite: Sprite, centre: tuple[int, int]) -> None:
    visible, dx, dy = sprite
    image.paste(visible, (centre[0] + dx, centre[1] + dy), visible)


def _trimmed(sprite: Image.Image) -> Sprite:
    box = sprite.getchannel("A").getbbox() or (0, 0, 1, 1)
    return sprite.crop(box), box[0] - sprite.width // 2, box[1] - sprite.height // 2


def _canvas(cell: int) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    """A transparent square of one cell at drawing scale, and a pen on it."""
    sprite = Image.new("RGBA", (cell * _SCALE, cell * _SCALE), (0, 0, 0, 0))
    return sprite, ImageDraw.Draw(sprite)


def _corners(side: int, cell: int) -> tuple[Point, Point, Point, Point, Point]:
    """Top-left, top-right, bottom-right, bottom-left corners and apex, at drawing scale."""
    middle = cell * _SCALE / 2
    half = side * _SCALE / 2
    low, high = middle - half, middle + half
    return (low, low), (high, low), (high, high), (low, high), (middle, middle)


def _faces(side: int, cell: int) -> list[tuple[Point, Point, Point]]:
    """The top, left, right and bottom faces as (base corner, base corner, apex)."""
    top_left, top_right, bottom_right, bottom_left, apex = _corners(side, cell)
    return [
        (top_left, top_right, apex),
        (bottom_left, top_left, apex),
        (top_right, bottom_right, apex),
        (bottom_right, bottom_left, apex),
    ]


def _shadow(sprite: Image.Image, side: int, cell: int) -> Image.Image:
    """`sprite` with a soft shadow of the footprint to the bottom-right, underneath."""
    top_left, _, bottom_right, _, _ = _corners(side, cell)
    offset = cell * _SCALE * 0.045
    shade = Image.new("RGBA", sprite.size, (0, 0, 0, 0))
    ImageDraw.Draw(shade).rectangle(
        (
            top_left[0] + offset,
            top_left[1] + offset,
            bottom_right[0] + offset,
            bottom_right[1] + offset,
        ),
        fill=(0, 0, 0, _SHADOW_ALPHA),
    )
    shade = shade.filter(ImageFilter.GaussianBlur(cell * _SCALE * 0.025))
    return Image.alpha_composite(shade, sprite)


def _faces_fill(pen: ImageDraw.ImageDraw, side: int, cell: int, shades: tuple[RGB, ...]) -> None:
    """The four faces: top, left, right, bottom."""
    for face, shade in zip(_faces(side, cell), shades, strict=True):
        pen.polygon(face, fill=shade)


def _edges(pen: ImageDraw.ImageDraw, side: int, cell: int, edge: RGB) -> None:
    """The outline of the footprint and the two ridges up to the apex."""
    width = max(_SCALE, round(cell * _SCALE * 0.016))
    top_left, top_right, bottom_right, bottom_left, _ = _corners(side, cell)
    pen.line((top_left, bottom_right), fill=edge, width=width * 2 // 3)
    pen.line((top_right, bottom_left), fill=edge, width=width * 2 // 3)
    outline = (top_left, top_right, bottom_right, bottom_left, top_left)
    pen.line(outline, fill=edge, width=width, joint="curve")


def _pips(pen: ImageDraw.ImageDraw, side: int, cell: int, count: int, fill: RGB) -> None:
    """`count` dots on each face, in a row along its base."""
    radius = cell * _SCALE * 0.034
    spacing = radius * 3.1
    for first, second, apex in _faces(side, cell):
        along = (second[0] - first[0], second[1] - first[1])
        length = math.hypot(*along)
        unit = (along[0] / length, along[1] / length)
        base = ((first[0] + second[0]) / 2, (first[1] + second[1]) / 2)
        row = (base[0] + (apex[0] - base[0]) * 0.32, base[1] + (apex[1] - base[1]) * 0.32)
        for i in range(count):
            shift = (i - (count - 1) / 2) * spacing
            x, y = row[0] + unit[0] * shift, row[1] + unit[1] * shift
            pen.ellipse((x - radius, y - radius, x + radius, y + radius), fill=fill)


def _shrink(sprite: Image.Image, cell: int) -> Image.Image:
    return sprite.resize((cell, cell), Image.Resampling.LANCZOS)


@functools.lru_cache(maxsize=128)
def _pyramid_sprite(size: int, colour: PlayerColour, cell: int) -> Sprite:
    return _trimmed(_pyramid_image(size, colour, cell))


@functools.lru_cache(maxsize=128)
def _pyramid_image(size: int, colour: PlayerColour, cell: int) -> Image.Image:
    """The whole `cell`-pixel RGBA square a pyramid is drawn in."""
    side = footprint(size, cell)
    sprite, pen = _canvas(cell)
    _faces_fill(pen, side, cell, (colour.top, colour.left, colour.right, colour.bottom))
    _edges(pen, side, cell, colour.outline)
    _pips(pen, side, cell, size, colour.pip)
    return _shrink(_shadow(sprite, side, cell), cell)


@functools.lru_cache(maxsize=128)
def _marked_sprite(size: int, colour: PlayerColour, cell: int, mark: Mark) -> Sprite | None:
    """The pyramid with `mark` written on it, or None when the mark would reach pixels the
    pyramid leaves (partly) transparent, where it blends with the picture underneath."""
    text, face, fill, stroke_width, stroke_fill = mark
    image = _pyramid_image(size, colour, cell)
    alpha = image.getchannel("A")
    middle = cell // 2
    for width in (stroke_width, 0):
        mask = text_mask(face, text, "mm", width)
        if mask is None:
            continue
        coverage, dx, dy = mask
        left, top = middle + dx, middle + dy
        box = (left, top, left + coverage.width, top + coverage.height)
        if left < 0 or top < 0 or box[2] > cell or box[3] > cell:
            return None
        covered = coverage.point(lambda v: 255 if v else 0)
        see_through = alpha.crop(box).point(lambda v: 0 if v == 255 else 255)
        if ImageChops.multiply(covered, see_through).getbbox() is not None:
            return None
    marked = image.copy()
    Pen(marked).write(
        (middle, middle),
        text,
        fill,
        face,
        "mm",
        stroke_width=stroke_width,
        stroke_fill=stroke_fill,
    )
    return _trimmed(marked)


@functools.lru_cache(maxsize=8)
def _cap_sprite(cell: int) -> Sprite:
    side = footprint(0, cell)
    sprite, pen = _canvas(cell)
    _faces_fill(pen, side, cell, CAP_FACES)
    _hatch(sprite, side, cell)
    _edges(pen, side, cell, CAP_OUTLINE)
    _ring(pen, side, cell)
    return _trimmed(_shrink(_shadow(sprite, side, cell), cell))


def _hatch(sprite: Image.Image, side: int, cell: int) -> None:
    """Light diagonal stripes across the footprint."""
    top_left, _, bottom_right, _, _ = _corners(side, cell)
    lines = Image.new("L", sprite.size, 0)
    pen = ImageDraw.Draw(lines)
    step = side * _SCALE / 4
    width = max(_SCALE, round(cell * _SCALE * 0.014))
    for i in range(-4, 5):
        shift = i * step
        start = (top_left[0] + shift, bottom_right[1])
        end = (bottom_right[0] + shift, top_left[1])
        pen.line((start, end), fill=120, width=width)
    inside = Image.new("L", sprite.size, 0)
    ImageDraw.Draw(inside).rectangle((*top_left, *bottom_right), fill=255)
    sprite.paste(CAP_MARK, (0, 0, *sprite.size), ImageChops.multiply(lines, inside))


def _ring(pen: ImageDraw.ImageDraw, side: int, cell: int) -> None:
    """A light ring round the footprint, on a dark edge."""
    middle = cell * _SCALE / 2
    radius = side * _SCALE * 0.8
    width = max(_SCALE, round(cell * _SCALE * 0.018))
    box = (middle - radius, middle - radius, middle + radius, middle + radius)
    pen.ellipse(box, outline=CAP_OUTLINE, width=width * 2)
    inner = (box[0] + width / 2, box[1] + width / 2, box[2] - width / 2, box[3] - width / 2)
    pen.ellipse(inner, outline=CAP_MARK, width=width)
