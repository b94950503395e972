"""Text mode as a person's choice, on each store: off until chosen, on for that person only, on
every server; kept across a restart; exported and forgotten with the person's other data."""

from __future__ import annotations

from club.storage.privacy import former_id
from tests.conftest import Backend
from tests.service.fixtures import ANN, BOB, Clock, serve


async def test_text_mode_is_a_persons_choice_kept_across_a_restart(backend: Backend) -> None:
    clock = Clock()
    store = backend.store()
    service = await serve(store, clock=clock)
    try:
        assert not await service.text_mode.reads_text(ANN.user_id)
        said = await service.text_mode.choose(ANN.user_id, True)
        assert said.startswith("Text mode is on")
        assert await service.text_mode.choose(ANN.user_id, True) == said  # choosing again holds
        assert await service.text_mode.readers([ANN.user_id, BOB.user_id]) == {ANN.user_id}
    finally:
        await store.close()
    store = backend.store()
    again = await serve(store, clock=clock)
    try:
        assert await again.text_mode.reads_text(ANN.user_id)
        assert (await again.text_mode.choose(ANN.user_id, False)).startswith("Text mode is off")
        assert not await again.text_mode.reads_text(ANN.user_id)
        assert await again.text_mode.readers([]) == frozenset()
    finally:
        await store.close()


async def test_text_mode_is_exported_and_forgotten(backend: Backend) -> None:
    clock = Clock()
    store = backend.store()
    service = await serve(store, clock=clock)
    try:
        await service.text_mode.choose(ANN.user_id, True)
        held = await service.privacy.held(ANN.user_id)
        assert held.counts["text mode"] == 1
        assert held.oldest == held.newest == clock.now
        exported = await service.privacy.export(ANN.user_id)
        assert exported["text_mode"] == [{"since": clock.now}]
        await service.privacy.forget(ANN.user_id)
        assert not await service.text_mode.reads_text(ANN.user_id)
        assert not await service.text_mode.reads_text(former_id(1))
    finally:
        await store.close()
