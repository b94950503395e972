"""Mars vs. Earth: the social-deduction game for 3 to 10 players (2 play co-operatively)."""

from engine.marsvsearth.deck import DEFAULT_DECK_PATH, Deck, DeckError, load_deck
from engine.marsvsearth.game import GAME, MarsVsEarth
from engine.marsvsearth.moves import Move
from engine.marsvsearth.state import MarsState
from engine.marsvsearth.view import MarsView

__all__ = [
    "DEFAULT_DECK_PATH",
    "GAME",
    "Deck",
    "DeckError",
    "MarsState",
    "MarsView",
    "MarsVsEarth",
    "Move",
    "load_deck",
]
