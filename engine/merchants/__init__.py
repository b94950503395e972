"""Martian Merchants."""

from engine.merchants.game import GAME, Merchants
from engine.merchants.state import MerchantsState, MerchantsView, Move, Planet, Ship

__all__ = ["GAME", "Merchants", "MerchantsState", "MerchantsView", "Move", "Planet", "Ship"]
