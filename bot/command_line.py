"""`python -m bot` (or the `mars-bot` script): runs the bot, or with a task an administration
job on its database.

- `python -m bot` runs the bot (see `bot.app`).
- `python -m bot ratings --rebuild` forgets every stat and rating and counts all finished games
  again, in the order they finished (see `club.service.ratings.Ratings.rebuild`). It reads
  DATABASE_PATH (or DATABASE_URL) and MARSVSEARTH_DECK as the bot does and needs no
  DISCORD_TOKEN. It runs in one transaction, which holds the database's write lock: stop the bot
  first (while the rebuild runs, a move the bot makes waits for it, at most 5 seconds).
- `python -m bot migrate-to-postgres` copies everything in the SQLite file at DATABASE_PATH into
  the PostgreSQL database at DATABASE_URL, which must hold no game yet (see
  `club.storage.transfer`). Stop the bot first; start it again with DATABASE_URL set.
- `python -m bot health` exits 0 when the bot process using this database (DATABASE_PATH or
  DATABASE_URL; with SHARD_IDS, this process's shards) showed a sign of life within
  HEALTH_STALE_SECONDS, else 1, with one line either way (see `club.operations.health`). It is
  the Docker image's HEALTHCHECK and needs no DISCORD_TOKEN.
- `python -m bot backup FILE` writes a consistent copy of the SQLite database to FILE while the
  bot runs (see `club.operations.backup`); it refuses an existing FILE unless given `--force`. On
  PostgreSQL it says to use `pg_dump` and exits 1.
- `python -m bot status` prints the bot's figures, as `/status` shows them to administrators.
- `python -m bot privacy show|export|forget USER_ID` does for an administrator (a request by
  e-mail) what `/privacy` does for the person: prints what is held, writes the JSON export to
  standard output, or erases the person (see `club.service.privacy`); the tables they resigned
  from are told by the running bot's next poll.

Each task imports what it reads when it runs, so the health check Docker runs every 30 seconds
stays cheap: `health` and `backup` read the storage only, `status` the games too (through the
table service), and none of them imports Discord or the bot that runs on it.
"""

from __future__ import annotations

import argparse
import asyncio
import sqlite3
import sys
import time
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from bot.config import (
    ConfigError,
    database_path,
    database_url,
    deck_path,
    health_stale_seconds,
    process_name,
    server_grace_days,
    settings,
    shards,
)
from club.operations.backup import BackupFailed, backup
from club.operations.health import Verdict, check
from club.storage import Storage, storage_for, where
from club.storage.database import DatabaseProblem
from engine.words import Unit

if TYPE_CHECKING:
    from club.catalogue import Catalogue

HEALTH_WAIT = 8.0
"""Seconds the health check waits for the database (Docker's HEALTHCHECK allows 10)."""


def script() -> None:
    """The `mars-bot` console script: the same tasks as `python -m bot`."""
    main(prog="mars-bot")


def main(argv: Sequence[str] | None = None, prog: str = "python -m bot") -> None:
    """Run the task `argv` names (None: the process's arguments), or with none the bot."""
    parser = argparse.ArgumentParser(
        prog=prog, description="Run the bot, or an administration task on its database."
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
    tasks.add_parser(
        "health",
        help="exit 0 if the bot using this database showed a sign of life within "
        "HEALTH_STALE_SECONDS (default 90), else 1",
    )
    copy = tasks.add_parser(
        "backup", help="write a consistent copy of the SQLite database while the bot runs"
    )
    copy.add_argument("file", type=Path, help="the file to write the copy to")
    copy.add_argument("--force", action="store_true", help="replace FILE if it exists")
    tasks.add_parser("status", help="the bot's figures, as /status shows them")
    person = tasks.add_parser("privacy", help="what the bot holds about a person; export; erase")
    person.add_argument("action", choices=("show", "export", "forget"))
    person.add_argument("user_id", type=int, help="the person's Discord user id")
    args = parser.parse_args(argv)
    if args.task is None:
        from bot import app

        app.main()
        return
    values = settings()
    path = database_path(values)
    try:
        url = database_url(values)
    except ConfigError as error:
        sys.exit(f"error: {error}")
    if args.task == "health":
        sys.exit(health(values, path, url))
    if args.task == "backup":
        take_backup(path, url, args.file, replace=args.force)
        return
    if url is None and not path.is_file():
        sys.exit(f"error: there is no database at {path}; set DATABASE_PATH.")
    try:
        if args.task == "migrate-to-postgres":
            migrate(path, url)
        elif args.task == "status":
            from club.operations.figures import where_kind

            store = storage_for(path, url)
            print(asyncio.run(_status(store, where_kind(path, url), deck_path(values))))
        elif args.task == "privacy":
            from bot.games import catalogue_of

            catalogue = catalogue_of(deck_path(values))
            grace = server_grace_days(values)
            store = storage_for(path, url)
            print(asyncio.run(_privacy(store, catalogue, args.action, args.user_id, grace)))
        elif not args.rebuild:
            rating.error("say what to do with the ratings: --rebuild")
        else:
            from bot.games import catalogue_of

            catalogue = catalogue_of(deck_path(values))
            counted = asyncio.run(_rebuild(storage_for(path, url), catalogue))
            print(f"Ratings rebuilt from {counted} finished games in {where(path, url)}.")
    except (DatabaseProblem, ConfigError) as error:
        sys.exit(f"error: {error}")


def health(values: Mapping[str, str], path: Path, url: str | None) -> int:
    """Print one line on the health of this process of the bot; its exit code (0 healthy)."""
    try:
        stale_after = health_stale_seconds(values)
        process = process_name(*shards(values, shared=url is not None))
    except ConfigError as error:
        print(f"unhealthy: {error}")
        return 1
    if url is None and not path.is_file():
        print(f"unhealthy: there is no database at {path} (DATABASE_PATH)")
        return 1
    try:
        verdict = asyncio.run(
            asyncio.wait_for(_health(storage_for(path, url), process, stale_after), HEALTH_WAIT)
        )
    except DatabaseProblem as error:
        print(f"unhealthy: {error}")
        return 1
    except (TimeoutError, OSError, sqlite3.Error) as error:
        print(f"unhealthy: the database at {where(path, url)} could not be read: {error}")
        return 1
    print(verdict.line)
    return 0 if verdict.healthy else 1


async def _health(store: Storage, process: str, stale_after: float) -> Verdict:
    await store.open(read_only=True)
    try:
        return await check(store, process, time.time(), stale_after)
    finally:
        await store.close()


def take_backup(path: Path, url: str | None, target: Path, *, replace: bool = False) -> None:
    """Copy the SQLite database to `target` (an existing file only if told to `replace` it)
    and say what was copied; ends the process with one line if it cannot."""
    if url is not None:
        sys.exit(
            f"error: the bot keeps its data in {where(path, url)}; back it up with PostgreSQL's "
            "own tool, such as `pg_dump --format=custom --file=FILE DATABASE_URL`."
        )
    try:
        copied = backup(path, target, replace=replace)
    except BackupFailed as error:
        sys.exit(f"error: {error}")
    print(
        f"Backed up {path} to {target} (games: {copied.games}, moves: {copied.moves}); "
        "its integrity check passed."
    )


async def _status(store: Storage, database: str, deck: Path | None) -> str:
    from club.operations.figures import describe, gather, waiting_on_computers

    async def waiting() -> int:  # the table service and its catalogue only where needed
        from bot.games import catalogue_of
        from club.service import TableService

        catalogue = catalogue_of(deck)
        return await waiting_on_computers(TableService(store, catalogue=catalogue))

    await store.open(read_only=True)
    try:
        return describe(await gather(store, database, time.time(), waiting))
    finally:
        await store.close()


def migrate(path: Path, url: str | None) -> None:
    """Copy the SQLite file at `path` into the PostgreSQL database at `url`, and say what was
    copied; ends the process with one line if there is nothing to copy into."""
    if url is None:
        sys.exit("error: set DATABASE_URL to the PostgreSQL database to copy the games into.")
    if not path.is_file():
        sys.exit(f"error: there is no database at {path} to copy; set DATABASE_PATH.")
    from club.storage.transfer import TargetNotEmpty, copy_to_postgres

    try:
        copied = asyncio.run(copy_to_postgres(path, url))
    except TargetNotEmpty as error:
        sys.exit(f"error: {where(path, url)} {error}.")
    counts = ", ".join(f"{table}: {rows}" for table, rows in copied.items())
    print(f"Copied from {path} to {where(path, url)} the rows of {counts}.")


async def _privacy(
    store: Storage, catalogue: Catalogue, action: str, user_id: int, grace_days: float
) -> str:
    """What `python -m bot privacy ACTION USER_ID` prints (the games are `catalogue`'s)."""
    import json

    from club.service import TableService
    from club.service.privacy import describe

    await store.open()
    try:
        service = TableService(store, catalogue=catalogue).privacy
        if action == "show":
            return describe(await service.held(user_id), str, grace_days)
        if action == "export":
            return json.dumps(await service.export(user_id), indent=1)
        done = await service.forget(user_id)
        if done.number is None:
            return f"Nothing is held about user {user_id}; nothing was changed."
        return (
            f"User {user_id} is forgotten: former player {done.number} in "
            f"{Unit('game').of(done.games)}; {Unit('table').of(len(done.updates))} in play "
            f"{Unit('was', 'were').word(len(done.updates))} resigned (the bot tells them)."
        )
    finally:
        await store.close()


async def _rebuild(store: Storage, catalogue: Catalogue) -> int:
    from club.service import TableService

    await store.open()
    try:
        return await TableService(store, catalogue=catalogue).ratings.rebuild()
    finally:
        await store.close()
