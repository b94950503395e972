"""A command the bot no longer has (an out-of-date command list) is answered, not a traceback."""

from __future__ import annotations

import logging
from typing import Any, cast

import discord
import pytest
from discord import app_commands

from bot.courier.replies import CHANGED_COMMAND, answer_error
from tests.bot.fakes import FakeResponse


class FakeInteraction:
    """Just what `answer_error` touches of a discord.Interaction."""

    def __init__(self) -> None:
        self.response = FakeResponse()
        self.command = None
        self.user = discord.Object(5)


def old_move_command() -> app_commands.Command[Any, ..., None]:
    async def move(interaction: discord.Interaction, text: str) -> None:
        """An old /move."""

    return app_commands.Command(name="move", description="old", callback=move)


@pytest.mark.parametrize(
    ("error", "named"),
    [
        (app_commands.CommandNotFound("chess", ["new"]), "/new chess"),
        (app_commands.CommandNotFound("teleport", []), "/teleport"),
        (app_commands.CommandSignatureMismatch(old_move_command()), "/move"),
    ],
)
async def test_an_unknown_or_changed_command_gets_a_pointer_to_help_and_one_log_line(
    error: app_commands.AppCommandError, named: str, caplog: pytest.LogCaptureFixture
) -> None:
    interaction = FakeInteraction()
    with caplog.at_level(logging.DEBUG):
        await answer_error(cast(Any, interaction), error)
    assert interaction.response.sent == [(CHANGED_COMMAND, True)]
    [record] = caplog.records
    assert record.levelno == logging.INFO and record.exc_info is None
    assert named in record.getMessage()
