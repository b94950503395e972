"""How a rollout picks its random moves (a game's kit names its policy: see `ai.kit`):
uniformly among the legal moves, or first a kind of move and then a move of that kind.

Agents of M.A.R.S. draws a pyramid (one move) beside dozens of moves and swaps of pyramids on the
board, so uniformly random play almost never fills the board. Its search tree therefore decides
the kind of move first (draw, place, move, swap, reveal: see `ai.search`), and its rollouts
follow its rules of thumb (`ai.heuristics.agents`) instead of a policy. Other games play
uniformly.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

Policy = Callable[[Sequence[Any], random.Random], Any]
"""`(legal moves, rng) -> the move a rollout plays`."""


def uniform(moves: Sequence[Any], rng: random.Random) -> Any:
    """Every legal move as likely as any other."""
    return rng.choice(moves)


def by_kind(moves: Sequence[Any], rng: random.Random) -> Any:
    """A kind of move (its class) among those legal, each kind as likely, then a move of it."""
    kinds: dict[type, list[Any]] = {}
    for move in moves:
        kinds.setdefault(type(move), []).append(move)
    return rng.choice(rng.choice(list(kinds.values())))
