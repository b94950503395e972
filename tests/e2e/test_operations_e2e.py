"""The administrator's commands against a real bot process: `python -m bot health` follows the
bot's sign of life (frozen with SIGSTOP, thawed with SIGCONT), `python -m bot status` and
`/status` give the figures, and `python -m bot backup` copies the database while the bot runs."""

from __future__ import annotations

import asyncio
import os
import signal
import sqlite3
import sys
import time
from pathlib import Path

import discord

from tests.e2e.conftest import REPO_ROOT, LaunchBot
from tests.e2e.tables import open_table, play
from tests.fakediscord import FakeDiscord
from tests.hang import HANG_SECONDS

CHANNEL = "mars-1"
STALE = "3"
"""HEALTH_STALE_SECONDS for the health checks here (the bot polls every second)."""


async def admin(tmp_path: Path, *args: str, **env: str) -> tuple[int, str]:
    """`python -m bot ARGS` as an administrator runs it beside the bot (on its database, in a
    folder without a .env file): (exit code, what it printed)."""
    process = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "bot",
        *args,
        cwd=tmp_path,
        env={
            **os.environ,
            "PYTHONPATH": str(REPO_ROOT),
            "DATABASE_PATH": str(tmp_path / "bot.sqlite3"),
            "HEALTH_STALE_SECONDS": STALE,
            **env,
        },
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.STDOUT,
    )
    out, _ = await process.communicate()
    assert process.returncode is not None
    return process.returncode, out.decode()


async def health_becomes(tmp_path: Path, healthy: bool, within: float = HANG_SECONDS) -> str:
    """Run the health check until it says `healthy` (or fail after `within` seconds); its line."""
    deadline = time.monotonic() + within
    while True:
        code, line = await admin(tmp_path, "health")
        assert len(line.strip().splitlines()) == 1, line
        if (code == 0) == healthy:
            return line.strip()
        assert time.monotonic() < deadline, f"health still says: {line}"
        await asyncio.sleep(0.5)


async def test_health_follows_the_bot_frozen_and_thawed(
    fake_discord: FakeDiscord, launch_bot: LaunchBot, tmp_path: Path
) -> None:
    code, line = await admin(tmp_path, "health")
    assert code == 1 and line.startswith("unhealthy: there is no database"), line
    bot = await launch_bot(extra_env={"E2E_POLL_SECONDS": "1"})
    assert (await health_becomes(tmp_path, True)).startswith("healthy: the bot (all shards)")
    assert bot.proc is not None
    os.kill(bot.proc.pid, signal.SIGSTOP)
    try:
        stale = await health_becomes(tmp_path, False)
    finally:
        os.kill(bot.proc.pid, signal.SIGCONT)
    assert stale.startswith("unhealthy: the bot's last sign of life (all shards) is "), stale
    assert "the limit is 3 s" in stale
    await health_becomes(tmp_path, True)
    code, line = await admin(tmp_path, "health", SHARD_COUNT="2", SHARD_IDS="1", DATABASE_URL="")
    assert code == 1, line  # another process's heartbeat is not this one's


async def test_status_and_a_backup_while_the_bot_plays(
    fake_discord: FakeDiscord, launch_bot: LaunchBot, tmp_path: Path
) -> None:
    await launch_bot(extra_env={"E2E_SEED": "7", "E2E_POLL_SECONDS": "1"})
    await health_becomes(tmp_path, True)
    ann, bob = fake_discord.add_user("Ann"), fake_discord.add_user("Bob")
    channel = CHANNEL
    await open_table(fake_discord, channel, "leylines", ann, [bob], {"first": 1})
    await play(fake_discord, ann, channel, "L c3")

    code, text = await admin(tmp_path, "status")
    assert code == 0, text
    assert "Open games: 1 in play, 0 in lobbies" in text
    assert f"Database: SQLite at {tmp_path / 'bot.sqlite3'}" in text
    assert "Process all shards: version " in text and "last poll " in text

    reply = await (await fake_discord.slash(ann, channel, "status")).response()
    assert (
        reply.ephemeral
        and reply.content == "Only the server's administrators may see the bot's status."
    )
    await fake_discord.wait_commands_synced()
    administrators = str(discord.Permissions(administrator=True).value)
    assert str(fake_discord.command("status")["default_member_permissions"]) == administrators

    code, text = await admin(tmp_path, "backup", "copies/first.sqlite3")
    assert code == 1 and "there is no folder copies" in text, text
    (tmp_path / "copies").mkdir()
    code, text = await admin(tmp_path, "backup", "copies/first.sqlite3")
    assert code == 0 and "(games: 1, moves: 1)" in text, text
    with sqlite3.connect(tmp_path / "copies" / "first.sqlite3") as copy:
        assert copy.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
        assert copy.execute("SELECT notation FROM moves").fetchall() == [("L c3",)]

    code, text = await admin(
        tmp_path, "backup", "copy.dump", DATABASE_URL="postgresql://mars@db:5432/mars"
    )
    assert code == 1 and "pg_dump" in text and "PostgreSQL db:5432/mars" in text, text
