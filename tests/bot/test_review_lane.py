"""`/review` in its lane, through its cog on a real SQLite store with a stand-in for Discord: a
review that waits for its turn says in its private reply how many reviews are ahead, edited as
they go; a person who already has a review on the way is refused with one line; the same review
asked again by the same person is pointed to the first."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any, cast

import discord
import pytest

from bot.courier.replies import answer_error
from bot.review.cog import ReviewCommands
from bot.workers.lanes import REVIEW, Lanes, Limits
from club.catalogue import CATALOGUE
from club.review.reviews import Reviews
from club.service import TableService
from club.storage import Storage
from club.storage.sqlite import SqliteDatabase
from engine.core import GameError
from tests.bot.test_review_cog import CREATED, Interaction
from tests.hang import HANG_SECONDS
from tests.service.fixtures import ANN, BOB, serve
from tests.service.test_reviews import TINY, blundered

GUARD = HANG_SECONDS
"""Seconds a step may take before the test gives up (a guard against hanging, not a measure)."""


class Held:
    """Worker calls run in this process once the test opens the gate."""

    def __init__(self) -> None:
        self.open = asyncio.Event()
        self.asked = asyncio.Event()

    async def __call__(self, function: Any, *args: Any) -> Any:
        self.asked.set()
        await self.open.wait()
        return function(*args)


class Watched(Interaction):
    """The review cog's stand-in interaction, each edit of its private reply also queued."""

    def __init__(self, user_id: int) -> None:
        super().__init__(user_id)
        self.queue: asyncio.Queue[str] = asyncio.Queue()

    async def edit_original_response(
        self, *, content: str, attachments: list[discord.File] | None = None
    ) -> None:
        await super().edit_original_response(content=content, attachments=attachments)
        self.queue.put_nowait(content)


@pytest.fixture
def store(tmp_path: Path) -> Storage:
    return Storage(SqliteDatabase(tmp_path / "bot.sqlite3"))


@pytest.fixture
async def service(store: Storage) -> AsyncIterator[TableService]:
    yield await serve(store, seed=1)
    await store.close()


async def review(cog: ReviewCommands, interaction: Interaction) -> None:
    """`/review` as discord.py runs it, a refusal answered as the command tree answers it."""
    try:
        await cast(Any, cog.review).callback(cog, interaction, None)
    except GameError as error:
        await answer_error(cast(Any, interaction), error)


def refusals(interaction: Interaction) -> list[str]:
    return [text for text, _ in interaction.response.sent]


async def reviewing(
    service: TableService, store: Storage, lanes: Lanes | None = None
) -> tuple[ReviewCommands, Held]:
    """The cog, on the store's one finished game, whose positions wait for the test's gate."""
    await blundered(service)
    held = Held()
    reviews = Reviews(store.games, store.moves, CATALOGUE, held, simulations=TINY)
    return ReviewCommands(service.history, reviews, lambda: CREATED, lanes=lanes), held


async def test_a_waiting_review_says_how_many_are_ahead_as_they_go(
    service: TableService, store: Storage
) -> None:
    cog, held = await reviewing(service, store, Lanes(limits={REVIEW: Limits(1)}))
    ann, bob = Watched(ANN.user_id), Watched(BOB.user_id)
    anns = asyncio.ensure_future(review(cog, ann))
    await asyncio.wait_for(held.asked.wait(), GUARD)  # Ann's review is being made
    bobs = asyncio.ensure_future(review(cog, bob))
    told = await asyncio.wait_for(bob.queue.get(), GUARD)
    assert told == "1 review ahead of yours; this message changes as they go."
    again = Watched(ANN.user_id)
    await review(cog, again)  # Ann asks again for the same review
    assert refusals(again) == [
        "Your review of game #1 is already on its way: it comes in your first `/review`."
    ]
    held.open.set()
    await asyncio.wait_for(asyncio.gather(anns, bobs), GUARD)
    assert bob.edits[-1][1] == ["review-1-2.png"] and ann.edits[-1][1] == ["review-1-1.png"]
    assert all("ahead of yours" not in text for text, _ in ann.edits)


async def test_a_person_with_a_review_on_the_way_is_refused_with_one_line(
    service: TableService, store: Storage
) -> None:
    cog, held = await reviewing(service, store)
    on_the_way = cog.lanes.ticket(REVIEW, 1, ANN.user_id)  # Ann's review elsewhere
    ann = Watched(ANN.user_id)
    await review(cog, ann)
    assert refusals(ann) == ["You already have 1 review on the way; ask again once one is done."]
    on_the_way.close()
    held.open.set()
    await asyncio.wait_for(review(cog, ann), GUARD)
    assert ann.edits[-1][1] == ["review-1-1.png"]
