"""Agents of M.A.R.S. positions for the search's tests, built move by move through the engine
(random games fill the board too slowly: they mostly move pyramids about)."""

from __future__ import annotations

from typing import Any

from engine.agents import GAME as AGENTS
from engine.agents.actions import Draw, Place, SetObjectives
from engine.agents.state import AgentsState


def objectives_set(options: dict[str, Any], seed: int) -> AgentsState:
    """A new game (seat 0 first) in which every objective left to set is set: seat 0 gives the
    values in order, seat 1 in reverse order."""
    state = AGENTS.new_game(["Ann", "Bob"], {"first": 1, **options}, seed)
    for seat in sorted(AGENTS.actors(state)) if state.setting_objectives else ():
        values = tuple(state.rules.values)
        state, _ = AGENTS.apply(state, seat, SetObjectives(values[:: 1 - 2 * seat]))
    assert isinstance(state, AgentsState)
    return state


def filled(state: AgentsState, empty: int) -> AgentsState:
    """`state` played on by drawing and placing on the first empty square (row by row from a1)
    until `empty` squares are left."""
    grid = state.rules.grid
    while sum(piece is None for piece in state.board) > empty:
        seat = state.to_move
        state, _ = AGENTS.apply(state, seat, Draw())
        square = grid.square(state.board.index(None))
        state, _ = AGENTS.apply(state, seat, Place(square))
    return state
