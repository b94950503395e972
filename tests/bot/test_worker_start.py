"""A bot killed outright (SIGKILL, outside Docker) leaves no worker process running: each worker
watches the bot and ends with it."""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.hang import HANG_SECONDS

KILLED_BOT = """
import os, signal
from bot.courier.pictures import process_pool
from club.catalogue import CATALOGUE

pool = process_pool(2, CATALOGUE)
print(*sorted({pool.submit(os.getpid).result() for _ in range(8)}), flush=True)
os.kill(os.getpid(), signal.SIGKILL)
"""


def running(pid: int) -> bool:
    """Whether process `pid` exists and has not ended (a zombie has ended)."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except FileNotFoundError:
        return False
    return "\nState:\tZ" not in status


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="pidfd: Linux")
def test_workers_end_when_the_bot_is_killed(tmp_path: Path) -> None:
    said, complained = tmp_path / "bot.out", tmp_path / "bot.err"
    with said.open("w") as out, complained.open("w") as err:
        bot = subprocess.run(  # no pipes: a surviving worker would hold them open
            [sys.executable, "-c", KILLED_BOT], stdout=out, stderr=err, timeout=HANG_SECONDS
        )
    assert bot.returncode == -9, complained.read_text()
    workers = [int(pid) for pid in said.read_text().split()]
    assert workers and all(pid > 0 for pid in workers)
    waited = time.monotonic()
    while any(running(pid) for pid in workers) and time.monotonic() - waited < HANG_SECONDS:
        time.sleep(0.1)
    assert not any(running(pid) for pid in workers)
