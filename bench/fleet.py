"""Where a load run's bot lives: the fake Discord's guilds holding the run's channels, the bot
processes serving them and the database they share.

One process serves every guild (shard 0 of 1). Several processes run one shard each
(`SHARD_COUNT`, `SHARD_IDS`) and must share a PostgreSQL database (`DATABASE_URL`); the channels
are then split evenly between guilds served by the different shards, each channel's two players
members of its guild. A guild holds at most Discord's 500 channels, so a run with more channels
has more guilds (and its commands are synced globally, as with any bot in several servers).
"""

from __future__ import annotations

import asyncio
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from bench.players import Table
from tests.fakediscord import BotProcess, FakeDiscord

MAX_CHANNELS = 500
"""Discord's limit of channels in one guild."""
START_SECONDS = 60.0
"""How long a bot process may take to connect and sync its commands."""


@dataclass(frozen=True)
class Database:
    """Where the bot processes keep their games."""

    name: str
    """As the report names it: SQLite or PostgreSQL."""
    url: str | None = None
    """The bot's DATABASE_URL; None: a SQLite file in the run's folder."""
    server_pid: int | None = None
    """The database server's process (PostgreSQL's postmaster), whose CPU and its backends' is
    counted apart from the bot's; None: the database lives in the bot's process."""


SQLITE = Database("SQLite")


def guild_sizes(channels: int, processes: int) -> list[int]:
    """How many channels each guild holds: as few guilds as hold `channels` (at most
    MAX_CHANNELS each) and a multiple of `processes`, channels split evenly between them."""
    guilds = max(1, math.ceil(channels / MAX_CHANNELS))
    guilds = math.ceil(guilds / processes) * processes
    return [channels // guilds + (n < channels % guilds) for n in range(guilds)]


async def open_world(names: Sequence[str], processes: int, validate_one_in: int) -> FakeDiscord:
    """A fake Discord whose guilds hold the channels `names` (in order), guild n served by shard
    n % `processes` (the first guild, which the fake makes itself, by shard 0)."""
    sizes = guild_sizes(len(names), processes)
    starts = [sum(sizes[:n]) for n in range(len(sizes))]
    chunks = [tuple(names[s : s + size]) for s, size in zip(starts, sizes, strict=True)]
    fake = await FakeDiscord.start(channel_names=chunks[0], validate_one_in=validate_one_in)
    for n, chunk in enumerate(chunks[1:], start=1):
        shard = (n % processes, processes) if processes > 1 else None
        fake.add_guild(f"Load {n + 1}", channel_names=chunk, shard=shard)
    return fake


def seat_tables(fake: FakeDiscord) -> list[Table]:
    """Every channel of every guild with two new players, members of that guild."""
    return [
        Table(c, (fake.add_user(f"{c.name}-ann", guild=g), fake.add_user(f"{c.name}-bob", guild=g)))
        for g in fake.guilds
        for c in g.channels
    ]


def shard_env(shard: int, processes: int) -> dict[str, str]:
    """The sharding variables of the process running only `shard` (none for a lone process)."""
    return {"SHARD_COUNT": str(processes), "SHARD_IDS": str(shard)} if processes > 1 else {}


class Fleet:
    """The bot processes of a run: one serving every shard, or one per shard, with `settings`
    (environment variables) besides the run's own."""

    def __init__(
        self,
        fake: FakeDiscord,
        folder: Path,
        database: Database,
        processes: int,
        seed: int,
        settings: Mapping[str, str] | None = None,
    ) -> None:
        self.fake = fake
        env = {"E2E_SEED": str(seed), **(settings or {})}
        if database.url is not None:
            env["DATABASE_URL"] = database.url
        if len(fake.guilds) > 1:
            env["DEV_GUILD_ID"] = ""  # commands for every guild: synced globally
        sharded = processes > 1
        self.bots = [
            BotProcess(
                fake,
                log_path=folder / (f"bot-{n}.log" if sharded else "bot.log"),
                database_path=folder / "bot.sqlite3",
                extra_env=env | shard_env(n, processes),
                shard_ids=(n,),
            )
            for n in range(processes)
        ]

    async def start(self) -> None:
        """Start every process; wait until each is connected and has synced its commands."""
        await asyncio.gather(*(bot.start(timeout=START_SECONDS) for bot in self.bots))
        await self.fake.wait_commands_synced(START_SECONDS, after=len(self.bots) - 1)

    async def stop(self) -> None:
        await asyncio.gather(*(bot.stop() for bot in self.bots))

    @property
    def pids(self) -> list[int]:
        """The running processes' ids, shard 0's first."""
        return [bot.proc.pid for bot in self.bots if bot.proc is not None]

    def log_text(self) -> str:
        """Everything the processes printed, one log after the other."""
        return "\n".join(bot.log_text() for bot in self.bots)

    def log_tail(self, lines: int = 40) -> str:
        """The last `lines` lines of each process's log."""
        if len(self.bots) == 1:
            return self.bots[0].log_tail(lines)
        return "\n".join(
            f"--- shard {n} ---\n{bot.log_tail(lines)}" for n, bot in enumerate(self.bots)
        )
