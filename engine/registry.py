"""The games this bot can run, by key."""

from __future__ import annotations

from typing import Any

from engine.agents import GAME as AGENTS
from engine.albiorix import GAME as ALBIORIX
from engine.core import Game
from engine.leylines import GAME as LEYLINES
from engine.marsvsearth import GAME as MARSVSEARTH
from engine.merchants import GAME as MERCHANTS

GAMES: dict[str, Game[Any, Any]] = {
    game.key: game for game in (LEYLINES, ALBIORIX, AGENTS, MERCHANTS, MARSVSEARTH)
}
