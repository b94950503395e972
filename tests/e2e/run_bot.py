"""Launch a real, unmodified discord.py bot against the fake Discord server.

Usage: ``python tests/e2e/run_bot.py [module]`` (default ``bot.app``); the module's ``main()``
is called and is expected to block while the bot runs.

Environment:
    FAKE_DISCORD_API      REST base, e.g. ``http://127.0.0.1:PORT/api/v10`` (required)
    FAKE_DISCORD_GATEWAY  gateway URL, default derived from the API URL: ``ws://127.0.0.1:PORT/gateway``
    E2E_SEED              if set, games get the seeds E2E_SEED, E2E_SEED + 1, ... in the order
                          their lobbies open (instead of random ones), so a test plays one path
    E2E_POLL_SECONDS      if set, the background poll (reminders, timers, queued updates, the
                          heartbeat) runs this often instead of every 15 s
    E2E_RETRY_SECONDS     if set, the first wait before trying again when Discord is out of reach
                          at start (instead of 5 s)
    E2E_FINISH_SECONDS    if set, how long a stop waits for the interactions in flight (instead
                          of 10 s)
    E2E_EDIT_SECONDS      if set, the seconds between two changes of a table's board before an
                          update that only edits it goes out (instead of 1 s)
    E2E_REVIEW_SIMULATIONS  if set, the simulations a `/review` gives a game's positions
                          together (instead of 16,000): a quick benchmark's review

discord.py 2.7 reads its REST base from ``discord.http.Route.BASE`` (also used by interaction
callbacks and webhook followups) and connects to ``DiscordWebSocket.DEFAULT_GATEWAY`` (it adds
``?v=10&encoding=json&compress=zlib-stream``; the fake server ignores ``compress`` and sends
plain text frames, which discord.py accepts). After READY it reconnects to ``resume_gateway_url``,
which the fake server also points at itself.
"""

from __future__ import annotations

import functools
import importlib
import itertools
import os
import sys
from pathlib import Path
from urllib.parse import urlsplit

REPO_ROOT = Path(__file__).resolve().parents[2]


def patch_discord(api_url: str, gateway_url: str | None = None) -> None:
    """Point discord.py at the fake server (must run before the bot logs in)."""
    import discord.gateway
    import discord.http
    import yarl

    if gateway_url is None:
        parts = urlsplit(api_url)
        gateway_url = f"ws://{parts.netloc}/gateway"
    discord.http.Route.BASE = api_url.rstrip("/")
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(gateway_url)


def poll_every(seconds: float) -> None:
    """Make the bot's background poll and stand-in sweep run every `seconds`: the bot that
    `bot.app` makes is given that interval."""
    import bot.app

    bot.app.MarsBot = functools.partial(bot.app.MarsBot, poll_seconds=seconds)  # type: ignore[attr-defined,assignment]


def review_with(simulations: int) -> None:
    """Make the bot's reviews give a game's positions `simulations` simulations together."""
    import bot.client

    bot.client.Reviews = functools.partial(bot.client.Reviews, simulations=simulations)  # type: ignore[misc]


def main() -> None:
    module_name = sys.argv[1] if len(sys.argv) > 1 else "bot.app"
    if str(REPO_ROOT) not in sys.path:
        sys.path.insert(0, str(REPO_ROOT))
    patch_discord(os.environ["FAKE_DISCORD_API"], os.environ.get("FAKE_DISCORD_GATEWAY"))
    if "E2E_SEED" in os.environ:
        import club.service.tables

        club.service.tables.new_seed = itertools.count(int(os.environ["E2E_SEED"])).__next__
    if "E2E_POLL_SECONDS" in os.environ:
        poll_every(float(os.environ["E2E_POLL_SECONDS"]))
    if "E2E_RETRY_SECONDS" in os.environ:
        import bot.app

        bot.app.FIRST_RETRY_SECONDS = float(os.environ["E2E_RETRY_SECONDS"])
    if "E2E_FINISH_SECONDS" in os.environ:
        import bot.client

        bot.client.FINISH_SECONDS = float(os.environ["E2E_FINISH_SECONDS"])
    if "E2E_EDIT_SECONDS" in os.environ:
        import bot.courier.pacing

        bot.courier.pacing.EDIT_SECONDS = float(os.environ["E2E_EDIT_SECONDS"])
    if "E2E_REVIEW_SIMULATIONS" in os.environ:
        review_with(int(os.environ["E2E_REVIEW_SIMULATIONS"]))
    module = importlib.import_module(module_name)
    module.main()


if __name__ == "__main__":
    main()
