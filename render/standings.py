"""A league's standings as a picture: a title and a table of rows (rank, player, score, the
tie-breaks, tables played, games left), drawn with the bundled font, alternate rows shaded,
the same bytes for the same table. The alt text reads the same rows in words."""

from __future__ import annotations

from dataclasses import dataclass

from PIL import Image, ImageDraw

from render.png import encode_png
from render.text import ALT_LIMIT, drawable, font, shorten, text_length

SIZE = 18
TITLE_SIZE = 22
PAD = 12
ROW = 28
BACKGROUND = (250, 248, 244)
SHADE = (236, 231, 222)
INK = (33, 30, 28)
RULE = (150, 140, 130)


@dataclass(frozen=True)
class StandingsTable:
    """What the picture shows: a title, the column headings and the rows (one per player, the
    cells as text, best first)."""

    title: str
    columns: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]


def draw_standings(table: StandingsTable) -> tuple[bytes, str]:
    """The standings as PNG bytes and their alt text."""
    cells = [tuple(drawable(c) for c in table.columns)] + [
        tuple(drawable(c) for c in row) for row in table.rows
    ]
    widths = [
        max(text_length(row[i], SIZE) for row in cells) + 2 * PAD for i in range(len(table.columns))
    ]
    title = drawable(table.title)
    width = int(max(sum(widths), text_length(title, TITLE_SIZE) + 2 * PAD))
    height = PAD * 2 + TITLE_SIZE + PAD + ROW * len(cells)
    image = Image.new("RGB", (width, height), BACKGROUND)
    draw = ImageDraw.Draw(image)
    draw.text((PAD, PAD), title, font=font(TITLE_SIZE), fill=INK)
    top = PAD * 2 + TITLE_SIZE
    for number, row in enumerate(cells):
        y = top + number * ROW
        if number % 2 == 0 and number:
            draw.rectangle((0, y, width, y + ROW - 1), fill=SHADE)
        x = 0.0
        for i, cell in enumerate(row):
            draw.text((x + PAD, y + (ROW - SIZE) // 2), cell, font=font(SIZE), fill=INK)
            x += widths[i]
        if number == 0:
            draw.line((0, y + ROW - 1, width, y + ROW - 1), fill=RULE, width=2)
    return encode_png(image), alt_text(table)


def alt_text(table: StandingsTable) -> str:
    """The standings in words, one player a sentence, within Discord's alt-text limit."""
    said = [table.title + "."]
    for row in table.rows:
        said.append(
            "; ".join(f"{name} {cell}" for name, cell in zip(table.columns, row, strict=True)) + "."
        )
    return shorten(" ".join(said), ALT_LIMIT)
