"""A node of the search tree and how a node picks its next child (UCB1).

A node is reached by one seat's move and keeps its statistics from that seat's point of view:
`reward` sums what that seat earned in the simulations through the node. Children are keyed by
`(seat, move)`. `available` counts the visits of the parent in which the node's move was legal
(information-set MCTS: in an open game it equals the parent's visits since the child was made).
"""

from __future__ import annotations

import math
import random
from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field
from typing import Generic, TypeVar

from engine.core import Seat

M = TypeVar("M", bound=Hashable)


@dataclass(eq=False)
class Node(Generic[M]):
    """What came of a move by `mover` (None at the root)."""

    mover: Seat | None = None
    visits: int = 0
    reward: float = 0.0
    available: int = 0
    children: dict[tuple[Seat, M], Node[M]] = field(default_factory=dict)

    def mean(self) -> float:
        """The mover's average reward through this node, in [0, 1]."""
        return self.reward / self.visits

    def step(
        self, keys: Sequence[tuple[Seat, M]], rng: random.Random, exploration: float
    ) -> tuple[Node[M], tuple[Seat, M], bool]:
        """One step down among `keys` (all legal now): each child among them was available
        once more; a key never tried, at random, gets a new child (its seat the mover),
        otherwise `select` picks among the children. Returns the child, its key and whether it
        is new."""
        children = self.children
        fresh = []
        for key in keys:
            child = children.get(key)
            if child is None:
                fresh.append(key)
            else:
                child.available += 1
        if fresh:
            key = rng.choice(fresh)
            child = children[key] = Node(key[0], available=1)
            return child, key, True
        key = self.select(keys, exploration)
        return children[key], key, False

    def select(self, keys: Sequence[tuple[Seat, M]], exploration: float) -> tuple[Seat, M]:
        """The key of the child with the highest UCB1 among `keys`, all of which are children
        already; the first of equals wins. UCB1 is the child's mean plus `exploration` times
        the width of its confidence bound, sqrt(ln(available) / visits)."""
        children, log, sqrt = self.children, math.log, math.sqrt
        chosen, highest = keys[0], -math.inf
        for key in keys:
            child = children[key]
            visits = child.visits
            bound = child.reward / visits + exploration * sqrt(log(child.available) / visits)
            if bound > highest:
                chosen, highest = key, bound
        return chosen

    def best(self) -> tuple[Seat, M]:
        """The key of the child to play: most visited, then best mean, then first made."""
        return max(
            self.children, key=lambda key: (self.children[key].visits, self.children[key].mean())
        )
