"""A game review's chart as data (drawn by `render.review`): each reviewed player's estimated
chance to win, move by move; x is the move number (0: the opening), y the chance from 0 to 1."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Series:
    """One player's line: the seat (for its colour), the name, the chance at each position (0 to
    1, the opening first) and the move numbers that were theirs."""

    seat: int
    name: str
    chances: tuple[float, ...]
    own: tuple[int, ...]


@dataclass(frozen=True)
class Chart:
    """What a review's chart shows: a title and one or more players' lines."""

    title: str
    series: tuple[Series, ...]
