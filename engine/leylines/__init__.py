"""Ley Lines of Mars."""

from engine.leylines.actions import Place
from engine.leylines.game import GAME, LeyLines
from engine.leylines.state import LeyLinesState, Piece
from engine.leylines.view import LeyLinesView

__all__ = ["GAME", "LeyLines", "LeyLinesState", "LeyLinesView", "Piece", "Place"]
