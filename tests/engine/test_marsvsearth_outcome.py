"""How a finished Mars vs. Earth game is reported: a side won, even when nobody at the table was
on it (then every player lost: not a draw)."""

from __future__ import annotations

import random

from engine.marsvsearth import GAME
from engine.marsvsearth.state import MarsState


def finished(players: int, seed: int) -> MarsState:
    chooser = random.Random(seed)
    state = GAME.new_game([f"P{n}" for n in range(players)], {}, seed)
    while GAME.outcome(state) is None:
        seat = chooser.choice(sorted(GAME.actors(state)))
        state, _ = GAME.apply(state, seat, chooser.choice(GAME.legal_moves(state, seat)))
    return state


def test_a_martian_win_with_no_clone_at_the_table_is_lost_by_everyone() -> None:
    for seed in range(60):
        state = finished(4, seed)
        outcome = GAME.outcome(state)
        assert outcome is not None
        clones = [s for s, seat in enumerate(state.seats) if any(seat.dna)]
        if state.winner == "martians" and not clones:
            assert outcome.winners == () and outcome.everyone_lost and not outcome.is_draw
            assert outcome.reason.startswith("The Martians won")
            return
        if outcome.winners:
            assert not outcome.everyone_lost
    raise AssertionError("no seeded game ended with a Martian win and no clone at the table")
