"""Every command, used where it cannot work, gets a clear private answer and changes nothing.

Each slash command's callback runs against a real table service on each store, from a direct
message, in a channel with no game, and (for the playing commands) in a channel whose table has
not started; bad `/new` options are refused before a lobby opens.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, cast

import discord
import pytest
from discord import app_commands

from bot.courier.delivery import Courier
from bot.courier.pictures import Pictures
from bot.courier.replies import answer_error
from bot.history.cog import HistoryCommands
from bot.info.cog import InfoCommands
from bot.lobby.cog import LobbyCommands
from bot.play.cog import PlayCommands
from bot.play.controls import controls_view
from bot.workers.thinking import Thinkers
from club.catalogue import CATALOGUE
from club.service import Player, TableService
from club.storage import Storage
from club.storage.sqlite import SqliteDatabase
from engine.core import GameError
from tests.bot.fakes import FakeFollowup, FakeResponse

CHANNEL = 1000
ANN = Player(101, "Ann")


def commands_of(service: TableService) -> dict[str, Any]:
    """Every slash command, by full name, of the cogs as the bot sets them up on `service`."""
    courier = Courier(cast(Any, None), service, Pictures(), controls_view)
    lobby = LobbyCommands(service, courier, CATALOGUE)
    return {
        command.qualified_name: command
        for cog in (
            lobby,
            PlayCommands(service, courier, Thinkers(None)),
            HistoryCommands(service.history, Pictures()),
            InfoCommands(CATALOGUE),
        )
        for command in cog.get_app_commands()
        if isinstance(command, app_commands.Command)
    } | {command.qualified_name: command for command in lobby.new_table.walk_commands()}


COMMANDS = commands_of(TableService(Storage(SqliteDatabase(Path("unopened.sqlite3")))))
"""The commands' names (what each test runs is bound to its own service; its store is never
opened)."""
ARGUMENTS = {"move": {"text": "draw"}, "rules": {"game": "agents"}}
EVERYWHERE = {"help", "rules"}
"""Commands that answer in direct messages and channels without a game alike."""
PLAYING = ("move", "board", "secret", "hint", "resign")
RECORDS = {
    "history": "No game has been played in this channel yet.",
    "replay": "No game has finished in this channel yet.",
}
"""Commands about any game of the channel, and their answer where none was played."""


class FakeInteraction:
    """What the commands touch of a discord.Interaction, from user Ann."""

    def __init__(self, service: TableService, *, in_dm: bool) -> None:
        self.client = type("Client", (), {"service": service})()
        self.guild_id = None if in_dm else 1
        self.channel_id = CHANNEL
        self.user = type("User", (), {"id": ANN.user_id, "display_name": ANN.name})()
        self.permissions = discord.Permissions.none()
        self.command = None
        self.type = discord.InteractionType.application_command
        self.response = FakeResponse()
        self.followup = FakeFollowup(self.response)


async def run(name: str, interaction: FakeInteraction, **options: Any) -> str:
    """Run `/name` as discord.py would; the private answer of a refusal, or "" if none."""
    command = commands_of(interaction.client.service)[name]
    bound = () if command.binding is None else (command.binding,)
    try:
        await command.callback(*bound, cast(Any, interaction), **ARGUMENTS.get(name, options))
    except (GameError, app_commands.AppCommandError) as error:
        assert interaction.response.sent == [], "a refusal comes before any answer"
        await answer_error(cast(Any, interaction), error)
        [(text, private)] = interaction.response.sent
        assert private
        return text
    return ""


async def snapshot(storage: Storage) -> list[Any]:
    """Every row of every table: what a refusal must leave alone."""
    db = storage.db
    return [
        list(await db.execute_fetchall(f"SELECT * FROM {table} ORDER BY 1, 2"))
        for table in ("games", "seats", "moves")
    ]


def test_every_command_is_checked() -> None:
    assert {"join", "leave", "start", "move", "board", "secret", "resign", "abandon"} <= set(
        COMMANDS
    )
    assert {f"new {key}" for key in ("agents", "leylines", "merchants")} <= set(COMMANDS)


@pytest.mark.parametrize("name", sorted(set(COMMANDS) - EVERYWHERE))
async def test_a_command_in_a_direct_message_is_refused(
    name: str, service: TableService, storage: Storage
) -> None:
    before = await snapshot(storage)
    said = await run(name, FakeInteraction(service, in_dm=True))
    assert said == "Games are played in server channels, not in direct messages."
    assert await snapshot(storage) == before


@pytest.mark.parametrize("name", sorted(EVERYWHERE))
@pytest.mark.parametrize("in_dm", [True, False])
async def test_help_and_rules_answer_anywhere(
    name: str, in_dm: bool, service: TableService
) -> None:
    interaction = FakeInteraction(service, in_dm=in_dm)
    assert await run(name, interaction) == ""
    assert interaction.response.sent and all(private for _, private in interaction.response.sent)


@pytest.mark.parametrize(
    "name", sorted(set(COMMANDS) - EVERYWHERE - set(RECORDS) - {n for n in COMMANDS if "new" in n})
)
async def test_a_command_where_there_is_no_game_is_refused(
    name: str, service: TableService, storage: Storage
) -> None:
    before = await snapshot(storage)
    said = await run(name, FakeInteraction(service, in_dm=False))
    assert "There is no game in this channel" in said
    assert await snapshot(storage) == before


@pytest.mark.parametrize("name", sorted(RECORDS))
async def test_a_record_where_no_game_was_played_says_so(name: str, service: TableService) -> None:
    interaction = FakeInteraction(service, in_dm=False)
    assert await run(name, interaction) == RECORDS[name]
    assert interaction.response.deferral == (True, True)  # the refusal is private


@pytest.mark.parametrize("name", PLAYING)
async def test_playing_before_the_start_is_refused(
    name: str, service: TableService, storage: Storage
) -> None:
    await service.lobbies.new_lobby(
        guild_id=1, channel_id=CHANNEL, creator=ANN, game_key="agents", options={}
    )
    before = await snapshot(storage)
    said = await run(name, FakeInteraction(service, in_dm=False))
    assert "not started" in said
    assert await snapshot(storage) == before


@pytest.mark.parametrize(
    ("game", "options", "told"),
    [
        ("albiorix", {"limit": 5}, "limit must be at least 20"),
        ("albiorix", {"limit": 10**9}, "limit must be at most 1000"),
        ("agents", {"colours": 6}, "colours must be one of: 4, 5"),
        ("agents", {"trio": True, "colours": 5}, "cannot be played with 5 colours"),
        ("merchants", {"first": 5}, "choose a first player from 1 to 4"),
        ("leylines", {"first": -1}, "first must be at least 0"),
        ("marsvsearth", {"timer": 61}, "timer must be at most 60"),
    ],
)
async def test_bad_options_at_new_are_refused_before_a_lobby_opens(
    game: str, options: dict[str, Any], told: str, service: TableService, storage: Storage
) -> None:
    before = await snapshot(storage)
    said = await run(f"new {game}", FakeInteraction(service, in_dm=False), **options)
    assert told in said
    assert await snapshot(storage) == before
