"""The games' rules in the project's own words, for `/rules`; each fits one Discord message."""

from bot.guides.agents import GUIDE as AGENTS
from bot.guides.albiorix import GUIDE as ALBIORIX
from bot.guides.leylines import GUIDE as LEYLINES
from bot.guides.marsvsearth import GUIDE as MARSVSEARTH
from bot.guides.merchants import GUIDE as MERCHANTS

GUIDES: dict[str, str] = {
    "agents": AGENTS,
    "albiorix": ALBIORIX,
    "leylines": LEYLINES,
    "marsvsearth": MARSVSEARTH,
    "merchants": MERCHANTS,
}
