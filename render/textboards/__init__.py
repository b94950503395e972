"""Text boards: each game's position as lines of text for text mode, with a reader per game.

`TextBoard` pairs the three functions of one game: the public `position` of a view, `write`
(a position as text) and `read` (the text back to the position). A game's text board is
`write(position(view))`, so it holds what the position holds, nothing more.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Generic, TypeVar

from engine.core import View

V = TypeVar("V", bound=View)
P = TypeVar("P")


@dataclass(frozen=True)
class TextBoard(Generic[V, P]):
    """How one game's views are written as text and read back."""

    view_type: type[V]
    position: Callable[[V], P]
    write: Callable[[P], str]
    read: Callable[[str], P]

    def text(self, view: V) -> str:
        """The text board of `view`."""
        return self.write(self.position(view))
