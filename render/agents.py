"""Agents of M.A.R.S. as a picture and as alt text, from an `AgentsView` (public or private).

The picture (pixels): a status strip on top (phase, whose turn or the result, the last action);
the 7x8 or 8x8 board on the left with coordinates, the last action ringed (a move or swap also
threaded from square to square) and, once the game is over, the scoring clusters outlined and
every other pyramid dimmed; on the right a column of panels: the drawn pyramid awaiting its
square, the objectives (public values, `?` for secrets; a private view adds the viewer's secret
values marked as such and the score they would give now), the black count and whether
objectives may still be swapped, in play each colour's points now and the bonds each player made
(in the objectives' colour columns), and the bag by colour and size (at the end: the score
table, pips per colour x value = points, per player).

Each pyramid shows its size by footprint and pips and its colour by hue and by a letter.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

from PIL import Image, ImageDraw

from engine.agents import AgentsView, Pyramid, Shift, Swap
from engine.agents.moves import REVEAL_LIMIT
from engine.agents.notation import describe_objective, pyramid_name, square_name
from engine.grid import Grid, Square
from engine.pieces import SIZE_LETTER
from engine.words import Unit
from render.board import (
    BoardLayout,
    Box,
    TextLine,
    board_picture,
    draw_line_thread,
    empty_words,
    highlight_square,
)
from render.palette import (
    HIGHLIGHT,
    HIGHLIGHT_EDGE,
    MUTED_TEXT,
    PANEL,
    TEXT,
    PlayerColour,
)
from render.pieces import draw_marked_pyramid
from render.renderer import Renderer
from render.text import ALT_LIMIT, NAME_LIMIT, Pen, fit_text, font, shorten
from render.textboards.agents import TEXT_BOARD

TITLE = "Agents of M.A.R.S."
FILENAME = "agents-board.png"

PYRAMID_COLOURS = {
    "red": PlayerColour("red", (204, 52, 42)),
    "green": PlayerColour("green", (22, 150, 84)),
    "blue": PlayerColour("blue", (40, 98, 204)),
    "yellow": PlayerColour("yellow", (242, 212, 52)),
    "purple": PlayerColour("purple", (146, 84, 190)),
    "black": PlayerColour("black", (36, 34, 38)),
}
"""The colours of the pyramids; with the letter on each, they read without colour vision."""

CELL = 76
GUTTER = 28
PAD = 14
HEADER = 70
SIDE = 372
ROWS = 8
"""Both boards have 8 rows; the 5-colour board has 8 columns instead of 7."""

SECRET_MARK = (255, 214, 120)
"""Values only this viewer knows (their own secret) are drawn in this gold."""
DIM = (24, 12, 10)
DIM_ALPHA = 150
CLUSTER_EDGE = (255, 250, 225)


@functools.lru_cache(maxsize=4)
def layout(columns: int) -> BoardLayout:
    return BoardLayout(Grid(columns, ROWS), CELL, PAD + GUTTER, PAD + HEADER + PAD + GUTTER, GUTTER)


def picture_size(columns: int) -> tuple[int, int]:
    """(width, height) in pixels of the picture of a board with `columns` columns."""
    outer = layout(columns).outer
    return outer[2] + PAD + SIDE + PAD, outer[3] + PAD


def draw_agents(view: AgentsView) -> Image.Image:
    """The board and its panels as an RGB picture (see `picture_size`)."""
    grid = view.rules.grid
    board_layout = layout(grid.columns)
    width, height = picture_size(grid.columns)
    names = [shorten(name, NAME_LIMIT) for name in view.players]
    strip = (PAD, PAD, width - PAD, PAD + HEADER)
    image = board_picture((width, height), board_layout, strip, _status(view, names))
    for index, piece in enumerate(view.board):
        if piece is not None:
            draw_piece(image, board_layout.centre(index), piece, CELL)
    if view.phase == "over":
        _dim_outside_clusters(image, view, board_layout)
    _outline_clusters(image, view, board_layout)
    _show_last(image, view, board_layout)
    left = board_layout.outer[2] + PAD
    _side_panels(image, view, names, (left, board_layout.outer[1], width - PAD, height - PAD))
    return image


def draw_piece(image: Image.Image, centre: tuple[int, int], piece: Pyramid, cell: int) -> None:
    """A pyramid with its colour's letter on the apex."""
    colour = PYRAMID_COLOURS[piece.colour]
    letter = piece.colour[0].upper() if piece.colour != "black" else "K"
    outline = colour.outline if colour.is_dark else colour.top
    mark = (letter, font(max(9, cell // 5)), colour.pip, max(1, cell // 30), outline)
    draw_marked_pyramid(image, centre, piece.size, colour, cell, mark)


def _status(view: AgentsView, names: Sequence[str]) -> list[TextLine]:
    return [
        TextLine(_headline(view, names), 28, TEXT),
        TextLine(_detail(view, names), 18, MUTED_TEXT),
    ]


def _headline(view: AgentsView, names: Sequence[str]) -> str:
    if view.outcome is not None:
        winners = view.outcome.winners
        return f"{names[winners[0]]} wins" if winners else "Draw"
    if view.phase == "objectives":
        waiting = " and ".join(names[s] for s in sorted(view.actors))
        return f"Setting objectives: waiting for {waiting}"
    mover = names[min(view.actors)]
    if view.drawn is not None:
        return f"{mover} must place the {pyramid_name(view.drawn)}"
    return f"{mover} to move"


def _detail(view: AgentsView, names: Sequence[str]) -> str:
    if view.outcome is not None:
        return f"Game over · {view.outcome.reason}"
    last = _last_text(view, names)
    if last is not None:
        return f"Last: {last}"
    if view.phase == "objectives":
        return "Each agent secretly gives every colour a value (/move or the direct-message menus)."
    return "The board is empty: draw a pyramid to begin."


def _last_text(view: AgentsView, names: Sequence[str]) -> str | None:
    if view.last is None:
        return None
    seat, action = view.last
    if isinstance(action, Shift):
        return f"{names[seat]} moved {square_name(action.origin)}-{square_name(action.target)}"
    if isinstance(action, Swap):
        return f"{names[seat]} swapped {square_name(action.first)} and {square_name(action.second)}"
    placed = view.board[view.rules.grid.index(action.square)]
    what = "" if placed is None else f" the {pyramid_name(placed)}"
    return f"{names[seat]} placed{what} on {square_name(action.square)}"


def _show_last(image: Image.Image, view: AgentsView, board: BoardLayout) -> None:
    if view.last is None:
        return
    action = view.last[1]
    ends: tuple[Square, ...]
    if isinstance(action, Shift):
        ends = (action.origin, action.target)
    elif isinstance(action, Swap):
        ends = (action.first, action.second)
    else:
        ends = (action.square,)
    indices = [board.grid.index(end) for end in ends]
    if len(indices) == 2:
        draw_line_thread(image, board, [indices])
    for index in indices:
        highlight_square(image, board, index)


def _dim_outside_clusters(image: Image.Image, view: AgentsView, board: BoardLayout) -> None:
    """Dim every pyramid outside a scoring cluster (at the end of the game)."""
    counted = {square for cluster in view.clusters for square in cluster.squares}
    squares = board.squares  # only the squares' box is blended
    mask = Image.new("L", (squares[2] - squares[0], squares[3] - squares[1]), 0)
    shade = ImageDraw.Draw(mask)
    for index, piece in enumerate(view.board):
        if piece is not None and index not in counted:
            left, top, right, bottom = board.box(index)
            left, top = left - squares[0], top - squares[1]
            right, bottom = right - squares[0], bottom - squares[1]
            shade.rectangle((left + 1, top + 1, right - 2, bottom - 2), fill=DIM_ALPHA)
    image.paste(DIM, squares, mask)


def _outline_clusters(image: Image.Image, view: AgentsView, board: BoardLayout) -> None:
    """Outline each group that scores (as it stands, during the game)."""
    pen = Pen(image)
    grid = board.grid
    for cluster in view.clusters:
        members = set(cluster.squares)
        for index in cluster.squares:
            column, row = grid.square(index)
            left, top, right, bottom = board.box(index)
            sides = {
                (0, 1): ((left, top), (right, top)),
                (0, -1): ((left, bottom), (right, bottom)),
                (-1, 0): ((left, top), (left, bottom)),
                (1, 0): ((right, top), (right, bottom)),
            }
            for (dx, dy), line in sides.items():
                near = (column + dx, row + dy)
                if not grid.contains(near) or grid.index(near) not in members:
                    pen.line(line, fill=HIGHLIGHT_EDGE, width=6)
                    pen.line(line, fill=CLUSTER_EDGE, width=3)


# The side panels


def _side_panels(image: Image.Image, view: AgentsView, names: Sequence[str], box: Box) -> None:
    left, top, right, bottom = box
    y = top
    y = _drawn_panel(image, view, names, (left, y, right, y + 92)) + PAD
    y = _objectives_panel(image, view, names, (left, y, right, y + 218)) + PAD
    if view.phase == "over":
        _score_table(image, view, names, (left, y, right, bottom))
        return
    if view.phase == "play":
        y = _tally_panel(image, view, names, (left, y, right, y + TALLY_HEIGHT)) + PAD
    _bag_panel(image, view, (left, y, right, bottom))


TALLY_ROW = 24
"""The height of a row of the points-and-bonds panel, in pixels."""
TALLY_HEIGHT = 32 + 3 * TALLY_ROW + 4
"""The height of the points-and-bonds panel: its title and three rows."""


def _tally_panel(image: Image.Image, view: AgentsView, names: Sequence[str], box: Box) -> int:
    """Per colour, in the objectives' columns: the points the board's groups give now, and the
    pips of the bonds each player made less those they broke (what the computer players read
    an objective from)."""
    left, top, right, bottom = box
    pen = _panel(image, box, "Per colour: points now (groups of 4+), bonds made")
    first = _first_column(right, len(view.rules.palette))
    rows = [("Points now", view.points), *zip(names, view.joined, strict=True)]
    y = top + 30
    for label, counts in rows:
        middle = y + TALLY_ROW // 2
        block = fit_text(label, 16, first - (left + 12) - 6, TALLY_ROW)
        pen.write_block((left + 12, middle - block.height // 2), block, TEXT)
        for i, count in enumerate(counts):
            x = first + i * OBJECTIVE_COLUMN + OBJECTIVE_COLUMN // 2
            shade = TEXT if count else MUTED_TEXT
            pen.write((x, middle), str(count), font=font(18), fill=shade, anchor="mm")
        y += TALLY_ROW
    return bottom


def _panel(image: Image.Image, box: Box, title: str) -> Pen:
    pen = Pen(image)
    left, top, right, bottom = box
    pen.rounded_rectangle((left, top, right - 1, bottom - 1), radius=8, fill=PANEL)
    pen.write((left + 12, top + 8), title, font=font(15), fill=MUTED_TEXT)
    return pen


def _drawn_panel(image: Image.Image, view: AgentsView, names: Sequence[str], box: Box) -> int:
    left, top, right, bottom = box
    pen = _panel(image, box, "Drawn pyramid")
    if view.drawn is not None:
        draw_piece(image, (left + 44, top + 52), view.drawn, 64)
        text = f"{pyramid_name(view.drawn).capitalize()}"
        pen.write((left + 86, top + 34), text, font=font(22), fill=TEXT)
        mover = names[min(view.actors)] if view.actors else ""
        room = right - left - 98
        note = fit_text(f"{mover} must place it", 16, room, bottom - 4 - (top + 60))
        pen.write_block((left + 86, top + 60), note, MUTED_TEXT)
    else:
        none = "None: draw, move or swap" if view.phase == "play" else "None"
        pen.write((left + 12, top + 44), none, font=font(18), fill=TEXT)
    return bottom


OBJECTIVE_COLUMN = 44
"""The width of each colour's column of objectives, in pixels; the names take the rest."""
OBJECTIVE_ROW = 36
"""The height of a player's row of objectives, in pixels (room for a name on two lines)."""


def _first_column(right: int, colours: int) -> int:
    """The left edge of the first colour's column in a panel whose right edge is `right`."""
    return right - 6 - OBJECTIVE_COLUMN * colours


def _objectives_panel(image: Image.Image, view: AgentsView, names: Sequence[str], box: Box) -> int:
    """The colours, then a row per player: a pointer when they are to act, their name and
    their objectives."""
    left, top, right, bottom = box
    pen = _panel(image, box, "Objectives (? = secret, - = not set yet)")
    palette = view.rules.palette
    column = OBJECTIVE_COLUMN
    first = _first_column(right, len(palette))
    y = top + 32
    for i, colour in enumerate(palette):
        x = first + i * column + column // 2
        draw_piece(image, (x, y + 8), Pyramid(colour, 2), 28)
        pen.write_block((x, y + 24), fit_text(colour, 12, column - 2, 16), MUTED_TEXT, "mt")
    y += 40
    for owner, name in enumerate(names):
        middle = y + OBJECTIVE_ROW // 2
        if owner in view.actors:
            pointer = [(left + 6, middle - 7), (left + 15, middle), (left + 6, middle + 7)]
            pen.polygon(pointer, fill=HIGHLIGHT, outline=HIGHLIGHT_EDGE)
        block = fit_text(name, 16, first - (left + 20) - 6, OBJECTIVE_ROW - 2)
        pen.write_block((left + 20, y + (OBJECTIVE_ROW - block.height) // 2), block, TEXT)
        middle = y + OBJECTIVE_ROW // 2
        for i, value in enumerate(view.objectives[owner]):
            x = first + i * column + column // 2
            if value is None:
                text, shade = ("?" if view.objectives_set[owner] else "-"), MUTED_TEXT
            else:
                text = f"{value:+d}" if value else "0"
                shade = TEXT if view.revealed[owner][i] else SECRET_MARK
            pen.write((x, middle), text, font=font(20), fill=shade, anchor="mm")
        y += OBJECTIVE_ROW
    room = right - left - 24
    pen.write_block((left + 12, y + 6), fit_text(_limit_words(view), 15, room, 20), MUTED_TEXT)
    y += 28
    private = _private_note(view, names)
    if private:
        note = fit_text(private, 16, room, bottom - 4 - (y + 2))
        pen.write_block((left + 12, y + 2), note, SECRET_MARK)
    return bottom


def _limit_words(view: AgentsView) -> str:
    """`Objective swaps: open (1 of 4 black placed)`, or once locked `Objective swaps: locked
    (7 black pyramids placed)`."""
    state = "open" if view.swap_open else "locked"
    if view.rules.trio:
        return f"Objective swaps: {state} (black trio {'not yet ' if view.swap_open else ''}drawn)"
    if view.swap_open:
        return f"Objective swaps: open ({view.black_on_board} of {REVEAL_LIMIT} black placed)"
    return f"Objective swaps: locked ({Unit('black pyramid').of(view.black_on_board)} placed)"


def _private_note(view: AgentsView, names: Sequence[str]) -> str:
    """For a private view: the score the viewer's secret objectives would give now."""
    if view.projected is None or view.viewer is None:
        return ""
    owner, points = view.projected
    who = "You" if owner == view.viewer else names[owner]
    return f"Gold = secret. {who} would score {points} now."


def _bag_panel(image: Image.Image, view: AgentsView, box: Box) -> None:
    left, top, _, bottom = box
    remaining = sum(count for _, count in view.bag)
    pen = _panel(image, box, f"In the bag: {Unit('pyramid').of(remaining)}")
    counts = dict(view.bag)
    colours = [*view.rules.palette, "black"]
    row_height = min(34, (bottom - top - 44) // len(colours))
    x0 = left + 24
    for size in (1, 2, 3):
        x = x0 + 64 + (size - 1) * 92
        pen.write(
            (x + 20, top + 34), SIZE_LETTER[size], font=font(15), fill=MUTED_TEXT, anchor="mm"
        )
    for r, colour in enumerate(colours):
        y = top + 48 + r * row_height + row_height // 2
        pen.write((x0, y), colour, font=font(16), fill=TEXT, anchor="lm")
        for size in (1, 2, 3):
            x = x0 + 64 + (size - 1) * 92
            count = counts.get(Pyramid(colour, size), 0)
            draw_piece(image, (x, y), Pyramid(colour, size), row_height)
            pen.write(
                (x + 20, y),
                f"x{count}",
                font=font(16),
                fill=TEXT if count else MUTED_TEXT,
                anchor="lm",
            )


def _score_table(image: Image.Image, view: AgentsView, names: Sequence[str], box: Box) -> None:
    """Pips per colour x each player's value = points, and the totals."""
    left, top, right, bottom = box
    pen = _panel(image, box, "Score: pips x value = points")
    columns = (left + 12, left + 100, left + 150, left + 262)
    y = top + 32
    pen.write((columns[1], y), "pips", font=font(15), fill=MUTED_TEXT)
    rooms = (columns[3] - columns[2] - 8, right - 12 - columns[3])
    heads = [fit_text(name, 15, room, 52) for name, room in zip(names, rooms, strict=True)]
    for x, head in zip(columns[2:], heads, strict=True):
        pen.write_block((x, y), head, MUTED_TEXT)
    y += max(24, max(head.height for head in heads) + 8)
    row = min(26, (bottom - y - 34) // len(view.rules.palette))
    for i, colour in enumerate(view.rules.palette):
        pips = view.points[i]
        pen.write((columns[0], y), colour, font=font(16), fill=TEXT)
        pen.write((columns[1], y), str(pips), font=font(16), fill=TEXT)
        for owner in (0, 1):
            value = view.objectives[owner][i]
            factor = f"({value})" if value is not None and value < 0 else str(value)
            text = "?" if value is None else f"x{factor} = {pips * value}"
            pen.write((columns[2 + owner], y), text, font=font(16), fill=TEXT)
        y += row
    if view.scores is not None:
        pen.line(((left + 12, y + 2), (right - 12, y + 2)), fill=MUTED_TEXT, width=1)
        pen.write((columns[0], y + 8), "total", font=font(18), fill=HIGHLIGHT)
        for owner in (0, 1):
            pen.write(
                (columns[2 + owner], y + 8), str(view.scores[owner]), font=font(18), fill=HIGHLIGHT
            )


# Alt text


def describe_agents(view: AgentsView) -> str:
    """Alt text: the state of play, the last action, the drawn pyramid, every pyramid on the
    board, the objectives this view holds, the points now and the bonds each player made, the
    black count, the bag, and the result."""
    names = [shorten(name, NAME_LIMIT) for name in view.players]
    grid = view.rules.grid
    sentences = [f"{TITLE}, {names[0]} against {names[1]}, {grid.columns}x{grid.rows} board."]
    sentences.append(_headline(view, names) + ".")
    last = _last_text(view, names)
    if last:
        sentences.append(f"Last: {last}.")
    sentences.append(_objectives_words(view, names))
    if view.projected is not None and view.viewer is not None:
        owner, points = view.projected
        who = "you" if owner == view.viewer else names[owner]
        sentences.append(f"If the game ended now {who} would score {points}.")
    if view.phase == "play":
        sentences.append(f"Points now: {_clusters_words(view)}.")
        sentences.append(f"Bonds made (pips joined less broken): {_bonds_words(view, names)}.")
    if view.outcome is not None:
        counted = ", ".join(
            f"{c} {p}" for c, p in zip(view.rules.palette, view.points, strict=True)
        )
        sentences.append(f"Points on the board: {counted}.")
        if view.scores is not None:
            sentences.append(f"Scores: {names[0]} {view.scores[0]}, {names[1]} {view.scores[1]}.")
    sentences.append(f"Pieces: {_pieces(view)}.")
    sentences.append(empty_words(view.board))
    sentences.append(_limit_words(view) + ".")
    if view.outcome is None:
        sentences.append(f"Bag (small/medium/large): {_bag_words(view)}.")
    return shorten(" ".join(sentences), ALT_LIMIT)


def _clusters_words(view: AgentsView) -> str:
    """`red 0, green 12 (a1 a2 b2 c2), blue 0, ...`: each colour's points and where its
    scoring groups stand."""
    grid = view.rules.grid
    parts = []
    for colour, points in zip(view.rules.palette, view.points, strict=True):
        groups = [
            " ".join(grid.name(i) for i in sorted(c.squares, key=grid.square))
            for c in view.clusters
            if c.colour == colour
        ]
        where = f" ({'; '.join(groups)})" if groups else ""
        parts.append(f"{colour} {points}{where}")
    return ", ".join(parts)


def _bonds_words(view: AgentsView, names: Sequence[str]) -> str:
    """`Ann red 9, green 30, blue -20, yellow -6; Bob ...`: each player's bonds per colour."""
    return "; ".join(
        f"{name} " + ", ".join(f"{c} {n}" for c, n in zip(view.rules.palette, counts, strict=True))
        for name, counts in zip(names, view.joined, strict=True)
    )


def _objectives_words(view: AgentsView, names: Sequence[str]) -> str:
    parts = []
    for owner, name in enumerate(names):
        values = view.objectives[owner]
        known = [(c, v) for c, v in zip(view.rules.palette, values, strict=True) if v is not None]
        if not view.objectives_set[owner]:
            parts.append(f"{name}'s objectives are not set yet")
        elif len(known) == len(values):
            every = [v for _, v in known]
            parts.append(f"{name}'s objectives: {describe_objective(view.rules, every)}")
        elif known:
            shown = ", ".join(f"{c} {v}" for c, v in known)
            parts.append(f"{name}'s known objectives: {shown}, the rest secret")
        else:
            parts.append(f"{name}'s objectives are secret")
    return "; ".join(parts) + "."


def _pieces(view: AgentsView) -> str:
    """`red L a1 c3, S d4; green ...`, colour by colour."""
    grid = view.rules.grid
    parts = []
    for colour in (*view.rules.palette, "black"):
        groups = []
        for size in (3, 2, 1):
            squares = sorted(
                (i for i, p in enumerate(view.board) if p == Pyramid(colour, size)), key=grid.square
            )
            if squares:
                groups.append(f"{SIZE_LETTER[size]} " + " ".join(grid.name(i) for i in squares))
        if groups:
            parts.append(f"{colour} " + ", ".join(groups))
    return "; ".join(parts) or "none"


def _bag_words(view: AgentsView) -> str:
    counts = dict(view.bag)
    return ", ".join(
        f"{colour} " + "/".join(str(counts.get(Pyramid(colour, s), 0)) for s in (1, 2, 3))
        for colour in (*view.rules.palette, "black")
    )


RENDERER = Renderer(AgentsView, draw_agents, describe_agents, FILENAME, TEXT_BOARD.text)
