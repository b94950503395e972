"""Agents of M.A.R.S.: what a seat (or a spectator) may see.

Secrets: an objective value is in a view only when it is public (revealed by a reveal-and-swap,
or the game is over) or the viewer holds it (their own; in Blind Agents the opponent's). The
private score estimate and the `private` lines are only in a seat's own view. The bonds each
player made are public (every board action is), so every view holds them: they are what the
computer players read an opponent's objective from, and a person can read them too.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine import core
from engine.agents.actions import Action
from engine.agents.moves import actors, black_on_board, owner_of, swap_open
from engine.agents.notation import describe_objective
from engine.agents.scoring import Cluster, outcome, scored, total
from engine.agents.state import AgentsState, joined_by
from engine.agents.variants import Pyramid, Rules
from engine.core import Seat, View


@dataclass(frozen=True, kw_only=True)
class AgentsView(View):
    """The table as one seat (or a spectator) may see it.

    `objectives[owner][colour]` is the value known to this viewer (revealed, the end of the game,
    or the viewer's own secret), else None; `revealed[owner][colour]` says whether it is public.
    `projected` is private: (whose, points) that player would score if the game ended now.
    `joined[seat][colour]` is public: the pips of the bonds (two orthogonally adjacent pyramids
    of one colour) the seat's placements, moves and swaps made, less those they broke
    (`AgentsState.joined`).
    """

    rules: Rules
    phase: str
    """"objectives" (both players setting them), "play" or "over"."""
    board: tuple[Pyramid | None, ...]
    drawn: Pyramid | None
    black_on_board: int
    swap_open: bool
    """Whether objectives may still be revealed and swapped (the limit, not this turn's use)."""
    bag: tuple[tuple[Pyramid, int], ...]
    """Every kind of pyramid with how many are left in the bag (never their order)."""
    objectives_set: tuple[bool, ...]
    objectives: tuple[tuple[int | None, ...], ...]
    revealed: tuple[tuple[bool, ...], ...]
    last: tuple[Seat, Action] | None
    clusters: tuple[Cluster, ...]
    """The groups that would score now (the scoring clusters once the game is over)."""
    points: tuple[int, ...]
    """Per colour (palette order), the points its clusters give."""
    scores: tuple[int, ...] | None
    """The final scores, once the game is over."""
    joined: tuple[tuple[int, ...], ...]
    projected: tuple[Seat, int] | None = None


def make_view(state: AgentsState, seat: Seat | None) -> AgentsView:
    """What `seat` (None: a spectator) may see of `state`."""
    rules = state.rules
    found, points = scored(state)
    result = outcome(state)
    phase = "over" if state.over else "objectives" if state.setting_objectives else "play"
    projected = None
    private: tuple[str, ...] = ()
    if seat is not None and not state.over:
        owner = owner_of(rules, seat)
        held = state.objectives[owner]
        if held is not None:
            projected = (owner, total(points, held))
        private = _private_lines(state, seat, projected)
    return AgentsView(
        **core.seen(state.players, seat, actors(state), result),
        private=private,
        buttons=("draw",) if phase == "play" and state.pending is None else (),
        rules=rules,
        phase=phase,
        board=state.board,
        drawn=state.pending,
        black_on_board=black_on_board(state),
        swap_open=swap_open(state),
        bag=tuple(zip(rules.kinds, state.bag, strict=True)),
        objectives_set=tuple(values is not None for values in state.objectives),
        objectives=seen_objectives(state, seat),
        revealed=public(state),
        last=state.last,
        clusters=found,
        points=points,
        scores=None if result is None else result.scores,
        joined=bonds_made(state),
        projected=projected,
    )


def bonds_made(state: AgentsState) -> tuple[tuple[int, ...], ...]:
    """By seat, per colour: the pips of the bonds it made less those it broke (public)."""
    return joined_by(state, 0), joined_by(state, 1)


def public(state: AgentsState) -> tuple[tuple[bool, ...], ...]:
    """By owner and colour: whether the objective value is public (revealed, or the game is
    over)."""
    colours, over = range(state.rules.colours), state.over
    return tuple(tuple(over or c in state.revealed[owner] for c in colours) for owner in (0, 1))


def seen_objectives(state: AgentsState, seat: Seat | None) -> tuple[tuple[int | None, ...], ...]:
    """By owner and colour: the objective value `seat` (None: a spectator) may see, else None
    (`AgentsView.objectives`)."""
    rules = state.rules
    known = {0, 1} if state.over else set() if seat is None else {owner_of(rules, seat)}
    shown = public(state)
    return tuple(
        tuple(
            v if values is not None and (owner in known or shown[owner][c]) else None
            for c, v in enumerate(values or (0,) * rules.colours)
        )
        for owner, values in enumerate(state.objectives)
    )


def _private_lines(
    state: AgentsState, seat: Seat, projected: tuple[Seat, int] | None
) -> tuple[str, ...]:
    """The seat's secret: the objectives it holds and what they would score now."""
    rules = state.rules
    owner = owner_of(rules, seat)
    values = state.objectives[owner]
    other = state.players[owner]
    if values is None:
        choices = ", ".join(str(v) for v in rules.values)
        whose = (
            f"{other}'s objectives ({other} never sees them)" if rules.blind else "your objectives"
        )
        return (f"Set {whose}: give each colour one of {choices} with `/move objectives ...`.",)
    described = describe_objective(rules, values)
    if rules.blind:
        lines = [
            f"{other}'s secret objectives (hidden from {other}): {described}.",
            f"Your own objectives are hidden from you; {other} sees them.",
        ]
    else:
        lines = [f"Your secret objectives: {described}."]
    if projected is not None:
        who = f"{other} would" if rules.blind else "you would"
        lines.append(f"If the game ended now {who} score {projected[1]} points.")
    return tuple(lines)
