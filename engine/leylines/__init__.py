"""Ley Lines of Mars."""

from engine.leylines.game import GAME, LeyLines
from engine.leylines.state import LeyLinesState, LeyLinesView, Piece, Place

__all__ = ["GAME", "LeyLines", "LeyLinesState", "LeyLinesView", "Piece", "Place"]
