"""Albiorix choices: what a player may do.

A choice is an action on the board (a `Move` or a `Mix`) or talk about a draw (`Draw`). Squares
are indices into `engine.albiorix.pieces.GRID`.
"""

from __future__ import annotations

from typing import NamedTuple

from engine.albiorix.pieces import Stack


class Move(NamedTuple):
    """Move the piece on `origin` to the empty square `target` (square indices)."""

    origin: int
    target: int


class Mix(NamedTuple):
    """Mix the piece on `origin` with the piece on `target`, leaving `at_origin` and
    `at_target` on those squares. (Actions are named tuples: legal action lists are built
    often and must be cheap; a Move and a Mix never compare equal, their lengths differ.)"""

    origin: int
    target: int
    at_origin: Stack
    at_target: Stack


Action = Move | Mix
"""An action on the board."""


class Draw(NamedTuple):
    """Talk about a draw, not an action on the board (the turn goes on): `offer` by the player to
    move, `accept` or `decline` by the player it was offered to, on their turn."""

    answer: str


Choice = Action | Draw
"""Anything a player may do."""
