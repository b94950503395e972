"""Colours of every picture: players' pyramids, the Mars board, caps, highlights and text.

Colours are RGB triples of 0-255 ints. Player colours come from the Okabe-Ito set, which stays
apart under the common kinds of colour blindness, and alternate dark and light so that
neighbouring seats also differ in greyscale.
"""

from __future__ import annotations

from dataclasses import dataclass

RGB = tuple[int, int, int]
RGBA = tuple[int, int, int, int]

WHITE: RGB = (255, 255, 255)
BLACK: RGB = (0, 0, 0)


def mix(colour: RGB, other: RGB, amount: float) -> RGB:
    """`colour` moved `amount` (0 to 1) of the way towards `other`."""
    r, g, b = (round(c + (o - c) * amount) for c, o in zip(colour, other, strict=True))
    return r, g, b


def luminance(colour: RGB) -> float:
    """Relative luminance (WCAG), from 0 for black to 1 for white."""

    def linear(channel: int) -> float:
        c = channel / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (linear(c) for c in colour)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


@dataclass(frozen=True)
class PlayerColour:
    """A player's colour: its name for alt text and the shades a pyramid is drawn with.

    Light comes from the top-left, so the top face is the lightest and the bottom the darkest.
    """

    name: str
    base: RGB

    @property
    def top(self) -> RGB:
        return mix(self.base, WHITE, 0.3)

    @property
    def left(self) -> RGB:
        return self.base

    @property
    def right(self) -> RGB:
        return mix(self.base, BLACK, 0.22)

    @property
    def bottom(self) -> RGB:
        return mix(self.base, BLACK, 0.4)

    @property
    def outline(self) -> RGB:
        return mix(self.base, BLACK, 0.75)

    @property
    def pip(self) -> RGB:
        """Pips and text drawn on the colour: near-white on dark colours, near-black on light."""
        return (250, 248, 240) if self.is_dark else (35, 22, 12)

    @property
    def is_dark(self) -> bool:
        return luminance(self.base) < 0.2


BLUE = PlayerColour("blue", (18, 84, 166))
ORANGE = PlayerColour("orange", (250, 170, 70))
GREEN = PlayerColour("green", (0, 130, 95))
YELLOW = PlayerColour("yellow", (240, 228, 66))
PURPLE = PlayerColour("purple", (120, 60, 150))
SKY = PlayerColour("sky blue", (120, 195, 240))

PLAYER_COLOURS = (BLUE, ORANGE, GREEN, YELLOW, PURPLE, SKY)


def colour_of(number: int) -> PlayerColour:
    """The picture colour of player colour `number`: blue, orange, green, yellow, purple, sky
    (seat 0 plays blue and seat 1 orange, as the notation's `b` and `o` say)."""
    return PLAYER_COLOURS[number]


"""By seat; neighbours alternate dark and light. Ley Lines uses the first two."""

CAP_FACES = ((92, 90, 88), (70, 68, 66), (52, 50, 49), (38, 37, 36))
"""A Volcano cap's faces: top, left, right, bottom (neutral charcoal, never a player colour)."""
CAP_OUTLINE: RGB = (14, 13, 13)
CAP_MARK: RGB = (200, 198, 192)
"""The ring and hatching that tell a cap apart from any player's small pyramid."""

FRAME: RGB = (72, 34, 24)
"""The rust border round the board, behind the coordinates."""
FRAME_TEXT: RGB = (240, 214, 186)
CELL_LIGHT: RGB = (170, 128, 108)
CELL_DARK: RGB = (160, 118, 99)
GRID_LINE: RGB = (118, 80, 64)

BACKGROUND: RGB = (40, 20, 16)
"""Behind everything: the status strips and player panels."""
PANEL: RGB = (62, 32, 25)
TEXT: RGB = (246, 234, 220)
MUTED_TEXT: RGB = (204, 176, 150)

HIGHLIGHT: RGB = (255, 255, 255)
HIGHLIGHT_EDGE: RGB = (20, 10, 8)
"""The last placement's ring: white on a dark edge, visible on any square or pyramid."""
LEY_GLOW: RGBA = (255, 240, 180, 150)
LEY_LINE: RGB = (255, 250, 225)
"""A scored line: a translucent glowing band under the pieces and a thread over them."""
