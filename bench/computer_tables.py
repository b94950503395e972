"""Tables against computer players during the load benchmark: how long the computer takes to
answer, at each level, while the load's traffic runs.

At each such table one simulated player plays Ley Lines of Mars against a computer seat (`/new
leylines` with one computer, the person moving first); the tables take the levels in turn, hard,
normal, easy (`LEVELS`). The player thinks `think_seconds`, moves like the load's players
(`bench.players`), and waits for the computer's move. Two times are taken per computer move: the
thinker's own (the bot logs each move chosen with its level and its wall time from the turn
handed to the thinking workers to the move back, `bot.workers.thinking.THOUGHT`), and the player's
(from the board picture after its move to the board picture after the computer's, less the
computer's pause). A finished game is opened anew at the table's level.
"""

from __future__ import annotations

import asyncio
import re
from collections import Counter, defaultdict
from dataclasses import dataclass, field

from bench.players import PICTURE_SECONDS, REPLY_SECONDS, LoadError, Players, Table
from bot.computers.turns import PAUSE_SECONDS
from tests.fakediscord import FakeDiscord

LEVELS = ("hard", "normal", "easy")
"""The computers' levels, table by table in turn."""
THINKING = "is thinking."
THOUGHT = re.compile(r"a (\w+) move chosen in (\d+) ms")
"""The bot's log line of a move chosen (see `bot.workers.thinking.THOUGHT`)."""


@dataclass
class Replies:
    """What the players at computer tables measured (ns)."""

    seen: defaultdict[str, list[int]] = field(default_factory=lambda: defaultdict(list))
    """By the computer's level: the board picture after the person's move -> the one after the
    computer's, less the pause."""
    games: int = 0
    why: Counter[str] = field(default_factory=Counter)
    """The failed turns counted by what went wrong (`failure`)."""

    @property
    def errors(self) -> int:
        """The failed turns."""
        return self.why.total()

    def failed(self, error: Exception) -> None:
        """Count a failed turn by what went wrong (`error`)."""
        self.why[failure(error)] += 1


def failure(error: Exception) -> str:
    """What went wrong in a failed turn, in a few words: the error's kind and the start of its
    message (a time-out has none)."""
    said = str(error)[:80]
    return f"{type(error).__name__}: {said}" if said else type(error).__name__


def thoughts(log: str) -> defaultdict[str, list[int]]:
    """The thinking times (ns) of the moves the bot logged, by level."""
    found: defaultdict[str, list[int]] = defaultdict(list)
    for line in THOUGHT.finditer(log):
        found[line[1]].append(int(line[2]) * 1_000_000)
    return found


def level_of(index: int) -> str:
    """The computer's level at the `index`th table against one (from 0): `LEVELS` in turn."""
    return LEVELS[index % len(LEVELS)]


class ComputerTables:
    """Plays tables against computers through the fake, beside the load's players."""

    def __init__(self, fake: FakeDiscord, seed: int, think_seconds: float) -> None:
        self.fake = fake
        self.players = Players(fake, seed, board_every=0)
        self.think_seconds = think_seconds
        self.replies = Replies()

    async def open(self, table: Table, level: str) -> None:
        """`/new leylines` with a computer seat at `level`, the person first, then `/start`."""
        person = table.players[0]
        options = {"first": 1, "bots": 1, "bot_level": level}
        lobby = await (
            await self.fake.slash(person, table.channel, "new", "leylines", options)
        ).response(REPLY_SECONDS)
        if lobby.ephemeral:
            raise LoadError(f"the table was not opened: {lobby.content}")
        picture = self.players.pictures.expect(table.channel)
        await (await self.fake.slash(person, table.channel, "start")).response(REPLY_SECONDS)
        _, board = await asyncio.wait_for(picture, PICTURE_SECONDS)
        table.follow(board)
        self.replies.games += 1

    async def move(self, table: Table, level: str) -> None:
        """The person's move, then the answer of the computer at `level`, timed."""
        person = table.players[0]
        offered = await self.players.choices(person, table, "")
        picture = self.players.pictures.expect(table.channel)
        played = self.players.rng.choice(offered)
        result = await self.fake.slash(person, table.channel, "move", options={"text": played})
        reply = await result.response(REPLY_SECONDS)
        if not reply.content.startswith("Done"):
            raise LoadError(f"the move was refused: {reply.content}")
        moved, board = await asyncio.wait_for(picture, PICTURE_SECONDS)
        table.follow(board)
        if THINKING not in board:
            return  # the game is over
        answer = self.players.pictures.expect(table.channel)
        answered, board = await asyncio.wait_for(answer, PICTURE_SECONDS + PAUSE_SECONDS)
        self.replies.seen[level].append(round((answered - moved - PAUSE_SECONDS) * 1e9))
        while THINKING in board:  # the person passed: the computer moves again
            again = self.players.pictures.expect(table.channel)
            _, board = await asyncio.wait_for(again, PICTURE_SECONDS + PAUSE_SECONDS)
        table.follow(board)

    async def play(self, table: Table, level: str, until: float) -> None:
        """Turns at `table`, against a computer at `level`, until the loop time `until` (the
        turn under way is finished)."""
        loop = asyncio.get_running_loop()
        while loop.time() < until:
            await self.turn(table, level)

    async def turn(self, table: Table, level: str) -> None:
        """One turn at `table`: open a game against a computer at `level`, or think and move
        (and time the computer's answer); a failure is counted."""
        try:
            if table.to_move is None:
                await self.open(table, level)
            else:
                await asyncio.sleep(self.think_seconds)
                await self.move(table, level)
        except (LoadError, AssertionError, TimeoutError) as error:
            self.replies.failed(error)
            table.to_move = None
