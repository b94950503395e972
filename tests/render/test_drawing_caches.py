"""What pictures remember between draws (text masks, sprites, empty boards) changes no pixel:
each cached path gives what drawing afresh gives."""

from __future__ import annotations

from PIL import Image, ImageChops

from club.catalogue import CATALOGUE
from engine.albiorix import GAME as ALBIORIX
from engine.leylines import GAME as LEYLINES
from engine.leylines.state import GRID
from render.agents import PYRAMID_COLOURS
from render.board import BoardLayout, TextLine, board_picture, draw_board, draw_status_strip
from render.palette import BACKGROUND, TEXT
from render.pieces import draw_marked_pyramid, draw_pyramid
from render.text import Pen, font
from tests.render.pictures import finished_view


def same(first: Image.Image, second: Image.Image) -> bool:
    return first.size == second.size and ImageChops.difference(first, second).getbbox() is None


def test_a_marked_pyramid_is_the_pyramid_then_its_letter() -> None:
    for cell in (76, 64, 34, 28, 26):
        face, stroke = font(max(9, cell // 5)), max(1, cell // 30)
        for colour in PYRAMID_COLOURS.values():
            outline = colour.outline if colour.is_dark else colour.top
            for size in (1, 2, 3):
                background = Image.effect_noise((cell + 20, cell + 20), 50).convert("RGB")
                centre = (cell // 2 + 10, cell // 2 + 9)
                direct = background.copy()
                draw_pyramid(direct, centre, size, colour, cell)
                pen = Pen(direct)
                pen.write(
                    centre, "B", colour.pip, face, "mm", stroke_width=stroke, stroke_fill=outline
                )
                for _ in range(2):
                    marked = background.copy()
                    mark = ("B", face, colour.pip, stroke, outline)
                    draw_marked_pyramid(marked, centre, size, colour, cell, mark)
                    assert same(direct, marked), (cell, colour.name, size)


def test_a_board_picture_is_the_board_drawn_afresh() -> None:
    layout = BoardLayout(GRID, 40, 40, 120, 26)
    size = (layout.outer[2] + 14, layout.outer[3] + 14)
    strip = (14, 14, size[0] - 14, 84)
    for title in ("first", "second"):
        lines = [TextLine(title, 20, TEXT)]
        direct = Image.new("RGB", size, BACKGROUND)
        draw_status_strip(direct, strip, lines)
        draw_board(direct, layout)
        assert same(direct, board_picture(size, layout, strip, lines))


def test_drawing_again_changes_nothing() -> None:
    for game in (LEYLINES, ALBIORIX):
        view = finished_view(game, 3, ("Ann", "Bob"))
        draw = CATALOGUE.renderer_for(view).draw
        assert same(draw(view), draw(view))
