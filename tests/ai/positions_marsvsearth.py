"""Mars vs. Earth positions for the search's tests: games for five (Ann, Bob, Cara, Dan, Eve)
played on by random moves, and positions made from one of them by changing the table's count
or who is the Martian Clone (read back through the engine's saved form).

A game ends at once only when a side reaches its goal: the Humans with their ninth success (five
players need 3 in each of the 3 waves), the Martians when a resource falls to 0. The questions
put to one player that decide it are answered with everything that counts in view: the leader's
skill group, added once a threat's cards are revealed and totalled, and the resource an ousted
Human lowers. What the seat cannot see (the others' DNA and hands, face-down cards, the piles)
does not change what such an answer does, as long as it ends the game at once.
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

from engine.marsvsearth import GAME
from engine.marsvsearth.state import MarsState

PLAYERS = ["Ann", "Bob", "Cara", "Dan", "Eve"]


def played(seed: int, plies: int) -> MarsState:
    """Game `seed` after `plies` moves, each a random legal move of a random one of the actors,
    drawn from a `random.Random` of `seed`."""
    rng = random.Random(seed)
    state = GAME.new_game(PLAYERS, {}, seed)
    for _ in range(plies):
        seat = rng.choice(sorted(GAME.actors(state)))
        state, _ = GAME.apply(state, seat, rng.choice(GAME.legal_moves(state, seat)))
    assert isinstance(state, MarsState)
    return state


def eve_ousted() -> MarsState:
    """Game 46 after 112 moves, round 3: Eve, Human, ousted at her trial, lowers a resource by 1
    with food, people, tech and defense at 3, 1, 9 and 4 (Ann is the one Martian Clone)."""
    return played(46, 112)


def red_weed(**changes: Any) -> MarsState:
    """Game 2 after 73 moves, round 2: Dan (Human; Ann is the one Martian Clone) leads Red Weed
    Outbreak (Science, target 8, on failure food and people -1), whose cards total +8, and must
    add a skill group of his Agent: Science makes it succeed, Diplomacy or Military fail. With
    `changes` to the table as the resolution of this round's threats began."""
    state = GAME.from_json(GAME.to_json(replace(played(2, 73), **changes)))
    assert isinstance(state, MarsState)
    return state


def ninth_success() -> MarsState:
    """`red_weed` with 8 threats overcome before: Science wins for the Humans at once. (The
    table stays in wave 1, with one DNA card each: the wave only names the pile a success joins,
    and the game ends on it.)"""
    return red_weed(successes=8)


def last_food() -> MarsState:
    """`red_weed` with 1 food left: Diplomacy or Military loses it all, and the game, at once."""
    return red_weed(resources=(1, 7, 7, 9))


def sabotage() -> MarsState:
    """`last_food` with Dan the one Martian Clone (hidden) and Ann Human: Diplomacy or Military
    wins for the Martians at once."""
    seats = played(2, 73).seats
    clone_dan = tuple(replace(seat, dna=(n == 3,)) for n, seat in enumerate(seats))
    return red_weed(resources=(1, 7, 7, 9), seats=clone_dan)
