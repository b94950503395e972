"""Martian Merchants as a picture and as alt text, from the public `MerchantsView`.

The picture (pixels): a status strip on top (whose turn and which step, or the result; the last
move, the die while its bonuses are being taken, and the turn count), the planetary grid on the
left, and on the right a panel per player (stations built of those that win, ships in stash),
the game's progress (the turn of the turn limit as a bar, and how the game ends), the bank with
the last roll, and a key.

The grid is drawn in the bounding box of its planets. Cells are at most MAX_CELL and never less
than MIN_CELL pixels: a grid too long or wide for the usual WIDTH x HEIGHT canvas makes the
canvas grow, so pieces stay readable. Each planet is a large pyramid of its colour in its cell;
a station is the owner's medium pyramid stacked on it inside a light ring; a good is a small
pyramid on top. Docked ships are medium pyramids on the planet's four sides, with the small
pyramid of any good they carry. Every piece carries its colour's initial (B, O, G, Y) on a disc,
so colours read without seeing colour; a planet's initial sits at its top-left corner. A
satisfied planet (one that can be consumed) has a white tick badge at its top-right corner. The
key explains letters, the station ring, the tick and the die's faces. Column numbers (x) run
along the top and bottom, row numbers (y) up the sides; y grows upwards. The planets the last
move touched are ringed in white, the ship being moved and a ship offered a swap in yellow.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image

from engine.merchants.notation import place
from engine.merchants.state import SIDE_STEP, SIDES, Coord, Planet
from engine.merchants.view import MerchantsView
from engine.words import Unit
from render.board import Box, TextLine, draw_panel, draw_status_strip
from render.palette import (
    BACKGROUND,
    FRAME,
    FRAME_TEXT,
    HIGHLIGHT,
    HIGHLIGHT_EDGE,
    MUTED_TEXT,
    PANEL,
    TEXT,
    PlayerColour,
    colour_of,
    mix,
)
from render.pieces import FOOTPRINT, draw_letter, draw_pyramid
from render.renderer import Renderer
from render.text import (
    ALT_LIMIT,
    NAME_LIMIT,
    Pen,
    fit_lines,
    fit_text,
    font,
    line_pitch,
    shorten,
)
from render.textboards.merchants import TEXT_BOARD

TITLE = "Martian Merchants"
FILENAME = "merchants-board.png"
TURNS = Unit("turn")
STATIONS = Unit("station")

WIDTH, HEIGHT = 1040, 780
"""The canvas of a grid that fits; larger grids (and tables that need more room) make it grow."""
PAD = 14
HEADER = 70
SIDE_WIDTH = 280
BOARD: Box = (PAD, PAD + HEADER + PAD, WIDTH - SIDE_WIDTH - 2 * PAD, HEIGHT - PAD)
"""The area the grid and its coordinate frame are fitted into, on the smallest canvas."""
GUTTER = 26
MAX_CELL = 200
MIN_CELL = 112
"""Cells never shrink below this, so that the letters on goods stay readable."""
CELL_STEP = 8
"""Cells are a multiple of this many pixels, so that a few sizes of pieces serve every grid."""

PLANET_SIDE = 0.46
STATION_SIDE = 0.28
GOOD_SIDE = 0.2
SHIP_SIDE = 0.24
CARGO_SIDE = 0.15
SHIP_OFFSET = 0.37
"""Sizes of the pieces and how far a docked ship sits from its planet's centre, in cells."""
LETTER = 0.42
"""A letter's disc radius, as a fraction of the footprint of the piece it labels."""
BADGE = 0.075
"""The radius of a planet's letter and tick badges, in cells."""

PLAYER_PANEL, PLAYER_GAP = 92, 8
PROGRESS_HEIGHT = 96
BANK_ROW = 32
KEY_HEIGHT = 160
DIE_FACES = (
    "Die goods: export or produce a good",
    "Die ship: move or warp a ship",
    "Die planet: move or discover a planet",
)
"""What each face of the die gives (the key's last lines)."""
SPACE = (24, 16, 22)
SPACE_DOT = (70, 52, 60)
MOVING = (255, 214, 0)
DIE_COLOUR = PlayerColour("die", (228, 222, 210))
SIDE_NAMES = {"n": "north", "e": "east", "s": "south", "w": "west"}
"""A dock's side in words, for the alt text."""


@dataclass(frozen=True)
class GridLayout:
    """Where grid coordinates land: `cell`-pixel cells, the cell of (`west`, `north`) having its
    top-left corner at (`left`, `top`); `columns` x `rows` cells in all."""

    west: int
    north: int
    columns: int
    rows: int
    cell: int
    left: int
    top: int

    def centre(self, at: Coord) -> tuple[int, int]:
        x = self.left + (at[0] - self.west) * self.cell + self.cell // 2
        y = self.top + (self.north - at[1]) * self.cell + self.cell // 2
        return x, y

    @property
    def squares(self) -> Box:
        return (
            self.left,
            self.top,
            self.left + self.columns * self.cell,
            self.top + self.rows * self.cell,
        )


def _extent(planets: Sequence[Planet]) -> tuple[int, int, int, int]:
    """West, north, columns and rows of the grid's bounding box."""
    xs = [p.at[0] for p in planets] or [0]
    ys = [p.at[1] for p in planets] or [0]
    return min(xs), max(ys), max(xs) - min(xs) + 1, max(ys) - min(ys) + 1


def _side_height(view: MerchantsView) -> int:
    """Pixels the right-hand column needs: player panels, the bank and die, the key."""
    players = len(view.players) * (PLAYER_PANEL + PLAYER_GAP)
    bank = 50 + len(view.colour_names) * BANK_ROW + 44
    return players + PROGRESS_HEIGHT + PLAYER_GAP + bank + PLAYER_GAP + KEY_HEIGHT


def canvas_size(view: MerchantsView) -> tuple[int, int]:
    """WIDTH x HEIGHT, or larger where the grid at MIN_CELL or the side column needs it."""
    _, _, columns, rows = _extent(view.planets)
    board_w = max(BOARD[2] - BOARD[0], columns * MIN_CELL + 2 * GUTTER)
    board_h = max(BOARD[3] - BOARD[1], rows * MIN_CELL + 2 * GUTTER, _side_height(view))
    return board_w + SIDE_WIDTH + 3 * PAD, board_h + HEADER + 3 * PAD


def board_box(view: MerchantsView) -> Box:
    """The area the grid and its coordinate frame are fitted into on this view's canvas."""
    width, height = canvas_size(view)
    return PAD, PAD + HEADER + PAD, width - SIDE_WIDTH - 2 * PAD, height - PAD


def layout_for(planets: Sequence[Planet], area: Box = BOARD) -> GridLayout:
    """The grid's bounding box scaled to fit `area` inside its coordinate frame, centred."""
    west, north, columns, rows = _extent(planets)
    left, top, right, bottom = area
    room_w, room_h = right - left - 2 * GUTTER, bottom - top - 2 * GUTTER
    cell = min(MAX_CELL, room_w // columns, room_h // rows)
    cell = max(CELL_STEP, cell // CELL_STEP * CELL_STEP)
    x0 = left + (right - left - columns * cell) // 2
    y0 = top + (bottom - top - rows * cell) // 2
    return GridLayout(west, north, columns, rows, cell, x0, y0)


def draw_merchants(view: MerchantsView) -> Image.Image:
    """The whole table as an RGB picture of `canvas_size(view)` pixels."""
    width, height = canvas_size(view)
    image = Image.new("RGB", (width, height), BACKGROUND)
    draw_status_strip(image, (PAD, PAD, width - PAD, PAD + HEADER), _status(view))
    area = board_box(view)
    layout = layout_for(view.planets, area)
    _draw_space(image, layout)
    for planet in view.planets:
        _draw_planet(image, layout, planet, view.colour_names)
    _draw_marks(image, layout, view)
    _draw_side(image, view, (width - SIDE_WIDTH - PAD, area[1], width - PAD, area[3]))
    return image


def _piece(
    image: Image.Image, centre: tuple[int, int], size: int, colour: int | PlayerColour, side: int
) -> None:
    """A pyramid of `size` pips, of colour number `colour` (or a given colour), whose footprint
    is `side` pixels."""
    shades = colour_of(colour) if isinstance(colour, int) else colour
    draw_pyramid(image, centre, size, shades, max(4, round(side / FOOTPRINT[size])))


def _draw_space(image: Image.Image, layout: GridLayout) -> None:
    """The dark field of the grid's bounding box, a dot at each empty place, and the frame with
    the coordinates."""
    pen = Pen(image)
    left, top, right, bottom = layout.squares
    pen.rounded_rectangle(
        (left - GUTTER, top - GUTTER, right + GUTTER - 1, bottom + GUTTER - 1),
        radius=GUTTER // 2,
        fill=FRAME,
    )
    pen.rectangle((left, top, right - 1, bottom - 1), fill=SPACE)
    dot = max(1, layout.cell // 40)
    for column in range(layout.columns):
        for row in range(layout.rows):
            x, y = layout.centre((layout.west + column, layout.north - row))
            pen.ellipse((x - dot, y - dot, x + dot, y + dot), fill=SPACE_DOT)
    face = font(max(11, min(18, layout.cell // 5)))
    half = GUTTER // 2
    for column in range(layout.columns):
        x, _ = layout.centre((layout.west + column, layout.north))
        for y in (top - half, bottom + half):
            pen.write((x, y), str(layout.west + column), font=face, fill=FRAME_TEXT, anchor="mm")
    for row in range(layout.rows):
        _, y = layout.centre((layout.west, layout.north - row))
        for x in (left - half, right + half):
            pen.write((x, y), str(layout.north - row), font=face, fill=FRAME_TEXT, anchor="mm")


def _initial(names: Sequence[str], colour: int) -> str:
    return names[colour][0].upper()


def _draw_planet(
    image: Image.Image, layout: GridLayout, planet: Planet, names: Sequence[str]
) -> None:
    """The planet, its station and good stacked on it, and its docked ships with their goods,
    each with its colour's initial; a tick badge when the planet is satisfied."""
    cell = layout.cell
    centre = layout.centre(planet.at)
    x, y = centre
    if planet.station:
        pen = Pen(image)
        r = round(cell * PLANET_SIDE * 0.62)
        pen.ellipse((x - r, y - r, x + r, y + r), outline=HIGHLIGHT_EDGE, width=5)
        pen.ellipse((x - r, y - r, x + r, y + r), outline=TEXT, width=2)
    planet_side = round(cell * PLANET_SIDE)
    _piece(image, centre, 3, planet.colour, planet_side)
    if planet.station:
        _piece(image, centre, 2, planet.colour, round(cell * STATION_SIDE))
    corner = planet_side // 2
    badge = round(cell * BADGE)
    _letter(image, (x - corner, y - corner), planet.colour, names, badge)
    if planet.good is not None:
        _labelled(image, centre, 1, planet.good, round(cell * GOOD_SIDE), names)
    if planet.satisfied:
        draw_tick(image, (x + corner, y - corner), round(badge * 1.25))
    for side, ship in enumerate(planet.docks):
        if ship is None:
            continue
        dock = _dock_centre(layout, planet.at, side)
        ship_side = round(cell * SHIP_SIDE)
        if ship.cargo is None:
            _labelled(image, dock, 2, ship.owner, ship_side, names)
            continue
        _piece(image, dock, 2, ship.owner, ship_side)
        _labelled(image, dock, 1, ship.cargo, round(cell * CARGO_SIDE), names)
        across = SIDE_STEP[side][0] == 0
        shift = ship_side // 2
        badge_at = (dock[0] - shift, dock[1]) if across else (dock[0], dock[1] - shift)
        _letter(image, badge_at, ship.owner, names, round(badge * 0.8))


def _labelled(
    image: Image.Image,
    centre: tuple[int, int],
    size: int,
    colour: int,
    side: int,
    names: Sequence[str],
) -> None:
    """A pyramid with its colour's initial on its apex."""
    _piece(image, centre, size, colour, side)
    _letter(image, centre, colour, names, max(6, round(side * LETTER / 2 + 2)))


def _letter(
    image: Image.Image, at: tuple[int, int], colour: int, names: Sequence[str], radius: int
) -> None:
    draw_letter(image, at, _initial(names, colour), colour_of(colour), radius)


def draw_tick(image: Image.Image, centre: tuple[int, int], radius: int) -> None:
    """The satisfied badge: a white disc on a dark rim with a dark tick."""
    pen = Pen(image)
    x, y = centre
    pen.ellipse((x - radius, y - radius, x + radius, y + radius), fill=HIGHLIGHT_EDGE)
    inner = radius - max(2, radius // 5)
    pen.ellipse((x - inner, y - inner, x + inner, y + inner), fill=HIGHLIGHT)
    r = inner * 0.62
    tick = [(x - r, y), (x - r * 0.3, y + r * 0.65), (x + r, y - r * 0.6)]
    pen.line(tick, fill=HIGHLIGHT_EDGE, width=max(2, radius // 3), joint="curve")


def _dock_centre(layout: GridLayout, at: Coord, side: int) -> tuple[int, int]:
    x, y = layout.centre(at)
    dx, dy = SIDE_STEP[side]
    shift = round(layout.cell * SHIP_OFFSET)
    return x + dx * shift, y - dy * shift


def _ring(image: Image.Image, box: Box, colour: tuple[int, int, int], width: int) -> None:
    pen = Pen(image)
    left, top, right, bottom = box
    radius = max(2, (right - left) // 6)
    pen.rounded_rectangle(box, radius=radius, outline=HIGHLIGHT_EDGE, width=width + 2)
    inner = (left + 1, top + 1, right - 1, bottom - 1)
    pen.rounded_rectangle(inner, radius=radius - 1, outline=colour, width=width)


def _draw_marks(image: Image.Image, layout: GridLayout, view: MerchantsView) -> None:
    """Rings round the planets the last move touched, the ship being moved and the ship
    offered a swap."""
    cell = layout.cell
    width = max(2, cell // 40)
    for at in view.marked:
        x, y = layout.centre(at)
        half = cell // 2 - 2
        _ring(image, (x - half, y - half, x + half, y + half), HIGHLIGHT, width)
    for dock in (view.ship, view.offer):
        if dock is not None:
            x, y = _dock_centre(layout, *dock)
            half = round(cell * SHIP_SIDE * 0.7)
            _ring(image, (x - half, y - half, x + half, y + half), MOVING, width)


def _names(view: MerchantsView) -> list[str]:
    return [shorten(name, NAME_LIMIT) for name in view.players]


def _status(view: MerchantsView) -> list[TextLine]:
    names = _names(view)
    if view.outcome is not None:
        winners = view.outcome.winners
        headline = " and ".join(names[s] for s in winners) + " win" if winners else "Draw"
        if len(winners) == 1:
            headline += "s"
        detail = f"Game over · {view.outcome.reason}"
    else:
        actor = min(view.actors)
        headline = f"{names[actor]} ({view.colour_names[actor]}): {view.step}"
        detail = " · ".join([*_details(view, names), _turn_words(view)])
    return [TextLine(headline, 28, TEXT), TextLine(detail, 18, MUTED_TEXT)]


def _details(view: MerchantsView, names: Sequence[str]) -> list[str]:
    parts = []
    if view.last is not None:
        parts.append(f"Last: {names[view.last[0]]} {view.last[1]}")
    if view.die is not None and view.bonuses:
        parts.append("Die: " + " + ".join(view.die))
    return parts


def _turn_words(view: MerchantsView) -> str:
    """`Turn 37 of 160` while the game goes on; once it is over, `Ended in turn 37 of 160` or
    `All 160 turns played`."""
    if view.outcome is None:
        return f"Turn {view.turns + 1} of {view.turn_limit}"
    if view.turns >= view.turn_limit:
        return f"All {TURNS.of(view.turn_limit)} played"
    return f"Ended in turn {view.turns + 1} of {view.turn_limit}"


def _end_words(view: MerchantsView) -> str:
    """How the game ends (the rule text's station race and the turn limit ruling)."""
    return (
        f"The first player to build {STATIONS.of(view.stations_to_win)} wins at once; after turn "
        f"{view.turn_limit}, the most stations win"
    )


def _draw_side(image: Image.Image, view: MerchantsView, box: Box) -> None:
    """Player panels, then the bank and the die, then the key, stacked down `box`."""
    left, top, right, bottom = box
    y = top
    for seat in range(len(view.players)):
        _player_panel(image, view, seat, (left, y, right, y + PLAYER_PANEL))
        y += PLAYER_PANEL + PLAYER_GAP
    _progress_panel(image, view, (left, y, right, y + PROGRESS_HEIGHT))
    y += PROGRESS_HEIGHT + PLAYER_GAP
    _bank_panel(image, view, (left, y, right, bottom - KEY_HEIGHT - PLAYER_GAP))
    _key_panel(image, view, (left, bottom - KEY_HEIGHT, right, bottom))


def _progress_panel(image: Image.Image, view: MerchantsView, box: Box) -> None:
    """The turn of the turn limit, as words and as a bar, and how the game ends."""
    pen = Pen(image)
    left, top, right, bottom = box
    pen.rounded_rectangle((left, top, right - 1, bottom - 1), radius=8, fill=PANEL)
    pen.write((left + 12, top + 8), "Progress", font=font(18), fill=TEXT)
    turn = fit_text(_turn_words(view), 16, right - left - 110, 20)
    pen.write_block((right - 12, top + 10), turn, TEXT, anchor="rt")
    bar = (left + 12, top + 36, right - 12, top + 46)
    done = min(1.0, view.turns / max(1, view.turn_limit))
    pen.rounded_rectangle(bar, radius=5, fill=mix(MUTED_TEXT, PANEL, 0.6))
    if done > 0:
        filled = (bar[0], bar[1], bar[0] + max(10, round((bar[2] - bar[0]) * done)), bar[3])
        pen.rounded_rectangle(filled, radius=5, fill=HIGHLIGHT)
    rule = fit_text(_end_words(view) + ".", 14, right - left - 24, bottom - 6 - (top + 54))
    pen.write_block((left + 12, top + 54), rule, MUTED_TEXT)


def _key_panel(image: Image.Image, view: MerchantsView, box: Box) -> None:
    """What the letters, the ring, the tick and the die's faces mean."""
    pen = Pen(image)
    left, top, right, bottom = box
    pen.rounded_rectangle((left, top, right - 1, bottom - 1), radius=8, fill=PANEL)
    x = left + 14
    for colour, name in enumerate(view.colour_names):
        _letter(image, (x + 9, top + 18), colour, view.colour_names, 10)
        pen.write((x + 21, top + 18), name, font=font(13), fill=MUTED_TEXT, anchor="lm")
        x += 27 + round(font(13).getlength(name))
    y = top + 50
    pen.ellipse((left + 12, y - 12, left + 36, y + 12), outline=HIGHLIGHT_EDGE, width=5)
    pen.ellipse((left + 12, y - 12, left + 36, y + 12), outline=TEXT, width=2)
    pen.write((left + 46, y), "ring: a station", font=font(15), fill=TEXT, anchor="lm")
    y += 32
    draw_tick(image, (left + 24, y), 12)
    pen.write((left + 46, y), "satisfied: can be consumed", font=font(15), fill=TEXT, anchor="lm")
    y += 20
    blocks = fit_lines(tuple((face, 14) for face in DIE_FACES), right - left - 24, bottom - 4 - y)
    for block in blocks:
        y = pen.write_block((left + 12, y), block, MUTED_TEXT) + line_pitch(block.size) - block.size


def _player_panel(image: Image.Image, view: MerchantsView, seat: int, box: Box) -> None:
    pen = Pen(image)
    left, top, right, bottom = box
    won = view.outcome is not None and seat in view.outcome.winners
    acting = view.outcome is None and seat in view.actors
    tag = "winner" if won else "resigned" if seat in view.resigned else "to move" if acting else ""
    draw_panel(image, box, highlighted=won or acting)
    _piece(image, (left + 30, top + 30), 3, seat, 38)
    _letter(image, (left + 30, top + 30), seat, view.colour_names, 10)
    name = fit_text(view.players[seat], 20, right - left - 66, 33)
    pen.write_block((left + 56, top + 7), name, TEXT)
    label = f"{view.colour_names[seat]}{' · ' + tag if tag else ''}"
    pen.write((left + 56, top + 42), label, font=font(15), fill=MUTED_TEXT)
    stations = f"stations {view.stations[seat]} of {view.stations_to_win}"
    pen.write((left + 12, bottom - 18), stations, font=font(17), fill=TEXT, anchor="lm")
    x = left + 140
    stash = view.stash[seat]
    pen.write((x, bottom - 18), f"stash {stash}", font=font(15), fill=MUTED_TEXT, anchor="lm")
    for n in range(stash):
        _piece(image, (x + 66 + n * 24, bottom - 18), 2, seat, 18)


def _bank_panel(image: Image.Image, view: MerchantsView, box: Box) -> None:
    """Planets and goods left in the bank by colour, and the last roll of the die."""
    pen = Pen(image)
    left, top, right, bottom = box
    pen.rounded_rectangle((left, top, right - 1, bottom - 1), radius=8, fill=PANEL)
    pen.write((left + 12, top + 10), "Bank", font=font(20), fill=TEXT)
    y = top + 50
    for colour, name in enumerate(view.colour_names):
        planets, goods = view.bank_planets[colour], view.bank_goods[colour]
        _piece(image, (left + 26, y), 3, colour, 26)
        _letter(image, (left + 26, y), colour, view.colour_names, 8)
        pen.write((left + 44, y), f"x{planets}", font=font(17), fill=_shade(planets), anchor="lm")
        _labelled(image, (left + 104, y), 1, colour, 18, view.colour_names)
        pen.write((left + 118, y), f"x{goods}", font=font(17), fill=_shade(goods), anchor="lm")
        pen.write((left + 166, y), name, font=font(15), fill=MUTED_TEXT, anchor="lm")
        y += BANK_ROW
    y += 6
    pen.write((left + 12, y), "Die", font=font(20), fill=TEXT, anchor="lm")
    if view.die is None:
        pen.write((left + 60, y), "not rolled yet", font=font(15), fill=MUTED_TEXT, anchor="lm")
        return
    sizes = {"goods": 1, "ship": 2, "planet": 3}
    x = left + 70
    for bonus in view.die:
        size = sizes[bonus]
        _piece(image, (x, y), size, DIE_COLOUR, 10 + 6 * size)
        pen.write((x + 22, y), bonus, font=font(15), fill=TEXT, anchor="lm")
        x += 90


def _shade(count: int) -> tuple[int, int, int]:
    return TEXT if count else mix(MUTED_TEXT, PANEL, 0.4)


def describe_merchants(view: MerchantsView) -> str:
    """Alt text: players (stations built of those that win, ships in stash), the turn of the
    turn limit and how the game ends, whose turn and step (or the result), last move and roll,
    every planet with its good, station and ships, and the bank."""
    names = _names(view)
    players = "; ".join(
        f"{name} ({view.colour_names[s]}) {view.stations[s]} of "
        f"{STATIONS.of(view.stations_to_win)}, {view.stash[s]} in stash"
        f"{', resigned' if s in view.resigned else ''}"
        for s, name in enumerate(names)
    )
    sentences = [f"{TITLE}: {players}.", f"{_turn_words(view)}. {_end_words(view)}."]
    if view.outcome is not None:
        winners = view.outcome.winners
        result = " and ".join(names[s] for s in winners) + " won" if winners else "a draw"
        sentences.append(f"Game over: {result} ({view.outcome.reason}).")
    else:
        actor = min(view.actors)
        sentences.append(f"{names[actor]} to move: {view.step}.")
    sentences += [f"{part}." for part in _details(view, names)]
    sentences.append("Planets: " + "; ".join(_planet_words(view, p) for p in view.planets) + ".")
    sentences.append(f"Bank: {_bank_words(view)}.")
    return shorten(" ".join(sentences), ALT_LIMIT)


def _planet_words(view: MerchantsView, planet: Planet) -> str:
    """`blue 0,0 with a station, orange good, ships: Ann east empty, Bob north green`."""
    words = [f"{view.colour_names[planet.colour]} {place(planet.at)}"]
    if planet.station:
        words.append("station")
    if planet.good is not None:
        words.append(f"{view.colour_names[planet.good]} good")
    if planet.satisfied:
        words.append("satisfied (can be consumed)")
    ships = [
        f"{shorten(view.players[ship.owner], 12)} {SIDE_NAMES[SIDES[side]]} "
        f"{'empty' if ship.cargo is None else view.colour_names[ship.cargo]}"
        for side, ship in enumerate(planet.docks)
        if ship is not None
    ]
    if ships:
        words.append("ships " + ", ".join(ships))
    return ", ".join(words)


def _bank_words(view: MerchantsView) -> str:
    planets = ", ".join(f"{n} {view.colour_names[c]}" for c, n in enumerate(view.bank_planets) if n)
    goods = ", ".join(f"{n} {view.colour_names[c]}" for c, n in enumerate(view.bank_goods) if n)
    return f"planets {planets or 'none'}; goods {goods or 'none'}"


RENDERER = Renderer(MerchantsView, draw_merchants, describe_merchants, FILENAME, TEXT_BOARD.text)
