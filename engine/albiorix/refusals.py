"""Why Albiorix refuses what a player typed, in words that name the rule."""

from __future__ import annotations

from collections.abc import Sequence

from engine.albiorix import notation
from engine.albiorix.actions import Action, Mix
from engine.albiorix.moves import banned, controls, reach, royals
from engine.albiorix.notation import PiecePattern
from engine.albiorix.pieces import GRID, Stack, describe, recombinations, stack_text
from engine.albiorix.state import AlbiorixState
from engine.core import Seat

LISTED = 12
"""At most this many choices are named in a message asking which mix was meant."""


def not_movable(state: AlbiorixState, seat: Seat, origin: int) -> str | None:
    """Why `seat` may not move the piece on `origin` (no piece there, or not theirs to move), or
    None when they may."""
    stack = state.board[origin]
    name = GRID.name(origin)
    if stack is None:
        return f"There is no piece on {name}."
    if not controls(stack, seat, royals(state.board, seat)):
        return (
            f"You do not control the {describe(stack)} on {name}: its top is not your "
            "colour and it holds no pyramid like one of your Monads."
        )
    return None


def no_action(state: AlbiorixState, seat: Seat, origin: int, target: int) -> str:
    """Why the piece on `origin`, which `seat` controls, has no legal action to `target`."""
    stack = state.board[origin]
    assert stack is not None
    moves, mixes = reach(state.board, origin, seat)
    piece, there = f"{describe(stack)} on {GRID.name(origin)}", GRID.name(target)
    if target not in moves + mixes:
        return f"The {piece} cannot reach {there}."
    for action in banned(state, seat):
        if (action.origin, action.target) == (origin, target):
            return repeated(state, seat, action)
    return f"Every mix of the {piece} with {there} would leave you without a Monad."


def repeated(state: AlbiorixState, seat: Seat, action: Action) -> str:
    """Why the repetition rule bans `action`, which `banned` lists for `seat`."""
    other = state.players[1 - seat]
    last = state.recent[0]
    assert last is not None
    done = notation.write(last.action)
    if action == last.action:
        return f"You may not repeat `{done}`: {other} just reversed it (no repetition)."
    return (
        f"You may not make `{notation.write(action)}`: it builds the same two pieces as "
        f"`{done}` from the other square, and {other} just reversed that (no repetition)."
    )


def bad_result(mover: Stack, other: Stack | None, here: PiecePattern, there: PiecePattern) -> str:
    """Why no legal mix of `mover` with `other` leaves the pieces `here` / `there` (the
    repetition rule is checked before: a fitting result left over breaks the Monad rule)."""
    assert other is not None
    if notation.fits(here, mover) and notation.fits(there, other):
        return (
            "A mix must change the board: rebuilding both pieces where they stood is not "
            "allowed, only with their places exchanged."
        )
    for piece in (here, there):
        if len(piece) == 2 and piece[1][0] > piece[0][0]:
            return "A top pyramid is never larger than the one under it."
    built = [
        (a, b)
        for a, b in recombinations(mover, other)
        if notation.fits(here, a) and notation.fits(there, b)
    ]
    if built:
        return "That mix would leave you without a Monad, and a mix may not take your last one."
    pool = " ".join(stack_text(Stack(p)) for p in (*mover.pyramids, *other.pyramids))
    return (
        "The two new pieces must share out exactly the pyramids of both pieces "
        f"({pool}), one or two on each square."
    )


def no_draw_talk(state: AlbiorixState, seat: Seat, talk: str) -> str:
    """Why `seat` may not `talk` (offer, accept or decline a draw) now."""
    if talk == "offer":
        if state.draw_offer == seat:
            return "Your draw offer is waiting for an answer."
        if state.draw_offer is not None:
            return "First answer the draw you were offered: `accept draw` or `decline draw`."
        return "You have already offered a draw this turn."
    return "No draw was offered to you; you may offer one with `draw?`."


def listing(mixes: Sequence[Mix]) -> str:
    """The mixes' notations, cut after LISTED of them."""
    named = [f"`{notation.write(m)}`" for m in mixes[:LISTED]]
    more = len(mixes) - LISTED
    return ", ".join(named) + (f" and {more} more" if more > 0 else "")
