"""Pictures of games for Discord: a PNG and its alt text from a game's public view.

`render_view(game_key, view)` picks the game's renderer by its engine key.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from PIL import Image

from engine.agents.state import AgentsView
from engine.albiorix.state import AlbiorixView
from engine.core import View
from engine.leylines.state import LeyLinesView
from engine.marsvsearth.view import MarsView
from engine.merchants.state import MerchantsView
from render.agents import FILENAME as AGENTS_FILENAME
from render.agents import describe_agents, draw_agents
from render.albiorix import FILENAME as ALBIORIX_FILENAME
from render.albiorix import describe_albiorix, draw_albiorix
from render.leylines import FILENAME as LEYLINES_FILENAME
from render.leylines import describe_leylines, draw_leylines
from render.marsvsearth import FILENAME as MARSVSEARTH_FILENAME
from render.marsvsearth import describe_marsvsearth, draw_marsvsearth
from render.merchants import FILENAME as MERCHANTS_FILENAME
from render.merchants import describe_merchants, draw_merchants
from render.png import encode_png

V = TypeVar("V", bound=View)


@dataclass(frozen=True)
class Rendered:
    """A picture ready to attach: PNG bytes, its alt text (at most 1000 characters), a file name."""

    png: bytes
    alt: str
    filename: str


@dataclass(frozen=True)
class Renderer(Generic[V]):
    """How one game is drawn and described, for views of type `view_type`."""

    view_type: type[V]
    draw: Callable[[V], Image.Image]
    describe: Callable[[V], str]
    filename: str

    def render(self, view: View) -> Rendered:
        if not isinstance(view, self.view_type):
            raise TypeError(f"expected a {self.view_type.__name__}, got {type(view).__name__}")
        return Rendered(encode_png(self.draw(view)), self.describe(view), self.filename)


RENDERERS: dict[str, Renderer[Any]] = {
    "agents": Renderer(AgentsView, draw_agents, describe_agents, AGENTS_FILENAME),
    "albiorix": Renderer(AlbiorixView, draw_albiorix, describe_albiorix, ALBIORIX_FILENAME),
    "leylines": Renderer(LeyLinesView, draw_leylines, describe_leylines, LEYLINES_FILENAME),
    "marsvsearth": Renderer(MarsView, draw_marsvsearth, describe_marsvsearth, MARSVSEARTH_FILENAME),
    "merchants": Renderer(MerchantsView, draw_merchants, describe_merchants, MERCHANTS_FILENAME),
}


def render_view(game_key: str, view: View) -> Rendered:
    """The picture of `view` for the game registered under `game_key`; KeyError if unknown."""
    return RENDERERS[game_key].render(view)


__all__ = ["RENDERERS", "Rendered", "Renderer", "render_view"]
