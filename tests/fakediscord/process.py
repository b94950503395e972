""":class:`BotProcess`: a real bot subprocess (``tests/e2e/run_bot.py``) against a FakeDiscord.

A process serves some gateway shards (``shard_ids``, shard 0 for an unsharded bot): it counts
as connected once each of them has a new session, and as stopped once none of them has a live
one, so several processes may run against one fake, each waited for on its own.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import IO, Any

from tests.hang import HANG_SECONDS

from .server import FakeDiscord
from .state import FakeDiscordTimeout

REPO_ROOT = Path(__file__).resolve().parents[2]
LAUNCHER = REPO_ROOT / "tests" / "e2e" / "run_bot.py"
STOP_GRACE_SECONDS = 20.0
"""How long `BotProcess.stop` lets the bot shut down after SIGTERM before it kills it: the
`stop_grace_period` docker-compose.yml gives it."""


class BotExited(RuntimeError):
    """The bot process ended while we were waiting for it to connect."""


class BotProcess:
    """A bot subprocess; stdout and stderr are appended to ``log_path`` across restarts.

    The environment gets ``FAKE_DISCORD_API``, ``FAKE_DISCORD_GATEWAY``, ``DISCORD_TOKEN``,
    ``DATABASE_PATH``, ``DEV_GUILD_ID`` and ``LOG_LEVEL`` (plus ``extra_env``, which may set
    the bot's own sharding variables; ``shard_ids`` names the shards it will then connect).

    It runs ``python tests/e2e/run_bot.py MODULE`` in the checkout, on this environment with the
    checkout on PYTHONPATH; `command`, `cwd` and `base_env` run another command in another folder
    on another environment instead (the image test runs an installed bot's ``python -m bot``).
    """

    def __init__(
        self,
        fake: FakeDiscord,
        module: str = "bot.app",
        *,
        log_path: Path,
        database_path: Path,
        token: str | None = None,
        log_level: str = "INFO",
        extra_env: dict[str, str] | None = None,
        shard_ids: Sequence[int] = (0,),
        command: Sequence[str] | None = None,
        cwd: Path = REPO_ROOT,
        base_env: Mapping[str, str] | None = None,
    ) -> None:
        self.fake = fake
        self.shard_ids = tuple(shard_ids)
        self.module = module
        self.command = [sys.executable, str(LAUNCHER), module] if command is None else [*command]
        self.label = module if command is None else " ".join(command)
        self.cwd = cwd
        self.log_path = log_path
        self.database_path = database_path
        if base_env is None:
            checkout = os.pathsep.join(filter(None, [str(REPO_ROOT), os.environ.get("PYTHONPATH")]))
            base_env = {**os.environ, "PYTHONPATH": checkout}
        self.env = {
            **base_env,
            "PYTHONUNBUFFERED": "1",
            "FAKE_DISCORD_API": fake.api_url,
            "FAKE_DISCORD_GATEWAY": fake.gateway_url,
            "DISCORD_TOKEN": fake.token if token is None else token,
            "DATABASE_PATH": str(database_path),
            "DEV_GUILD_ID": str(fake.guild.id),
            "LOG_LEVEL": log_level,
            **(extra_env or {}),
        }
        self.proc: asyncio.subprocess.Process | None = None
        self.starts = 0
        self._log: IO[bytes] | None = None

    @property
    def running(self) -> bool:
        return self.proc is not None and self.proc.returncode is None

    @property
    def returncode(self) -> int | None:
        return None if self.proc is None else self.proc.returncode

    def log_text(self) -> str:
        """Everything the bot printed so far (all runs)."""
        return self.log_path.read_text(errors="replace") if self.log_path.exists() else ""

    async def start(self, *, wait_connected: bool = True, timeout: float = HANG_SECONDS) -> None:
        """Launch the bot; by default wait until it has a live gateway session."""
        if self.running:
            raise RuntimeError("bot process is already running")
        before = self.connection_counts()
        self.starts += 1
        self._log = self.log_path.open("ab")
        self._log.write(f"===== start #{self.starts}: {self.label} =====\n".encode())
        self._log.flush()
        self.proc = await asyncio.create_subprocess_exec(
            *self.command,
            env=self.env,
            cwd=str(self.cwd),
            stdin=asyncio.subprocess.DEVNULL,
            stdout=self._log,
            stderr=asyncio.subprocess.STDOUT,
            start_new_session=True,  # a group of its own, with its workers: see `kill`
        )
        if wait_connected:
            await self.wait_connected(timeout, after=before)

    def connection_counts(self) -> dict[int, int]:
        """How many sessions each of the process's shards had so far (for ``after``)."""
        return {shard: self.fake.shard_connection_count(shard) for shard in self.shard_ids}

    async def wait_connected(
        self, timeout: float = HANG_SECONDS, *, after: dict[int, int] | None = None
    ) -> None:
        """Wait for a gateway session of each of the process's shards (with ``after``, from
        `connection_counts`, newer ones), failing fast (with the log tail) if the process dies."""
        assert self.proc is not None
        marks = after or {}
        waits = [
            self.fake.wait_shard_connected(shard, timeout, after=marks.get(shard))
            for shard in self.shard_ids
        ]
        connected: asyncio.Future[Any] = asyncio.ensure_future(asyncio.gather(*waits))
        exited: asyncio.Future[Any] = asyncio.ensure_future(self.proc.wait())
        try:
            done, _ = await asyncio.wait({connected, exited}, return_when=asyncio.FIRST_COMPLETED)
        finally:
            for task in (connected, exited):
                if not task.done():
                    task.cancel()
                    with contextlib.suppress(asyncio.CancelledError, FakeDiscordTimeout):
                        await task
        if connected in done:
            connected.result()  # re-raise a timeout
            return
        raise BotExited(
            f"bot exited with code {self.proc.returncode} before connecting:\n{self.log_tail()}"
        )

    async def wait_exit(self, timeout: float = HANG_SECONDS) -> int:
        """Wait for the process to end on its own and return its exit code."""
        assert self.proc is not None
        try:
            code = await asyncio.wait_for(self.proc.wait(), timeout)
        except TimeoutError:
            raise FakeDiscordTimeout(
                f"bot still running after {timeout}s:\n{self.log_tail()}"
            ) from None
        self._close_log()
        return code

    async def stop(self, timeout: float = STOP_GRACE_SECONDS) -> int | None:
        """SIGTERM, then SIGKILL after ``timeout`` seconds; waits until the gateway sees the
        process's shards disconnect. A process that had ended already is only tidied up: its
        shards may be another process's by now (a bot started again), never to disconnect."""
        if self.proc is None:
            return None
        if self.proc.returncode is not None:
            self._close_log()
            return self.proc.returncode
        with contextlib.suppress(ProcessLookupError):
            self.proc.send_signal(signal.SIGTERM)
        try:
            await asyncio.wait_for(self.proc.wait(), timeout)
        except TimeoutError:
            return await self.kill()
        return await self._stopped()

    async def kill(self) -> int | None:
        """SIGKILL to the bot and its worker processes (no graceful shutdown, as a crash of its
        machine; killing the bot alone would leave its workers running); waits until the
        gateway sees the process's shards disconnect."""
        if self.proc is None:
            return None
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.proc.pid, signal.SIGKILL)
        await self.proc.wait()
        return await self._stopped()

    async def _stopped(self) -> int | None:
        """Once the process has ended: close its log, wait for its shards' disconnects."""
        assert self.proc is not None
        self._close_log()
        with contextlib.suppress(FakeDiscordTimeout):
            await self.fake.wait_disconnected(HANG_SECONDS, shard_ids=self.shard_ids)
        return self.proc.returncode

    async def restart(self, *, wait_connected: bool = True, timeout: float = HANG_SECONDS) -> None:
        await self.stop()
        await self.start(wait_connected=wait_connected, timeout=timeout)

    def log_tail(self, lines: int = 60) -> str:
        return "\n".join(self.log_text().splitlines()[-lines:])

    def _close_log(self) -> None:
        if self._log is not None:
            self._log.close()
            self._log = None
