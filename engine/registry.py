"""The games this bot can run, by key."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from engine.agents import GAME as AGENTS
from engine.albiorix import GAME as ALBIORIX
from engine.core import Game
from engine.leylines import GAME as LEYLINES
from engine.marsvsearth import GAME as MARSVSEARTH
from engine.marsvsearth import MarsVsEarth, load_deck
from engine.merchants import GAME as MERCHANTS

GAMES: dict[str, Game[Any, Any]] = {
    game.key: game for game in (LEYLINES, ALBIORIX, AGENTS, MERCHANTS, MARSVSEARTH)
}


def use_marsvsearth_deck(path: str | Path) -> None:
    """Play Mars vs. Earth with the deck file at `path` instead of the bundled one.

    The file is read and checked now; a bad file raises `DeckError` naming the card and problem.
    """
    GAMES[MARSVSEARTH.key] = MarsVsEarth(load_deck(path))
