"""What the render tests share: decoding a rendered PNG and a finished random game's view."""

from __future__ import annotations

import io
import random
from collections.abc import Sequence
from typing import Any

from PIL import Image

from engine.core import Game, View
from render import Rendered


def picture(rendered: Rendered) -> Image.Image:
    """The rendered PNG as an RGB image (checked to be a PNG)."""
    image = Image.open(io.BytesIO(rendered.png))
    assert image.format == "PNG"
    return image.convert("RGB")


def finished_view(game: Game[Any, Any], seed: int, names: Sequence[str]) -> View:
    """The public view of a game played to its end with seeded random legal moves."""
    state = game.new_game(list(names), {}, seed)
    rng = random.Random(seed)
    while game.actors(state):
        seat = min(game.actors(state))
        state, _ = game.apply(state, seat, rng.choice(game.legal_moves(state, seat)))
    return game.view(state, None)
