"""What happened, for whoever reacts to it: the service emits an event after a commit and the
courier after a delivery; the composition root (`bot.client.after_commit`) declares, in one
list, who reacts to each (modelled on Cosmic Python's `EVENT_HANDLERS` and `bootstrap.py`).

A reaction runs at once, in the order declared, and never fails the work that emitted it: its
error is logged. What must happen with a commit happens in its transaction instead (the move
row, the outbox entry, a finished game counted for ratings), not here.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from club.service.updates import Delivery

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class GameChanged:
    """Game `game_id` ended, or its position changed other than by a move (a resignation, a
    timeout, a takeback, a seat taken by a stand-in or given back): what was worked out ahead
    from its position is of no more use."""

    game_id: int


@dataclass(frozen=True)
class TableTold:
    """A delivery of a game's updates reached its table."""

    delivery: Delivery


Reactions = Mapping[type, Sequence[Callable[[Any], None]]]
"""Who reacts to each kind of event, in order."""


class Effects:
    """Hands each event to the reactions declared for its kind (none until declared)."""

    def __init__(self, reactions: Reactions | None = None) -> None:
        self._reactions: Reactions = reactions or {}

    def declare(self, reactions: Reactions) -> None:
        """Who reacts to what from now on (replacing what was declared)."""
        self._reactions = reactions

    def emit(self, event: GameChanged | TableTold) -> None:
        """Run each reaction to `event`; a failed one is logged, and the others still run."""
        for react in self._reactions.get(type(event), ()):
            try:
                react(event)
            except Exception:  # a reaction's failure is no failure of what happened
                log.exception("A reaction to %s failed", event)
