"""Agents of M.A.R.S."""

from engine.agents.actions import AgentsMove, Draw, Place, Reveal, SetObjectives, Shift, Swap
from engine.agents.game import GAME, Agents
from engine.agents.scoring import Cluster
from engine.agents.state import AgentsState
from engine.agents.variants import Pyramid, Rules
from engine.agents.view import AgentsView

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
