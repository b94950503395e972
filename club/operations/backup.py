"""`python -m bot backup FILE`: a consistent copy of the SQLite database while the bot runs.

SQLite's online backup copies every page in one step, inside one read transaction, so the copy
holds exactly the commits made before it began (WAL lets the bot go on writing meanwhile). The
copy is written beside FILE under a temporary name, checked with `PRAGMA integrity_check`, and
only then renamed to FILE, so FILE is never a half-written database.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
from dataclasses import dataclass
from pathlib import Path


class BackupFailed(Exception):
    """The copy could not be made; the message says why."""


@dataclass(frozen=True)
class Copied:
    games: int
    moves: int


def backup(source: Path, target: Path, *, replace: bool = False) -> Copied:
    """Copy the SQLite database at `source` to `target`; raises `BackupFailed`, and when
    `target` is a file already, unless told to `replace` it."""
    if not source.is_file():
        raise BackupFailed(f"there is no database at {source}; set DATABASE_PATH.")
    if target.resolve() == source.resolve():
        raise BackupFailed("the backup must go to another file than the database itself.")
    if target.is_file() and not replace:
        raise BackupFailed(
            f"{target} exists already; name a new file, or add --force to replace it."
        )
    if not target.parent.is_dir():
        raise BackupFailed(f"there is no folder {target.parent} to write the copy to.")
    partial = target.with_name(f".{target.name}.partial")
    partial.unlink(missing_ok=True)
    try:
        with (
            contextlib.closing(sqlite3.connect(source, timeout=30)) as database,
            contextlib.closing(sqlite3.connect(partial)) as copy,
        ):
            database.backup(copy)
            copy.execute("PRAGMA journal_mode = DELETE")  # one self-contained file
            [(verdict,)] = copy.execute("PRAGMA integrity_check").fetchall()
            if verdict != "ok":
                raise BackupFailed(f"the copy failed its integrity check: {verdict}")
            [(games, moves)] = copy.execute(
                "SELECT (SELECT COUNT(*) FROM games), (SELECT COUNT(*) FROM moves)"
            ).fetchall()
        os.replace(partial, target)
    except (sqlite3.Error, OSError) as error:
        raise BackupFailed(f"the copy could not be written to {target}: {error}") from error
    finally:
        partial.unlink(missing_ok=True)
    return Copied(games, moves)
