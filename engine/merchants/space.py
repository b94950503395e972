"""The planetary grid: neighbours, where planets may be added, and whether the grid holds together.

Coordinates are integer `(x, y)` pairs; the grid is unbounded. Two planets are adjacent when they
differ by one in exactly one coordinate.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable

from engine.merchants.state import SIDE_STEP, Coord, Planet


def neighbours(at: Coord) -> list[Coord]:
    """The four orthogonal neighbours of `at`, north, east, south, west."""
    return [(at[0] + dx, at[1] + dy) for dx, dy in SIDE_STEP]


def frontier(occupied: Collection[Coord]) -> list[Coord]:
    """The empty places orthogonally adjacent to an occupied one, in coordinate order."""
    return sorted({n for at in occupied for n in neighbours(at) if n not in occupied})


def connected(places: Collection[Coord]) -> bool:
    """Whether `places` form one orthogonally connected group (an empty set does)."""
    if not places:
        return True
    start = next(iter(places))
    seen = {start}
    todo = [start]
    while todo:
        for n in neighbours(todo.pop()):
            if n in places and n not in seen:
                seen.add(n)
                todo.append(n)
    return len(seen) == len(places)


def reposition_targets(planets: Iterable[Planet], moving: Coord) -> list[Coord]:
    """Where the planet at `moving` may go: a new place next to another planet, such that the
    grid with the planet at its new place is one connected group. Lifting the planet may split
    the grid for a moment; the new place may join the parts again (when it did not split, every
    new place next to a planet keeps it whole)."""
    rest = {p.at for p in planets if p.at != moving}
    whole = connected(rest)
    return [at for at in frontier(rest) if at != moving and (whole or connected(rest | {at}))]


def arrival_side(planet: Planet, came_from: Coord | None) -> int:
    """The dock a ship takes: the side facing where it came from when free, else the next free
    side clockwise from there (from north for a launch or a warp). The planet has a free dock."""
    first = 0
    if came_from is not None:
        step = (came_from[0] - planet.at[0], came_from[1] - planet.at[1])
        first = SIDE_STEP.index(step) if step in SIDE_STEP else 0
    for turn in range(4):
        side = (first + turn) % 4
        if planet.docks[side] is None:
            return side
    raise ValueError(f"no free dock at {planet.at}")
