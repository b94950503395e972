"""Agents of M.A.R.S."""

from engine.agents.game import GAME, Agents
from engine.agents.rules import Pyramid, Rules
from engine.agents.scoring import Cluster
from engine.agents.state import (
    AgentsMove,
    AgentsState,
    AgentsView,
    Draw,
    Place,
    Reveal,
    SetObjectives,
    Shift,
    Swap,
)

__all__ = [
    "GAME",
    "Agents",
    "AgentsMove",
    "AgentsState",
    "AgentsView",
    "Cluster",
    "Draw",
    "Place",
    "Pyramid",
    "Reveal",
    "Rules",
    "SetObjectives",
    "Shift",
    "Swap",
]
