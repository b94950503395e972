"""Agents of M.A.R.S.: what a seat (or a spectator) may see, and the result.

Secrets: an objective value is in a view only when it is public (revealed by a reveal-and-swap,
or the game is over) or the viewer holds it (their own; in Blind Agents the opponent's). The
private score estimate and the `private` lines are only in a seat's own view.
"""

from __future__ import annotations

from engine.agents.notation import describe_objective
from engine.agents.scoring import Cluster, clusters, colour_points, total
from engine.agents.state import AgentsState, AgentsView
from engine.agents.turns import actors, black_on_board, owner_of, swap_open
from engine.core import Outcome, Seat, remembered

Scored = tuple[tuple[Cluster, ...], tuple[int, ...]]


def scored(state: AgentsState) -> Scored:
    """The clusters that score on the board now, and the points of each colour (remembered per
    state: views, outcomes and the final events all ask)."""
    return remembered(state, "scored", lambda: _score(state))


def _score(state: AgentsState) -> Scored:
    found = tuple(clusters(state.board, state.rules))
    return found, colour_points(found, state.rules)


def outcome(state: AgentsState) -> Outcome | None:
    if state.resigned is not None:
        return Outcome((1 - state.resigned,), None, f"{state.players[state.resigned]} resigned")
    if not state.full:
        return None
    _, points = scored(state)
    scores = tuple(total(points, values or ()) for values in state.objectives)
    first, second = scores
    if first == second:
        return Outcome((), scores, f"{first} points each")
    return Outcome((0 if first > second else 1,), scores, f"{max(scores)} to {min(scores)}")


def make_view(state: AgentsState, seat: Seat | None) -> AgentsView:
    rules = state.rules
    found, points = scored(state)
    result = outcome(state)
    known = {0, 1} if state.over else set() if seat is None else {owner_of(rules, seat)}
    shown = tuple(
        tuple(state.over or c in state.revealed[owner] for c in range(rules.colours))
        for owner in (0, 1)
    )
    objectives = tuple(
        tuple(
            v if values is not None and (owner in known or shown[owner][c]) else None
            for c, v in enumerate(values or (0,) * rules.colours)
        )
        for owner, values in enumerate(state.objectives)
    )
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
        players=state.players,
        viewer=seat,
        actors=actors(state),
        outcome=result,
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
        objectives=objectives,
        revealed=shown,
        last=state.last,
        clusters=found,
        points=points,
        scores=None if result is None else result.scores,
        projected=projected,
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
