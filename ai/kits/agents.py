"""Agents of M.A.R.S. for the computer players: hidden objectives and a bag sampled
(`ai.samplers.agents`), the kind of move decided before the move (`ai.policies.by_kind`), its
rules of thumb (`ai.heuristics.agents`), and each colour's points counted at its net value to
the seat."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ai.heuristics import Heuristics
from ai.heuristics.agents import (
    guide,
    quiet_shortlist,
    reading_guide,
    seen_net,
    shortlist,
    standing,
)
from ai.kit import Kit
from ai.policies import by_kind
from ai.samplers.agents import AgentsSampler
from ai.samplers.objectives import READING
from engine.agents.scoring import scored
from engine.agents.state import AgentsState
from engine.agents.view import AgentsView
from engine.core import Game, Seat
from engine.words import Unit

CONTEMPT = 0.4
"""How much less than a draw's 0.5 a search counts a draw for the seat it plays for (the other
seat counts it that much more). Agents of M.A.R.S. ends in a draw whenever the scores are
equal, as they are whenever only colours both players value alike have scoring groups: at 0.5 a
search settles for that as soon as nothing better is in sight; held at 0.1 (nearly a loss) it
plays on for a win, as a tie lets a weaker opponent off."""


def valued_lead(game: Game[Any, Any], before: Any, after: Any, seat: Seat) -> float:
    """Each colour's points now times its net value to the seat, its objective less its
    rival's, a value it has not seen counted as the mean of those it has not seen
    (`ai.heuristics.agents.seen_net`)."""
    assert isinstance(before, AgentsState) and isinstance(after, AgentsState)
    view = game.view(before, seat)
    assert isinstance(view, AgentsView)
    net = seen_net(view, seat)
    _, points = scored(after)
    return sum(points[n] * net[colour] for n, colour in enumerate(after.rules.palette))


PLAIN = Kit(
    AgentsSampler(),
    score=valued_lead,
    unit=Unit("point by your objectives", "points by your objectives"),
    policy=by_kind,
    heuristics=Heuristics(guide, shortlist, standing, deep=True),
    contempt=CONTEMPT,
)
"""The kit of every level but hard: a reveal-and-swap is weighed whenever it pays on the
board."""
QUIET = replace(
    PLAIN,
    determinizer=AgentsSampler(READING),
    heuristics=Heuristics(reading_guide, quiet_shortlist, standing, deep=True),
)
"""Hard's kit: its objective stays hidden, a reveal-and-swap weighed only to end a sure draw
(`ai.heuristics.agents.quiet_shortlist`), and it reads the opponent's objective from the bonds
the opponent made (`ai.samplers.objectives`), in its samples, its shortlist and its rollouts. More
simulations alone buy little in this game (see the README's strength section)."""
KIT = replace(PLAIN, hard=QUIET)
