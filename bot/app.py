"""Start-up: read the configuration, run the bot, and turn fatal set-up errors into one line.

Discord out of reach at start (connection refused, a name that does not resolve, a timeout, its
servers failing) is one warning line, and the bot tries again after `FIRST_RETRY_SECONDS`, twice
as long each time up to `MOST_RETRY_SECONDS`, each time as a new client (what a failed start had
set up is closed first). A token Discord rejects still ends the process with one line. When
only the gateway is out of reach, discord.py tries again every 5 s; each try is one line too
(`GatewayRetries`).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal
import sys

import aiohttp
import discord

from bot.client import MarsBot
from bot.config import Config, ConfigError
from bot.games import catalogue_of
from bot.logsafe import safe_handler
from club.catalogue import Catalogue
from club.storage.database import DatabaseProblem

log = logging.getLogger("bot")

FIRST_RETRY_SECONDS = 5.0
"""Seconds to wait before the first new try when Discord is out of reach at start."""
MOST_RETRY_SECONDS = 300.0
"""The longest wait between two tries."""
UNREACHABLE = (
    aiohttp.ClientConnectionError,
    TimeoutError,
    discord.GatewayNotFound,
    discord.DiscordServerError,
)
"""What Discord out of reach raises: no connection (refused, DNS, reset), no answer in time, or
its servers failing."""


class Backoff:
    """Waits that double from `first` to at most `most` seconds; `reset` starts again."""

    def __init__(self, first: float, most: float) -> None:
        self.first = first
        self.most = most
        self._next = first

    def next(self) -> float:
        """The wait before the next try."""
        delay, self._next = self._next, min(self._next * 2, self.most)
        return delay

    def reset(self) -> None:
        self._next = self.first


class GatewayRetries(logging.Filter):
    """discord.py's "Failed to connect for shard_id" with Discord out of reach: one line, without
    the traceback. Its other records pass unchanged."""

    FAILED = "Failed to connect for shard_id: %s. Retrying..."

    def filter(self, record: logging.LogRecord) -> bool:
        error = record.exc_info[1] if record.exc_info else None
        if record.msg == self.FAILED and isinstance(error, UNREACHABLE):
            record.msg = "Cannot reach Discord's gateway for shard %s (%s); retrying in 5 s"
            record.args = (*(record.args or ()), reason(error))
            record.levelno, record.levelname = logging.WARNING, "WARNING"
            record.exc_info = record.exc_text = None
        return True


def reason(error: BaseException) -> str:
    """`error` in one line: its message, or its kind when it has none."""
    return " ".join(str(error).split()) or type(error).__name__


async def run(config: Config, catalogue: Catalogue) -> None:
    """Run the bot, which plays the games of `catalogue`, until a signal stops it, trying again
    while Discord is out of reach."""
    stopping = asyncio.Event()
    running: list[MarsBot] = []
    closing: list[asyncio.Future[None]] = []

    def stop() -> None:
        stopping.set()
        closing.extend(asyncio.ensure_future(bot.close()) for bot in running)

    loop = asyncio.get_running_loop()
    for sign in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sign, stop)
    backoff = Backoff(FIRST_RETRY_SECONDS, MOST_RETRY_SECONDS)
    while not stopping.is_set():
        bot = MarsBot(config, catalogue=catalogue)
        running[:] = [bot]
        await bot.open_store()  # a database it cannot use ends the start before Discord is reached
        try:
            await serve(bot, config.token)
            return
        except UNREACHABLE as error:
            if stopping.is_set():
                return
            if bot.was_ready:
                backoff.reset()
            delay = backoff.next()
            log.warning("Cannot reach Discord (%s); retrying in %g s", reason(error), delay)
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(stopping.wait(), delay)


async def serve(bot: MarsBot, token: str) -> None:
    """Log in and serve until the bot is closed. discord.py may still be waiting to try the
    gateway again once the bot is closed: that wait is cut short."""
    async with bot:
        starting = asyncio.ensure_future(bot.start(token))
        stopped = asyncio.ensure_future(bot.stopped.wait())
        try:
            await asyncio.wait((starting, stopped), return_when=asyncio.FIRST_COMPLETED)
        finally:
            for task in (starting, stopped):
                task.cancel()
            await asyncio.wait((starting, stopped))
            await bot.close()  # a signal's shutdown may still be closing the store: wait for it
        if not starting.cancelled():
            starting.result()  # the start's error, if any


def main() -> None:
    try:
        config = Config.from_env()
    except ConfigError as error:
        sys.exit(f"error: {error}")
    catalogue = catalogue_of(config.marsvsearth_deck)
    discord.utils.setup_logging(handler=safe_handler(), level=config.log_level, root=True)
    logging.getLogger("discord.shard").addFilter(GatewayRetries())
    try:
        asyncio.run(run(config, catalogue))
    except discord.LoginFailure:
        sys.exit(
            "error: Discord rejected DISCORD_TOKEN: copy a fresh token from the Developer Portal "
            "(your application > Bot > Reset Token) into .env."
        )
    except discord.PrivilegedIntentsRequired:
        sys.exit("error: this bot needs no privileged intents; check the application's settings.")
    except DatabaseProblem as error:
        sys.exit(f"error: {error}")
