"""Martian Merchants."""

from engine.merchants.game import GAME, Merchants
from engine.merchants.moves import Move, Steps
from engine.merchants.state import MerchantsState, Planet, Ship
from engine.merchants.view import MerchantsView

__all__ = [
    "GAME",
    "Merchants",
    "MerchantsState",
    "MerchantsView",
    "Move",
    "Planet",
    "Ship",
    "Steps",
]
