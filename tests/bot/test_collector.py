"""The bot process sets aside what its start made from the garbage collector."""

from __future__ import annotations

import gc
import weakref

from bot.collector import set_aside_start


class Node:
    """An object that may hold itself (a reference cycle: garbage only a collection frees)."""

    me: Node | None = None


def test_the_start_s_garbage_is_collected_and_the_rest_set_aside() -> None:
    garbage = Node()
    garbage.me = garbage
    gone = weakref.ref(garbage)
    del garbage
    kept = [Node()]
    try:
        set_aside = set_aside_start()
        assert gone() is None  # collected first, not set aside for the process's life
        assert set_aside == gc.get_freeze_count() > 0
        assert not any(o is kept for o in gc.get_objects())  # no collection walks it again
    finally:
        gc.unfreeze()
    assert any(o is kept for o in gc.get_objects())
