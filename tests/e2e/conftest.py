"""Fixtures for end-to-end tests: a fake Discord server and real bot subprocesses.

* ``fake_discord``: a started :class:`~tests.fakediscord.FakeDiscord` in the test's event loop.
* ``launch_bot``: ``await launch_bot(module="bot.app", *, token=None, wait_connected=True, ...)``
  starts ``python tests/e2e/run_bot.py MODULE`` and returns a :class:`~tests.fakediscord.BotProcess`
  (``stop()``, ``start()``, ``restart()``, ``wait_exit()``, ``log_text()``). All bots launched in a
  test share ``tmp_path / "bot.sqlite3"`` as DATABASE_PATH, so a restarted bot sees the same data.
  Bots are stopped at teardown; their logs are attached to the report of a failing test.
"""

from __future__ import annotations

import os
import sys
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest
import pytest_asyncio

REPO_ROOT = Path(__file__).resolve().parents[2]
if str(REPO_ROOT) not in sys.path:
    sys.path.insert(0, str(REPO_ROOT))

from tests.fakediscord import BotProcess, FakeDiscord  # noqa: E402

LaunchBot = Callable[..., Awaitable[BotProcess]]
_LOGS_KEY = pytest.StashKey[list[Path]]()


@pytest_asyncio.fixture(loop_scope="function")
async def fake_discord(request: pytest.FixtureRequest) -> AsyncIterator[FakeDiscord]:
    """The fake server; at the end of each test, no request the bot sent may have been refused
    as Discord refuses it (invalid by its OpenAPI description, or beyond a message limit),
    except in tests marked `refusals_expected`."""
    fake = await FakeDiscord.start()
    try:
        yield fake
    finally:
        await fake.stop()
    if request.node.get_closest_marker("refusals_expected") is None:
        assert fake.refused_requests == [], fake.refused_requests


@pytest_asyncio.fixture(loop_scope="function")
async def launch_bot(
    fake_discord: FakeDiscord, tmp_path: Path, request: pytest.FixtureRequest
) -> AsyncIterator[LaunchBot]:
    processes: list[BotProcess] = []
    logs = request.node.stash.setdefault(_LOGS_KEY, [])

    async def launch(
        module: str = "bot.app",
        *,
        token: str | None = None,
        wait_connected: bool = True,
        timeout: float = 20,
        log_level: str = os.environ.get("E2E_BOT_LOG_LEVEL", "INFO"),
        extra_env: dict[str, str] | None = None,
    ) -> BotProcess:
        log_path = tmp_path / f"bot-{len(processes) + 1}.log"
        logs.append(log_path)
        process = BotProcess(
            fake_discord,
            module,
            log_path=log_path,
            database_path=tmp_path / "bot.sqlite3",
            token=token,
            log_level=log_level,
            extra_env=extra_env,
        )
        processes.append(process)
        await process.start(wait_connected=wait_connected, timeout=timeout)
        return process

    try:
        yield launch
    finally:
        for process in processes:
            await process.stop()


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "refusals_expected: the test makes the fake Discord refuse requests"
    )


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[Any]) -> Any:
    """Attach the bot logs to the report of a failed test (shown in the failure output)."""
    report = yield
    if report.failed:
        for path in item.stash.get(_LOGS_KEY, []):
            if path.exists():
                text = path.read_text(errors="replace")
                report.sections.append((f"bot log {path.name} ({report.when})", text[-30000:]))
    return report
