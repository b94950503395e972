"""The board encoder: a palette PNG, the same bytes every time, faithful to the drawing."""

from __future__ import annotations

import io

from PIL import Image, ImageChops, ImageDraw

from render.png import COLOURS, encode_png


def drawing() -> Image.Image:
    """Flat areas, a one-pixel line in a colour found nowhere else, and an antialiased disc."""
    image = Image.new("RGB", (301, 203), (120, 72, 50))
    pen = ImageDraw.Draw(image)
    pen.rectangle((20, 20, 150, 120), fill=(18, 84, 166))
    pen.line((0, 201, 300, 201), fill=(250, 170, 70), width=1)
    for radius in range(40, 0, -1):  # a soft disc: many shades between two colours
        shade = 255 - radius * 4
        pen.ellipse((220 - radius, 100 - radius, 220 + radius, 100 + radius), fill=(shade,) * 3)
    return image


def decoded(png: bytes) -> Image.Image:
    return Image.open(io.BytesIO(png))


def test_a_board_becomes_a_palette_png_of_at_most_the_palette_size() -> None:
    picture = decoded(encode_png(drawing()))
    assert picture.format == "PNG"
    assert picture.mode == "P"
    assert len(picture.getcolors(256) or ()) <= COLOURS


def test_the_same_drawing_gives_the_same_bytes() -> None:
    assert encode_png(drawing()) == encode_png(drawing())


def test_flat_colours_stay_exact_and_every_pixel_stays_close() -> None:
    original = drawing()
    picture = decoded(encode_png(original)).convert("RGB")
    assert picture.getpixel((60, 60)) == (18, 84, 166)
    assert picture.getpixel((5, 5)) == (120, 72, 50)
    histogram = ImageChops.difference(picture, original).convert("L").histogram()
    assert max(i for i, n in enumerate(histogram) if n) <= 40  # the unsampled thin line's nearest
    assert sum(i * n for i, n in enumerate(histogram)) / sum(histogram) < 1.0
