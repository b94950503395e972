"""Albiorix for the computer players: open and certain; it has no points, so its count is the
Monads held (holding both wins). A Monad taken is lost only after its player's answer fails to
mix one back, so the search's last check looks two replies deep for a loss at once."""

from __future__ import annotations

from typing import Any

from ai.kit import Kit, by_nature, lead
from engine.albiorix import GAME
from engine.albiorix.pieces import monads
from engine.albiorix.state import AlbiorixState
from engine.core import Game, Seat
from engine.words import Unit


def monads_lead(game: Game[Any, Any], before: Any, after: Any, seat: Seat) -> float:
    """The seat's Monads less the other's."""
    assert isinstance(after, AlbiorixState)
    return lead([float(len(monads(after.board, n))) for n in range(2)], seat)


KIT = Kit(by_nature(GAME), score=monads_lead, unit=Unit("Monad", "Monads"), loss_depth=2)
