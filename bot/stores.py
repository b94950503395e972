"""The store the configuration selects: PostgreSQL when DATABASE_URL is set, otherwise the SQLite
file at DATABASE_PATH (the default, which needs no database server)."""

from __future__ import annotations

from pathlib import Path

from bot.pgstore import PgStore, described
from bot.store import Store


def store_for(path: Path, url: str | None) -> Store:
    """A new, unopened store: on the PostgreSQL database at `url`, or else the SQLite file at
    `path`."""
    return Store(path) if url is None else PgStore(url)


def where(path: Path, url: str | None) -> str:
    """Where that store keeps its data, fit for a log: the file, or PostgreSQL's host, port and
    database (never the user or password)."""
    return str(path) if url is None else described(url)
