"""Configuration from the environment, and how errors are answered."""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any, cast

import discord
import pytest

from bot.app import main
from bot.config import Config, ConfigError, read_dotenv
from bot.courier.replies import APOLOGY, answer_error
from bot.games import catalogue_of
from club.catalogue import CATALOGUE
from club.operations.figures import where_kind
from club.service import TableError
from club.storage import storage_for, where
from club.storage.postgres import PgDatabase
from club.storage.sqlite import SqliteDatabase
from engine.marsvsearth import DEFAULT_DECK_PATH
from engine.marsvsearth import GAME as MARSVSEARTH_GAME
from tests.bot.fakes import FakeResponse


def test_defaults_need_only_the_token() -> None:
    config = Config.from_env({"DISCORD_TOKEN": "abc"})
    assert config.token == "abc"
    assert config.database_path == Path("data/bot.sqlite3")
    assert config.dev_guild_id is None
    assert config.log_level == logging.INFO
    assert config.remind_after == 24 * 3600
    assert config.database_url is None
    assert config.worker_idle_seconds == 600  # workers stop after 10 minutes idle
    assert type(storage_for(config.database_path, config.database_url).database) is (SqliteDatabase)


def test_database_url_selects_postgresql_and_the_log_hides_its_password() -> None:
    url = "postgresql://bot:secret@db:5433/mars"
    config = Config.from_env({"DISCORD_TOKEN": "abc", "DATABASE_URL": url})
    assert config.database_url == url
    store = storage_for(config.database_path, config.database_url)
    assert isinstance(store.database, PgDatabase) and store.database.url == url
    assert where(config.database_path, url) == "PostgreSQL db:5433/mars"
    assert where_kind(config.database_path, url) == "PostgreSQL at db:5433/mars"
    assert where_kind(Path("/data/bot.sqlite3"), None) == "SQLite at /data/bot.sqlite3"


@pytest.mark.parametrize(
    "url",
    [
        "postgresql://bot:p%40ss%23word@db:5433/mars?sslmode=require",
        "postgres://db/mars",
        "postgresql://bot@db-1:5432,[::1]:5433/mars?sslmode=verify-full&application_name=x",
    ],
)
def test_a_well_formed_database_url_is_taken_as_it_is(url: str) -> None:
    assert Config.from_env({"DISCORD_TOKEN": "a", "DATABASE_URL": url}).database_url == url


def test_shards_run_all_here_by_default_or_the_range_named() -> None:
    url = "postgresql://bot:secret@db/mars"
    assert Config.from_env({"DISCORD_TOKEN": "a"}).shard_count is None
    alone = Config.from_env({"DISCORD_TOKEN": "a", "SHARD_COUNT": "2"})
    assert (alone.shard_count, alone.shard_ids, alone.process_name) == (2, None, "all shards")
    every = {"DISCORD_TOKEN": "a", "SHARD_COUNT": "2", "SHARD_IDS": "0-1"}
    assert Config.from_env(every).shard_ids == (0, 1)  # all shards here: SQLite will do
    some = {"DISCORD_TOKEN": "a", "SHARD_COUNT": "8", "SHARD_IDS": "4-5, 0,5", "DATABASE_URL": url}
    config = Config.from_env(some)
    assert (config.shard_count, config.shard_ids) == (8, (0, 4, 5))
    assert config.process_name == "shards 0,4,5 of 8"


def test_workers_stop_after_the_minutes_idle_named_or_never() -> None:
    def idle(minutes: str) -> float | None:
        return Config.from_env(
            {"DISCORD_TOKEN": "a", "WORKER_IDLE_MINUTES": minutes}
        ).worker_idle_seconds

    assert idle("2.5") == 150 and idle("") == 600
    assert idle("0") is None  # they keep running once started


def test_a_process_runs_the_servers_of_its_shards() -> None:
    url = "postgresql://bot:secret@db/mars"
    some = Config.from_env(
        {"DISCORD_TOKEN": "a", "SHARD_COUNT": "4", "SHARD_IDS": "1,3", "DATABASE_URL": url}
    )
    # A server's shard is its id shifted right by 22 bits, modulo the shard count.
    assert [some.runs_guild((shard << 22) + 12345) for shard in range(8)] == [
        False, True, False, True, False, True, False, True
    ]  # fmt: skip
    assert not some.runs_guild(None)  # no server: shard 0's, like a direct message
    every = Config.from_env({"DISCORD_TOKEN": "a", "SHARD_COUNT": "4"})
    assert every.runs_guild(3 << 22) and every.runs_guild(None)


@pytest.mark.parametrize(
    ("env", "message"),
    [
        ({}, "DISCORD_TOKEN is not set"),
        ({"DISCORD_TOKEN": "  "}, "DISCORD_TOKEN is not set"),
        ({"DISCORD_TOKEN": "a", "DEV_GUILD_ID": "my server"}, "DEV_GUILD_ID"),
        ({"DISCORD_TOKEN": "a", "LOG_LEVEL": "LOUD"}, "LOG_LEVEL"),
        ({"DISCORD_TOKEN": "a", "TURN_REMINDER_HOURS": "soon"}, "TURN_REMINDER_HOURS"),
        ({"DISCORD_TOKEN": "a", "TURN_REMINDER_HOURS": "-1"}, "TURN_REMINDER_HOURS"),
        ({"DISCORD_TOKEN": "a", "DATABASE_URL": "mysql://db/mars"}, "DATABASE_URL"),
        ({"DISCORD_TOKEN": "a", "DATABASE_URL": "postgresql://u:p/w@db/mars"}, "%2F"),
        ({"DISCORD_TOKEN": "a", "DATABASE_URL": "postgresql://u:p?w@db/mars"}, "%3F"),
        ({"DISCORD_TOKEN": "a", "DATABASE_URL": "postgresql://db:0/mars"}, "not `0`"),
        ({"DISCORD_TOKEN": "a", "DATABASE_URL": "postgresql://db:1,[::1]:x/mars"}, "not `x`"),
        ({"DISCORD_TOKEN": "a", "WORKER_IDLE_MINUTES": "ten"}, "WORKER_IDLE_MINUTES must be"),
        ({"DISCORD_TOKEN": "a", "WORKER_IDLE_MINUTES": "-1"}, "WORKER_IDLE_MINUTES must be"),
        ({"DISCORD_TOKEN": "a", "SHARD_COUNT": "0"}, "SHARD_COUNT must be"),
        ({"DISCORD_TOKEN": "a", "SHARD_COUNT": "two"}, "SHARD_COUNT must be"),
        ({"DISCORD_TOKEN": "a", "SHARD_IDS": "0"}, "SHARD_IDS needs SHARD_COUNT"),
        ({"DISCORD_TOKEN": "a", "SHARD_COUNT": "2", "SHARD_IDS": "2"}, "from 0 to 1"),
        ({"DISCORD_TOKEN": "a", "SHARD_COUNT": "4", "SHARD_IDS": "3-1"}, "from 0 to 3"),
        ({"DISCORD_TOKEN": "a", "SHARD_COUNT": "4", "SHARD_IDS": "1,x"}, "from 0 to 3"),
        ({"DISCORD_TOKEN": "a", "SHARD_COUNT": "2", "SHARD_IDS": "1"}, "set DATABASE_URL"),
    ],
)
def test_bad_settings_say_what_to_set(
    env: dict[str, str], message: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    with pytest.raises(ConfigError, match=message):
        Config.from_env(env)


def test_dotenv_fills_in_what_the_environment_lacks(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / ".env").write_text(
        "# comment\nDISCORD_TOKEN='from-file'\nDEV_GUILD_ID=42\n\nTURN_REMINDER_HOURS=0\n"
    )
    monkeypatch.chdir(tmp_path)
    assert read_dotenv(Path(".env"))["DISCORD_TOKEN"] == "from-file"
    config = Config.from_env({"LOG_LEVEL": "debug"})
    assert (config.token, config.dev_guild_id, config.remind_after) == ("from-file", 42, 0)
    assert config.log_level == logging.DEBUG
    assert Config.from_env({"DISCORD_TOKEN": "env-wins"}).token == "env-wins"


class FakeInteraction:
    """Just what `answer_error` touches of a discord.Interaction."""

    def __init__(self) -> None:
        self.response = FakeResponse()
        self.command = None
        self.user = discord.Object(5)


async def test_refusals_are_private_and_unexpected_errors_apologise(
    caplog: pytest.LogCaptureFixture,
) -> None:
    refused = FakeInteraction()
    await answer_error(cast(Any, refused), TableError("It is not your turn."))
    assert refused.response.sent == [("It is not your turn.", True)]
    assert not caplog.records

    broken = FakeInteraction()
    with caplog.at_level(logging.ERROR):
        await answer_error(cast(Any, broken), ZeroDivisionError("boom"))
    assert broken.response.sent == [(APOLOGY, True)]
    assert any(r.exc_info and r.exc_info[0] is ZeroDivisionError for r in caplog.records)


def test_a_bad_marsvsearth_deck_stops_the_bot_with_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    deck = tmp_path / "deck.toml"
    bundled = DEFAULT_DECK_PATH.read_text()
    assert "[[threat]]" in bundled
    deck.write_text(bundled.replace("[[threat]]", "[[nonsense]]", 1))
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DISCORD_TOKEN", "abc")
    monkeypatch.setenv("MARSVSEARTH_DECK", str(deck))
    assert Config.from_env().marsvsearth_deck == deck
    with pytest.raises(SystemExit) as stopped:
        main()
    said = str(stopped.value.code)
    assert said.startswith("error: MARSVSEARTH_DECK: ") and "\n" not in said
    assert str(deck) in said


def test_a_good_marsvsearth_deck_replaces_the_bundled_one(tmp_path: Path) -> None:
    deck = tmp_path / "deck.toml"
    deck.write_text(DEFAULT_DECK_PATH.read_text())
    catalogue = catalogue_of(deck)
    assert catalogue["marsvsearth"].game is not MARSVSEARTH_GAME
    assert catalogue["marsvsearth"].game.new_game(["a", "b", "c"], {}, 1) is not None
    assert CATALOGUE["marsvsearth"].game is MARSVSEARTH_GAME  # the bundled one is not rewritten
    assert catalogue_of(None)["marsvsearth"].game is MARSVSEARTH_GAME
