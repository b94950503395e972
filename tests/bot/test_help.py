"""`/help` names every command the bot registers, in pages within Discord's limit."""

from __future__ import annotations

from bot.courier import limits
from bot.info.cog import HELP
from club.catalogue import CATALOGUE
from tests.e2e.test_leylines_e2e import COMMANDS


def test_help_names_every_command_within_the_limit() -> None:
    text = HELP.format(games=", ".join(f"`/new {key}`" for key in CATALOGUE))
    missing = sorted(name for name in COMMANDS - {"help"} if f"/{name}" not in text)
    assert not missing, f"/help does not name {missing}"
    assert all(len(page) <= limits.CONTENT for page in limits.split(text, limits.CONTENT))
