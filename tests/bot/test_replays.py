"""`/replay` in a lane of its own, through the `HistoryCommands` cog on a real SQLite store with
a stand-in for Discord: identical requests make one animation and one post (later askers get
its link), a second replay in a server waits for the first and its asker's reply says how many
are ahead, a person's third replay at once is refused privately, and board pictures are drawn
while the replay workers are busy (the replay workers are not the board pictures', and a broken
replay pool is replaced)."""

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


class Posted:
    """A message as posted: its link."""

    def __init__(self, number: int) -> None:
        self.jump_url = f"https://discord.com/channels/1/{CHANNEL}/{number}"


class Posts:
    """A channel as the cog posts to it: (text, GIF bytes) of each message."""

    def __init__(self) -> None:
        self.sent: list[tuple[str, bytes]] = []

    async def send(self, content: str, *, file: discord.File) -> Posted:
        self.sent.append((content, file.fp.read()))
        return Posted(len(self.sent))


class Client:
    def __init__(self) -> None:
        self.channels: defaultdict[int, Posts] = defaultdict(Posts)

    def get_partial_messageable(self, channel_id: int, *, guild_id: int | None = None) -> Posts:
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

    def __init__(self, client: Client, channel: int = CHANNEL, user: int = ANN.user_id) -> None:
        self.client = client
        self.channel_id = channel
        self.guild_id = 1
        self.filesize_limit = 10 * 1024 * 1024
        self.user = type("User", (), {"id": user, "display_name": ANN.name})()
        self.command = None
        self.response = FakeResponse()
        self.followup = Said(self.response)
        self.edits: asyncio.Queue[str] = asyncio.Queue()
        """Each edit of the private reply (the "thinking" placeholder)."""

    async def edit_original_response(self, *, content: str) -> None:
        self.edits.put_nowait(content)

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


async def edited_or_begun(interaction: Interaction, made: Making, game: int) -> str:
    """What happens first: the asker's private reply is edited (its text), or game `game`'s
    animation begins ("begun")."""
    told = asyncio.ensure_future(interaction.edits.get())
    begun = asyncio.ensure_future(made.begun[heading(game)].wait())
    done, pending = await asyncio.wait({told, begun}, timeout=GUARD, return_when="FIRST_COMPLETED")
    for waiting in pending:
        waiting.cancel()
    assert done, "neither happened"
    return told.result() if told in done else "begun"


async def test_identical_replays_are_made_once_and_posted_once(
    cog: HistoryCommands, service: TableService, monkeypatch: pytest.MonkeyPatch
) -> None:
    await finished_games(service, 1)
    made = making(monkeypatch, held=False)
    client = Client()
    askers = [Interaction(client, user=n) for n in range(1, 4)]
    await asyncio.gather(*(replay(cog, asker) for asker in askers))
    await replay(cog, later := Interaction(client))
    assert made.made == [heading(1)]
    [(text, _)] = client.channels[CHANNEL].sent
    assert text.startswith(f"Replay of **{heading(1)}**")
    link = f"https://discord.com/channels/1/{CHANNEL}/1"
    shared = f"The replay of game #1 is posted here already: {link}"
    assert askers[0].said == [(POSTED, True)]
    for asker in [*askers[1:], later]:
        assert asker.said == [(shared, True)]


async def test_a_second_replay_in_a_server_waits_for_the_first_and_its_asker_is_told(
    cog: HistoryCommands, service: TableService, monkeypatch: pytest.MonkeyPatch
) -> None:
    await finished_games(service, 2)
    made = making(monkeypatch, held=True)
    client = Client()
    first, second = Interaction(client, user=1), Interaction(client, user=2)
    asked = [asyncio.ensure_future(replay(cog, first, 1))]
    await asyncio.wait_for(made.begun[heading(1)].wait(), GUARD)
    asked.append(asyncio.ensure_future(replay(cog, second, 2)))
    queued = "1 replay ahead of yours; this message changes as they go."
    assert await edited_or_begun(second, made, 2) == queued
    assert made.made == [heading(1)]
    made.hold.set()
    await asyncio.wait_for(asyncio.gather(*asked), GUARD)
    assert made.made == [heading(1), heading(2)]
    posts = [text for text, _ in client.channels[CHANNEL].sent]
    assert [text.split("**")[1] for text in posts] == [heading(1), heading(2)]
    assert first.said == [(POSTED, True)] and second.said == [(POSTED, True)]
    assert first.edits.empty() and second.edits.empty()


async def test_a_person_s_third_replay_at_once_is_refused_privately(
    cog: HistoryCommands, service: TableService, monkeypatch: pytest.MonkeyPatch
) -> None:
    await finished_games(service, 3)
    made = making(monkeypatch, held=True)
    client = Client()
    askers = [Interaction(client) for _ in range(3)]
    asked = [asyncio.ensure_future(replay(cog, askers[0], 1))]
    await asyncio.wait_for(made.begun[heading(1)].wait(), GUARD)
    asked.append(asyncio.ensure_future(replay(cog, askers[1], 2)))
    assert (await edited_or_begun(askers[1], made, 2)).startswith("1 replay ahead of yours")
    await replay(cog, askers[2], 3)
    refused = "You already have 2 replays on the way; ask again once one is done."
    assert askers[2].said == [(refused, True)]
    made.hold.set()
    await asyncio.wait_for(asyncio.gather(*asked), GUARD)
    assert made.made == [heading(1), heading(2)]
    assert len(client.channels[CHANNEL].sent) == 2


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
