"""Search trees kept between a seat's moves, so that a search starts from what the last one saw.

After a search for a seat, a `Memory` keeps the subtree of the move chosen, with the position
that move led to, under the caller's key (a table and a seat). When the same key asks again, the
moves played since are found in that subtree: the tree's children are keyed by (seat, move), so
applying their moves from the kept position, breadth first, reaches the new position (compared
as states) along at most `MAX_PLIES` moves and `MAX_APPLIED` moves applied in all; the search
then grows that node, whose simulations went through the very same position, instead of a new
root. Anything else (a move taken back, a new game, too many moves since) starts a new tree.

Only open games without chance keep trees (Ley Lines of Mars, Albiorix): there every sample is
the true state, so a node's simulations all passed through the position its moves lead to. In a
game with chance (Martian Merchants' die) the kept simulations drew rolls the table did not, and
in a game with hidden information a node's key holds moves of samples the seat cannot tell apart
from the table's; both start a new tree at every move.

Between two decisions a kept tree may grow on (pondering, `ai.ponder`): simulations from the
kept position, where another seat is to move, so that the reply's subtree holds more. A tree is
grown by one thread at a time: the memory's keys and trees may be shared between threads, but
the thread that pondering runs in must be held off while another recalls, keeps or searches
(`bot.workers.ponderer`).

A memory is bounded: at most `size` keys, the least recently used dropped first, and a tree
older than `stale_seconds` is dropped unused. A game that ends, or whose position changes other
than by a move (a takeback), is forgotten at once (`Memory.forget`). Nothing is kept unless the
caller passes a memory, so `ai.levels.choose` stays a pure function of its arguments.
"""

from __future__ import annotations

import random
import threading
import time
from collections import OrderedDict, deque
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from ai.kit import Kit
from ai.levels import Level, kit_for, level_named
from ai.levels import think as think_afresh
from ai.search import Decision, search
from ai.tree import Node
from engine.core import Game, Seat

M = TypeVar("M", bound=Hashable)

KEEP = 8
"""Keys (tables and seats) a memory keeps a tree for, by default."""
STALE_SECONDS = 900.0
"""A kept tree unused this long (seconds) is dropped."""
MAX_PLIES = 6
"""The most moves since the kept position that the memory looks for in the tree."""
MAX_APPLIED = 4000
"""The most moves the memory applies while looking for the new position in a kept tree."""


@dataclass(frozen=True)
class Kept(Generic[M]):
    """The tree grown below `state` (the position a chosen move led to), kept at `at` (seconds
    of the memory's clock)."""

    state: Any
    node: Node[M]
    at: float


@dataclass(frozen=True)
class Thought(Generic[M]):
    """A decision and the simulations its search started with (those of the kept tree's node
    for the position; 0 for a new tree)."""

    decision: Decision[M]
    inherited: int


def reusable(game: Game[Any, Any]) -> bool:
    """Whether a search tree of `game` may be kept for the next move: an open game without
    chance."""
    return game.information == "open" and not game.chance


def descend(game: Game[Any, M], kept: Kept[M], state: Any, seat: Seat) -> Node[M] | None:
    """The node of `kept`'s tree whose position is `state`, where `seat` is to choose; None when
    the moves played since are not in the tree (within `MAX_PLIES` and `MAX_APPLIED`), or the
    node holds another seat's moves."""
    found: Node[M] | None = kept.node if kept.state == state else None
    frontier = deque([(kept.state, kept.node, 0)])
    applied = 0
    while found is None and frontier and applied < MAX_APPLIED:
        position, node, plies = frontier.popleft()
        if plies == MAX_PLIES:
            continue
        for (mover, move), child in node.children.items():
            after, _ = game.apply(position, mover, move)
            applied += 1
            if after == state:
                found = child
                break
            frontier.append((after, child, plies + 1))
    if found is None or any(mover != seat for mover, _ in found.children):
        return None
    return found


class Memory:
    """The search trees of the last decisions, by key (see the module's rules); its keys are
    safe to share between threads, its trees as the module says."""

    def __init__(
        self,
        size: int = KEEP,
        stale_seconds: float = STALE_SECONDS,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.size, self.stale_seconds, self.clock = size, stale_seconds, clock
        self._kept: OrderedDict[Hashable, Kept[Any]] = OrderedDict()
        self._lock = threading.Lock()

    def __len__(self) -> int:
        return len(self._kept)

    def recall(self, key: Hashable, game: Game[Any, M], state: Any, seat: Seat) -> Node[M]:
        """The tree to search `state` from for `key`, where `seat` is to move: the kept tree's
        node for it, else a new root. The kept tree is forgotten either way."""
        with self._lock:
            self._drop_stale()
            kept = self._kept.pop(key, None)
        node = None if kept is None else descend(game, kept, state, seat)
        return Node() if node is None else node

    def kept(self, key: Hashable) -> Kept[Any] | None:
        """The tree kept for `key`, left in place (None when there is none)."""
        with self._lock:
            return self._kept.get(key)

    def keep(
        self, key: Hashable, game: Game[Any, M], state: Any, seat: Seat, move: M, root: Node[M]
    ) -> None:
        """Keep, for `key`, the subtree of `move` (`seat`'s choice in `state`) in the tree
        `root`; nothing when the search did not try that move."""
        node = root.children.get((seat, move))
        if node is None:
            return
        after, _ = game.apply(state, seat, move)
        with self._lock:
            self._kept[key] = Kept(after, node, self.clock())
            while len(self._kept) > self.size:
                self._kept.popitem(last=False)

    def forget(self, which: Callable[[Hashable], bool]) -> None:
        """Drop the trees kept for the keys `which` accepts (those of a game that ended)."""
        with self._lock:
            for key in [key for key in self._kept if which(key)]:
                del self._kept[key]

    def _drop_stale(self) -> None:
        oldest = self.clock() - self.stale_seconds
        for key in [key for key, kept in self._kept.items() if kept.at < oldest]:
            del self._kept[key]

    def think(
        self,
        key: Hashable,
        game: Game[Any, M],
        state: Any,
        seat: Seat,
        level: Level | str,
        seed: int,
        kit: Kit | None,
    ) -> Thought[M]:
        """`ai.levels.think`, which a search grows from `key`'s kept tree where it may (see
        `reusable`), keeping the tree of the move chosen for `key`'s next decision."""
        chosen = level_named(level) if isinstance(level, str) else level
        kit = kit_for(chosen, kit)
        if chosen.budget is None or kit is None or not reusable(game):
            return Thought(think_afresh(game, state, seat, chosen, seed, kit), 0)
        root = self.recall(key, game, state, seat)
        inherited = root.visits
        decision = search(
            game, state, seat, chosen.budget, random.Random(seed), kit, chosen.settings, root=root
        )
        self.keep(key, game, state, seat, decision.move, root)
        return Thought(decision, inherited)
