"""Text helpers: cleaning names, cutting them to a length (alt text), and laying text out to fit a
box in pixels without cutting it."""

from __future__ import annotations

import pytest
from PIL import Image, ImageChops, ImageDraw

from render.captions import clean
from render.text import (
    ELLIPSIS,
    SMALLEST,
    Block,
    Pen,
    drawable,
    fit_lines,
    fit_text,
    font,
    shorten,
    stack_height,
    text_length,
    wrap,
)


def test_clean_removes_controls_and_joins_lines() -> None:
    assert clean(" Bob\nthe\tBuilder\u202e\u200b ") == "Bob the Builder"


def test_shorten_cuts_with_an_ellipsis() -> None:
    assert shorten("Ann", 10) == "Ann"
    assert shorten("abcdefghijkl", 5) == "abcd…"


def test_drawable_keeps_what_the_font_has() -> None:
    assert drawable("Zoë Ĉeĉilia") == "Zoe Cecilia"
    assert drawable("Ann 🚀🚀 漢字 ok?") == "Ann ? ? ok?"


LONG_NAMES = (
    "W" * 32,
    "Maximilian Alexander Wolfgangson",
    "Ada (computer)",
    "Ada (computer, hard)",
    "WWWWWWWWWWWWWWW WWWWWWWWWWWWWWWW",
    "Zoë Ĉeĉilia 🚀🚀 漢字 [bob](https://x)",
)
BOXES = ((127, 36), (184, 40), (98, 32), (216, 18), (40, 16), (600, 30))


def assert_fitted(text: str, blocks: tuple[Block, ...], width: float, height: float) -> None:
    """Every line within `width`, the blocks within `height`, every character kept, no cut."""
    assert stack_height(blocks) <= height
    for block in blocks:
        for line in block.lines:
            assert text_length(line, block.size) <= width, (line, block.size, width)
            assert ELLIPSIS not in line
    laid = "".join(line for block in blocks for line in block.lines)
    assert laid.replace(" ", "") == drawable(text).replace(" ", "")


@pytest.mark.parametrize("box", BOXES)
@pytest.mark.parametrize("name", LONG_NAMES)
def test_a_name_fits_its_box_whole(name: str, box: tuple[int, int]) -> None:
    width, height = box
    block = fit_text(name, 22, width, height)
    assert block.size <= 22
    assert_fitted(name, (block,), width, height)


def test_a_name_that_fits_keeps_its_size_and_line() -> None:
    assert fit_text("Ann", 22, 150, 30) == Block(("Ann",), 22)


def test_a_long_name_shrinks_before_it_wraps_and_wraps_before_words_break() -> None:
    one_line = fit_text("Ada (computer)", 22, 127, 36)
    assert one_line.lines == ("Ada (computer)",) and SMALLEST <= one_line.size < 22
    two_lines = fit_text("Maximilian Alexander Wolfgangson", 22, 184, 40)
    assert len(two_lines.lines) == 2 and two_lines.size >= SMALLEST
    assert all(" " not in word for word in two_lines.lines[-1].split())
    assert "Wolfgangson" in two_lines.lines[-1]
    broken = fit_text("W" * 32, 22, 127, 36)
    assert broken.lines[0] != "W" * 32 and "".join(broken.lines) == "W" * 32


def test_several_lines_fit_together_and_the_longest_gives_way_first() -> None:
    headline = "Ann to move"
    detail = "Last: " + "Ann placed a cap on c3, " * 3
    blocks = fit_lines(((headline, 28), (detail, 18)), 600, 58)
    assert blocks[0] == Block((headline,), 28), "the short headline keeps its size"
    assert len(blocks[1].lines) == 1 and SMALLEST <= blocks[1].size < 18
    assert_fitted(headline + detail, blocks, 600, 58)
    longer = detail * 2
    blocks = fit_lines(((headline, 28), (longer, 18)), 600, 58)
    assert blocks[1].size == SMALLEST and len(blocks[1].lines) == 2
    assert SMALLEST < blocks[0].size < 28, "then the headline makes room"
    assert_fitted(headline + longer, blocks, 600, 58)


def test_wrap_keeps_every_word_and_breaks_only_words_longer_than_a_line() -> None:
    text = "Line a3-d6 is filled: Ada (computer) scores 5. " + "W" * 40
    lines = wrap(text, 16, 200)
    assert all(text_length(line, 16) <= 200 for line in lines)
    assert " ".join(lines).replace(" ", "") == text.replace(" ", "")
    whole = wrap(text, 16, 200, break_words=False)
    assert whole[-1] == "W" * 40, "unbroken, a long word stands alone on its line"
    assert wrap("", 16, 200) == ("",)


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
