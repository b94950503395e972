"""Configuration from the environment (and a `.env` file in the working folder, if present).

- DISCORD_TOKEN (required): the bot token from the Discord Developer Portal.
- DATABASE_PATH (default `./data/bot.sqlite3`): the SQLite file; its folder is created if missing.
- DATABASE_URL (optional): a PostgreSQL database (postgresql://user:password@host:5432/name) to
  use instead of the SQLite file, for several bot processes (shards) sharing one database; the
  password's `@ # / ?` percent-encoded (`%40 %23 %2F %3F`).
- SHARD_COUNT (optional): how many shards the bot runs in all (default: as many as Discord
  recommends, all in this process).
- SHARD_IDS (optional): the shards this process runs, such as `0-3` or `0,2`, when the shards
  are spread over several processes; needs SHARD_COUNT and a shared DATABASE_URL.
- DEV_GUILD_ID (optional): a server id whose commands are synced at once (for testing), as
  its own commands; the global ones are then removed (see `bot.commands_sync`).
- LOG_LEVEL (default INFO): DEBUG, INFO, WARNING or ERROR.
- TURN_REMINDER_HOURS (default 24): remind players whose turn has waited this long; 0 = never.
- COMPUTER_PAUSE_SECONDS (default 2): how long a computer player waits before it moves.
- HEALTH_STALE_SECONDS (default 90): `python -m bot health` fails when this process's last sign
  of life (a completed pass of its background poll while connected) is older.
- WORKER_IDLE_MINUTES (default 10): the picture, replay and thinking worker processes start when
  first needed and stop after this many minutes without work (they start again at the next);
  0 keeps them running once started.
- SERVER_DATA_GRACE_DAYS (default 30): once the bot is removed from a server, its settings,
  games, ratings and people's settings there are deleted after this many days, unless the bot is
  added back before.
- MARSVSEARTH_DECK (optional): a Mars vs. Earth deck file (TOML) to play with instead of the
  bundled one, checked at start-up.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import parse_qs, urlsplit


class ConfigError(Exception):
    """The configuration cannot work; the message says what to set."""


@dataclass(frozen=True)
class Config:
    token: str
    database_path: Path
    dev_guild_id: int | None
    log_level: int
    remind_after: float
    """Seconds a turn may wait before the players to move are reminded; 0 = never."""
    marsvsearth_deck: Path | None = None
    """A Mars vs. Earth deck file to use instead of the bundled one."""
    computer_pause: float = 2.0
    """Seconds a computer player waits before it moves, so the channel can read the last move."""
    database_url: str | None = None
    """A PostgreSQL database to use instead of the SQLite file at `database_path`."""
    shard_count: int | None = None
    """Shards in all (None: as many as Discord recommends)."""
    shard_ids: tuple[int, ...] | None = None
    """The shards this process runs (None: all of them)."""

    health_stale_seconds: float = 90.0
    """How old this process's last sign of life may be before `python -m bot health` calls
    it unhealthy."""
    worker_idle_seconds: float | None = 600.0
    """Seconds a pool of worker processes may go without work before it stops (None: never)."""
    server_grace_days: float = 30.0
    """Days a server's data is kept after the bot was removed from it."""

    @property
    def process_name(self) -> str:
        """This process among the bot's processes (see `process_name`)."""
        return process_name(self.shard_count, self.shard_ids)

    def runs_guild(self, guild_id: int | None) -> bool:
        """Whether this process runs the shard of the server `guild_id` (Discord's rule: the
        server id shifted right by 22 bits, modulo the shard count; direct messages go to
        shard 0, like a game without a server)."""
        if self.shard_ids is None or self.shard_count is None:
            return True
        shard = 0 if guild_id is None else (guild_id >> 22) % self.shard_count
        return shard in self.shard_ids

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None) -> Config:
        values = settings(env)
        token = values.get("DISCORD_TOKEN", "").strip()
        if not token:
            raise ConfigError(
                "DISCORD_TOKEN is not set: put your bot's token in .env "
                "(copy .env.example) or in the environment."
            )
        guild = values.get("DEV_GUILD_ID", "").strip()
        if guild and not guild.isdigit():
            raise ConfigError("DEV_GUILD_ID must be a server id (a number), or left empty.")
        level_name = values.get("LOG_LEVEL", "INFO").strip().upper() or "INFO"
        level = logging.getLevelName(level_name)
        if not isinstance(level, int):
            raise ConfigError("LOG_LEVEL must be DEBUG, INFO, WARNING or ERROR.")
        hours = values.get("TURN_REMINDER_HOURS", "").strip() or "24"
        try:
            remind_after = float(hours) * 3600
        except ValueError:
            remind_after = -1
        if remind_after < 0:
            raise ConfigError("TURN_REMINDER_HOURS must be a number of hours (0 turns it off).")
        pause = _seconds(values.get("COMPUTER_PAUSE_SECONDS", "").strip() or "2")
        if pause is None:
            raise ConfigError("COMPUTER_PAUSE_SECONDS must be a number of seconds (0 or more).")
        url = database_url(values)
        shard_count, shard_ids = shards(values, shared=url is not None)
        return cls(
            health_stale_seconds=health_stale_seconds(values),
            worker_idle_seconds=worker_idle_seconds(values),
            server_grace_days=server_grace_days(values),
            token=token,
            shard_count=shard_count,
            shard_ids=shard_ids,
            computer_pause=pause,
            remind_after=remind_after,
            database_path=database_path(values),
            database_url=url,
            dev_guild_id=int(guild) if guild else None,
            log_level=level,
            marsvsearth_deck=deck_path(values),
        )


def process_name(shard_count: int | None, shard_ids: tuple[int, ...] | None) -> str:
    """A process among the bot's processes: the shards it runs (the same after a restart, so it
    takes up its own claims and heartbeat in the database at once)."""
    if shard_ids is None:
        return "all shards"
    return f"shards {','.join(map(str, shard_ids))} of {shard_count}"


def health_stale_seconds(values: Mapping[str, str]) -> float:
    """HEALTH_STALE_SECONDS of `values` (default 90); raises ConfigError unless it is a
    positive number of seconds."""
    seconds = _seconds(values.get("HEALTH_STALE_SECONDS", "").strip() or "90")
    if not seconds:
        raise ConfigError("HEALTH_STALE_SECONDS must be a number of seconds above 0.")
    return seconds


def worker_idle_seconds(values: Mapping[str, str]) -> float | None:
    """WORKER_IDLE_MINUTES of `values` (default 10) in seconds, None for 0 (never idle); raises
    ConfigError unless it is a number of minutes, 0 or more."""
    minutes = _seconds(values.get("WORKER_IDLE_MINUTES", "").strip() or "10")
    if minutes is None:
        raise ConfigError(
            "WORKER_IDLE_MINUTES must be a number of minutes (0 keeps the workers running)."
        )
    return minutes * 60 or None


def server_grace_days(values: Mapping[str, str]) -> float:
    """SERVER_DATA_GRACE_DAYS of `values` (default 30); raises ConfigError unless it is a number
    of days, 0 or more."""
    days = _seconds(values.get("SERVER_DATA_GRACE_DAYS", "").strip() or "30")
    if days is None:
        raise ConfigError(
            "SERVER_DATA_GRACE_DAYS must be a number of days (0 or more) to keep a server's data "
            "after the bot is removed from it."
        )
    return days


def settings(env: Mapping[str, str] | None = None) -> dict[str, str]:
    """The settings: the `.env` file's, overridden by the environment's (or `env`)."""
    return {**read_dotenv(Path(".env")), **(os.environ if env is None else env)}


def database_path(values: Mapping[str, str]) -> Path:
    """DATABASE_PATH of `values`, or its default."""
    return Path(values.get("DATABASE_PATH", "").strip() or "data/bot.sqlite3")


def database_url(values: Mapping[str, str]) -> str | None:
    """DATABASE_URL of `values`, or None (the SQLite file); raises ConfigError unless it is a
    PostgreSQL URL."""
    url = values.get("DATABASE_URL", "").strip()
    if url and not url.startswith(("postgresql://", "postgres://")):
        raise ConfigError(
            "DATABASE_URL must be a PostgreSQL URL (postgresql://user:password@host:5432/name), "
            "or left empty to use the SQLite file at DATABASE_PATH."
        )
    wrong = url_problem(url) if url else None
    if wrong:
        raise ConfigError(f"DATABASE_URL: {wrong}")
    return url or None


SSL_MODES = ("disable", "allow", "prefer", "require", "verify-ca", "verify-full")
"""The values of a PostgreSQL URL's `sslmode` that the driver knows."""


def url_problem(url: str) -> str | None:
    """What is wrong with the PostgreSQL URL `url` and what to do, or None: a user or password
    whose `@`, `#`, `/` or `?` is not percent-encoded (the rest of it would be read as the
    host), a port that is not a number from 1 to 65535, or an `sslmode` the driver does not
    know."""
    rest = url.partition("://")[2]
    end = min((rest.index(mark) for mark in "/?#" if mark in rest), default=len(rest))
    authority, after = rest[:end], rest[end:]
    if "#" in url or "@" in after or authority.count("@") > 1:
        return (
            "percent-encode the password: @ as %40, # as %23, / as %2F, ? as %3F (as written, "
            "part of it is read as the server's address)."
        )
    for host in authority.rpartition("@")[2].split(","):
        port = host.rpartition("]")[2] if host.startswith("[") else host
        if ":" in port:
            number = port.rpartition(":")[2]
            if not (number.isdigit() and 1 <= int(number) <= 65535):
                return f"the port must be a number from 1 to 65535 (often 5432), not `{number}`."
    for mode in parse_qs(urlsplit(url).query).get("sslmode", []):
        if mode not in SSL_MODES:
            return f"sslmode must be one of {', '.join(SSL_MODES)}, not `{mode}`."
    return None


def shards(values: Mapping[str, str], *, shared: bool) -> tuple[int | None, tuple[int, ...] | None]:
    """SHARD_COUNT and SHARD_IDS of `values`; raises ConfigError unless they make sense. A
    process that runs only some of the shards shares its database with the others' processes,
    so it needs PostgreSQL (`shared`)."""
    count_text = values.get("SHARD_COUNT", "").strip()
    ids_text = values.get("SHARD_IDS", "").strip()
    if not count_text:
        if ids_text:
            raise ConfigError("SHARD_IDS needs SHARD_COUNT, the number of shards in all.")
        return None, None
    if not count_text.isdigit() or int(count_text) < 1:
        raise ConfigError("SHARD_COUNT must be a whole number of shards, 1 or more.")
    count = int(count_text)
    if not ids_text:
        return count, None
    ids = shard_range(ids_text)
    if ids is None or not ids or max(ids) >= count:
        raise ConfigError(
            f"SHARD_IDS must list shards from 0 to {count - 1}, such as `0-3` or `0,2`."
        )
    if len(ids) < count and not shared:
        raise ConfigError(
            "SHARD_IDS runs some of the shards here and the rest in other processes, which "
            "must share one database: set DATABASE_URL to a PostgreSQL database."
        )
    return count, ids


def shard_range(text: str) -> tuple[int, ...] | None:
    """`0-3,5` as (0, 1, 2, 3, 5), sorted and without repeats; None if it is not such a list."""
    found: set[int] = set()
    for part in text.split(","):
        first, dash, last = part.strip().partition("-")
        if not first.isdigit() or (dash and not last.isdigit()):
            return None
        found.update(range(int(first), int(last if dash else first) + 1))
    return tuple(sorted(found))


def deck_path(values: Mapping[str, str]) -> Path | None:
    """MARSVSEARTH_DECK of `values`, or None for the bundled deck."""
    deck = values.get("MARSVSEARTH_DECK", "").strip()
    return Path(deck) if deck else None


def _seconds(text: str) -> float | None:
    """`text` as a number of seconds, 0 or more; None if it is not one."""
    try:
        seconds = float(text)
    except ValueError:
        return None
    return seconds if seconds >= 0 else None


def read_dotenv(path: Path) -> dict[str, str]:
    """KEY=VALUE lines of a .env file; blank lines and # comments are skipped."""
    if not path.is_file():
        return {}
    values = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        key, sep, value = line.strip().partition("=")
        if sep and not key.startswith("#"):
            values[key.strip()] = value.strip().strip("'\"")
    return values
