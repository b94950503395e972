"""Fixtures for end-to-end tests: a fake Discord server and real bot subprocesses.

* ``fake_discord``: a started :class:`~tests.fakediscord.FakeDiscord` in the test's event loop.
* ``launch_bot``: ``await launch_bot(module="bot.app", *, token=None, wait_connected=True, ...)``
  starts ``python tests/e2e/run_bot.py MODULE`` and returns a :class:`~tests.fakediscord.BotProcess`
  (``stop()``, ``kill()``, ``start()``, ``restart()``, ``wait_exit()``, ``log_text()``). All bots
  launched in a test share ``tmp_path / "bot.sqlite3"`` as DATABASE_PATH (unless given
  ``database_path``), so a restarted bot sees the same data. A bot that serves other gateway
  shards than shard 0 names them, e.g. ``launch_bot(extra_env={"SHARD_COUNT": "2",
  "SHARD_IDS": "1", ...}, shard_ids=(1,))``, and is waited for until those shards connect.
  Bots are stopped at teardown; their logs are attached to the report of a failing test.
* ``rest``: a :class:`RestClient` speaking to the fake's REST API as the bot, without a bot.
* Every test ends with ``fake.assert_no_refusals()`` unless it opts out (see ``fake_discord``).
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from pathlib import Path
from typing import Any

import aiohttp
import pytest
import pytest_asyncio

REPO_ROOT = Path(__file__).resolve().parents[2]
if str(REPO_ROOT) not in sys.path:
    sys.path.insert(0, str(REPO_ROOT))

from tests.fakediscord import BotProcess, FakeDiscord  # noqa: E402
from tests.hang import HANG_SECONDS  # noqa: E402

LaunchBot = Callable[..., Awaitable[BotProcess]]
_LOGS_KEY = pytest.StashKey[list[Path]]()


@pytest_asyncio.fixture(loop_scope="function")
async def fake_discord(request: pytest.FixtureRequest) -> AsyncIterator[FakeDiscord]:
    """The fake server. At the end of each test no request may have been refused as Discord
    refuses it (beyond a message limit, invalid by Discord's OpenAPI description, empty), unless
    the test is marked `refusals_expected` or called `fake.expect_refusals()`."""
    fake = await FakeDiscord.start()
    try:
        yield fake
    finally:
        await fake.stop()
    if not fake.refusals_expected and request.node.get_closest_marker("refusals_expected") is None:
        fake.assert_no_refusals()


class RestClient:
    """Raw requests to the fake's ``/api/v10`` as the bot would send them."""

    def __init__(self, fake: FakeDiscord, session: aiohttp.ClientSession) -> None:
        self.fake = fake
        self.session = session

    async def request(
        self, method: str, path: str, body: Any = None, files: dict[str, bytes] | None = None
    ) -> tuple[int, Any]:
        """(status, decoded JSON or None) of `method` `path` (``/channels/1/messages``); with
        `files` ({filename: bytes}) the body goes as ``payload_json`` of a multipart request."""
        data: Any = None
        if files is not None:
            data = aiohttp.FormData()
            data.add_field("payload_json", json.dumps(body), content_type="application/json")
            for index, (name, content) in enumerate(files.items()):
                data.add_field(f"files[{index}]", content, filename=name)
        async with self.session.request(
            method,
            self.fake.api_url + path,
            json=body if files is None and body is not None else None,
            data=data,
            headers={"Authorization": f"Bot {self.fake.token}"},
        ) as response:
            text = await response.text()
            return response.status, json.loads(text) if text else None


@pytest_asyncio.fixture(loop_scope="function")
async def rest(fake_discord: FakeDiscord) -> AsyncIterator[RestClient]:
    async with aiohttp.ClientSession() as session:
        yield RestClient(fake_discord, session)


EDIT_PACE = {"E2E_EDIT_SECONDS": "0.05"}
"""The bot's pace of board edits in these tests (1 s in use, see `bot.courier.pacing`): their
players wait for the board after each action and act at once, so the real pace would hold most
of their actions; a test of the pace sets its own."""


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
        timeout: float = HANG_SECONDS,
        log_level: str = os.environ.get("E2E_BOT_LOG_LEVEL", "INFO"),
        extra_env: dict[str, str] | None = None,
        database_path: Path | None = None,
        shard_ids: Sequence[int] = (0,),
    ) -> BotProcess:
        log_path = tmp_path / f"bot-{len(processes) + 1}.log"
        logs.append(log_path)
        process = BotProcess(
            fake_discord,
            module,
            log_path=log_path,
            database_path=database_path or tmp_path / "bot.sqlite3",
            token=token,
            log_level=log_level,
            extra_env={**EDIT_PACE, **(extra_env or {})},
            shard_ids=shard_ids,
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
