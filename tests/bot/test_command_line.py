"""`python -m bot`: no task runs the bot; `ratings --rebuild` counts the finished games again
and `privacy show|export|forget USER_ID` serves a person's request, without a Discord token."""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
from pathlib import Path

import pytest

from bot import app, command_line
from club.ratings.ledger import Rating
from club.service import Player
from club.storage import Storage
from club.storage.sqlite import SqliteDatabase
from tests.service.fixtures import serve

ANN, BOB = Player(101, "Ann"), Player(202, "Bob")


async def a_resigned_game(path: Path) -> list[Rating]:
    """A database with one Ley Lines game that Bob resigned; Ann's ratings in it."""
    store = Storage(SqliteDatabase(path))
    service = await serve(store, seed=7)
    await service.lobbies.new_lobby(
        guild_id=1, channel_id=10, creator=ANN, game_key="leylines", options={}
    )
    await service.lobbies.join(10, BOB)
    await service.lobbies.start(10, ANN)
    await service.play.resign(10, BOB)
    await store.db.execute("DELETE FROM ratings")
    await store.close()
    return await ratings(path)


async def ratings(path: Path) -> list[Rating]:
    store = Storage(SqliteDatabase(path))
    await store.open()
    found = await store.ledger.ratings(1, ANN.user_id)
    await store.close()
    return found


def test_the_ratings_are_rebuilt_without_a_token(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "bot.sqlite3"
    assert asyncio.run(a_resigned_game(path)) == []
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    monkeypatch.setenv("DATABASE_PATH", str(path))
    command_line.main(["ratings", "--rebuild"])
    assert "from 1 finished games" in capsys.readouterr().out
    (ann,) = asyncio.run(ratings(path))
    assert (ann.games, ann.wins) == (1, 1)


def test_privacy_shows_exports_and_forgets_a_person(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "bot.sqlite3"
    asyncio.run(a_resigned_game(path))
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    monkeypatch.setenv("DATABASE_PATH", str(path))
    command_line.main(["privacy", "show", str(BOB.user_id)])
    assert "games: 1" in capsys.readouterr().out
    command_line.main(["privacy", "export", str(BOB.user_id)])
    assert json.loads(capsys.readouterr().out)["names"] == ["Bob"]
    command_line.main(["privacy", "forget", str(BOB.user_id)])
    assert "former player 1 in 1 game;" in capsys.readouterr().out
    command_line.main(["privacy", "forget", str(BOB.user_id)])
    assert "Nothing is held" in capsys.readouterr().out
    monkeypatch.setenv("SERVER_DATA_GRACE_DAYS", "soon")
    with pytest.raises(SystemExit, match="SERVER_DATA_GRACE_DAYS must be a number of days"):
        command_line.main(["privacy", "show", str(BOB.user_id)])


def test_a_missing_database_is_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DATABASE_PATH", str(tmp_path / "nowhere.sqlite3"))
    with pytest.raises(SystemExit, match="no database at"):
        command_line.main(["ratings", "--rebuild"])
    assert not (tmp_path / "nowhere.sqlite3").exists()


def test_no_task_runs_the_bot(monkeypatch: pytest.MonkeyPatch) -> None:
    ran = []
    monkeypatch.setattr(app, "main", lambda: ran.append(True))
    command_line.main([])
    assert ran == [True]


def test_python_m_bot_without_a_token_says_what_to_set(tmp_path: Path) -> None:
    env = {"PATH": "", "DATABASE_PATH": str(tmp_path / "bot.sqlite3")}
    done = subprocess.run(
        [sys.executable, "-m", "bot"], cwd=tmp_path, env=env, capture_output=True, text=True
    )
    assert done.returncode == 1 and done.stderr.startswith("error: DISCORD_TOKEN is not set")
