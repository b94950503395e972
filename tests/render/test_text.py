"""Text helpers: cleaning names, cutting them to a length or a pixel width."""

from __future__ import annotations

from PIL import Image, ImageChops, ImageDraw

from render.text import Pen, clean, drawable, fit, font, shorten, text_length


def test_clean_removes_controls_and_joins_lines() -> None:
    assert clean(" Bob\nthe\tBuilder\u202e\u200b ") == "Bob the Builder"


def test_shorten_cuts_with_an_ellipsis() -> None:
    assert shorten("Ann", 10) == "Ann"
    assert shorten("abcdefghijkl", 5) == "abcd…"


def test_drawable_keeps_what_the_font_has() -> None:
    assert drawable("Zoë Ĉeĉilia") == "Zoe Cecilia"
    assert drawable("Ann 🚀🚀 漢字 ok?") == "Ann ? ? ok?"


def test_fit_stays_within_the_width() -> None:
    text = fit("W" * 100, 22, 150)
    assert text.endswith("…")
    assert font(22).getlength(text) <= 150
    assert fit("Ann", 22, 150) == "Ann"


def test_clean_shows_escaped_markdown_as_the_characters_themselves() -> None:
    assert clean(r"\*\*bob\*\* \_x\_ a\\b") == r"**bob** _x_ a\b"


def test_pen_write_gives_the_pixels_of_draw_text() -> None:
    """Text pasted from a remembered mask is the text `ImageDraw.text` draws, pixel for pixel,
    the first time and again from the cache, with any anchor and with an outline."""
    background = Image.effect_noise((220, 90), 60).convert("RGB")
    cases = [
        ((10, 12), "Needs Science or Diplomacy", 15, None, 0, None),
        ((110, 45), "x12", 20, "mm", 0, None),
        ((210, 80), "T3  (resolves #2)", 16, "rs", 0, None),
        ((-4, 30), "W…·", 28, "lm", 0, None),
        ((60, 40), "B", 15, "mm", 2, (0, 0, 0)),
        ((90, 40), "K", 15, "mm", 2, None),
        ((5, 70.5), "a fraction", 14, None, 0, None),
        ((30, 30), " ", 18, None, 0, None),
    ]
    for xy, text, size, anchor, stroke, outline in cases:
        direct = background.copy()
        ImageDraw.Draw(direct).text(
            xy,
            text,
            fill=(250, 200, 40),
            font=font(size),
            anchor=anchor,
            stroke_width=stroke,
            stroke_fill=outline,
        )
        for _ in range(2):
            written = background.copy()
            Pen(written).write(
                xy,
                text,
                (250, 200, 40),
                font(size),
                anchor,
                stroke_width=stroke,
                stroke_fill=outline,
            )
            assert ImageChops.difference(direct, written).getbbox() is None, (text, size)


def test_text_length_is_the_font_s() -> None:
    assert text_length("Mars vs. Earth", 17) == font(17).getlength("Mars vs. Earth")
