"""`.env.example` as an administrator edits it: uncommenting its PostgreSQL example selects
PostgreSQL, read as the bot and docker compose read a `.env` file (the last assignment of a name
wins)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bot.config import Config, read_dotenv

EXAMPLE = Path(__file__).resolve().parents[2] / ".env.example"
URL = "postgresql://mars:mars@postgres:5432/mars"


def uncommented(text: str, *names: str) -> str:
    """`text` with the commented-out assignments of `names` (`# NAME=value`) made active."""
    for name in names:
        text, found = re.subn(rf"^# ({name}=\S)", r"\1", text, flags=re.MULTILINE)
        assert found == 1, f"one commented {name} example expected, found {found}"
    return text


def test_uncommenting_the_postgresql_example_selects_postgresql(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    edited = uncommented(EXAMPLE.read_text(), "COMPOSE_PROFILES", "DATABASE_URL")
    (tmp_path / ".env").write_text(edited.replace("DISCORD_TOKEN=\n", "DISCORD_TOKEN=abc\n"))
    monkeypatch.chdir(tmp_path)
    values = read_dotenv(Path(".env"))
    assert values["COMPOSE_PROFILES"] == "postgres"
    assert Config.from_env({}).database_url == URL


def test_the_example_as_it_is_runs_on_sqlite(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    text = EXAMPLE.read_text().replace("DISCORD_TOKEN=\n", "DISCORD_TOKEN=abc\n")
    (tmp_path / ".env").write_text(text)
    monkeypatch.chdir(tmp_path)
    assert "COMPOSE_PROFILES" not in read_dotenv(Path(".env"))
    assert Config.from_env({}).database_url is None
