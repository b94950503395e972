"""`python -m bot`: runs the bot, or with a task an administration job on its database.

- `python -m bot` runs the bot (see `bot.app`).
- `python -m bot ratings --rebuild` forgets every stat and rating and counts all finished games
  again, in the order they finished (see `bot.service.ratings.rebuild`). It reads
  DATABASE_PATH and MARSVSEARTH_DECK as the bot does and needs no DISCORD_TOKEN. It runs in one
  transaction, which holds the database's write lock: stop the bot first (while the rebuild
  runs, a move the bot makes waits for it, at most 5 seconds).
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from collections.abc import Sequence
from pathlib import Path

from bot import app
from bot.config import database_path, deck_path, settings
from bot.service import ratings
from bot.store import Store


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        prog="python -m bot", description="Run the bot, or an administration task on its database."
    )
    tasks = parser.add_subparsers(dest="task", metavar="task")
    rating = tasks.add_parser("ratings", help="players' stats and ratings")
    rating.add_argument(
        "--rebuild",
        action="store_true",
        help="forget every stat and rating and count all finished games again, in the order they "
        "finished",
    )
    args = parser.parse_args(argv)
    if args.task is None:
        app.main()
    elif not args.rebuild:
        rating.error("say what to do with the ratings: --rebuild")
    else:
        values = settings()
        app.use_deck(deck_path(values))
        path = database_path(values)
        if not path.is_file():
            sys.exit(f"error: there is no database at {path}; set DATABASE_PATH.")
        counted = asyncio.run(_rebuild(path))
        print(f"Ratings rebuilt from {counted} finished games in {path}.")


async def _rebuild(path: Path) -> int:
    store = Store(path)
    await store.open()
    try:
        return await ratings.rebuild(store)
    finally:
        await store.close()
