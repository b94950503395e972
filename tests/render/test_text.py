"""Text helpers: cleaning names, cutting them to a length or a pixel width."""

from __future__ import annotations

from render.text import clean, drawable, fit, font, shorten


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
