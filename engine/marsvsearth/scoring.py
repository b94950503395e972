"""How a Mars vs. Earth game ends and who won.

A side wins the moment its goal is met, even in the middle of a step: the Martians when a
resource falls to 0 or lower, the Humans when their successes reach every wave's worth (see
`Work.change` and `Work.score_success`, which stop the running step). Resignations end the game
for the table when fewer than `FEWEST` players remain (`FEWEST_COOP` in co-op). The winners are
the players of the winning side who did not resign (everyone left, when the table broke up); a
co-operative loss has no winners, and a side won with nobody at the table on it is lost by all.
"""

from __future__ import annotations

from engine.core import Outcome
from engine.marsvsearth.state import MarsState

FEWEST, FEWEST_COOP = 3, 2
"""Players a game needs to go on (the co-operative game: two)."""
SIDES = {"humans": "The Humans won", "martians": "The Martians won"}


def too_few_without(state: MarsState, seat: int) -> bool:
    """Whether the game breaks up when `seat` leaves it."""
    left = sum(not state.gone(s) for s in range(len(state.players)) if s != seat)
    return left < (FEWEST_COOP if state.coop else FEWEST)


def side(state: MarsState, seat: int) -> str:
    """The side of `seat`: "martians" with a Martian Clone DNA card (any wave), else "humans"."""
    return "martians" if any(state.seats[seat].dna) else "humans"


def outcome(state: MarsState) -> Outcome | None:
    """The result of `state` (as the running step has left it), or None while the game runs."""
    if state.winner is None:
        return None
    live = [i for i in range(len(state.seats)) if not state.gone(i)]
    if state.winner == "table":
        winners = live
    else:
        winners = [i for i in live if side(state, i) == state.winner]
        if state.winner == "martians" and state.coop:
            winners = []
    headline = SIDES.get(state.winner, "The game ended")
    lost = not winners and state.winner != "table"
    return Outcome(tuple(winners), None, f"{headline}: {state.reason}", everyone_lost=lost)
