"""Start-up: read the configuration, run the bot, and turn fatal set-up errors into one line."""

from __future__ import annotations

import asyncio
import logging
import signal
import sys

import discord

from bot.catalogue import use_deck
from bot.client import MarsBot
from bot.config import Config, ConfigError
from bot.logsafe import safe_handler
from bot.storage.database import DatabaseProblem

log = logging.getLogger("bot")


async def run(config: Config) -> None:
    bot = MarsBot(config)
    await bot.open_store()  # a database it cannot use ends the start before Discord is contacted
    loop = asyncio.get_running_loop()
    for stop in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(stop, lambda: asyncio.ensure_future(bot.close()))
    async with bot:
        try:
            await bot.start(config.token)
        finally:  # a signal's shutdown may still be closing the store: wait for all of it
            await bot.close()


def main() -> None:
    try:
        config = Config.from_env()
    except ConfigError as error:
        sys.exit(f"error: {error}")
    use_deck(config.marsvsearth_deck)
    discord.utils.setup_logging(handler=safe_handler(), level=config.log_level, root=True)
    try:
        asyncio.run(run(config))
    except discord.LoginFailure:
        sys.exit(
            "error: Discord rejected DISCORD_TOKEN: copy a fresh token from the Developer Portal "
            "(your application > Bot > Reset Token) into .env."
        )
    except discord.PrivilegedIntentsRequired:
        sys.exit("error: this bot needs no privileged intents; check the application's settings.")
    except DatabaseProblem as error:
        sys.exit(f"error: {error}")
