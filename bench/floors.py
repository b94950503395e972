"""Floors: the bare cost of the work a request cannot do without, measured in the same run.

Absolute times on a shared machine vary by 2x from run to run, so the benchmark's targets are
ratios of a figure to its floor: a render against a bare PNG encode of the same image, a move
against one bare SQLite commit of a row of the same size, the bot's CPU per move against one
render plus one commit plus the engine's own move. All samples are wall-clock nanoseconds
(`time.perf_counter_ns`).
"""

from __future__ import annotations

import sqlite3
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from PIL import Image

from bench.playouts import random_game
from club.catalogue import CATALOGUE
from engine.core import Game, View
from render.png import encode_png


def timed(work: Callable[[], object]) -> int:
    """Nanoseconds one call of `work` takes."""
    start = time.perf_counter_ns()
    work()
    return time.perf_counter_ns() - start


def median_ratio(samples: Sequence[int], floor: Sequence[int]) -> float:
    """The median of `samples` as a multiple of the median of `floor`."""
    return statistics.median(samples) / statistics.median(floor)


# Rendering


def drawn(view: View) -> Image.Image:
    """The picture of `view` before it is encoded."""
    return CATALOGUE.renderer_for(view).draw(view)


def encode_samples(image: Image.Image, count: int) -> list[int]:
    """`count` timings of `encode_png(image)` (palette reduction and PNG compression)."""
    return [timed(lambda: encode_png(image)) for _ in range(count)]


@dataclass(frozen=True)
class RenderTiming:
    """Renders of one view next to bare encodes of the same picture, taken in turns so both
    see the same machine."""

    render: list[int]
    """The game's renderer's `render` (draw, encode, alt text), ns."""
    encode: list[int]
    """`encode_png` of the drawn picture alone, ns."""
    png_bytes: int

    @property
    def ratio(self) -> float:
        """Median render as a multiple of the median bare encode."""
        return median_ratio(self.render, self.encode)


def time_render(view: View, count: int) -> RenderTiming:
    """`count` renders of `view` and `count` bare encodes of its picture, after a warm-up."""
    image = drawn(view)
    rendered = CATALOGUE.renderer_for(view).render
    size = len(rendered(view).png)
    render, encode = [], []
    for _ in range(count):
        render.append(timed(lambda: rendered(view)))
        encode.append(timed(lambda: encode_png(image)))
    return RenderTiming(render, encode, size)


# Storing


def stored_state_bytes(database: Path) -> int:
    """The mean length (characters) of the game states stored in the bot's `database`."""
    with sqlite3.connect(database) as db:
        row = db.execute("SELECT AVG(LENGTH(state)) FROM games WHERE state IS NOT NULL").fetchone()
    return int(row[0] or 0)


def commit_samples(folder: Path, row_bytes: int, count: int) -> list[int]:
    """`count` timings of one write transaction that updates one `row_bytes`-long text row, in
    a fresh database file in `folder` opened as the bot's storage opens its own (WAL,
    synchronous=FULL): BEGIN IMMEDIATE, UPDATE, COMMIT."""
    path = folder / "floor-commit.sqlite3"
    db = sqlite3.connect(path, isolation_level=None)
    try:
        db.execute("PRAGMA journal_mode = WAL")
        db.execute("PRAGMA synchronous = FULL")
        db.execute("CREATE TABLE floor (id INTEGER PRIMARY KEY, state TEXT NOT NULL)")
        db.execute("INSERT INTO floor VALUES (1, ?)", ("-" * row_bytes,))
        samples = []
        for number in range(count):
            text = (f"{number:07d}," * (row_bytes // 8 + 1))[:row_bytes]

            def commit(text: str = text) -> None:
                db.execute("BEGIN IMMEDIATE")
                db.execute("UPDATE floor SET state = ? WHERE id = 1", (text,))
                db.execute("COMMIT")

            samples.append(timed(commit))
    finally:
        db.close()
        for leftover in folder.glob("floor-commit.sqlite3*"):
            leftover.unlink()
    return samples


# The engine


def engine_move_samples(game: Game[Any, Any], players: int, count: int) -> list[int]:
    """Timings of `count` moves by the engine alone over seeded random games: `parse` of the
    move's notation and `apply`, each on a freshly decoded copy of the position (so nothing
    is remembered from choosing the move); no I/O."""
    samples: list[int] = []
    seed = 0
    while True:
        for step in random_game(game, players, {}, seed):
            if step.seat < 0:
                break
            text, fresh = game.notation(step.move), game.from_json(game.to_json(step.state))

            def move(fresh: Any = fresh, seat: int = step.seat, text: str = text) -> None:
                game.apply(fresh, seat, game.parse(fresh, seat, text))

            samples.append(timed(move))
            if len(samples) == count:
                return samples
        seed += 1
