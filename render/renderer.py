"""How one game is drawn: a view in, a PNG and its alt text out, or its text board for text mode
(each game's module exports one `RENDERER`)."""

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
    text: Callable[[V], str] | None = None
    """The view's text board (`render.textboards`); None for a game without one, whose text
    mode reads the alt text."""


@dataclass(frozen=True)
class Renderer(Generic[V]):
    """How one game is drawn and described, for views of type `view_type`."""

    view_type: type[V]
    draw: Callable[[V], Image.Image]
    describe: Callable[[V], str]
    filename: str
    text: Callable[[V], str] | None = None
    """The view's text board (`render.textboards`); None for a game without one, whose text
    mode reads the alt text."""

    def render(self, view: V) -> Rendered:
        """The picture of `view`; TypeError for a view of another type (another game's)."""
        if not isinstance(view, self.view_type):
            raise TypeError(
                f"{self.filename} draws {with_article(self.view_type.__name__)}, not "
                f"{with_article(type(view).__name__)}"
            )
        return Rendered(encode_png(self.draw(view)), self.describe(view), self.filename)

    def text_board(self, view: V) -> str:
        """What text mode shows of `view`: its text board, else its alt text."""
        return self.describe(view) if self.text is None else self.text(view)
