"""How a seat of Agents of M.A.R.S. reads the objective of its opponent from the game's public
record: the bonds the opponent made and broke (`AgentsView.joined`, shown to every player).

A player builds the colours it values and breaks those it does not, so an objective is weighed
by how well it explains the opponent's count: in proportion to exp(`READING` * the sum over
colours of the objective's value times the pips the opponent joined in that colour). Only the
objectives that agree with the values the seat has seen are weighed. At 0 every such objective
weighs the same.
"""

from __future__ import annotations

import bisect
import functools
import itertools
import math
import random

READING = 0.025
"""How much one pip joined in a colour, times the colour's value, weighs in the log of an
objective's weight (fitted to searches of normal's budget playing each other: the log-likelihood
of their objectives peaks at 0.02 to 0.03)."""

Known = tuple[int | None, ...]
"""An objective as a seat has seen it: per colour (palette order) the value, None where unseen."""


@functools.lru_cache(maxsize=4096)
def weighed(
    values: tuple[int, ...], known: Known, joined: tuple[int, ...], reading: float
) -> tuple[tuple[tuple[int, ...], ...], tuple[float, ...]]:
    """The objectives that agree with `known` (each of `values` once), and their cumulative
    weights, rising to 1, by the count `joined` (see the module's docstring)."""
    fits = [
        objective
        for objective in itertools.permutations(values)
        if all(seen is None or seen == value for seen, value in zip(known, objective, strict=True))
    ]
    logs = [reading * sum(v * n for v, n in zip(o, joined, strict=True)) for o in fits]
    top = max(logs)
    weights = list(itertools.accumulate(math.exp(log - top) for log in logs))
    return tuple(fits), tuple(weight / weights[-1] for weight in weights)


def read_mean(
    values: tuple[int, ...], known: Known, joined: tuple[int, ...], reading: float
) -> tuple[float, ...]:
    """Each colour's value, averaged over the objectives by their weights."""
    fits, cumulative = weighed(values, known, joined, reading)
    shares = [after - before for before, after in itertools.pairwise((0.0, *cumulative))]
    return tuple(
        sum(share * objective[colour] for share, objective in zip(shares, fits, strict=True))
        for colour in range(len(known))
    )


def read_sample(
    values: tuple[int, ...],
    known: Known,
    joined: tuple[int, ...],
    reading: float,
    rng: random.Random,
) -> tuple[int, ...]:
    """One objective, drawn by the weights."""
    fits, cumulative = weighed(values, known, joined, reading)
    return fits[min(bisect.bisect_left(cumulative, rng.random()), len(fits) - 1)]
