"""Each game's table picture stays as small as it was before the pictures gained their keys and
Martian Merchants its progress panel: a palette PNG of at most `render.png.COLOURS` colours, of
at most the bytes the same seeded position's picture took then (measured at commit bcb7479,
whose encoder kept 128 colours at zlib level 3)."""

from __future__ import annotations

import io
from collections.abc import Callable
from typing import Any

import pytest
from PIL import Image

from bench.playouts import final_state, first_state
from club.catalogue import CATALOGUE
from engine.core import Game
from render.png import COLOURS

POSITIONS: dict[str, tuple[Callable[[Game[Any, Any]], Any], int]] = {
    "leylines": (lambda game: final_state(game, 2, {}, seed=1), 49_132),
    "agents": (lambda game: final_state(game, 2, {"colours": 5}, seed=8), 63_177),
    "albiorix": (lambda game: first_state(game, 2, {}, lambda s: s.played == 12), 39_396),
    "merchants": (lambda game: first_state(game, 4, {}, lambda s: len(s.planets) >= 12), 46_621),
    "marsvsearth": (
        lambda game: first_state(game, 10, {}, lambda s: s.round == 2 and any(s.threats)),
        66_333,
    ),
}
"""Per game: a seeded position (the benchmark's, for all but Ley Lines) and its byte budget,
the PNG size of that position's picture before the keys and the progress panel."""


def test_every_game_has_a_budget() -> None:
    assert set(POSITIONS) == set(CATALOGUE)


@pytest.mark.parametrize("key", sorted(POSITIONS))
def test_a_seeded_picture_is_a_palette_png_within_its_budget(key: str) -> None:
    game = CATALOGUE[key].game
    position, budget = POSITIONS[key]
    view = game.view(position(game), None)
    png = CATALOGUE.renderer_for(view).render(view).png
    picture = Image.open(io.BytesIO(png))
    assert picture.format == "PNG" and picture.mode == "P"
    assert len(picture.getcolors(256) or ()) <= COLOURS
    assert len(png) <= budget, f"{len(png):,} bytes, over the {budget:,} the picture took before"
