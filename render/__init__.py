"""Pictures of games for Discord: a PNG and its alt text from a game's public view.

`render_view(view)` picks the game's renderer by the type of the view.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from PIL import Image

from engine.agents import AgentsView
from engine.albiorix import AlbiorixView
from engine.core import View
from engine.leylines import LeyLinesView
from engine.marsvsearth import MarsView
from engine.merchants import MerchantsView
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

    def render(self, view: V) -> Rendered:
        return Rendered(encode_png(self.draw(view)), self.describe(view), self.filename)


RENDERERS: dict[type[View], Renderer[Any]] = {
    renderer.view_type: renderer
    for renderer in (
        Renderer(AgentsView, draw_agents, describe_agents, AGENTS_FILENAME),
        Renderer(AlbiorixView, draw_albiorix, describe_albiorix, ALBIORIX_FILENAME),
        Renderer(LeyLinesView, draw_leylines, describe_leylines, LEYLINES_FILENAME),
        Renderer(MarsView, draw_marsvsearth, describe_marsvsearth, MARSVSEARTH_FILENAME),
        Renderer(MerchantsView, draw_merchants, describe_merchants, MERCHANTS_FILENAME),
    )
}


def render_view(view: View) -> Rendered:
    """The picture of `view`, drawn by the renderer of its type; TypeError for a view of a type
    no game draws (such as the bare `View`)."""
    renderer = RENDERERS.get(type(view))
    if renderer is None:
        raise TypeError(f"no game draws a {type(view).__name__}")
    return renderer.render(view)


__all__ = ["RENDERERS", "Rendered", "Renderer", "render_view"]
