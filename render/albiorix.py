"""Albiorix as a picture and as alt text, from an `AlbiorixView`.

The picture (pixels, fixed size): a status strip on top (whose turn and which way is their
forward, or the result; the last action), the 5x5 board with coordinates on every edge, and a
panel per player underneath (name, colour, Monads, pieces controlled).

On each square a Diad is drawn as its bottom pyramid to the lower left with its top pyramid
resting on it to the upper right, so both colours and both sizes show, and an `x-y` label
(bottom pips - top pips) under them. A Monad stands alone on a gold halo. Corner tabs say who may
move a piece: a blue tab bottom-left, an orange tab bottom-right. The last action's origin and
target are ringed. A preview rings the focused piece and marks its destinations: a dot on an
empty square (a move), a corner frame round a piece (a mix).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from PIL import Image

from engine.albiorix import AlbiorixView, Mix, Stack
from engine.albiorix.pieces import GRID, PIECE_NAMES, shape_text, stack_text
from engine.albiorix.state import Played
from engine.words import Unit
from render.board import (
    HEADER,
    PAD,
    Box,
    TextLine,
    board_picture,
    framed,
    open_player_panel,
)
from render.board import highlight_square as ring_square
from render.palette import (
    HIGHLIGHT_EDGE,
    MUTED_TEXT,
    RGB,
    TEXT,
    colour_of,
)
from render.pieces import draw_pyramid
from render.renderer import Renderer
from render.text import ALT_LIMIT, NAME_LIMIT, Pen, fit_text, font, shorten
from render.textboards.albiorix import TEXT_BOARD

TITLE = "Albiorix"
FILENAME = "albiorix-board.png"
MOVES, MIXES = Unit("move"), Unit("mix", "mixes")
PASSES, PIECES = Unit("pass", "passes"), Unit("piece")

CELL = 120
FOOTER = 96

LAYOUT, WIDTH, HEIGHT = framed(GRID, CELL, FOOTER)
"""The board's layout and the picture's size in pixels."""

SPRITE = round(CELL * 0.6)
"""The cell size each pyramid of a stack is drawn for (a large one fills 86% of it)."""
SHIFT = (CELL * 12 // 100, CELL * 9 // 100)
"""How far (x, y pixels) the top pyramid sits up-right, and the bottom one down-left."""
RAISE = CELL // 14
"""The stack is drawn this much above the middle of the square, leaving room for its label."""
TAB = CELL // 6
"""The legs of a control tab, in pixels."""

HALO: RGB = (255, 206, 84)
"""The gold ring under a Monad."""
LABEL_BACK: RGB = (40, 20, 16)
FOCUS: RGB = (255, 224, 102)
"""The focused piece's ring and its destination marks in a preview."""


def draw_albiorix(view: AlbiorixView) -> Image.Image:
    """The board and everything around it as an RGB picture of WIDTH x HEIGHT pixels."""
    strip = (PAD, PAD, WIDTH - PAD, PAD + HEADER)
    image = board_picture((WIDTH, HEIGHT), LAYOUT, strip, _status(view))
    monads = set(view.monads[0] + view.monads[1])
    control = (set(view.control[0]), set(view.control[1]))
    for index, stack in enumerate(view.board):
        if stack is not None:
            _draw_stack(image, index, stack, index in monads)
    if view.last is not None:
        for index in (view.last.action.origin, view.last.action.target):
            ring_square(image, LAYOUT, index)
    for index in control[0] | control[1]:
        _draw_tabs(image, index, (index in control[0], index in control[1]))
    _draw_preview(image, view)
    top = LAYOUT.outer[3] + PAD
    panel = (WIDTH - 3 * PAD) // 2
    for seat, left in enumerate((PAD, WIDTH - PAD - panel)):
        _player_panel(image, view, seat, (left, top, left + panel, top + FOOTER))
    return image


def _draw_stack(image: Image.Image, index: int, stack: Stack, monad: bool) -> None:
    """The stack's pyramids and its `x-y` label on the square at `index`."""
    x, y = LAYOUT.centre(index)
    y -= RAISE
    if stack.top is None:
        pen = Pen(image)
        radius = round(SPRITE * 0.55) if monad else 0
        if radius:
            box = (x - radius, y - radius, x + radius, y + radius)
            pen.ellipse(box, outline=HIGHLIGHT_EDGE, width=7)
            pen.ellipse(box, outline=HALO, width=4)
        draw_pyramid(image, (x, y), stack.bottom.size, colour_of(stack.bottom.colour), SPRITE)
    else:
        dx, dy = SHIFT
        bottom, top = stack.bottom, stack.top
        draw_pyramid(image, (x - dx, y + dy), bottom.size, colour_of(bottom.colour), SPRITE)
        draw_pyramid(image, (x + dx, y - dy), top.size, colour_of(top.colour), SPRITE)
    _label(image, index, shape_text(stack))


def _label(image: Image.Image, index: int, text: str) -> None:
    """A small dark pill at the bottom middle of the square with `text` in it."""
    pen = Pen(image)
    x, _ = LAYOUT.centre(index)
    bottom = LAYOUT.box(index)[3] - 9
    face = font(15)
    half = int(face.getlength(text)) // 2 + 6
    pen.rounded_rectangle((x - half, bottom - 19, x + half, bottom), radius=8, fill=LABEL_BACK)
    pen.write((x, bottom - 9), text, font=face, fill=TEXT, anchor="mm")


def _draw_tabs(image: Image.Image, index: int, movers: tuple[bool, bool]) -> None:
    """A triangle in the square's bottom-left corner if blue may move the piece, bottom-right
    if orange may."""
    pen = Pen(image)
    left, _, right, bottom = LAYOUT.box(index)
    bottom -= 1
    if movers[0]:
        corner = [(left + 1, bottom), (left + 1 + TAB, bottom), (left + 1, bottom - TAB)]
        pen.polygon(corner, fill=colour_of(0).base, outline=HIGHLIGHT_EDGE)
    if movers[1]:
        right -= 1
        corner = [(right, bottom), (right - TAB, bottom), (right, bottom - TAB)]
        pen.polygon(corner, fill=colour_of(1).base, outline=HIGHLIGHT_EDGE)


def _draw_preview(image: Image.Image, view: AlbiorixView) -> None:
    """The focused square ringed, a dot on each empty destination, corner frames on each piece
    it may mix with."""
    if view.focus is None:
        return
    pen = Pen(image)
    left, top, right, bottom = LAYOUT.box(view.focus)
    pen.rectangle((left + 1, top + 1, right - 2, bottom - 2), outline=HIGHLIGHT_EDGE, width=6)
    pen.rectangle((left + 2, top + 2, right - 3, bottom - 3), outline=FOCUS, width=3)
    for index in view.destinations:
        if view.board[index] is None:
            x, y = LAYOUT.centre(index)
            r = CELL // 9
            pen.ellipse((x - r, y - r, x + r, y + r), fill=FOCUS, outline=HIGHLIGHT_EDGE, width=3)
        else:
            _corner_frame(pen, LAYOUT.box(index))


def _corner_frame(pen: Pen, box: Box) -> None:
    """Four corner brackets just inside `box`: this piece can be mixed with."""
    left, top, right, bottom = box[0] + 4, box[1] + 4, box[2] - 5, box[3] - 5
    arm = CELL // 4
    corners = ((left, top, 1, 1), (right, top, -1, 1), (left, bottom, 1, -1))
    for x, y, sx, sy in (*corners, (right, bottom, -1, -1)):
        for colour, width in ((HIGHLIGHT_EDGE, 9), (FOCUS, 5)):
            pen.line(((x + sx * arm, y), (x, y), (x, y + sy * arm)), fill=colour, width=width)


def _status(view: AlbiorixView) -> list[TextLine]:
    """The headline (whose turn, a preview, or the result) and a detail line under it."""
    names = [shorten(name, NAME_LIMIT) for name in view.players]
    if view.outcome is not None:
        winners = view.outcome.winners
        headline = f"{names[winners[0]]} wins" if winners else "Draw"
        detail = f"Game over · {view.outcome.reason}"
        return [TextLine(headline, 28, TEXT), TextLine(detail, 18, MUTED_TEXT)]
    if view.focus is not None:
        headline = _preview_sentence(view, names)
    else:
        seat = view.to_move if view.to_move is not None else min(view.actors)
        way = "up" if seat == 0 else "down"
        headline = f"{names[seat]} to move ({colour_of(seat).name}, forward is {way})"
    parts = [_last_action(view, names) or "No action yet"]
    parts.append(f"action {view.played + 1} of {view.limit}")
    if view.passes:
        parts.append(f"{PASSES.of(view.passes)} in a row")
    if view.draw_offer is not None:
        parts.insert(0, f"{names[view.draw_offer]} offers a draw")
    return [TextLine(headline, 26, TEXT), TextLine(" · ".join(parts), 18, MUTED_TEXT)]


def _preview_sentence(view: AlbiorixView, names: Sequence[str]) -> str:
    """`Soldier on b3: 2 moves, 1 mix` (for the viewer)."""
    assert view.focus is not None
    stack = view.board[view.focus]
    assert stack is not None
    mixes = sum(view.board[i] is not None for i in view.destinations)
    moves = len(view.destinations) - mixes
    piece = f"{PIECE_NAMES[stack.shape]} on {GRID.name(view.focus)}"
    if not view.destinations:
        return f"{piece}: no legal action"
    counts = [MOVES.of(moves)] if moves else []
    counts += [MIXES.of(mixes)] if mixes else []
    return f"{piece}: {', '.join(counts)}"


def _last_action(view: AlbiorixView, names: Sequence[str]) -> str | None:
    """`Last: Ann b3-c5` or `Last: Ann mixed b2 with c3 (3b-1o / 2b)`."""
    last: Played | None = view.last
    if last is None:
        return None
    who = names[last.seat]
    action = last.action
    here, there = GRID.name(action.origin), GRID.name(action.target)
    if isinstance(action, Mix):
        made = f"{stack_text(action.at_origin)} / {stack_text(action.at_target)}"
        return f"Last: {who} mixed {here} with {there} ({made})"
    return f"Last: {who} moved {here}-{there}"


def _player_panel(image: Image.Image, view: AlbiorixView, seat: int, box: Box) -> None:
    """Name, colour and a tag (to move / winner); Monads; how many pieces they control."""
    pen = Pen(image)
    left, _, right, bottom = box
    open_player_panel(image, view, seat, box, right - 14, 44)
    line = f"{_monads_of(view, seat)} · moves {PIECES.of(len(view.control[seat]))}"
    room = right - left - 28
    block = fit_text(line, 16, room, 22)
    pen.write_block((left + 14, bottom - 8 - block.height), block, TEXT)


def _monads_of(view: AlbiorixView, seat: int) -> str:
    """`Queen a1` / `Queen a1, Princess c3` / `no Monad`."""
    named = []
    for index in view.monads[seat]:
        stack = view.board[index]
        assert stack is not None
        named.append(f"{PIECE_NAMES[stack.shape]} {GRID.name(index)}")
    return ", ".join(named) or "no Monad"


def describe_albiorix(view: AlbiorixView) -> str:
    """Alt text: players, whose turn or the result, the last action, any preview, every piece
    and who may move it."""
    names = [shorten(name, NAME_LIMIT) for name in view.players]
    players = " and ".join(f"{name} ({colour_of(seat).name})" for seat, name in enumerate(names))
    sentences = [f"{TITLE}, {players}."]
    if view.outcome is not None:
        winners = view.outcome.winners
        result = f"{names[winners[0]]} wins" if winners else "draw"
        sentences.append(f"Game over: {result} ({view.outcome.reason}).")
    elif view.to_move is not None:
        way = "up" if view.to_move == 0 else "down"
        sentences.append(f"{names[view.to_move]} to move, forward {way}.")
    if view.draw_offer is not None:
        sentences.append(f"{names[view.draw_offer]} offers a draw.")
    last = _last_action(view, names)
    if last is not None:
        sentences.append(last + ".")
    if view.focus is not None:
        sentences.append(_preview_alt(view))
    for seat in (0, 1):
        sentences.append(f"{colour_of(seat).name.capitalize()} Monads: {_monads_of(view, seat)}.")
    sentences.append("Pieces (bottom-top, b blue, o orange): " + _pieces(view) + ".")
    return shorten(" ".join(sentences), ALT_LIMIT)


def _preview_alt(view: AlbiorixView) -> str:
    assert view.focus is not None
    moves = [i for i in view.destinations if view.board[i] is None]
    mixes = [i for i in view.destinations if view.board[i] is not None]
    said = f"Preview of {GRID.name(view.focus)}:"
    if not view.destinations:
        return f"{said} no legal action."
    parts = []
    if moves:
        parts.append("moves to " + _squares(moves))
    if mixes:
        parts.append("mixes with " + _squares(mixes))
    return f"{said} {'; '.join(parts)}."


def _pieces(view: AlbiorixView) -> str:
    """`a1 3b (blue moves), c1 3b-1o (both move), ...` in square order."""
    control = (set(view.control[0]), set(view.control[1]))
    parts = []
    for index, stack in enumerate(view.board):
        if stack is None:
            continue
        movers = [colour_of(s).name for s in (0, 1) if index in control[s]]
        who = "both" if len(movers) == 2 else movers[0] if movers else "nobody"
        parts.append(f"{GRID.name(index)} {stack_text(stack)} ({who})")
    return ", ".join(parts)


def _squares(indices: Iterable[int]) -> str:
    return ", ".join(GRID.name(i) for i in indices)


RENDERER = Renderer(AlbiorixView, draw_albiorix, describe_albiorix, FILENAME, TEXT_BOARD.text)
