"""`/review [game]`: a finished game of this channel reviewed from the asker's seat, privately.

The command is acknowledged privately first; while the review is made (its positions weighed
one at a time by the thinking workers, see `club.review.reviews`), that private reply says
"Reviewing… N of M positions", edited at most every `EDIT_EVERY` seconds; it then becomes the
review: the chart of the asker's chance to win and the text (drops, turning point). `game` (a
game's number) autocompletes from this channel's finished games, as for `/replay`.

Reviews are made in turn (`REVIEW_LIMITS`, see `bot.workers.lanes`), their positions weighed
behind the tables' searches (`Thinkers.behind`): while a review waits for its turn, its private
reply says how many reviews are ahead of it ("3 reviews ahead of yours"), edited as they go.

Discord lets a bot answer an interaction through its token for 15 minutes. A review made
`LATE_SECONDS` or more after the command was sent (a busy host, a wait behind another review of
the game) comes instead as a new message: a DM, the review being private, and the progress
message then says so; if the asker's DMs are closed, a line in the channel mentions them and
tells them to ask again (the review is kept, so it answers at once).
"""

from __future__ import annotations

import contextlib
import functools
import io
import time
from collections.abc import Callable
from datetime import datetime
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.courier import limits, textmode
from bot.courier.pictures import Pictures
from bot.courier.replies import channel_of
from bot.history.cog import game_choices
from bot.play.cog import think_privately
from bot.workers.lanes import REVIEW, Lanes, Limits, ahead_text
from bot.workers.thinking import Thinkers
from club.review.reviews import Reviewed, Reviews, Run
from club.service.records import History
from club.service.textmode import TextMode
from engine.words import Unit
from render.review import chart_png
from render.textboards.chart import chart_text

if TYPE_CHECKING:
    from bot.client import MarsBot

EDIT_EVERY = 2.0
"""Seconds between two edits of the progress message at least (Discord's rate limits)."""
LATE_SECONDS = 14 * 60.0
"""Seconds after the command was sent past which its review comes as a new message, not
through the interaction's token (which Discord keeps for 15 minutes): a minute left for the
upload of the chart on a busy host."""
BY_DM = "The review took long, so it came to you by DM."
CLOSED_DMS = (
    "<@{user}>, your review took long and your DMs are closed: ask `/review` again to see it "
    "(it is kept, so it answers at once)."
)


REVIEW_LIMITS = Limits(at_once=2, per_server=1, per_person=1, waiting=40)
"""Reviews made at once: in all, in one server, by one person (waiting or made; beyond,
refused), and waiting in all (beyond, refused). Two at once share the review worker, each
within its deadline (`club.review.pace`)."""

POSITIONS = Unit("position")


def progress_text(weighed: int, total: int) -> str:
    """`Reviewing… 3 of 40 positions`."""
    return f"Reviewing… {weighed} of {POSITIONS.of(total)}"


def in_workers(thinkers: Thinkers) -> Run:
    """Runs a function in the review worker, behind the tables' searches (`Thinkers.behind`;
    started if it is not running)."""
    return thinkers.behind


class ReviewCommands(commands.Cog):
    """Answers `/review` from `reviews`; its autocomplete offers games from `history`; `now`
    tells the time (aware, UTC) to compare with an interaction's `created_at`; `pictures` draws
    the charts behind the tables' pictures (default: in a thread of its own, as in tests)."""

    def __init__(
        self,
        history: History,
        reviews: Reviews,
        now: Callable[[], datetime] = discord.utils.utcnow,
        text_mode: TextMode | None = None,
        lanes: Lanes | None = None,
        pictures: Pictures | None = None,
    ) -> None:
        self.history = history
        self.reviews = reviews
        self.now = now
        self.text_mode = text_mode
        """Who reads the chart as text (None: nobody, as in tests without a store)."""
        self.lanes = lanes or Lanes(limits={REVIEW: REVIEW_LIMITS})
        self.pictures = pictures or Pictures()

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

        async def told(ahead: int) -> None:
            await interaction.edit_original_response(content=ahead_text(REVIEW, ahead))

        user = interaction.user.id
        queue = functools.partial(self.lanes.ticket, REVIEW, interaction.guild_id or 0, user, told)
        reviewed = await self.reviews.review(channel, user, game, progress, queue)
        if (self.now() - interaction.created_at).total_seconds() >= LATE_SECONDS:
            await self._late(interaction, channel, reviewed)
            return
        if self.text_mode is not None and await self.text_mode.reads_text(interaction.user.id):
            filename = textmode.text_filename(reviewed.filename)
            parts = textmode.board_parts(reviewed.text, chart_text(reviewed.chart), filename)
            await interaction.edit_original_response(**textmode.as_edit(parts))
            return
        attachment = await chart(reviewed, self.pictures)
        await interaction.edit_original_response(
            content=limits.shorten(reviewed.text, limits.CONTENT), attachments=[attachment]
        )

    async def _late(
        self, interaction: discord.Interaction[MarsBot], channel: int, reviewed: Reviewed
    ) -> None:
        """The review by DM (or, DMs closed, a line in the channel asking to ask again); then,
        while the token lasts, the progress message says so."""
        user = interaction.user
        said = f"Your `/review` in <#{channel}>:\n{reviewed.text}"
        try:
            attachment = await chart(reviewed, self.pictures)
            await user.send(content=limits.shorten(said, limits.CONTENT), file=attachment)
        except discord.HTTPException:
            await interaction.client.get_partial_messageable(channel).send(
                CLOSED_DMS.format(user=user.id),
                allowed_mentions=discord.AllowedMentions(everyone=False, roles=False, users=[user]),
            )
            return
        with contextlib.suppress(discord.HTTPException):  # the token may have run out
            await interaction.edit_original_response(content=BY_DM)

    @review.autocomplete("game")
    async def finished_games(
        self, interaction: discord.Interaction[MarsBot], current: str
    ) -> list[app_commands.Choice[int]]:
        if interaction.channel_id is None:
            return []
        found = await self.history.choices(interaction.channel_id, str(current), finished=True)
        return game_choices(found)


async def chart(reviewed: Reviewed, pictures: Pictures) -> discord.File:
    """The review's chart as an attachment, described; drawn behind the tables' pictures."""
    png, alt = await pictures.behind_tables(chart_png, reviewed.chart)
    return discord.File(
        io.BytesIO(png),
        filename=reviewed.filename,
        description=limits.shorten(alt, limits.ATTACHMENT_DESCRIPTION),
    )
