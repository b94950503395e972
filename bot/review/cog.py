"""`/review [game]`: a finished game of this channel reviewed from the asker's seat, privately.

The command is acknowledged privately first; while the review is made (its positions weighed
one at a time by the thinking workers, see `club.review.reviews`), that private reply says
"Reviewing… N of M positions", edited at most every `EDIT_EVERY` seconds; it then becomes the
review: the chart of the asker's chance to win and the text (drops, turning point). `game` (a
game's number) autocompletes from this channel's finished games, as for `/replay`.
"""

from __future__ import annotations

import io
import time
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.courier import limits
from bot.courier.replies import channel_of
from bot.history.cog import game_choices
from bot.play.cog import think_privately
from bot.workers.thinking import Thinkers, unpondered
from club.review.reviews import Reviews, Run
from club.service.records import History
from engine.words import Unit

if TYPE_CHECKING:
    from bot.client import MarsBot

EDIT_EVERY = 2.0
"""Seconds between two edits of the progress message at least (Discord's rate limits)."""


POSITIONS = Unit("position")


def progress_text(weighed: int, total: int) -> str:
    """`Reviewing… 3 of 40 positions`."""
    return f"Reviewing… {weighed} of {POSITIONS.of(total)}"


def in_workers(thinkers: Thinkers) -> Run:
    """Runs a function in the thinking workers (started if they are not running; the event
    loop's threads when they have no process pool), with their pondering paused while it
    runs."""

    async def run(function: Any, *args: Any) -> Any:
        return await thinkers.workers.submit(unpondered, function, *args)

    return run


class ReviewCommands(commands.Cog):
    """Answers `/review` from `reviews`; its autocomplete offers games from `history`."""

    def __init__(self, history: History, reviews: Reviews) -> None:
        self.history = history
        self.reviews = reviews

    @app_commands.command(
        name="review", description="What a finished game teaches you: chance to win, drops"
    )
    @app_commands.describe(game="The game's number (default: the last game finished here)")
    @app_commands.guild_only()
    async def review(
        self, interaction: discord.Interaction[MarsBot], game: int | None = None
    ) -> None:
        channel = channel_of(interaction)
        await think_privately(interaction)
        last = 0.0

        async def progress(weighed: int, total: int) -> None:
            nonlocal last
            now = time.monotonic()
            if weighed < total and now - last < EDIT_EVERY:
                return
            last = now
            await interaction.edit_original_response(content=progress_text(weighed, total))

        reviewed = await self.reviews.review(channel, interaction.user.id, game, progress)
        file = discord.File(
            io.BytesIO(reviewed.png),
            filename=reviewed.filename,
            description=limits.shorten(reviewed.alt, limits.ATTACHMENT_DESCRIPTION),
        )
        await interaction.edit_original_response(
            content=limits.shorten(reviewed.text, limits.CONTENT), attachments=[file]
        )

    @review.autocomplete("game")
    async def finished_games(
        self, interaction: discord.Interaction[MarsBot], current: str
    ) -> list[app_commands.Choice[int]]:
        if interaction.channel_id is None:
            return []
        found = await self.history.choices(interaction.channel_id, str(current), finished=True)
        return game_choices(found)
