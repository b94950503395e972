"""A database the bot cannot use: the bot, its health check (`python -m bot health`) and
`python -m bot status` each end with one line that names the setting or file and says what to
do, exit non-zero, and leave the database as it was.

Each runs as a real process with only the settings given. The bot is started by
`tests/e2e/run_bot.py` (what `python -m bot` runs, with Discord pointed at a local port where
nothing listens), with a token Discord would refuse: it must fail on the database, before it
tries Discord. Tests run as root can write anywhere: a folder the bot cannot write is one owned
by another user, with root's power to override permissions dropped for the bot's process."""

from __future__ import annotations

import asyncio
import ctypes
import os
import random
import sqlite3
import subprocess
import sys
from collections.abc import AsyncIterator, Sequence
from contextlib import closing
from pathlib import Path

import asyncpg
import pytest

from club.storage import Storage
from club.storage.database import DatabaseProblem
from club.storage.migrations import MIGRATIONS
from club.storage.postgres import PgDatabase
from club.storage.sqlite import SqliteDatabase
from tests.hang import HANG_SECONDS
from tests.postgres import Cluster, free_port
from tests.service.test_schema import old_sqlite

ROOT = Path(__file__).resolve().parents[2]
BOT = (str(ROOT / "tests" / "e2e" / "run_bot.py"),)
STATUS = ("-m", "bot", "status")
HEALTH = ("-m", "bot", "health")
ENTRY_POINTS = pytest.mark.parametrize(
    "entry", [BOT, STATUS, HEALTH], ids=["bot", "status", "health"]
)
NEWER = len(MIGRATIONS) + 1
"""The schema version of a database written by a later version of the bot."""
CAP_DAC_OVERRIDE, CAP_DAC_READ_SEARCH, CAP_FOWNER = 1, 2, 3
PR_CAPBSET_DROP = 24


def the_line(entry: Sequence[str], folder: Path, *, unprivileged: bool = False, **env: str) -> str:
    """Run `entry` in `folder` with only the settings `env` (and a token); its one line of
    output, after checking that it is the only one, with no traceback, and that it failed.
    `unprivileged`: run it as a user who may write only where permissions allow."""
    settings = {
        "PATH": os.environ.get("PATH", ""),
        "PYTHONPATH": str(ROOT),
        "DISCORD_TOKEN": "not-a-real-token",
        "FAKE_DISCORD_API": f"http://127.0.0.1:{free_port()}/api/v10",
        **env,
    }
    done = subprocess.run(
        [sys.executable, *entry],
        cwd=folder,
        env=settings,
        capture_output=True,
        text=True,
        timeout=HANG_SECONDS,  # a ceiling: the refusal takes a few seconds
        preexec_fn=permissions_apply if unprivileged else None,
    )
    output = done.stdout + done.stderr
    lines = [line for line in output.splitlines() if line.strip()]
    assert "Traceback" not in output and len(lines) == 1, output
    assert done.returncode != 0
    return lines[0]


def permissions_apply() -> None:
    """In the child process before it runs Python: as root, drop the capabilities that let it
    write files and folders whatever their owner and mode, so that they apply to it as to the
    bot's own user (as any other user, nothing to drop)."""
    if os.geteuid() != 0:
        return
    libc = ctypes.CDLL(None, use_errno=True)
    for capability in (CAP_DAC_OVERRIDE, CAP_DAC_READ_SEARCH, CAP_FOWNER):
        if libc.prctl(PR_CAPBSET_DROP, capability, 0, 0, 0) != 0:
            raise OSError(ctypes.get_errno(), "prctl(PR_CAPBSET_DROP)")


def unwritable(folder: Path) -> None:
    """Make `folder` and its files readable but not writable by the bot's process (see
    `permissions_apply`): owned by `nobody` when the tests run as root, else read-only."""
    for item in (folder, *folder.iterdir()):
        if os.geteuid() == 0:
            os.chown(item, 65534, 65534)
        item.chmod(0o555 if item.is_dir() else 0o444)


async def _made(path: Path) -> None:
    store = Storage(SqliteDatabase(path))
    await store.open()
    await store.close()


def a_database(path: Path) -> bytes:
    """A database made by the bot at `path` (empty, of the latest schema); its bytes."""
    asyncio.run(_made(path))
    return path.read_bytes()


@ENTRY_POINTS
def test_a_file_of_random_bytes_is_named_and_left_alone(
    entry: Sequence[str], tmp_path: Path
) -> None:
    path = tmp_path / "bot.sqlite3"
    path.write_bytes(random.Random(7).randbytes(20_000))
    before = path.read_bytes()
    line = the_line(entry, tmp_path, DATABASE_PATH=str(path))
    assert f"DATABASE_PATH ({path}) is not a whole SQLite database" in line
    assert "restore it from a backup" in line
    assert path.read_bytes() == before


@ENTRY_POINTS
def test_a_truncated_copy_is_named_and_left_alone(entry: Sequence[str], tmp_path: Path) -> None:
    whole = a_database(tmp_path / "whole.sqlite3")
    path = tmp_path / "bot.sqlite3"
    path.write_bytes(whole[: len(whole) // 2])  # a restore that stopped half way
    line = the_line(entry, tmp_path, DATABASE_PATH=str(path))
    assert f"DATABASE_PATH ({path}) is not a whole SQLite database" in line
    assert path.read_bytes() == whole[: len(whole) // 2]


def test_a_damaged_page_stops_the_bot_before_it_starts(tmp_path: Path) -> None:
    path = tmp_path / "bot.sqlite3"
    whole = a_database(path)
    with closing(sqlite3.connect(path)) as db:
        [(page_size,)] = db.execute("PRAGMA page_size")
        [(root,)] = db.execute("SELECT rootpage FROM sqlite_master WHERE name = 'seats'")
    damaged = bytearray(whole)
    start = (root - 1) * page_size  # the seats table's first page: its header overwritten
    damaged[start : start + 16] = bytes(range(200, 216))
    path.write_bytes(damaged)
    line = the_line(BOT, tmp_path, DATABASE_PATH=str(path))
    assert f"DATABASE_PATH ({path}) is not a whole SQLite database" in line
    assert path.read_bytes() == damaged


@ENTRY_POINTS
def test_a_database_of_a_newer_bot_is_refused_and_left_alone(
    entry: Sequence[str], tmp_path: Path
) -> None:
    path = tmp_path / "bot.sqlite3"
    a_database(path)
    with closing(sqlite3.connect(path)) as db:
        db.execute(f"PRAGMA user_version = {NEWER}")  # the connection's close checkpoints it
    before = path.read_bytes()
    line = the_line(entry, tmp_path, DATABASE_PATH=str(path))
    assert f"DATABASE_PATH ({path}) was written by a newer version of the bot" in line
    assert f"schema version {NEWER}; this version knows up to {NEWER - 1}" in line
    assert path.read_bytes() == before


@ENTRY_POINTS
def test_a_data_folder_that_cannot_be_made_is_named(entry: Sequence[str], tmp_path: Path) -> None:
    in_the_way = tmp_path / "data"
    in_the_way.write_text("not a folder")
    path = in_the_way / "bot" / "bot.sqlite3"
    line = the_line(entry, tmp_path, DATABASE_PATH=str(path))
    if entry == BOT:
        assert f"cannot create the folder {path.parent} for DATABASE_PATH" in line
        assert f"{in_the_way} is a file, not a folder" in line
    else:  # they only read: there is nothing to read
        assert f"no database at {path}" in line
    assert in_the_way.read_text() == "not a folder"


@ENTRY_POINTS
def test_a_data_folder_the_bot_cannot_write_is_named(entry: Sequence[str], tmp_path: Path) -> None:
    folder = tmp_path / "data"
    folder.mkdir()
    path = folder / "bot.sqlite3"
    before = a_database(path)
    unwritable(folder)
    line = the_line(entry, tmp_path, unprivileged=True, DATABASE_PATH=str(path))
    assert f"cannot write DATABASE_PATH ({path})" in line
    assert f"give the bot's user (uid {os.geteuid()}) write access to {folder}" in line
    assert path.read_bytes() == before


def test_a_new_database_in_a_folder_the_bot_cannot_write_is_named(tmp_path: Path) -> None:
    folder = tmp_path / "data"
    folder.mkdir()
    unwritable(folder)
    for path in (folder / "bot.sqlite3", folder / "more" / "bot.sqlite3"):
        line = the_line(BOT, tmp_path, unprivileged=True, DATABASE_PATH=str(path))
        assert str(path) in line and f"write access to {folder}" in line
    assert list(folder.iterdir()) == []


async def tables(url: str) -> tuple[list[str], list[int]]:
    """The tables of the database at `url`, and the schema versions recorded there."""
    connection = await asyncpg.connect(url)
    try:
        names = [
            name
            for (name,) in await connection.fetch(
                "SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename"
            )
        ]
        versions = []
        if "schema_version" in names:
            versions = [n for (n,) in await connection.fetch("SELECT number FROM schema_version")]
        return names, sorted(versions)
    finally:
        await connection.close()


@pytest.fixture
async def empty_database(postgres_server: Cluster) -> AsyncIterator[str]:
    """The URL of a new PostgreSQL database without any table, dropped after the test."""
    url = await postgres_server.new_database(migrated=False)
    yield url
    await postgres_server.drop_database(url)


@pytest.mark.parametrize(
    ("entry", "written", "said"),
    [
        (STATUS, "postgresql://postgres@127.0.0.1:notaport/{name}", "port must be a number"),
        (STATUS, "postgresql://postgres@127.0.0.1:99999/{name}", "not `99999`"),
        (STATUS, "postgresql://postgres@127.0.0.1:{port}/{name}?sslmode=bogus", "not `bogus`"),
        (STATUS, "postgresql://postgres:p@ss@127.0.0.1:{port}/{name}", "@ as %40, # as %23"),
        (STATUS, "postgresql://postgres:pa#ss@127.0.0.1:{port}/{name}", "@ as %40, # as %23"),
        (BOT, "postgresql://postgres:pa#ss@127.0.0.1:{port}/{name}", "@ as %40, # as %23"),
        (HEALTH, "postgresql://postgres:pa#ss@127.0.0.1:{port}/{name}", "@ as %40, # as %23"),
    ],
    ids=[
        "notaport",
        "port-99999",
        "sslmode",
        "at-in-password",
        "hash-in-password",
        "bot",
        "health",
    ],
)
async def test_a_malformed_database_url_says_what_to_correct(
    entry: Sequence[str],
    written: str,
    said: str,
    empty_database: str,
    postgres_server: Cluster,
    tmp_path: Path,
) -> None:
    """Each mistake for `status`; the three read DATABASE_URL through the same check, so one
    of them is also tried with the bot and the health check."""
    url = written.format(port=postgres_server.port, name=empty_database.rsplit("/", 1)[1])
    line = the_line(entry, tmp_path, DATABASE_URL=url)
    assert line.startswith("error: DATABASE_URL: ") and said in line
    if "password" in said:
        assert "percent-encode the password" in line
    assert await tables(empty_database) == ([], [])


@ENTRY_POINTS
def test_a_database_server_that_is_down_is_named(entry: Sequence[str], tmp_path: Path) -> None:
    port = free_port()  # nothing listens there
    line = the_line(entry, tmp_path, DATABASE_URL=f"postgresql://bot:secret@127.0.0.1:{port}/mars")
    assert f"cannot connect to PostgreSQL 127.0.0.1:{port}/mars (DATABASE_URL)" in line
    assert "check that the server runs" in line and "secret" not in line


@ENTRY_POINTS
async def test_a_wrong_password_is_named_and_nothing_is_created(
    entry: Sequence[str], empty_database: str, postgres_server: Cluster, tmp_path: Path
) -> None:
    name = empty_database.rsplit("/", 1)[1]
    right = await postgres_server.password_url(name, "right-password")
    await (await asyncpg.connect(right)).close()  # the role and its rule work
    wrong = await postgres_server.password_url(name, "wrong-password")
    line = the_line(entry, tmp_path, DATABASE_URL=wrong)
    assert "password authentication failed" in line
    assert "check the user name and password in DATABASE_URL" in line
    assert "wrong-password" not in line
    assert await tables(empty_database) == ([], [])


@ENTRY_POINTS
async def test_a_postgresql_database_of_a_newer_bot_is_refused_and_left_alone(
    entry: Sequence[str], postgres_server: Cluster, tmp_path: Path
) -> None:
    url = await postgres_server.new_database()
    try:
        connection = await asyncpg.connect(url)
        await connection.execute("INSERT INTO schema_version VALUES ($1, 0)", NEWER)
        await connection.close()
        before = await tables(url)
        assert before[1][-1] == NEWER
        line = the_line(entry, tmp_path, DATABASE_URL=url)
        assert "(DATABASE_URL) was written by a newer version of the bot" in line
        assert await tables(url) == before
    finally:
        await postgres_server.drop_database(url)


async def test_a_database_an_older_bot_left_is_read_only_once_brought_up_to_date(
    tmp_path: Path, empty_database: str
) -> None:
    """`status` and `health` only read: on a schema the bot has not migrated yet, they say to
    start it, as the tables they read may not be there."""
    path = tmp_path / "old.sqlite3"
    old_sqlite(path, 3)
    before = path.read_bytes()
    with pytest.raises(DatabaseProblem, match=r"older version of the bot \(version 3 of"):
        await SqliteDatabase(path).open(read_only=True)
    assert path.read_bytes() == before
    with pytest.raises(DatabaseProblem, match="none of the bot's tables yet: start the bot once"):
        await PgDatabase(empty_database).open(read_only=True)
    assert await tables(empty_database) == ([], [])


def test_a_copy_to_postgresql_from_a_damaged_file_is_one_line(tmp_path: Path) -> None:
    path = tmp_path / "bot.sqlite3"
    path.write_bytes(random.Random(8).randbytes(20_000))
    before = path.read_bytes()
    line = the_line(
        ("-m", "bot", "migrate-to-postgres"),
        tmp_path,
        DATABASE_PATH=str(path),
        DATABASE_URL=f"postgresql://mars@127.0.0.1:{free_port()}/mars",
    )
    assert f"DATABASE_PATH ({path}) is not a whole SQLite database" in line
    assert path.read_bytes() == before
