"""`/replay [game]` and `/history [game]`: a game of this channel as an animated picture for
everyone or as a text file for the asker, open to anyone in the channel (spectators too).

Both are acknowledged first, privately, so a refusal stays private. A replay is made by the
replay workers in its turn (`bot.workers.replays`: shared by identical requests, in bounded
numbers per server and per person; while it waits, its asker's private reply says how many
replays are ahead of theirs, edited as they go) and posted in the channel, within Discord's
upload limit (see `render.replay`); the asker is then told it is there. A game's replay is
posted once in a channel: whoever asks for it while it is being made, or later (of the last
`KEEP_POSTS` posted), is given a link to that post. A record is the asker's alone. `game` (a
game's number) autocompletes from this channel's games: finished ones for a replay.
"""

from __future__ import annotations

import asyncio
import io
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.courier import limits, textmode
from bot.courier.pictures import Pictures
from bot.courier.replies import channel_of, say_privately
from bot.play.cog import think_privately
from bot.workers.lanes import REPLAY, ahead_text
from bot.workers.replays import ReplayLane
from club.service.records import History, Replay
from club.service.textmode import TextMode
from club.shared import SharedWork

if TYPE_CHECKING:
    from bot.client import MarsBot

POSTED = "The replay is posted in this channel."
SHARED = "The replay of game #{game} is posted here already: {link}"
KEEP_POSTS = 64
"""Replays posted whose links are remembered (by channel and game)."""


class HistoryCommands(commands.Cog):
    """Reads games through `history`; `pictures` makes the replays, in the lane of
    `bot.workers.replays`."""

    def __init__(
        self, history: History, pictures: Pictures, text_mode: TextMode | None = None
    ) -> None:
        self._history = history
        self._pictures = pictures
        self._text_mode = text_mode
        """Who reads boards as text (None: nobody, as in tests without a store)."""
        self.replays = ReplayLane(pictures.animate, at_once=pictures.replays_at_once)
        self._posts: SharedWork[tuple[int, int], str] = SharedWork(KEEP_POSTS)
        """The link of each replay posted or being posted, by channel and game."""

    async def cog_unload(self) -> None:
        self.replays.close()

    @app_commands.command(name="replay", description="Post an animated replay of a finished game")
    @app_commands.describe(game="The game's number (default: the last game finished here)")
    @app_commands.guild_only()
    async def replay(
        self, interaction: discord.Interaction[MarsBot], game: int | None = None
    ) -> None:
        channel = channel_of(interaction)
        await think_privately(interaction)
        replay = await self._history.replay(channel, game)
        if self._text_mode is not None and await self._text_mode.reads_text(interaction.user.id):
            await self._text_replay(interaction, replay)
            return
        key = (channel, replay.game_id)
        posting = self._posts.get(key)
        if posting is not None:
            link = await asyncio.shield(posting)
            await say_privately(interaction, SHARED.format(game=replay.game_id, link=link))
            return
        posting = self._posts.begin(key, self._post(interaction, channel, replay))
        await asyncio.shield(posting)  # a cancelled asker spares the others
        await say_privately(interaction, POSTED)

    async def _post(
        self, interaction: discord.Interaction[MarsBot], channel: int, replay: Replay
    ) -> str:
        """Post the replay in `channel`, made in its turn for the asker of `interaction`; the
        post's link."""

        async def told(ahead: int) -> None:
            await interaction.edit_original_response(content=ahead_text(REPLAY, ahead))

        budget = min(interaction.filesize_limit, limits.UPLOAD)
        animation = await self.replays.animation(
            replay.frames,
            budget,
            channel=channel,
            server=interaction.guild_id or 0,
            person=interaction.user.id,
            told=told,
        )
        file = discord.File(
            io.BytesIO(animation.gif),
            filename=replay.filename,
            description=limits.shorten(replay.alt, limits.ATTACHMENT_DESCRIPTION),
        )
        content = limits.shorten(replay.message(animation.shown, animation.step), limits.CONTENT)
        posts = interaction.client.get_partial_messageable(channel, guild_id=interaction.guild_id)
        return (await posts.send(content, file=file)).jump_url

    async def _text_replay(self, interaction: discord.Interaction[MarsBot], replay: Replay) -> None:
        """Text mode: the replay as numbered text frames, to the asker alone (no animation)."""
        frames = textmode.frames_text(replay.frames, self._pictures.text_board)
        said = f"The replay of **{replay.heading}**, {replay.result}"
        parts = textmode.board_parts(said, frames, f"replay-{replay.game_id}.txt")
        await interaction.followup.send(ephemeral=True, **parts)

    @app_commands.command(name="history", description="The record of a game here, as a text file")
    @app_commands.describe(game="The game's number (default: the game in play, else the last one)")
    @app_commands.guild_only()
    async def history(
        self, interaction: discord.Interaction[MarsBot], game: int | None = None
    ) -> None:
        channel = channel_of(interaction)
        await think_privately(interaction)
        record = await self._history.record(channel, game)
        file = discord.File(io.BytesIO(record.text.encode()), filename=record.filename)
        said = limits.shorten(f"The record of **{record.heading}**:", limits.CONTENT)
        await interaction.followup.send(said, file=file, ephemeral=True)

    @replay.autocomplete("game")
    async def finished_games(
        self, interaction: discord.Interaction[MarsBot], current: str
    ) -> list[app_commands.Choice[int]]:
        return await self._choices(interaction, current, finished=True)

    @history.autocomplete("game")
    async def played_games(
        self, interaction: discord.Interaction[MarsBot], current: str
    ) -> list[app_commands.Choice[int]]:
        return await self._choices(interaction, current, finished=False)

    async def _choices(
        self, interaction: discord.Interaction[MarsBot], current: str, *, finished: bool
    ) -> list[app_commands.Choice[int]]:
        if interaction.channel_id is None:
            return []
        typed = str(current)  # Discord sends what was typed into a number option as text
        found = await self._history.choices(interaction.channel_id, typed, finished=finished)
        return game_choices(found)


def game_choices(found: list[tuple[int, str]]) -> list[app_commands.Choice[int]]:
    """A game option's autocomplete choices from (game number, label) pairs, fitted to
    Discord's limits (labels shortened, as many as Discord shows)."""
    return [
        app_commands.Choice(name=limits.shorten(label, limits.CHOICE_TEXT), value=number)
        for number, label in found[: limits.AUTOCOMPLETE_CHOICES]
    ]
