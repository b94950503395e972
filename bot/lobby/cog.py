"""`/new <game>`, `/join`, `/leave`, `/start` and the lobby buttons: opening a table and taking
seats. The `LobbyCommands` cog owns the commands and answers the buttons (see
`bot.lobby.controls`), the Rematch button (`bot.lobby.rematch`) and a lesson's Practice button."""

from __future__ import annotations

import asyncio
import inspect
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.app_commands import Choice
from discord.ext import commands

from bot.courier.delivery import Courier
from bot.courier.replies import channel_of, committed, player_of
from bot.lobby.controls import lobby_buttons
from bot.lobby.flow import Seating
from club.catalogue import Catalogue
from club.service import Lobby as LobbyTable
from club.service import TableService, fair_clock, wording
from club.service.computer_seats import DEFAULT_LEVEL, OFFERED_LEVELS
from club.service.wording import PLAYERS
from engine.core import FIRST_PLAYER, Game, GameError, Option, resolve_options
from engine.words import ordinal

if TYPE_CHECKING:
    from bot.client import MarsBot

OpenTable = Callable[["discord.Interaction[MarsBot]", str, dict[str, Any]], Awaitable[None]]
"""Opens a lobby: (interaction, game key, the options chosen)."""


def check_options(game: Game[Any, Any], options: dict[str, Any]) -> None:
    """Refuse the options no table of `game` could start with: a value out of range, a first
    player beyond the largest table, or variants that contradict each other (found by setting up
    a full table once and throwing it away). Raises GameError."""
    chosen = resolve_options(game.options, options)
    first = chosen.get(FIRST_PLAYER.name, 0)
    if first > game.max_players:
        raise GameError(
            f"{game.title} seats at most {PLAYERS.of(game.max_players)}: choose a first player "
            f"from 1 to {game.max_players}, or random."
        )
    game.new_game([f"Player {n}" for n in range(1, game.max_players + 1)], chosen, 0)


def option_parameter(game: Game[Any, Any], option: Option) -> tuple[Any, list[Choice[Any]]]:
    """The slash-command type of a table option, and its choices (none for free values)."""
    if option is FIRST_PLAYER:
        seats = [
            Choice(name=f"The {ordinal(n)} player to join", value=n)
            for n in range(1, game.max_players + 1)
        ]
        return int, [Choice(name="Random", value=0), *seats]
    shown = dict(option.labels)
    choices = [Choice(name=str(shown.get(v, v)), value=v) for v in option.choices]
    if option.kind is int and not choices and (option.minimum, option.maximum) != (None, None):
        return app_commands.Range[int, option.minimum, option.maximum], []
    return option.kind, choices


TABLE_DESCRIPTIONS = {
    "bots": "Computer players to seat now (more can be added from the lobby)",
    "bot_level": "How strongly the computer players play (default: normal)",
    "hints": "Let the players ask a computer player for a hint with /hint (default: no)",
    "clock": (
        "Hours a turn may wait before the others may claim the game (1-72; 0: none; default: "
        "the server's)"
    ),
}
"""The table's own settings, beside the game's options, in `/new`."""


def table_parameters(game: Game[Any, Any]) -> list[inspect.Parameter]:
    """`/new`'s parameters for the table itself: computer players, their level, hints, the
    fair clock."""
    most = game.max_players - 1
    kinds: dict[str, tuple[Any, Any]] = {
        "bots": (app_commands.Range[int, 0, most], 0),
        "bot_level": (str, DEFAULT_LEVEL),
        "hints": (bool, False),
        "clock": (app_commands.Range[int, 0, fair_clock.LONGEST] | None, None),
    }
    return [
        inspect.Parameter(name, inspect.Parameter.KEYWORD_ONLY, default=default, annotation=kind)
        for name, (kind, default) in kinds.items()
    ]


def new_table_group(catalogue: Catalogue, open_table: OpenTable) -> app_commands.Group:
    """`/new`, with one subcommand per game of `catalogue`, each answered by `open_table`."""
    group = app_commands.Group(
        name="new", description="Open a table for a game in this channel", guild_only=True
    )
    for game in (entry.game for entry in catalogue.values()):
        group.add_command(new_table_command(game, open_table, group))
    return group


def new_table_command(
    game: Game[Any, Any], open_table: OpenTable, parent: app_commands.Group
) -> app_commands.Command[Any, ..., None]:
    """`/new <game key>` with one typed, described parameter per table option of the game."""

    async def callback(interaction: discord.Interaction[MarsBot], **options: Any) -> None:
        await open_table(interaction, game.key, options)

    parameters = [
        inspect.Parameter(
            "interaction", inspect.Parameter.POSITIONAL_OR_KEYWORD, annotation=discord.Interaction
        )
    ]
    choices: dict[str, list[Choice[Any]]] = {
        "bot_level": [Choice(name=level, value=level) for level in OFFERED_LEVELS]
    }
    for option in game.options:
        kind, offered = option_parameter(game, option)
        parameters.append(
            inspect.Parameter(
                option.name,
                inspect.Parameter.KEYWORD_ONLY,
                default=option.default,
                annotation=kind,
            )
        )
        if offered:
            choices[option.name] = offered
    parameters += table_parameters(game)
    callback.__signature__ = inspect.Signature(parameters)  # type: ignore[attr-defined]
    described = app_commands.describe(
        **{o.name: o.description[:100] for o in game.options}, **TABLE_DESCRIPTIONS
    )
    players = wording.players_wanted(game.min_players, game.max_players)
    return app_commands.Command(
        name=game.key,
        description=f"{game.title}: {players}",
        callback=app_commands.choices(**choices)(described(callback)),
        parent=parent,
    )


class LobbyCommands(commands.Cog):
    """Lobbies of the games of `catalogue` through `service`; `courier` tells the table when a
    game starts. `new_table` is the `/new` group (added to the command tree beside the cog's
    own commands)."""

    def __init__(self, service: TableService, courier: Courier, catalogue: Catalogue) -> None:
        self.service = service
        self.catalogue = catalogue
        self.seating = Seating(service, courier, catalogue)
        self.new_table = new_table_group(catalogue, self.open_table)

    async def open_table(
        self, interaction: discord.Interaction[MarsBot], game_key: str, options: dict[str, Any]
    ) -> None:
        """Open a lobby for `game_key` in this channel with the user in the first seat.

        Answered at once, not deferred: the lobby message is the public reply, and a refusal
        (bad options, a table already here) must stay private."""
        channel_id = channel_of(interaction)
        bots, level = options.pop("bots", 0), options.pop("bot_level", DEFAULT_LEVEL)
        hints, clock = options.pop("hints", False), options.pop("clock", None)
        await asyncio.to_thread(check_options, self.catalogue[game_key].game, options)
        creator = player_of(interaction)
        lobby = await self.service.lobbies.new_lobby(
            guild_id=interaction.guild_id,
            channel_id=channel_id,
            creator=creator,
            game_key=game_key,
            options=options,
            hints=hints,
            computers=bots,
            computer_level=level,
            clock_hours=clock,
        )
        committed(interaction)
        await self.post_lobby(interaction, lobby)

    async def post_lobby(
        self, interaction: discord.Interaction[MarsBot], lobby: LobbyTable
    ) -> None:
        """Answer with the new lobby's message (public) and remember its id; then bring it up
        to date (an action before its id was stored could not edit it) and welcome its creator
        (a test DM; at their first table of the game, a word about `/learn`)."""
        quiet = discord.AllowedMentions.none()
        await interaction.response.send_message(
            lobby.text, view=lobby_buttons(lobby.game_id), allowed_mentions=quiet
        )
        message = await interaction.original_response()
        self.seating.messages.posted(lobby, message.id)
        await self.service.lobbies.set_lobby_message(lobby.game_id, message.id)
        await self.seating.messages.refresh(interaction, lobby.game_id)
        await self.seating.welcome(interaction, lobby)

    async def act(
        self, interaction: discord.Interaction[MarsBot], action: str, game_id: int
    ) -> None:
        """A lobby button or menu: `action` (join, leave, start, remove-computer or
        `bot.lobby.controls.ADD_COMPUTER` and a level) at the lobby `game_id`."""
        await self.seating.act(interaction, action, game_id)

    async def rematch(self, interaction: discord.Interaction[MarsBot], game_id: int) -> None:
        """The Rematch button of the finished game `game_id` (see `bot.lobby.rematch`): posts
        the lobby it opened, or tells the channel who sat down at it."""
        player = player_of(interaction)
        done = await self.service.rematches.rematch(channel_of(interaction), player, game_id)
        committed(interaction)
        if done.opened:
            await self.post_lobby(interaction, done.lobby)
            return
        said = f"<@{player.user_id}> joined the {done.lobby.title} rematch."
        await self.seating.announce(interaction, done.lobby, said)
        await self.seating.welcome(interaction, done.lobby)

    @app_commands.command(name="join", description="Take a seat at this channel's open table")
    @app_commands.guild_only()
    async def join(self, interaction: discord.Interaction[MarsBot]) -> None:
        await self.seating.act(interaction, "join")

    @app_commands.command(name="leave", description="Give up your seat at this channel's table")
    @app_commands.guild_only()
    async def leave(self, interaction: discord.Interaction[MarsBot]) -> None:
        await self.seating.act(interaction, "leave")

    @app_commands.command(name="start", description="Start the game at this channel's table")
    @app_commands.guild_only()
    async def start(self, interaction: discord.Interaction[MarsBot]) -> None:
        await self.seating.act(interaction, "start")
