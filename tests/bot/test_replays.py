"""`/replay` in a lane of its own, through the `HistoryCommands` cog on a real SQLite store with
a stand-in for Discord: identical requests make one animation, a second replay in a channel
waits for the first and its asker is told so, a full queue is refused privately, and board
pictures are drawn while the replay workers are busy (the replay workers are not the board
pictures', and a broken replay pool is replaced)."""

from __future__ import annotations

import asyncio
import os
import threading
from collections import defaultdict
from collections.abc import AsyncIterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, cast

import discord
import pytest

from bot.courier import pictures as pictures_module
from bot.courier.pictures import Pictures
from bot.courier.replies import answer_error
from bot.history.cog import HistoryCommands
from club.catalogue import CATALOGUE
from club.service import TableService
from club.storage import Storage
from club.storage.sqlite import SqliteDatabase
from engine.core import GameError, resolve_options
from engine.leylines import GAME
from render.captions import Frame
from render.leylines import RENDERER
from render.replay import Animation, Draw, animate
from tests.bot.fakes import FakeFollowup, FakeResponse
from tests.bot.test_pictures import BreakingPool
from tests.hang import HANG_SECONDS
from tests.service.fixtures import ANN, BOB, CHANNEL, serve, started

GUARD = HANG_SECONDS
"""Seconds a step may take before the test gives up (a guard against hanging, not a measure)."""
POSTED = "The replay is posted in this channel."
BUSY = "Too many replays are being made right now; try again in a minute."


class Posts:
    """A channel as the cog posts to it: (text, GIF bytes) of each message."""

    def __init__(self) -> None:
        self.sent: list[tuple[str, bytes]] = []

    async def send(self, content: str, *, file: discord.File) -> None:
        self.sent.append((content, file.fp.read()))


class Client:
    def __init__(self) -> None:
        self.channels: defaultdict[int, Posts] = defaultdict(Posts)

    def get_partial_messageable(self, channel_id: int) -> Posts:
        return self.channels[channel_id]


class Said(FakeFollowup):
    """Follow-ups recorded as FakeFollowup does, each also put on a queue to be awaited."""

    def __init__(self, response: FakeResponse) -> None:
        super().__init__(response)
        self.queue: asyncio.Queue[tuple[str, bool]] = asyncio.Queue()

    async def send(self, text: str, *, ephemeral: bool = False, **parts: Any) -> None:
        await super().send(text, ephemeral=ephemeral, **parts)
        self.queue.put_nowait(self.response.sent[-1])


class Interaction:
    """What `/replay` touches of a discord.Interaction in `channel`."""

    def __init__(self, client: Client, channel: int = CHANNEL) -> None:
        self.client = client
        self.channel_id = channel
        self.guild_id = 1
        self.filesize_limit = 10 * 1024 * 1024
        self.user = type("User", (), {"id": ANN.user_id, "display_name": ANN.name})()
        self.command = None
        self.response = FakeResponse()
        self.followup = Said(self.response)

    @property
    def said(self) -> list[tuple[str, bool]]:
        """Everything the asker was told: (text, private)."""
        return self.response.sent


class Making:
    """`render.replay.animate` as the replay workers call it (threads here): each call noted
    (by the first caption: the game's heading) and, while `hold` is unset, held."""

    def __init__(self, *, held: bool) -> None:
        self.loop = asyncio.get_running_loop()
        self.made: list[str] = []
        self.begun: defaultdict[str, asyncio.Event] = defaultdict(asyncio.Event)
        self.hold = threading.Event()
        if not held:
            self.hold.set()

    def __call__(self, frames: Sequence[Frame], budget: int, draw: Draw) -> Animation:
        self.loop.call_soon_threadsafe(self._begin, frames[0].caption[0])
        self.hold.wait(GUARD)
        return animate(frames, budget, draw)

    def _begin(self, heading: str) -> None:
        self.made.append(heading)
        self.begun[heading].set()


def heading(game: int) -> str:
    return f"Ley Lines of Mars #{game}: Ann vs Bob"


@pytest.fixture
async def service(tmp_path: Path) -> AsyncIterator[TableService]:
    store = Storage(SqliteDatabase(tmp_path / "bot.sqlite3"))
    yield await serve(store, seed=7)
    await store.close()


async def finished_games(service: TableService, count: int) -> None:
    """`count` short games of Ley Lines in CHANNEL, each ended by Bob's resignation."""
    for _ in range(count):
        await started(service)
        await service.play.move(CHANNEL, ANN, "L c3")
        await service.play.resign(CHANNEL, BOB)


@pytest.fixture
async def cog(service: TableService) -> AsyncIterator[HistoryCommands]:
    history = HistoryCommands(service.history, Pictures())
    yield history
    await history.cog_unload()


def making(monkeypatch: pytest.MonkeyPatch, *, held: bool) -> Making:
    made = Making(held=held)
    monkeypatch.setattr(pictures_module, "animate", made)
    return made


async def replay(cog: HistoryCommands, interaction: Interaction, game: int | None = None) -> None:
    """`/replay` as discord.py runs it, a refusal answered as the command tree answers it."""
    try:
        await cast(Any, cog.replay).callback(cog, interaction, game)
    except GameError as error:
        await answer_error(cast(Any, interaction), error)


async def told_or_begun(interaction: Interaction, made: Making, game: int) -> str:
    """What happens first: the asker is told something (its text), or game `game`'s animation
    begins ("begun")."""
    told = asyncio.ensure_future(interaction.followup.queue.get())
    begun = asyncio.ensure_future(made.begun[heading(game)].wait())
    done, pending = await asyncio.wait({told, begun}, timeout=GUARD, return_when="FIRST_COMPLETED")
    for waiting in pending:
        waiting.cancel()
    assert done, "neither happened"
    return told.result()[0] if told in done else "begun"


async def test_identical_replays_are_made_once_and_a_finished_one_is_remembered(
    cog: HistoryCommands, service: TableService, monkeypatch: pytest.MonkeyPatch
) -> None:
    await finished_games(service, 1)
    made = making(monkeypatch, held=False)
    client = Client()
    askers = [Interaction(client) for _ in range(3)]
    await asyncio.gather(*(replay(cog, asker) for asker in askers))
    await replay(cog, later := Interaction(client))
    assert made.made == [heading(1)]
    posts = client.channels[CHANNEL].sent
    assert len(posts) == 4 and len({gif for _, gif in posts}) == 1
    assert all(text.startswith(f"Replay of **{heading(1)}**") for text, _ in posts)
    for asker in [*askers, later]:
        assert asker.said == [(POSTED, True)]


async def test_a_second_replay_in_a_channel_waits_for_the_first_and_its_asker_is_told(
    cog: HistoryCommands, service: TableService, monkeypatch: pytest.MonkeyPatch
) -> None:
    await finished_games(service, 2)
    made = making(monkeypatch, held=True)
    client = Client()
    first, second = Interaction(client), Interaction(client)
    asked = [asyncio.ensure_future(replay(cog, first, 1))]
    await asyncio.wait_for(made.begun[heading(1)].wait(), GUARD)
    asked.append(asyncio.ensure_future(replay(cog, second, 2)))
    queued = "Your replay is queued behind 1 other; it will be posted here shortly."
    assert await told_or_begun(second, made, 2) == queued
    assert second.said == [(queued, True)] and made.made == [heading(1)]
    made.hold.set()
    await asyncio.wait_for(asyncio.gather(*asked), GUARD)
    assert made.made == [heading(1), heading(2)]
    posts = [text for text, _ in client.channels[CHANNEL].sent]
    assert [text.split("**")[1] for text in posts] == [heading(1), heading(2)]
    assert first.said == [(POSTED, True)] and second.said == [(queued, True), (POSTED, True)]


async def test_a_replay_beyond_the_queue_s_bound_is_refused_privately(
    cog: HistoryCommands, service: TableService, monkeypatch: pytest.MonkeyPatch
) -> None:
    waiting = cog.replays.waiting_per_channel
    await finished_games(service, waiting + 2)
    made = making(monkeypatch, held=True)
    client = Client()
    askers = [Interaction(client) for _ in range(waiting + 2)]
    asked = [asyncio.ensure_future(replay(cog, askers[0], 1))]
    await asyncio.wait_for(made.begun[heading(1)].wait(), GUARD)
    for game, asker in enumerate(askers[1:-1], start=2):
        asked.append(asyncio.ensure_future(replay(cog, asker, game)))
        assert (await told_or_begun(asker, made, game)).startswith("Your replay is queued")
    await replay(cog, askers[-1], waiting + 2)
    assert askers[-1].said == [(BUSY, True)]
    made.hold.set()
    await asyncio.wait_for(asyncio.gather(*asked), GUARD)
    assert made.made == [heading(game) for game in range(1, waiting + 2)]
    assert len(client.channels[CHANNEL].sent) == waiting + 1


def opening_frames() -> tuple[Frame, ...]:
    state = GAME.new_game(["Ann", "Bob"], resolve_options(GAME.options, {}), 7)
    return (Frame(GAME.view(state, None), (heading(1), "The opening position.")),)


async def test_a_board_is_drawn_while_the_replay_workers_are_busy(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    made = making(monkeypatch, held=True)
    pictures = Pictures(lambda: ThreadPoolExecutor(1))  # one board worker
    try:
        replaying = asyncio.ensure_future(pictures.animate(opening_frames(), 10**7))
        await asyncio.wait_for(made.begun[heading(1)].wait(), GUARD)
        state = GAME.new_game(["Ann", "Bob"], resolve_options(GAME.options, {}), 8)
        drawn = await asyncio.wait_for(pictures.draw(GAME.view(state, None)), GUARD)
        assert drawn.png and not replaying.done()
        made.hold.set()
        assert (await replaying).shown == 1
    finally:
        made.hold.set()
        await asyncio.to_thread(pictures.close)


async def test_a_broken_replay_pool_is_replaced_at_the_next_replay() -> None:
    pools: list[BreakingPool] = []

    def workers() -> BreakingPool:
        pools.append(BreakingPool(works=1))
        return pools[-1]

    pictures = Pictures(replays=workers)
    try:
        first = await pictures.animate(opening_frames(), 10**7)
        assert await pictures.animate(opening_frames(), 10**7) == first and len(pools) == 2
    finally:
        await asyncio.to_thread(pictures.close)


async def test_replays_are_made_by_worker_processes_of_their_own_at_a_lower_priority() -> None:
    pictures = Pictures.in_processes(CATALOGUE, 1)
    try:
        frames = opening_frames()
        assert await pictures.animate(frames, 10**7) == animate(frames, 10**7, RENDERER.draw)
        assert pictures.replays.executor is not pictures.boards.executor
        niceness = await pictures.replays.submit(os.nice, 0)
        assert niceness > await pictures.boards.submit(os.nice, 0)
    finally:
        await asyncio.to_thread(pictures.close)
