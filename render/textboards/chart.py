"""A review's chart (`render.chart`) as text: each player's chance to win move by move, and the
big swings, as lines a screen reader reads one at a time."""

from __future__ import annotations

from render.captions import clean
from render.chart import Chart

SWING = 0.15
"""A change of the chance to win this large (15 points) or more in one move is named a swing."""


def percent(chance: float) -> str:
    return f"{round(chance * 100)}%"


def chart_text(chart: Chart) -> str:
    """`Chance to win: <title>`, a `Start:` line, an `After move N (by Ann):` line per move with
    every player's chance, then the swings (`Ann 62% → 41% after move 14`)."""
    lines = [f"Chance to win: {clean(chart.title)}"]
    series = [s for s in chart.series if s.chances]
    if not series:
        return "\n".join([*lines, "No positions were weighed."])
    names = [clean(s.name) for s in series]
    moves = max(len(s.chances) for s in series)
    for move in range(moves):
        chances = ", ".join(
            f"{name} {percent(s.chances[move])}"
            for name, s in zip(names, series, strict=True)
            if move < len(s.chances)
        )
        movers = [name for name, s in zip(names, series, strict=True) if move in s.own]
        label = "Start" if move == 0 else f"After move {move}"
        by = f" (by {', '.join(movers)})" if movers else ""
        lines.append(f"{label}{by}: {chances}")
    swings = [
        f"{name} {percent(s.chances[move - 1])} → {percent(s.chances[move])} after move {move}"
        for name, s in zip(names, series, strict=True)
        for move in range(1, len(s.chances))
        if abs(s.chances[move] - s.chances[move - 1]) >= SWING
    ]
    lines.append("Swings: " + ("; ".join(swings) or "none"))
    return "\n".join(lines)
