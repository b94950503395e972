"""Albiorix."""

from engine.albiorix.actions import Draw, Mix, Move
from engine.albiorix.game import GAME, Albiorix
from engine.albiorix.pieces import Pyramid, Stack
from engine.albiorix.state import AlbiorixState, Played
from engine.albiorix.view import AlbiorixView

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
