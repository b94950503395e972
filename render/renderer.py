"""How one game is drawn: a view in, a PNG and its alt text out (each game's module exports one
`RENDERER`)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Generic, TypeVar

from PIL import Image

from engine.core import View
from engine.words import with_article
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
        """The picture of `view`; TypeError for a view of another type (another game's)."""
        if not isinstance(view, self.view_type):
            raise TypeError(
                f"{self.filename} draws {with_article(self.view_type.__name__)}, not "
                f"{with_article(type(view).__name__)}"
            )
        return Rendered(encode_png(self.draw(view)), self.describe(view), self.filename)
