"""The games told in the project's own words, for `/rules`: a quick start of a minute's reading
(one message), and the full rules with the bot's rulings behind it (sent split at blank lines)."""

from bot.guides.agents import GUIDE as AGENTS
from bot.guides.albiorix import GUIDE as ALBIORIX
from bot.guides.guide import QUICK_LIMIT, Guide
from bot.guides.leylines import GUIDE as LEYLINES
from bot.guides.marsvsearth import GUIDE as MARSVSEARTH
from bot.guides.merchants import GUIDE as MERCHANTS

GUIDES: dict[str, Guide] = {
    "agents": AGENTS,
    "albiorix": ALBIORIX,
    "leylines": LEYLINES,
    "marsvsearth": MARSVSEARTH,
    "merchants": MERCHANTS,
}

__all__ = ["GUIDES", "QUICK_LIMIT", "Guide"]
