"""A game review's chart (`render.chart`) drawn: each reviewed player's estimated chance to win,
move by move.

x is the move number (0: the opening), y the chance from 0 to 100 %. Each player's line is drawn
in their seat's colour (darkened on the light plot so that every colour stands out) and their
own moves are marked on it, each player with a marker of its own shape (circle, square,
triangle, diamond), so the lines stay apart in greyscale too. Output is deterministic.
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image

from engine.words import Unit
from render.captions import clean
from render.chart import Chart, Series
from render.palette import BACKGROUND, BLACK, MUTED_TEXT, RGB, TEXT, colour_of, mix
from render.png import encode_png
from render.text import Pen, drawable, font, shorten

WIDTH, HEIGHT = 760, 380
LEFT, RIGHT, TOP, BOTTOM = 64, 24, 48, 52
"""The plot's margins in pixels: axis labels left and below, the title above."""
PLOT: RGB = (246, 238, 228)
GRID: RGB = (214, 200, 186)
MARK = 5
OWN_MOVES = Unit("own move")
"""A marker's half size in pixels."""
SHAPES = ("circle", "square", "triangle", "diamond")


def line_colour(seat: int) -> RGB:
    """A seat's colour, darkened to stand out on the light plot."""
    colour = colour_of(seat % 6)
    return colour.base if colour.is_dark else mix(colour.base, BLACK, 0.35)


def draw_chart(chart: Chart) -> Image.Image:
    """The chart as an RGB picture."""
    image = Image.new("RGB", (WIDTH, HEIGHT), BACKGROUND)
    pen = Pen(image)
    left, top, right, bottom = LEFT, TOP, WIDTH - RIGHT, HEIGHT - BOTTOM
    pen.rectangle((left, top, right, bottom), fill=PLOT)
    small = font(14)
    pen.write((WIDTH // 2, 14), drawable(shorten(clean(chart.title), 70)), TEXT, font(18), "mt")
    for percent in (0, 25, 50, 75, 100):
        y = bottom - (bottom - top) * percent / 100
        pen.line((left, y, right, y), fill=GRID, width=1)
        pen.write((left - 8, round(y)), f"{percent} %", MUTED_TEXT, small, "rm")
    moves = max((len(line.chances) - 1 for line in chart.series), default=0)
    span = max(1, moves)

    def at(move: int, chance: float) -> tuple[float, float]:
        return left + (right - left) * move / span, bottom - (bottom - top) * chance

    for move in _ticks(moves):
        x, _ = at(move, 0)
        pen.line((x, bottom, x, bottom + 4), fill=MUTED_TEXT, width=1)
        pen.write((round(x), bottom + 8), str(move), MUTED_TEXT, small, "mt")
    pen.write((WIDTH // 2, HEIGHT - 18), "move", MUTED_TEXT, small, "mm")
    for index, line in enumerate(chart.series):
        colour = line_colour(line.seat)
        points = [at(move, chance) for move, chance in enumerate(line.chances)]
        if len(points) > 1:
            pen.line(points, fill=colour, width=3, joint="curve")
        for move in line.own:
            if 0 <= move < len(points):
                _marker(pen, points[move], SHAPES[index % len(SHAPES)], colour)
    _legend(pen, chart.series, left + 8, top + 8)
    return image


def _ticks(moves: int) -> list[int]:
    """Move numbers labelled on the x axis: about ten, at a round step."""
    step = next(s for s in (1, 2, 5, 10, 20, 25, 50, 100, 200, 500, 1000) if moves / s <= 10)
    return list(range(0, moves + 1, step))


def _marker(pen: Pen, xy: tuple[float, float], shape: str, colour: RGB) -> None:
    x, y = xy
    box = (x - MARK, y - MARK, x + MARK, y + MARK)
    if shape == "circle":
        pen.ellipse(box, fill=colour, outline=PLOT)
    elif shape == "square":
        pen.rectangle(box, fill=colour, outline=PLOT)
    elif shape == "triangle":
        pen.polygon([(x, y - MARK), (x + MARK, y + MARK), (x - MARK, y + MARK)], fill=colour)
    else:
        pen.polygon([(x, y - MARK), (x + MARK, y), (x, y + MARK), (x - MARK, y)], fill=colour)


def _legend(pen: Pen, series: Sequence[Series], x: int, y: int) -> None:
    """Each player's marker and name, with what the markers mean."""
    small = font(14)
    for index, line in enumerate(series):
        colour = line_colour(line.seat)
        _marker(pen, (x + MARK, y + 8 + index * 20), SHAPES[index % len(SHAPES)], colour)
        name = drawable(shorten(clean(line.name), 30))
        pen.write((x + 3 * MARK, y + 8 + index * 20), f"{name}: a mark per own move", colour,
                  small, "lm")  # fmt: skip


def describe_chart(chart: Chart) -> str:
    """The chart in words, for its attachment description."""
    parts = [f"Line chart: {clean(chart.title)}; x is the move number, y the chance to win."]
    for line in chart.series:
        if not line.chances:
            continue
        low = min(range(len(line.chances)), key=lambda move: (line.chances[move], move))
        high = max(range(len(line.chances)), key=lambda move: (line.chances[move], -move))
        parts.append(
            f"{clean(line.name)}: {_percent(line.chances[0])} at the start, "
            f"{_percent(line.chances[-1])} at the end, lowest {_percent(line.chances[low])} "
            f"after move {low}, highest {_percent(line.chances[high])} after move {high}; "
            f"{OWN_MOVES.of(len(line.own))} marked."
        )
    return " ".join(parts)


def _percent(chance: float) -> str:
    return f"{round(chance * 100)} %"


def chart_png(chart: Chart) -> tuple[bytes, str]:
    """The chart as PNG bytes and its description."""
    return encode_png(draw_chart(chart)), describe_chart(chart)
