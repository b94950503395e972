"""Pictures of games for Discord: a PNG and its alt text from a game's public view.

`render_view(view)` picks the game's renderer by the type of the view.
"""

from __future__ import annotations

from typing import Any

from engine.core import View
from render import agents, albiorix, leylines, marsvsearth, merchants
from render.renderer import Rendered, Renderer

RENDERERS: dict[type[View], Renderer[Any]] = {
    module.RENDERER.view_type: module.RENDERER
    for module in (agents, albiorix, leylines, marsvsearth, merchants)
}


def render_view(view: View) -> Rendered:
    """The picture of `view`, drawn by the renderer of its type; TypeError for a view of a type
    no game draws (such as the bare `View`)."""
    renderer = RENDERERS.get(type(view))
    if renderer is None:
        raise TypeError(f"no game draws a {type(view).__name__}")
    return renderer.render(view)


__all__ = ["RENDERERS", "Rendered", "Renderer", "render_view"]
