"""Pondering: a computer player grows its kept search tree while the other seats think.

After a search whose tree a `ai.memory.Memory` keeps (open games without chance:
`ai.memory.reusable`), the kept tree, below the position the chosen move led to, where another
seat is to move, goes on growing (`ai.search.simulations`): each simulation picks one of that
seat's likely replies (`likely`: those a search would weigh at its root, by UCB1), then runs
from the position it leads to as the searching seat's next search will, from a root where it
weighs its own likely moves. When the reply comes, `Memory.recall` finds that reply's subtree
bigger, and the next search starts from more simulations. Another reply gains nothing
(in a Ley Lines opening, where all of some 140 moves are worth the same, every reply is likely
and each gains a few simulations).

Rules:
- A kept position is pondered for at most `seconds` of CPU time (of the thread that ponders)
  and at most `simulations` simulations (each adds a node or two to the tree, a few hundred
  bytes each); not at all where the game is over; no more once its memory no longer keeps it
  (the next search recalled it, or the memory dropped it), once its seat searches again, or
  once its game is forgotten (`Pondering.forget`: it ended, or a takeback changed it).
- The end of each position's pondering is told (`Pondered`: its key, why, the simulations run
  and their CPU seconds; nothing of the position).
- Several kept positions (tables) are pondered in turn, one simulation each.
- `Pondering` runs one simulation at a time in the caller's thread, which must not search with
  the same memory meanwhile (`bot.workers.ponderer` runs it in a thread between the searches).
"""

from __future__ import annotations

import functools
import random
import time
from collections import OrderedDict
from collections.abc import Callable, Hashable, Iterator
from dataclasses import dataclass
from typing import Any, TypeVar

from ai.greedy import worth
from ai.kit import Kit
from ai.memory import Kept, Memory, reusable
from ai.search import Settings, simulations
from engine.core import Game, Seat

M = TypeVar("M")

PONDER_SECONDS = 6.0
"""The most CPU seconds a kept position is pondered (about three hard searches)."""
PONDER_SIMULATIONS = 20_000
"""The most simulations a kept position is pondered (a node is a few hundred bytes)."""

LIMITS = "its limits reached"
OVER = "the game is over"
DROPPED = "its tree no longer kept"
SEARCHED = "searched again"
FORGOTTEN = "its game forgotten"
"""Why the pondering of a position ended (see the module's rules)."""


@dataclass(frozen=True)
class Pondered:
    """The end of a position's pondering: the key its tree was kept under, why it ended (one
    of `LIMITS`, `OVER`, `DROPPED`, `SEARCHED`, `FORGOTTEN`, or the caller's reason to `stop`),
    the simulations run and the CPU seconds they took."""

    key: Hashable
    why: str
    simulations: int
    cpu: float


def untold(pondered: Pondered) -> None:
    """Nothing: the end of pondering told to nobody."""


def likely(game: Game[Any, M], kit: Kit, state: Any, seat: Seat) -> list[M]:
    """The moves `seat` is likely to make in `state`, which a search with `kit` would weigh at
    its root: the kit's shortlist; with its `widest`, the `widest` moves worth most one move
    ahead and every move worth as much as the last of them (a search draws among such equals,
    so a reply or a search may weigh any of them); else every legal move."""
    legal = game.legal_moves(state, seat)
    if kit.heuristics is not None:
        return kit.heuristics.shortlist(game, state, seat, legal)
    if kit.score is None or kit.widest is None or len(legal) <= kit.widest:
        return legal
    values = [worth(game, state, seat, move, kit.score) for move in legal]
    least = sorted(values, reverse=True)[kit.widest - 1]
    return [move for move, value in zip(legal, values, strict=True) if value >= least]


@dataclass
class _Job:
    """A kept tree being pondered: its simulations, and what they cost so far (CPU seconds)."""

    kept: Kept[Any]
    runs: Iterator[int]
    done: int = 0
    cpu: float = 0.0


class Pondering:
    """The kept positions of `memory` to ponder, each within `seconds` of CPU time (by `cpu`,
    this thread's CPU clock) and `simulations` simulations, the end of each told to `told` (see
    the module's rules)."""

    def __init__(
        self,
        memory: Memory,
        seconds: float = PONDER_SECONDS,
        simulations: int = PONDER_SIMULATIONS,
        cpu: Callable[[], float] = time.thread_time,
        told: Callable[[Pondered], None] = untold,
    ) -> None:
        self.memory, self.seconds, self.simulations, self.cpu = memory, seconds, simulations, cpu
        self.told = told
        self.jobs: OrderedDict[Hashable, _Job] = OrderedDict()

    def add(
        self,
        key: Hashable,
        game: Game[Any, Any],
        kit: Kit,
        settings: Settings,
        seat: Seat,
        seed: int,
    ) -> None:
        """Ponder the tree `memory` keeps for `key` (after `seat`'s move in `game`), with the
        settings of `seat`'s search and chance from `seed`, in place of its last tree; nothing
        when the memory keeps none or the game's trees are not kept."""
        if key in self.jobs:
            self._end(key, SEARCHED)
        kept = self.memory.kept(key)
        if kept is None or not reusable(game):
            return
        weighs = functools.partial(likely, game, kit)
        rng = random.Random(seed)
        runs = simulations(game, kept.state, seat, kept.node, rng, kit, weighs, settings)
        self.jobs[key] = _Job(kept, runs)
        self.jobs.move_to_end(key)

    def step(self) -> bool:
        """One simulation of the next position in turn; False when none is left to ponder."""
        while self.jobs:
            key, job = next(iter(self.jobs.items()))
            if job.done >= self.simulations or job.cpu >= self.seconds:
                self._end(key, LIMITS)
                continue
            if self.memory.kept(key) is not job.kept:
                self._end(key, DROPPED)
                continue
            started = self.cpu()
            if next(job.runs, None) is None:  # nobody may act: the game is over
                self._end(key, OVER)
                continue
            job.done += 1
            job.cpu += self.cpu() - started
            self.jobs.move_to_end(key)
            return True
        return False

    def forget(self, which: Callable[[Hashable], bool]) -> None:
        """Ponder no more the positions whose keys `which` accepts (those of a game that
        ended)."""
        for key in [key for key in self.jobs if which(key)]:
            self._end(key, FORGOTTEN)

    def stop(self, why: str) -> None:
        """Ponder no position any more, for the reason `why`."""
        for key in list(self.jobs):
            self._end(key, why)

    def _end(self, key: Hashable, why: str) -> None:
        job = self.jobs.pop(key)
        self.told(Pondered(key, why, job.done, job.cpu))
