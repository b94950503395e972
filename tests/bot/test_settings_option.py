"""`/settings`: Discord's own bounds on the reminder period match what the service accepts."""

from __future__ import annotations

from typing import Any, cast

from discord import app_commands

from bot.tables.cog import TableCommands


def test_the_reminder_option_is_bounded_and_names_what_is_accepted() -> None:
    """Discord can bound the option to -1..168 only; the service refuses the rest (between -1
    and 1, other than 0), and the option's description says what is accepted."""
    cog = TableCommands(cast(Any, None), cast(Any, None))
    [settings] = [c for c in cog.get_app_commands() if c.name == "settings"]
    assert isinstance(settings, app_commands.Command)
    option = settings._params["reminder_hours"]
    assert (option.min_value, option.max_value) == (-1, 168)
    assert str(option.description) == (
        "Hours between turn reminders: 1 to 168, 0 for none, -1 for the bot's default"
    )
