"""Work shared by everyone asking for the same thing (`club.shared`): begun once, the last few
remembered, a failure forgotten at once."""

from __future__ import annotations

import asyncio

import pytest

from club.shared import SharedWork


async def test_work_is_shared_remembered_and_forgotten_when_it_fails() -> None:
    shared: SharedWork[str, int] = SharedWork(keep=2)
    ready = asyncio.Event()

    async def slow() -> int:
        await ready.wait()
        return 1

    first = shared.begin("a", slow())
    assert shared.get("a") is first  # asked again meanwhile: the same work
    ready.set()
    assert await first == 1
    shared.begin("b", asyncio.sleep(0, 2))
    assert shared.get("a") is first  # "a" now the most recently asked for
    shared.begin("c", asyncio.sleep(0, 3))
    assert shared.get("b") is None and shared.get("a") is first  # the least recent forgotten

    async def broken() -> int:
        raise ValueError("no")

    failed = shared.begin("d", broken())
    with pytest.raises(ValueError):
        await failed
    assert shared.get("d") is None  # the next asker begins it again
