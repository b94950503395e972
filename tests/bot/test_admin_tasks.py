"""The administrator's tasks stay light and say what they run: `python -m bot health` imports no
more than the storage it reads, importing the lessons builds no position, the `mars-bot` script
takes the same tasks as `python -m bot`, a backup never replaces a file unasked, and `status`
names the build that runs."""

from __future__ import annotations

import asyncio
import calendar
import importlib
import os
import subprocess
import sys
import time
import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import cast

import pytest

from bot import command_line
from club.operations.version import CODE, build, git_commit, installed
from club.storage import Storage
from club.storage.sqlite import SqliteDatabase
from tests.hang import HANG_SECONDS

ROOT = Path(__file__).resolve().parents[2]
HEAVY = (
    "discord",
    "PIL",
    "render",
    "ai",
    "bot.app",
    "club.service",
    "club.learn",
    "club.catalogue",
)
"""Packages and modules the health check must not import: Discord, the pictures, the computer
players, the table service, the lessons and the catalogue that holds them."""


def probe(code: str, env: dict[str, str]) -> list[str]:
    """The lines `code` prints, run by a fresh interpreter from the project's root."""
    done = subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        env={**os.environ, **env},
        capture_output=True,
        text=True,
        timeout=HANG_SECONDS,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout.splitlines()


async def a_database(path: Path, *, beat: bool) -> None:
    """A database made by the bot at `path`; with `beat`, the bot's sign of life of just now."""
    store = Storage(SqliteDatabase(path))
    await store.open()
    if beat:
        await store.operations.beat("all shards", "test", time.time(), time.time())
    await store.close()


@pytest.mark.parametrize(
    ("task", "first_line"),
    [("health", "healthy: the bot (all shards)"), ("status", "Version: ")],
)
def test_health_and_status_import_only_the_storage(
    tmp_path: Path, task: str, first_line: str
) -> None:
    """With no computer seated in a game in play, neither task needs the catalogue."""
    path = tmp_path / "bot.sqlite3"
    asyncio.run(a_database(path, beat=True))
    code = (
        "import sys\n"
        "from bot.command_line import main\n"
        "try:\n"
        f"    main([{task!r}])\n"
        "except SystemExit as end:\n"
        "    print('exit', end.code)\n"
        "else:\n"
        "    print('exit', 0)\n"
        "print('modules:', *sorted(sys.modules), sep='\\n')\n"
    )
    lines = probe(code, {"DATABASE_PATH": str(path)})
    modules = lines[lines.index("modules:") + 1 :]
    heavy_packages = tuple(f"{name}." for name in HEAVY)
    assert lines[0].startswith(first_line) and "exit 0" in lines
    assert "club.storage.sqlite" in modules  # it did read the database
    heavy = [name for name in modules if name in HEAVY or name.startswith(heavy_packages)]
    assert heavy == []


def test_importing_the_lessons_builds_no_position() -> None:
    code = (
        "from club.learn import lesson\n"
        "built = []\n"
        "build = lesson.Position.build\n"
        "def counted(position, game, learner):\n"
        "    built.append(game.key)\n"
        "    return build(position, game, learner)\n"
        "lesson.Position.build = counted\n"
        "from club.catalogue import CATALOGUE\n"
        "print(len(built))\n"
        "steps = CATALOGUE['agents'].lesson.steps\n"
        "print(len(built) > 0, len(steps))\n"
    )
    at_import, when_used = probe(code, {})
    assert at_import == "0"
    assert when_used.startswith("True ")  # opening the lesson builds its positions


def console_script() -> Callable[[], None]:
    """The function pyproject.toml installs as the `mars-bot` command."""
    scripts = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["scripts"]
    module, _, name = scripts["mars-bot"].partition(":")
    return cast(Callable[[], None], getattr(importlib.import_module(module), name))


def test_the_console_script_prints_its_usage(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    monkeypatch.setattr(sys, "argv", ["mars-bot", "--help"])
    with pytest.raises(SystemExit) as end:
        console_script()()
    assert end.value.code == 0
    usage = capsys.readouterr().out
    assert usage.startswith("usage: mars-bot ")
    assert all(task in usage for task in ("health", "backup", "status", "ratings"))


def test_the_console_script_runs_the_health_check(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    monkeypatch.setenv("DATABASE_PATH", str(tmp_path / "bot.sqlite3"))
    monkeypatch.setattr(sys, "argv", ["mars-bot", "health"])
    with pytest.raises(SystemExit) as end:
        console_script()()
    assert end.value.code == 1
    assert capsys.readouterr().out.startswith("unhealthy: there is no database at ")


def test_a_backup_replaces_a_file_only_when_forced(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "bot.sqlite3"
    asyncio.run(a_database(path, beat=False))
    monkeypatch.setenv("DATABASE_PATH", str(path))
    kept = tmp_path / "monday.sqlite3"
    kept.write_bytes(b"Monday's backup")
    with pytest.raises(SystemExit) as end:
        command_line.main(["backup", str(kept)])
    assert end.value.code == (
        f"error: {kept} exists already; name a new file, or add --force to replace it."
    )
    assert kept.read_bytes() == b"Monday's backup"
    command_line.main(["backup", "--force", str(kept)])
    assert capsys.readouterr().out.startswith(f"Backed up {path} to {kept} (games: 0, moves: 0)")
    assert kept.read_bytes().startswith(b"SQLite format 3\x00")


def test_status_names_the_version_and_the_commit(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "bot.sqlite3"
    asyncio.run(a_database(path, beat=False))
    monkeypatch.setenv("DATABASE_PATH", str(path))
    command_line.main(["status"])
    first = capsys.readouterr().out.splitlines()[0]
    assert first == f"Version: {installed()} ({build(os.environ, CODE)})"
    if not (ROOT / ".git").exists():
        pytest.skip("not run from a git checkout")
    assert first == f"Version: {installed()} (commit {git_commit(ROOT)})"


def test_without_git_the_build_comes_from_the_image_or_the_files(tmp_path: Path) -> None:
    code = tmp_path / "bot"
    code.mkdir()
    (code / "__init__.py").write_text("")
    (code / "app.py").write_text("")
    when = calendar.timegm((2026, 3, 2, 12, 0, 0))
    os.utime(code / "app.py", (when, when))
    os.utime(code / "__init__.py", (when - 86400 * 30, when - 86400 * 30))
    assert build({}, code) == "files of 2026-03-02"
    image = {"BUILD_COMMIT": "16c8ac8", "BUILD_DATE": "2026-03-05"}
    assert build(image, code) == "commit 16c8ac8, built 2026-03-05"
    assert build({"BUILD_DATE": "2026-03-05"}, code) == "built 2026-03-05"
    if not (ROOT / ".git").exists():
        pytest.skip("not run from a git checkout")
    commit = git_commit(ROOT)
    assert commit and build(image, CODE) == f"commit {commit}, built 2026-03-05"  # git first
