"""Ley Lines of Mars for the computer players: open and certain, counted in points."""

from __future__ import annotations

from typing import Any

from ai.kit import Kit, by_nature, lead
from engine.core import Game, Seat
from engine.leylines import GAME
from engine.leylines.state import LeyLinesState


def points_lead(game: Game[Any, Any], before: Any, after: Any, seat: Seat) -> float:
    """The seat's points less the best other seat's (`state.scores`)."""
    assert isinstance(after, LeyLinesState)
    return lead([float(points) for points in after.scores], seat)


KIT = Kit(by_nature(GAME), score=points_lead)
