"""`python -m bot`: runs the bot, or with a task an administration job on its database.

- `python -m bot` runs the bot (see `bot.app`).
- `python -m bot ratings --rebuild` forgets every stat and rating and counts all finished games
  again, in the order they finished (see `bot.service.ratings.rebuild`). It reads
  DATABASE_PATH (or DATABASE_URL) and MARSVSEARTH_DECK as the bot does and needs no
  DISCORD_TOKEN. It runs in one transaction, which holds the database's write lock: stop the bot
  first (while the rebuild runs, a move the bot makes waits for it, at most 5 seconds).
- `python -m bot migrate-to-postgres` copies everything in the SQLite file at DATABASE_PATH into
  the PostgreSQL database at DATABASE_URL, which must hold no game yet (see `bot.transfer`).
  Stop the bot first; start it again with DATABASE_URL set.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from collections.abc import Sequence
from pathlib import Path

from bot import app
from bot.config import ConfigError, database_path, database_url, deck_path, settings
from bot.service import ratings
from bot.store import Store
from bot.stores import store_for, where
from bot.transfer import TargetNotEmpty, copy_to_postgres


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
    tasks.add_parser(
        "migrate-to-postgres",
        help="copy every game, seat, move, undelivered update and rating from the SQLite file at "
        "DATABASE_PATH into the empty PostgreSQL database at DATABASE_URL",
    )
    args = parser.parse_args(argv)
    if args.task is None:
        app.main()
        return
    values = settings()
    path = database_path(values)
    try:
        url = database_url(values)
    except ConfigError as error:
        sys.exit(f"error: {error}")
    if url is None and not path.is_file():
        sys.exit(f"error: there is no database at {path}; set DATABASE_PATH.")
    if args.task == "migrate-to-postgres":
        migrate(path, url)
    elif not args.rebuild:
        rating.error("say what to do with the ratings: --rebuild")
    else:
        app.use_deck(deck_path(values))
        counted = asyncio.run(_rebuild(store_for(path, url)))
        print(f"Ratings rebuilt from {counted} finished games in {where(path, url)}.")


def migrate(path: Path, url: str | None) -> None:
    """Copy the SQLite file at `path` into the PostgreSQL database at `url`, and say what was
    copied; ends the process with one line if there is nothing to copy into."""
    if url is None:
        sys.exit("error: set DATABASE_URL to the PostgreSQL database to copy the games into.")
    if not path.is_file():
        sys.exit(f"error: there is no database at {path} to copy; set DATABASE_PATH.")
    try:
        copied = asyncio.run(copy_to_postgres(path, url))
    except TargetNotEmpty:
        sys.exit(
            f"error: {where(path, url)} already has games; copy only into a database without any."
        )
    counts = ", ".join(f"{table}: {rows}" for table, rows in copied.items())
    print(f"Copied from {path} to {where(path, url)} the rows of {counts}.")


async def _rebuild(store: Store) -> int:
    await store.open()
    try:
        return await ratings.rebuild(store)
    finally:
        await store.close()
