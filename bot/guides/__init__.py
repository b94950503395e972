"""The games' rules in the project's own words, for `/rules`; each fits one Discord message."""

from bot.guides.leylines import GUIDE as LEYLINES
from bot.guides.merchants import GUIDE as MERCHANTS

GUIDES: dict[str, str] = {"leylines": LEYLINES, "merchants": MERCHANTS}
