"""Ley Lines of Mars: the placement move."""

from __future__ import annotations

from dataclasses import dataclass

CAP = 0
"""The size of a Volcano cap: it has no pips and belongs to nobody."""


@dataclass(frozen=True)
class Place:
    """Put a pyramid of `size` pips (or a cap, size 0) on the empty square `square` (an index)."""

    size: int
    square: int
