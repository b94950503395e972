"""Albiorix."""

from engine.albiorix.game import GAME, Albiorix
from engine.albiorix.pieces import Pyramid, Stack
from engine.albiorix.state import AlbiorixState, AlbiorixView, Draw, Mix, Move, Played

__all__ = [
    "GAME",
    "Albiorix",
    "AlbiorixState",
    "AlbiorixView",
    "Draw",
    "Mix",
    "Move",
    "Played",
    "Pyramid",
    "Stack",
]
