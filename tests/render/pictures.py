"""What the render tests share: decoding a rendered PNG, a finished random game's view, the
longest names, and spies on the text a picture lays out and writes."""

from __future__ import annotations

import io
import random
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import pytest
from PIL import Image, ImageFont

from engine.core import Game, View
from render import text as text_module
from render.renderer import Rendered
from render.text import ELLIPSIS, Block, Pen, drawable, stack_height, text_length

LONGEST = (
    "W" * 32,
    "Maximilian Alexander Wolfgangson",
    "Ada (computer, hard)",
    "WWWWWWWWWWWWWWW WWWWWWWWWWWWWWWW",
)
"""Long names the bot allows (32 characters at most): 32 of the widest letter in one word or
two, 32 letters in three words, and a computer's name with its level."""


def picture(rendered: Rendered) -> Image.Image:
    """The rendered PNG as an RGB image (checked to be a PNG)."""
    image = Image.open(io.BytesIO(rendered.png))
    assert image.format == "PNG"
    return image.convert("RGB")


def finished_view(game: Game[Any, Any], seed: int, names: Sequence[str]) -> View:
    """The public view of a game played to its end with seeded random legal moves."""
    state = game.new_game(list(names), {}, seed)
    rng = random.Random(seed)
    while game.actors(state):
        seat = min(game.actors(state))
        state, _ = game.apply(state, seat, rng.choice(game.legal_moves(state, seat)))
    return game.view(state, None)


@dataclass(frozen=True)
class Fitting:
    """One call of `fit_lines`: the texts and sizes, the box, and the blocks it gave."""

    texts: tuple[tuple[str, int], ...]
    width: float
    height: float
    blocks: tuple[Block, ...]


@dataclass(frozen=True)
class Written:
    text: str
    box: tuple[int, int, int, int]
    """The ink's bounding box in the picture."""
    size: tuple[int, int]
    """The picture's size."""


@dataclass
class Spies:
    """What the drawing laid out to fit (`fittings`) and wrote (`written`)."""

    fittings: list[Fitting]
    written: list[Written]


def spy_on_text(monkeypatch: pytest.MonkeyPatch) -> Spies:
    """Record every text laid out to fit a box (`fit_lines`, wherever a picture module calls
    it) and every line written (`Pen.write`) while the test runs."""
    found = Spies([], [])
    fit_lines = text_module.fit_lines

    def fitting(
        texts: tuple[tuple[str, int], ...], width: float, height: float, *rest: Any
    ) -> tuple[Block, ...]:
        blocks = fit_lines(texts, width, height, *rest)
        found.fittings.append(Fitting(texts, width, height, blocks))
        return blocks

    for name, module in list(sys.modules.items()):
        if name.startswith("render") and getattr(module, "fit_lines", None) is fit_lines:
            monkeypatch.setattr(module, "fit_lines", fitting)
    write = Pen.write

    def writing(
        pen: Pen,
        xy: tuple[float, float],
        text: str,
        fill: Any,
        font: ImageFont.FreeTypeFont,
        anchor: str | None = None,
        **rest: Any,
    ) -> None:
        left, top, right, bottom = font.getbbox(text, anchor=anchor)
        x, y = xy
        box = (int(x + left), int(y + top), int(x + right), int(y + bottom))
        found.written.append(Written(text, box, pen.picture.size))
        write(pen, xy, text, fill, font, anchor, **rest)

    monkeypatch.setattr(Pen, "write", writing)
    return found


def assert_whole(f: Fitting) -> None:
    """Each line within the box's width, the lines within its height, every word kept."""
    assert stack_height(f.blocks) <= f.height, f
    for (said, _), block in zip(f.texts, f.blocks, strict=True):
        for line in block.lines:
            assert text_length(line, block.size) <= f.width, (line, f.width)
        laid = "".join(block.lines).replace(" ", "")
        assert laid == drawable(said).replace(" ", ""), (said, block.lines)


def assert_uncut(written: Sequence[Written]) -> None:
    """No line written ends cut with an ellipsis, and each lies inside its picture."""
    cut = {w.text for w in written if ELLIPSIS in w.text}
    assert not cut, f"text cut short: {cut}"
    for w in written:
        left, top, right, bottom = w.box
        width, height = w.size
        assert left >= 0 and top >= 0 and right <= width and bottom <= height, w
