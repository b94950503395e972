"""Square boards for the grid games: the Mars surface, coordinates, highlights and status strips.

Everything is in pixels. Squares follow `engine.grid`: columns are letters from `a`, rows numbers
from 1, and `a1` is drawn at the bottom-left.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

from engine.core import View
from engine.grid import Grid
from engine.words import Unit
from render.palette import (
    BACKGROUND,
    CELL_DARK,
    CELL_LIGHT,
    FRAME,
    FRAME_TEXT,
    GRID_LINE,
    HIGHLIGHT,
    HIGHLIGHT_EDGE,
    LEY_GLOW,
    LEY_LINE,
    MUTED_TEXT,
    PANEL,
    RGB,
    TEXT,
    PlayerColour,
    colour_of,
)
from render.pieces import draw_pyramid
from render.text import Block, Pen, fit_lines, fit_text, font, line_pitch, stack_height, wrap

Box = tuple[int, int, int, int]
"""Left, top, right, bottom in pixels; right and bottom are outside the box."""


@dataclass(frozen=True)
class BoardLayout:
    """Where a grid's squares sit in a picture: `cell`-pixel squares whose top-left is at
    (`left`, `top`), framed by a `gutter`-pixel border that holds the coordinates."""

    grid: Grid
    cell: int
    left: int
    top: int
    gutter: int

    @property
    def squares(self) -> Box:
        """The box of all the squares, without the border."""
        right = self.left + self.grid.columns * self.cell
        return self.left, self.top, right, self.top + self.grid.rows * self.cell

    @property
    def outer(self) -> Box:
        """The box of the squares and the border round them."""
        left, top, right, bottom = self.squares
        g = self.gutter
        return left - g, top - g, right + g, bottom + g

    def box(self, index: int) -> Box:
        """The box of the square at `index`."""
        column, row = self.grid.square(index)
        x = self.left + column * self.cell
        y = self.top + (self.grid.rows - 1 - row) * self.cell
        return x, y, x + self.cell, y + self.cell

    def centre(self, index: int) -> tuple[int, int]:
        """The middle of the square at `index`."""
        x, y, _, _ = self.box(index)
        return x + self.cell // 2, y + self.cell // 2


def draw_board(image: Image.Image, layout: BoardLayout) -> None:
    """The framed, gently chequered Mars surface with coordinates on every edge."""
    pen = Pen(image)
    pen.rounded_rectangle(_inclusive(layout.outer), radius=layout.gutter // 3, fill=FRAME)
    for index in range(layout.grid.size):
        column, row = layout.grid.square(index)
        shade = CELL_LIGHT if (column + row) % 2 else CELL_DARK
        pen.rectangle(_inclusive(layout.box(index)), fill=shade)
    left, top, right, bottom = layout.squares
    for column in range(layout.grid.columns + 1):
        x = left + column * layout.cell
        pen.line(((x, top), (x, bottom)), fill=GRID_LINE, width=1)
    for row in range(layout.grid.rows + 1):
        y = top + row * layout.cell
        pen.line(((left, y), (right, y)), fill=GRID_LINE, width=1)
    _coordinates(pen, layout)


def _coordinates(pen: Pen, layout: BoardLayout) -> None:
    """Letters above and below the columns, numbers left and right of the rows."""
    face = font(max(10, layout.gutter * 11 // 20))
    left, top, right, bottom = layout.squares
    half = layout.gutter // 2
    for column in range(layout.grid.columns):
        letter = chr(ord("a") + column)
        x = left + column * layout.cell + layout.cell // 2
        for y in (top - half, bottom + half):
            pen.write((x, y), letter, font=face, fill=FRAME_TEXT, anchor="mm")
    for row in range(layout.grid.rows):
        number = str(row + 1)
        y = bottom - row * layout.cell - layout.cell // 2
        for x in (left - half, right + half):
            pen.write((x, y), number, font=face, fill=FRAME_TEXT, anchor="mm")


def highlight_square(image: Image.Image, layout: BoardLayout, index: int) -> None:
    """A bright ring just inside the square at `index` (for the last move); draw it last."""
    pen = Pen(image)
    width = max(2, layout.cell // 24)
    left, top, right, bottom = _inclusive(layout.box(index))
    inset = 1
    ring = (left + inset, top + inset, right - inset, bottom - inset)
    radius = layout.cell // 8
    pen.rounded_rectangle(ring, radius=radius, outline=HIGHLIGHT_EDGE, width=width + 2)
    inner = (ring[0] + 1, ring[1] + 1, ring[2] - 1, ring[3] - 1)
    pen.rounded_rectangle(inner, radius=radius - 1, outline=HIGHLIGHT, width=width)


def draw_line_glow(image: Image.Image, layout: BoardLayout, lines: Iterable[Sequence[int]]) -> None:
    """A translucent band along each line of squares; draw it before the pieces."""
    ends = [(layout.centre(line[0]), layout.centre(line[-1])) for line in lines]
    if not ends:
        return
    width = layout.cell * 2 // 5
    r = width // 2
    points = [point for pair in ends for point in pair]
    left = min(x for x, _ in points) - r - 1
    top = min(y for _, y in points) - r - 1
    box = (left, top, max(x for x, _ in points) + r + 2, max(y for _, y in points) + r + 2)
    mask = Image.new("L", (box[2] - left, box[3] - top), 0)  # only the bands' box is blended
    pen = ImageDraw.Draw(mask)
    for pair in ends:
        moved = [(x - left, y - top) for x, y in pair]
        pen.line(moved, fill=LEY_GLOW[3], width=width)
        for x, y in moved:
            pen.ellipse((x - r, y - r, x + r, y + r), fill=LEY_GLOW[3])
    image.paste(LEY_GLOW[:3], box, mask)


def draw_line_thread(
    image: Image.Image, layout: BoardLayout, lines: Iterable[Sequence[int]]
) -> None:
    """A thin bright thread through the middles of each line's squares; draw it after the pieces."""
    pen = Pen(image)
    width = max(2, layout.cell // 30)
    dot = width * 2
    for line in lines:
        ends = [layout.centre(line[0]), layout.centre(line[-1])]
        pen.line(ends, fill=HIGHLIGHT_EDGE, width=width + 2)
        pen.line(ends, fill=LEY_LINE, width=width)
        for x, y in ends:
            pen.ellipse((x - dot, y - dot, x + dot, y + dot), fill=LEY_LINE, outline=HIGHLIGHT_EDGE)


@dataclass(frozen=True)
class TextLine:
    """One line of a status strip: its text, font size (pixels) and colour."""

    text: str
    size: int
    colour: RGB


STRIP_PADDING = (14, 6)
"""Pixels between a status strip's edge and its text: left and right, top and bottom."""


def strip_blocks(lines: Sequence[TextLine], box: Box) -> tuple[Block, ...]:
    """The lines of a status strip filling `box`, laid out to fit inside its padding: at their
    own sizes where they fit, else wrapped onto more lines and smaller (see `fit_lines`)."""
    left, top, right, bottom = box
    across, down = STRIP_PADDING
    texts = tuple((line.text, line.size) for line in lines)
    return fit_lines(texts, right - left - 2 * across, bottom - top - 2 * down)


def strip_height(lines: Sequence[TextLine], width: int) -> int:
    """The height of a status strip `width` pixels wide that holds `lines` at their own sizes,
    each wrapped onto as many lines as it needs."""
    across, down = STRIP_PADDING
    room = width - 2 * across
    blocks = [Block(wrap(line.text, line.size, room), line.size) for line in lines]
    return stack_height(blocks) + 2 * down


def draw_status_strip(image: Image.Image, box: Box, lines: Sequence[TextLine]) -> None:
    """A band filling `box` with `lines` stacked and centred in it (see `strip_blocks`)."""
    pen = Pen(image)
    left, top, _, bottom = box
    pen.rounded_rectangle(_inclusive(box), radius=8, fill=PANEL)
    blocks = strip_blocks(lines, box)
    y = top + (bottom - top - stack_height(blocks)) // 2
    for line, block in zip(lines, blocks, strict=True):
        y = pen.write_block((left + STRIP_PADDING[0], y), block, line.colour)
        y += line_pitch(block.size) - block.size


def draw_panel(image: Image.Image, box: Box, *, highlighted: bool) -> None:
    """A rounded panel filling `box`; highlighted (the player to move, a winner) with a gold rim."""
    outline = HIGHLIGHT if highlighted else PANEL
    Pen(image).rounded_rectangle(_inclusive(box), radius=8, fill=PANEL, outline=outline, width=3)


def empty_words(cells: Sequence[object | None]) -> str:
    """The alt text's count of a board's empty squares (`cells`, None where empty):
    `Empty: 1 square.`"""
    return f"Empty: {Unit('square').of(sum(cell is None for cell in cells))}."


def player_tag(view: View, seat: int) -> str:
    """A seat's tag on its panel: "winner", "to move", or nothing."""
    if view.outcome is not None and seat in view.outcome.winners:
        return "winner"
    return "to move" if seat in view.actors else ""


NAME_SIZE = 22
"""The font size of a player's name on a panel, in pixels, where it fits on one line."""


def open_player_panel(
    image: Image.Image, view: View, seat: int, box: Box, name_right: int, label_top: int
) -> PlayerColour:
    """Draw a two-player game's panel for `seat` in `box`: its frame (highlighted for the
    player to move or the winner), a large pyramid in the seat's colour, the seat's name from
    `left + 64` to `name_right` above `label_top` pixels down (smaller or on two lines where
    it needs, never cut), and there the colour's name and the tag. The game adds its own
    figures; returns the seat's colour."""
    left, top, _, _ = box
    colour = colour_of(seat)
    tag = player_tag(view, seat)
    draw_panel(image, box, highlighted=bool(tag))
    draw_pyramid(image, (left + 32, top + 34), 3, colour, 48)
    pen = Pen(image)
    name = fit_text(view.players[seat], NAME_SIZE, name_right - (left + 64), label_top - 12)
    pen.write_block((left + 64, top + 8), name, TEXT)
    label = f"{colour.name}{' · ' + tag if tag else ''}"
    pen.write((left + 64, top + label_top), label, font=font(16), fill=MUTED_TEXT)
    return colour


def _inclusive(box: Box) -> Box:
    """`box` with right and bottom moved onto its last pixels, as ImageDraw shapes expect."""
    left, top, right, bottom = box
    return left, top, right - 1, bottom - 1


def board_picture(
    size: tuple[int, int], layout: BoardLayout, status: Box, lines: Sequence[TextLine]
) -> Image.Image:
    """A new RGB picture of `size` pixels on the background colour, with the status strip in
    `status` and the empty board of `layout` (copied from the one drawn for the first picture
    of this size and layout; the strip must lie outside the board's frame)."""
    image = empty_board(size, layout).copy()
    draw_status_strip(image, status, lines)
    return image


@functools.lru_cache(maxsize=8)
def empty_board(size: tuple[int, int], layout: BoardLayout) -> Image.Image:
    """A picture of `size` pixels on the background colour with the empty board of `layout`;
    shared, so never drawn on: copy it."""
    image = Image.new("RGB", size, BACKGROUND)
    draw_board(image, layout)
    return image


PAD = 14
"""The margin around a framed board picture and between its parts, in pixels."""
GUTTER = 30
"""The width of the file and rank labels around a framed board, in pixels."""
HEADER = 70
"""The height of a framed board picture's status strip, in pixels."""


def framed(grid: Grid, cell: int, footer: int) -> tuple[BoardLayout, int, int]:
    """A board of `cell`-pixel squares under a status strip and above a `footer`-pixel panel:
    its layout, and the picture's width and height in pixels."""
    layout = BoardLayout(grid, cell, PAD + GUTTER, PAD + HEADER + PAD + GUTTER, GUTTER)
    return layout, layout.outer[2] + PAD, layout.outer[3] + PAD + footer + PAD
