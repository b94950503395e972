"""Agents of M.A.R.S.: the table's variants (the options of `/new agents`), the `Rules` a table
plays by once they are chosen, and what they fix (colours, values, board, bag).

Sizes are pips (1 small, 2 medium, 3 large). Colours are named by lowercase words; the colours in
play keep a fixed order (red, green, blue, yellow, then purple), which is also the order of the
objective notation.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Mapping
from dataclasses import asdict, dataclass, fields
from typing import Any

from engine.core import FIRST_PLAYER, JSON, GameError, Option
from engine.grid import Grid

COLOURS = ("red", "green", "blue", "yellow", "purple")
"""Every colour that may score, in notation order; purple only in the 5-colour variant."""
BLACK = "black"
"""Blockers: never move, never swapped, never score."""

BASE_VALUES = (2, 1, 0, -1)
NO_CENTER_VALUES = (3, 2, -1, -2)
FIFTH_VALUES = (3, -2)
"""The value of the fifth colour in the 5-colour variant, chosen at table creation."""

COLOUR_BAG = {1: 4, 2: 4, 3: 5}
"""Pyramids of each scoring colour in the bag, by size: one small and one medium of each colour
went to the objective screens."""
BLACK_BAG = {4: {1: 5, 2: 1, 3: 1}, 5: {1: 5, 2: 0, 3: 0}}
"""Black pyramids in the bag by number of colours: with five colours the black large and medium
hide the fifth objective."""

OPTIONS: tuple[Option, ...] = (
    Option("colours", int, 4, "Colours: 4 (7x8 board) or 5 (purple too, 8x8 board).", (4, 5)),
    Option(
        "fifth",
        int,
        3,
        "With 5 colours: the fifth objective value, +3 or -2.",
        FIFTH_VALUES,
        labels=((3, "+3 points a pip"), (-2, "-2 points a pip")),
        needs=lambda chosen: chosen.get("colours") == 5,
    ),
    Option("blind", bool, False, "Blind Agents: your rival sees and swaps your objectives."),
    Option(
        "trio",
        bool,
        False,
        "Black Trio Blocks the Swap: swapping ends once all black sizes are drawn.",
    ),
    Option("biggest", bool, False, "Only the Biggest Group Counts (per colour, any size)."),
    Option("groupsize", bool, False, "The Size of the Group Gives Points: add each group's count."),
    Option("nocenter", bool, False, "No Center: objective values 3, 2, -1, -2."),
    Option("dealt", bool, False, "The bot deals two different objectives; nobody chooses."),
    FIRST_PLAYER,
)
"""The table's options: every variant, and who plays first."""


@dataclass(frozen=True, order=True)
class Pyramid:
    """A pyramid of `colour` (a name from COLOURS or BLACK) with `size` pips."""

    colour: str
    size: int

    @property
    def is_black(self) -> bool:
        return self.colour == BLACK

    @functools.cached_property
    def code(self) -> str:
        """Two characters: the colour's initial (`k` for black) and the size, as boards are
        remembered for the Ko rule (`board_key`)."""
        return f"{'k' if self.is_black else self.colour[0]}{self.size}"


@dataclass(frozen=True)
class Rules:
    """The variants chosen for a table (the option values of `/new agents`) and what they fix."""

    colours: int = 4
    fifth: int = 3
    blind: bool = False
    trio: bool = False
    biggest: bool = False
    groupsize: bool = False
    nocenter: bool = False
    dealt: bool = False

    @classmethod
    def from_options(cls, options: Mapping[str, Any]) -> Rules:
        """The rules of a table with the resolved `options`; raises GameError for variants that
        cannot be played together."""
        rules = cls(**{f.name: options[f.name] for f in fields(cls) if f.name in options})
        if rules.trio and rules.colours == 5:
            raise GameError("Black Trio Blocks the Swap cannot be played with 5 colours.")
        if rules.nocenter and rules.colours == 5:
            raise GameError(
                "No Center cannot be played with 5 colours: its values 3, 2, -1 and -2 already "
                "hold both fifth values (+3 and -2), so two colours would share a value."
            )
        return rules

    @functools.cached_property
    def palette(self) -> tuple[str, ...]:
        """The scoring colours in play, in notation order."""
        return COLOURS[: self.colours]

    @functools.cached_property
    def values(self) -> tuple[int, ...]:
        """The objective values each player assigns, one per colour, highest first."""
        base = NO_CENTER_VALUES if self.nocenter else BASE_VALUES
        values = (*base, self.fifth) if self.colours == 5 else base
        return tuple(sorted(values, reverse=True))

    @functools.cached_property
    def grid(self) -> Grid:
        """7 columns x 8 rows, or 8 x 8 with five colours."""
        return Grid(self.colours + 3, 8)

    @functools.cached_property
    def kinds(self) -> tuple[Pyramid, ...]:
        """Every kind of pyramid in the bag, in the bag's fixed order."""
        return tuple(Pyramid(c, s) for c in (*self.palette, BLACK) for s in (1, 2, 3))

    @functools.cached_property
    def full_bag(self) -> tuple[int, ...]:
        """How many of each kind (see `kinds`) the bag holds at the start."""
        black = BLACK_BAG[self.colours]
        return tuple(black[p.size] if p.is_black else COLOUR_BAG[p.size] for p in self.kinds)

    @functools.cached_property
    def kind_set(self) -> frozenset[Pyramid]:
        return frozenset(self.kinds)

    def assignments(self) -> list[tuple[int, ...]]:
        """Every distinct way to give the values to the colours (a value per colour, in order).

        24 with four colours, 120 with five."""
        return list(itertools.permutations(self.values))

    def to_json(self) -> JSON:
        return asdict(self)

    @classmethod
    def from_json(cls, data: JSON) -> Rules:
        rules = cls(**data)
        for f in fields(cls):
            if type(getattr(rules, f.name)) is not type(f.default):
                raise ValueError(f"bad rule {f.name}")
        return rules


def board_key(board: tuple[Pyramid | None, ...]) -> str:
    """A board as text, two characters a square (`..` empty, else colour initial and size, `k`
    for black), to remember which boards were seen (the Ko rule)."""
    return "".join([".." if p is None else p.code for p in board])
