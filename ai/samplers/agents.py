"""Agents of M.A.R.S. from one seat's side: the values of the objectives it has not seen, and
the pyramids the bag will give.

An objective gives each colour one of `Rules.values`, each value once. The values the seat's
view shows (its own, revealed ones, all of them once the game is over) are kept; the colours it
has not seen share the remaining values in a random order (for hard, the opponent's weighed by
how well they explain the bonds it made, as the seat's view shows them:
`ai.samplers.objectives`). With dealt objectives the two assignments differ, so a sample that
would repeat the other one is drawn again. Objectives not yet set stay unset. Who plays first
is told once both objectives are set, so before that it is drawn too. The bag's counts are
public; its order is the seed's, drawn afresh.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import Any

from ai.samplers.chance import fresh_future
from ai.samplers.objectives import read_sample
from engine.agents.state import AgentsState
from engine.agents.view import AgentsView
from engine.core import Game, Seat

RETRIES = 20
"""Draws tried for an objective that must differ from the other (dealt objectives)."""


def guessed(
    known: tuple[int | None, ...], values: tuple[int, ...], rng: random.Random
) -> tuple[int, ...]:
    """`known` with each unknown colour given one of the values not known, at random."""
    left = list(values)
    for value in known:
        if value is not None:
            left.remove(value)
    rng.shuffle(left)
    unknown = iter(left)
    return tuple(next(unknown) if value is None else value for value in known)


@dataclass(frozen=True)
class AgentsSampler:
    """`reading`, when above 0, weighs the opponent's unseen values by the bonds it made
    (`ai.samplers.objectives`); not in Blind Agents, where a seat does not see the objective it
    plays for."""

    reading: float = 0.0

    def sample(self, game: Game[Any, Any], state: Any, seat: Seat, rng: random.Random) -> Any:
        assert isinstance(state, AgentsState)
        view = game.view(state, seat)
        assert isinstance(view, AgentsView)
        values = state.rules.values
        read = self.reading > 0 and not state.rules.blind

        def draw(owner: int) -> tuple[int, ...] | None:
            known = view.objectives[owner]
            if not view.objectives_set[owner]:
                return None
            if read and owner != seat:
                return read_sample(values, known, view.joined[owner], self.reading, rng)
            return guessed(known, values, rng)

        objectives = [draw(0), draw(1)]
        hidden = [n for n, known in enumerate(view.objectives) if None in known]
        for _ in range(RETRIES if state.rules.dealt and hidden else 0):
            if objectives[0] != objectives[1] or objectives[0] is None:
                break
            objectives[hidden[-1]] = draw(hidden[-1])
        sample = replace(state, objectives=tuple(objectives))
        if state.setting_objectives:
            first = rng.randrange(len(state.players))
            sample = replace(sample, first=first, to_move=first)
        return fresh_future(sample, rng)
