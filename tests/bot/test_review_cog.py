"""`/review` through its cog, on a real SQLite store with a stand-in for Discord and a clock of
the test's own: a review done within 14 minutes of the command fills the private reply; one done
later (its interaction's token near its end) comes by DM instead, the reply then saying so, and
to an asker whose DMs are closed a line in the channel says to ask again, which answers at
once."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any, cast

import discord
import pytest

from bot.courier.pictures import Pictures
from bot.review.cog import BY_DM, LATE_SECONDS, ReviewCommands
from club.catalogue import CATALOGUE
from club.review.reviews import Reviews
from club.service import TableService
from club.storage import Storage
from tests.bot.fakes import Counted, FakeFollowup, FakeResponse
from tests.conftest import Backend, sqlite_backend
from tests.service.fixtures import CHANNEL
from tests.service.test_reviews import PLANNED, Slow, blundered

CREATED = datetime(2026, 12, 1, 12, 0, tzinfo=UTC)
"""When the `/review` command was sent."""


class Posts:
    """Messages sent to a channel or a DM: (text, attachment names, allowed mentions)."""

    def __init__(self, closed: bool = False) -> None:
        self.closed = closed
        self.sent: list[tuple[str, list[str], Any]] = []

    async def send(
        self,
        content: str,
        *,
        file: discord.File | None = None,
        allowed_mentions: discord.AllowedMentions | None = None,
    ) -> None:
        if self.closed:
            raise discord.Forbidden(cast(Any, FakeHTTP(403)), "Cannot send messages to this user")
        self.sent.append((content, [] if file is None else [file.filename], allowed_mentions))


class FakeHTTP:
    """What `discord.HTTPException` reads of a response."""

    def __init__(self, status: int) -> None:
        self.status, self.reason = status, "Forbidden"


class Client:
    def __init__(self) -> None:
        self.channel = Posts()

    def get_partial_messageable(self, channel_id: int) -> Posts:
        assert channel_id == CHANNEL
        return self.channel


class User(Posts):
    """The asker, whose DMs are `Posts` of their own."""

    def __init__(self, user_id: int, closed: bool) -> None:
        super().__init__(closed)
        self.id, self.display_name = user_id, "Asker"


class Interaction:
    """What `/review` touches of a discord.Interaction sent at `CREATED`."""

    def __init__(self, user_id: int, *, closed_dms: bool = False) -> None:
        self.client = Client()
        self.channel_id, self.guild_id = CHANNEL, 1
        self.user = User(user_id, closed_dms)
        self.created_at = CREATED
        self.response = FakeResponse()
        self.followup = FakeFollowup(self.response)
        self.edits: list[tuple[str, list[str]]] = []
        """Each edit of the private reply: its text and attachment names."""

    async def edit_original_response(
        self, *, content: str, attachments: list[discord.File] | None = None
    ) -> None:
        self.edits.append((content, [f.filename for f in attachments or []]))


@pytest.fixture
def backend(tmp_path: Path) -> Backend:
    """A fresh SQLite file: reviews are tested on SQLite only."""
    return sqlite_backend(tmp_path)


@pytest.fixture
def service(storage: Storage) -> TableService:
    return TableService(storage, seed_source=lambda: 1)


def cog_on(service: TableService, storage: Storage, waited: float) -> tuple[ReviewCommands, Slow]:
    """The cog whose reviews run on a slow host (0.3 s a simulation, so the review of the
    blundered game takes its whole deadline), begun `waited` seconds after the command."""
    slow = Slow(per_sample=0.3)
    reviews = Reviews(
        storage.games, storage.moves, CATALOGUE, slow, simulations=PLANNED, clock=slow.clock
    )

    def now() -> datetime:
        return CREATED + timedelta(seconds=waited + slow.now)

    return ReviewCommands(service.history, reviews, now), slow


async def review(cog: ReviewCommands, interaction: Interaction) -> None:
    await cast(Any, cog.review).callback(cog, interaction, None)


async def test_a_review_done_within_14_minutes_fills_the_private_reply(
    service: TableService,
    storage: Storage,
) -> None:
    user, _, _ = await blundered(service)
    cog, slow = cog_on(service, storage, waited=60.0)
    asked = Interaction(user)
    await review(cog, asked)
    assert 60.0 + slow.now < LATE_SECONDS
    assert asked.response.deferral == (True, True)  # private, "thinking"
    text, files = asked.edits[-1]
    assert text.startswith("**Review of Ley Lines of Mars #1") and files == ["review-1-1.png"]
    assert asked.user.sent == [] and asked.client.channel.sent == []


async def test_a_review_done_after_14_minutes_comes_by_dm(
    service: TableService, storage: Storage
) -> None:
    user, _, _ = await blundered(service)
    cog, slow = cog_on(service, storage, waited=8 * 60.0)  # behind another review, say
    asked = Interaction(user)
    await review(cog, asked)
    assert 8 * 60.0 + slow.now >= LATE_SECONDS
    [(text, files, _)] = asked.user.sent
    assert text.startswith(f"Your `/review` in <#{CHANNEL}>:\n**Review of Ley Lines of Mars #1")
    assert "Reviewed with fewer samples (" in text and files == ["review-1-1.png"]
    assert asked.edits[-1] == (BY_DM, [])  # no review through the token
    assert all(not files for _, files in asked.edits)
    assert asked.client.channel.sent == []


async def test_a_late_review_to_closed_dms_says_to_ask_again(
    service: TableService, storage: Storage
) -> None:
    user, _, _ = await blundered(service)
    cog, slow = cog_on(service, storage, waited=8 * 60.0)
    asked = Interaction(user, closed_dms=True)
    await review(cog, asked)
    [(text, files, mentions)] = asked.client.channel.sent
    assert text.startswith(f"<@{user}>, your review took long and your DMs are closed: ask")
    assert files == [] and [u.id for u in mentions.users] == [user] and not mentions.everyone
    assert all(not files for _, files in asked.edits)
    weighed, again = len(slow.given), Interaction(user)
    cog.now = lambda: CREATED  # asked again at once
    await review(cog, again)
    assert len(slow.given) == weighed  # kept: nothing weighed again
    text, files = again.edits[-1]
    assert text.startswith("**Review of Ley Lines of Mars #1") and files == ["review-1-1.png"]


async def test_a_review_s_chart_is_drawn_behind_the_tables_pictures(
    service: TableService, storage: Storage
) -> None:
    user, _, _ = await blundered(service)
    cog, _ = cog_on(service, storage, waited=0.0)
    behind = Counted()
    cog.pictures = Pictures(behind=lambda: behind)
    try:
        await review(cog, Interaction(user))
    finally:
        cog.pictures.close()
    assert behind.drawn == 1 and cog.pictures.boards.executor is None  # no table's pool
