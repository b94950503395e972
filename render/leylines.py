"""Ley Lines of Mars as a picture and as alt text, from the public `LeyLinesView`.

The picture (pixels, fixed size): a status strip on top (whose turn, or the result, and the last
placement), the 6x6 board with coordinates, the last placement ringed and the lines it scored
glowing, and underneath a panel per player (name, score, pyramids left) round the caps left.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from PIL import Image

from engine.leylines import LeyLinesView, Piece
from engine.leylines.actions import CAP
from engine.leylines.notation import line_name, points_words
from engine.leylines.state import GRID
from engine.pieces import SIZE_LETTER, SIZE_NAME
from engine.words import Unit
from render.board import (
    HEADER,
    PAD,
    Box,
    TextLine,
    board_picture,
    draw_line_glow,
    draw_line_thread,
    empty_words,
    framed,
    highlight_square,
    open_player_panel,
)
from render.palette import (
    MUTED_TEXT,
    PANEL,
    TEXT,
    colour_of,
)
from render.pieces import draw_cap, draw_pyramid
from render.renderer import Renderer
from render.text import ALT_LIMIT, NAME_LIMIT, Pen, font, shorten
from render.textboards.leylines import TEXT_BOARD

TITLE = "Ley Lines of Mars"
FILENAME = "leylines-board.png"
CAPS = Unit("cap")

CELL = 96
FOOTER = 112
CAPS_WIDTH = 84

LAYOUT, WIDTH, HEIGHT = framed(GRID, CELL, FOOTER)
"""The board's layout and the picture's size in pixels."""


def draw_leylines(view: LeyLinesView) -> Image.Image:
    """The board and everything around it as an RGB picture of WIDTH x HEIGHT pixels."""
    strip = (PAD, PAD, WIDTH - PAD, PAD + HEADER)
    image = board_picture((WIDTH, HEIGHT), LAYOUT, strip, _status(view))
    draw_line_glow(image, LAYOUT, view.scored_lines)
    for index, piece in enumerate(view.board):
        if piece is not None:
            _draw_piece(image, LAYOUT.centre(index), piece, CELL)
    draw_line_thread(image, LAYOUT, view.scored_lines)
    if view.last is not None:
        highlight_square(image, LAYOUT, view.last[1].square)
    top = LAYOUT.outer[3] + PAD
    panel = (WIDTH - 4 * PAD - CAPS_WIDTH) // 2
    for seat, left in enumerate((PAD, WIDTH - PAD - panel)):
        _player_panel(image, view, seat, (left, top, left + panel, top + FOOTER))
    middle = WIDTH // 2
    caps_box = (middle - CAPS_WIDTH // 2, top, middle + CAPS_WIDTH // 2, top + FOOTER)
    _caps_panel(image, view.caps, caps_box)
    return image


def _draw_piece(image: Image.Image, centre: tuple[int, int], piece: Piece, cell: int) -> None:
    if piece.owner is None:
        draw_cap(image, centre, cell)
    else:
        draw_pyramid(image, centre, piece.size, colour_of(piece.owner), cell)


def _status(view: LeyLinesView) -> list[TextLine]:
    """The headline (whose turn, or the result) and a detail line under it."""
    names = [shorten(name, NAME_LIMIT) for name in view.players]
    if view.outcome is not None:
        winners = view.outcome.winners
        headline = f"{names[winners[0]]} wins" if winners else "Draw"
        detail = f"Game over · {view.outcome.reason}"
    else:
        headline = f"{names[min(view.actors)]} to move"
        detail = _last_move(view, names) or "No pieces placed yet: the board is open."
    return [TextLine(headline, 28, TEXT), TextLine(detail, 18, MUTED_TEXT)]


def _last_move(view: LeyLinesView, names: Sequence[str]) -> str | None:
    """`Last: Bob placed the large orange on c3, filling a1-f6 (5 points)`, or None before the
    first move."""
    if view.last is None:
        return None
    seat, place = view.last
    piece = "a cap" if place.size == CAP else f"the {SIZE_NAME[place.size]} {colour_of(seat).name}"
    text = f"Last: {names[seat]} placed {piece} on {GRID.name(place.square)}"
    filled = [
        f"{line_name(line)} ({points_words(view.line_points[line])})" for line in view.scored_lines
    ]
    return text + (", filling " + " and ".join(filled) if filled else "")


def _player_panel(image: Image.Image, view: LeyLinesView, seat: int, box: Box) -> None:
    """Name, score, a tag (to move / winner) and the pyramids still in hand."""
    pen = Pen(image)
    left, top, right, bottom = box
    score = str(view.scores[seat])
    score_font = font(40)
    score_width = int(score_font.getlength(score))
    colour = open_player_panel(image, view, seat, box, right - 14 - score_width - 12, 48)
    pen.write((right - 14, top + 34), score, font=score_font, fill=TEXT, anchor="rm")
    stash = view.stashes[seat]
    x = left + 14
    for size in (1, 2, 3):
        draw_pyramid(image, (x + 14, bottom - 24), size, colour, 30)
        count = stash[size - 1]
        text = f"{SIZE_LETTER[size]} x{count}"
        shade = TEXT if count else MUTED_TEXT
        pen.write((x + 32, bottom - 24), text, font=font(18), fill=shade, anchor="lm")
        x += (right - left - 28) // 3


def _caps_panel(image: Image.Image, caps: int, box: Box) -> None:
    """The Volcano caps still to be placed."""
    pen = Pen(image)
    left, top, right, bottom = box
    pen.rounded_rectangle((left, top, right - 1, bottom - 1), radius=8, fill=PANEL)
    middle = (left + right) // 2
    draw_cap(image, (middle, top + 36), 52)
    pen.write((middle, bottom - 36), f"x{caps}", font=font(20), fill=TEXT, anchor="mm")
    pen.write((middle, bottom - 16), "caps left", font=font(15), fill=MUTED_TEXT, anchor="mm")


def describe_leylines(view: LeyLinesView) -> str:
    """Alt text: the scores, whose turn or the result, the last placement and every piece."""
    names = [shorten(name, NAME_LIMIT) for name in view.players]
    players = " \u2013 ".join(
        f"{name} ({colour_of(seat).name}) {view.scores[seat]}" for seat, name in enumerate(names)
    )
    sentences = [f"{TITLE}, {players}."]
    if view.outcome is not None:
        winners = view.outcome.winners
        result = f"{names[winners[0]]} wins" if winners else "draw"
        sentences.append(f"Game over: {result} ({view.outcome.reason}).")
    else:
        sentences.append(f"{names[min(view.actors)]} to move.")
    last = _last_move(view, names)
    if last is not None:
        sentences.append(last + ".")
    for seat in range(len(names)):
        sentences.append(f"{colour_of(seat).name.capitalize()}: {_pieces_of(view, seat)}.")
    caps = _squares(i for i, p in enumerate(view.board) if p is not None and p.is_cap)
    if caps:
        sentences.append(f"Caps: {caps}.")
    sentences.append(empty_words(view.board))
    if view.outcome is None:
        sentences.append(f"Left to place: {_in_hand(view)}.")
    return shorten(" ".join(sentences), ALT_LIMIT)


def _pieces_of(view: LeyLinesView, seat: int) -> str:
    """`L on c3, d4; S on a1`, or `no pyramids`."""
    groups = []
    for size in (3, 2, 1):
        squares = _squares(
            i
            for i, p in enumerate(view.board)
            if p is not None and (p.owner, p.size) == (seat, size)
        )
        if squares:
            groups.append(f"{SIZE_LETTER[size]} on {squares}")
    return "; ".join(groups) or "no pyramids"


def _squares(indices: Iterable[int]) -> str:
    """Square names in column order (a1, a2, b1, ...), comma separated."""
    ordered = sorted(indices, key=GRID.square)
    return ", ".join(GRID.name(i) for i in ordered)


def _in_hand(view: LeyLinesView) -> str:
    """`blue 3 small, 5 medium, 2 large; orange ...; 3 caps`."""
    parts = []
    for seat, stash in enumerate(view.stashes):
        counts = ", ".join(f"{stash[size - 1]} {SIZE_NAME[size]}" for size in (1, 2, 3))
        parts.append(f"{colour_of(seat).name} {counts}")
    parts.append(CAPS.of(view.caps))
    return "; ".join(parts)


RENDERER = Renderer(LeyLinesView, draw_leylines, describe_leylines, FILENAME, TEXT_BOARD.text)
