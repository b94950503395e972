"""Simulated players for the load benchmark: tables of Ley Lines of Mars played through the fake
Discord as people play them, each interaction timed from its dispatch.

A move is a player's: two autocompletes on `/move`'s text (nothing typed, then all but the last
character of a seeded pick from the first answer), then `/move` with a seeded pick from the
second answer. Every `board_every`-th turn is a `/board` by a seated player instead. A finished
game is opened anew (`/new leylines`, `/join`, `/start`) on its channel's next turn. Times are in
nanoseconds of the fake's event loop clock: from the dispatch of an interaction to the arrival of
its callback request (the acknowledgement or the autocomplete answer), or to the channel message
carrying the new board picture (posted or edited).
"""

from __future__ import annotations

import asyncio
import random
import re
import traceback
from collections import Counter
from dataclasses import dataclass, field

from tests.e2e.tables import FOOTER
from tests.fakediscord import Channel, FakeDiscord, InteractionResult, Message, User

GAME = "leylines"
REPLY_SECONDS = 10.0
"""How long a simulated player waits for an answer before counting an error."""
PICTURE_SECONDS = 30.0
"""How long a simulated player waits for the board picture before counting an error."""
TURN = re.compile(r"<@(\d+)>, your turn\.")


class LoadError(Exception):
    """The bot answered a simulated player in a way a working bot does not."""


@dataclass
class Table:
    """A channel, its two seated players and who is to move (None: open a new game first)."""

    channel: Channel
    players: tuple[User, User]
    to_move: User | None = None

    def follow(self, board: str) -> None:
        """Read who is to move from the board message's text (nobody once the game is over)."""
        turn = TURN.search(board)
        self.to_move = next((u for u in self.players if turn and u.id == int(turn[1])), None)


@dataclass
class Samples:
    """What the simulated players measured (ns) and counted."""

    ack: list[int] = field(default_factory=list)
    """`/move` dispatched -> its callback request arrives."""
    picture: list[int] = field(default_factory=list)
    """`/move` dispatched -> the channel message with the new board picture."""
    autocomplete: list[int] = field(default_factory=list)
    """Autocomplete dispatched -> its answer arrives."""
    board_ack: list[int] = field(default_factory=list)
    """`/board` dispatched -> its callback request arrives."""
    board_picture: list[int] = field(default_factory=list)
    """`/board` dispatched -> the board posted again."""
    moves: int = 0
    tables: int = 0
    """Games opened."""
    errors: Counter[str] = field(default_factory=Counter)
    """Failed turns, by what went wrong."""
    examples: dict[str, str] = field(default_factory=dict)
    """The first failure of each kind, in words."""


def callback_ns(result: InteractionResult) -> int:
    """Dispatch to callback arrival of an answered interaction, in ns."""
    record = result.record
    assert record.callback_at is not None
    return round((record.callback_at - record.dispatched_at) * 1e9)


class Pictures:
    """Board pictures as they reach the load's channels: a bot message of the channel (not an
    interaction's reply) created or edited with an uploaded picture and its turn line or
    result."""

    def __init__(self, fake: FakeDiscord) -> None:
        self._waiting: dict[int, asyncio.Future[tuple[float, str]]] = {}
        fake.state.watchers.append(self._seen)

    def expect(self, channel: Channel) -> asyncio.Future[tuple[float, str]]:
        """The next picture in `channel`: (loop time it arrived, the message's text)."""
        future = asyncio.get_running_loop().create_future()
        self._waiting[channel.id] = future
        return future

    def _seen(self, message: Message, uploads: int) -> None:
        if not uploads or message.ephemeral or message.interaction_id is not None:
            return
        if not FOOTER.search(message.content):
            return
        future = self._waiting.pop(message.channel_id, None)
        if future is not None and not future.done():
            future.set_result((asyncio.get_running_loop().time(), message.content))


class Players:
    """Plays turns at tables through the fake Discord, recording what it measures."""

    def __init__(self, fake: FakeDiscord, seed: int, board_every: int) -> None:
        self.fake = fake
        self.rng = random.Random(seed)
        self.board_every = board_every
        self.pictures = Pictures(fake)
        self.samples = Samples()
        self.turns = 0

    async def turn(self, table: Table) -> None:
        """One turn at `table`: open a game, show the board or move; errors are counted."""
        self.turns += 1
        try:
            if table.to_move is None:
                await self.open(table)
            elif self.turns % self.board_every == 0:
                await self.board(table)
            else:
                await self.move(table, table.to_move)
        except (LoadError, AssertionError, TimeoutError) as error:
            kind = type(error).__name__
            self.samples.errors[kind] += 1
            where = next(
                (
                    f"{f.name}:{f.lineno}"
                    for f in reversed(traceback.extract_tb(error.__traceback__))
                    if f.filename == __file__
                ),
                "?",
            )
            self.samples.examples.setdefault(kind, f"{error or repr(error)} (at {where})")
            table.to_move = None  # unknown now: the next turn opens a game (or is refused)

    async def _reply(self, user: User, table: Table, command: str, **options: str) -> Message:
        result = await self.fake.slash(user, table.channel, command, options=options)
        return await result.response(REPLY_SECONDS)

    async def _picture(self, future: asyncio.Future[tuple[float, str]]) -> tuple[float, str]:
        return await asyncio.wait_for(future, PICTURE_SECONDS)

    async def open(self, table: Table) -> None:
        """`/new leylines` by the first player, `/join` by the second, `/start`."""
        first, second = table.players
        lobby = await (
            await self.fake.slash(first, table.channel, "new", subcommand=GAME)
        ).response(REPLY_SECONDS)
        joined = await self._reply(second, table, "join")
        if lobby.ephemeral or joined.ephemeral:
            raise LoadError(f"the table was not opened: {lobby.content} / {joined.content}")
        picture = self.pictures.expect(table.channel)
        await self._reply(first, table, "start")
        _, board = await self._picture(picture)
        table.follow(board)
        self.samples.tables += 1

    async def choices(self, user: User, table: Table, typed: str) -> list[str]:
        """The autocomplete answer to `typed` in `/move`'s text, timed."""
        result = self.fake.type_into(user, table.channel, "move", "text", typed)
        found = await result.choices(REPLY_SECONDS)
        self.samples.autocomplete.append(callback_ns(result))
        return [str(choice["value"]) for choice in found]

    async def move(self, table: Table, user: User) -> None:
        """Two autocompletes, then `/move` with a legal move: timed to its acknowledgement and
        to its board picture."""
        offered = await self.choices(user, table, "")
        if not offered:
            raise LoadError("no legal move was offered")
        narrowed = await self.choices(user, table, self.rng.choice(offered)[:-1])
        if not narrowed:
            raise LoadError("typing narrowed the legal moves to none")
        picture = self.pictures.expect(table.channel)
        result = await self.fake.slash(
            user, table.channel, "move", options={"text": self.rng.choice(narrowed)}
        )
        reply = await result.response(REPLY_SECONDS)
        self.samples.ack.append(callback_ns(result))
        if not reply.content.startswith("Done"):
            raise LoadError(f"the move was refused: {reply.content}")
        arrived, board = await self._picture(picture)
        self.samples.picture.append(round((arrived - result.record.dispatched_at) * 1e9))
        self.samples.moves += 1
        table.follow(board)

    async def board(self, table: Table) -> None:
        """`/board` by a seated player: timed to its acknowledgement and to the board."""
        picture = self.pictures.expect(table.channel)
        result = await self.fake.slash(self.rng.choice(table.players), table.channel, "board")
        await result.response(REPLY_SECONDS)
        self.samples.board_ack.append(callback_ns(result))
        arrived, _ = await self._picture(picture)
        self.samples.board_picture.append(round((arrived - result.record.dispatched_at) * 1e9))

    async def open_all(self, tables: list[Table], inflight: int) -> None:
        """Open a game at every table, `inflight` at a time; then start counting afresh."""
        gate = asyncio.Semaphore(inflight)

        async def open_one(table: Table) -> None:
            async with gate:
                await self.turn(table)

        await asyncio.gather(*(open_one(table) for table in tables))
        if self.samples.errors:
            raise LoadError(f"tables could not be opened: {dict(self.samples.errors)}")
        self.samples, self.turns = Samples(), 0

    async def play(self, tables: list[Table], inflight: int, until: float) -> None:
        """Turns at `tables` by `inflight` players at once, each taking the table that has
        waited longest, until the loop time `until`; turns under way then are finished."""
        idle: asyncio.Queue[Table] = asyncio.Queue()
        for table in tables:
            idle.put_nowait(table)
        loop = asyncio.get_running_loop()

        async def player() -> None:
            while loop.time() < until:
                table = await idle.get()
                await self.turn(table)
                idle.put_nowait(table)

        await asyncio.gather(*(player() for _ in range(inflight)))
