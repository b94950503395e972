"""Pyramid sizes as every game names them: small = 1 pip, medium = 2, large = 3."""

from __future__ import annotations

from engine.core import BadNotation

SIZES = (1, 2, 3)
SIZE_LETTER = {1: "S", 2: "M", 3: "L"}
SIZE_NAME = {1: "small", 2: "medium", 3: "large"}

_SIZE_WORDS = {
    **{letter.lower(): size for size, letter in SIZE_LETTER.items()},
    **{name: size for size, name in SIZE_NAME.items()},
    **{str(size): size for size in SIZES},
}


def parse_size(text: str) -> int:
    """Pips of a size written as a letter (S/M/L), a word or a pip count."""
    size = _SIZE_WORDS.get(text.strip().lower())
    if size is None:
        raise BadNotation(f"`{text}` is not a pyramid size; use S, M or L.")
    return size
