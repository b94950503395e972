"""`/new <game>`, `/join`, `/leave`, `/start`: opening a table and taking seats."""

from __future__ import annotations

import inspect
from typing import Any

import discord
from discord import app_commands
from discord.app_commands import Choice
from discord.ext import commands

from bot import lobby_flow
from bot.buttons import lobby_buttons
from bot.replies import player_of, service_of
from engine.core import FIRST_PLAYER, Game, GameError, Option, resolve_options
from engine.registry import GAMES


def check_options(game: Game[Any, Any], options: dict[str, Any]) -> None:
    """Refuse the options no table of `game` could start with: a value out of range, a first
    player beyond the largest table, or variants that contradict each other (found by setting up
    a full table once and throwing it away). Raises GameError."""
    chosen = resolve_options(game.options, options)
    first = chosen.get(FIRST_PLAYER.name, 0)
    if first > game.max_players:
        raise GameError(
            f"{game.title} seats at most {game.max_players} players: choose a first player "
            f"from 1 to {game.max_players}, or random."
        )
    game.new_game([f"Player {n}" for n in range(1, game.max_players + 1)], chosen, 0)


async def open_table(
    interaction: discord.Interaction, game_key: str, options: dict[str, Any]
) -> None:
    """Open a lobby for `game_key` in this channel with the user in the first seat."""
    channel_id = lobby_flow.channel_of(interaction)
    check_options(GAMES[game_key], options)
    service = service_of(interaction)
    lobby = await service.new_lobby(
        guild_id=interaction.guild_id,
        channel_id=channel_id,
        creator=player_of(interaction),
        game_key=game_key,
        options=options,
    )
    quiet = discord.AllowedMentions.none()
    await interaction.response.send_message(
        lobby.text, view=lobby_buttons(lobby.game_id), allowed_mentions=quiet
    )
    message = await interaction.original_response()
    await service.set_lobby_message(lobby.game_id, message.id)
    await lobby_flow.check_dms(interaction, lobby)


NEW_TABLE = app_commands.Group(
    name="new", description="Open a table for a game in this channel", guild_only=True
)


def ordinal(number: int) -> str:
    return f"{number}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(number, 'th') }"


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


def new_table_command(game: Game[Any, Any]) -> app_commands.Command[Any, ..., None]:
    """`/new <game key>` with one typed, described parameter per table option of the game."""

    async def callback(interaction: discord.Interaction, **options: Any) -> None:
        await open_table(interaction, game.key, options)

    parameters = [
        inspect.Parameter(
            "interaction", inspect.Parameter.POSITIONAL_OR_KEYWORD, annotation=discord.Interaction
        )
    ]
    choices: dict[str, list[Choice[Any]]] = {}
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
    callback.__signature__ = inspect.Signature(parameters)  # type: ignore[attr-defined]
    described = app_commands.describe(**{o.name: o.description[:100] for o in game.options})
    players = (
        f"{game.min_players} players"
        if game.min_players == game.max_players
        else f"{game.min_players} to {game.max_players} players"
    )
    return app_commands.Command(
        name=game.key,
        description=f"{game.title}: {players}",
        callback=app_commands.choices(**choices)(described(callback)),
        parent=NEW_TABLE,
    )


for listed in GAMES.values():
    NEW_TABLE.add_command(new_table_command(listed))


class Lobby(commands.Cog):
    @app_commands.command(name="join", description="Take a seat at this channel's open table")
    @app_commands.guild_only()
    async def join(self, interaction: discord.Interaction) -> None:
        await lobby_flow.act(interaction, "join")

    @app_commands.command(name="leave", description="Give up your seat at this channel's table")
    @app_commands.guild_only()
    async def leave(self, interaction: discord.Interaction) -> None:
        await lobby_flow.act(interaction, "leave")

    @app_commands.command(name="start", description="Start the game at this channel's table")
    @app_commands.guild_only()
    async def start(self, interaction: discord.Interaction) -> None:
        await lobby_flow.act(interaction, "start")


async def setup(bot: commands.Bot) -> None:
    bot.tree.add_command(NEW_TABLE)
    await bot.add_cog(Lobby())
