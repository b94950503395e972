"""Mars vs. Earth secret safety: many seeded games with random players; no hand card, face-down
DNA card, unrevealed submission, fate card or accusation card ever shows in a public view, a
public event or the alt text, and private events go only to the seat they concern.

The games use the default deck with every skill card given its own code (`card01x`...), so that
a card can be recognised in any text.
"""

from __future__ import annotations

import random
import re
from dataclasses import replace

import pytest

from engine.core import Event
from engine.marsvsearth import GAME, MarsState, MarsVsEarth
from render.marsvsearth import describe_marsvsearth

UNIQUE = MarsVsEarth(
    replace(
        GAME.deck,
        skills=tuple(
            replace(card, code=f"card{i:02d}x") for i, card in enumerate(GAME.deck.skills)
        ),
    )
)
CODE = re.compile(r"card\d\dx")
GAMES = [(players, seed) for players in range(3, 11) for seed in (11, 12, 13)]


def shown(state: MarsState) -> MarsState:
    """The table as the running step has left it (what the views are built from)."""
    return UNIQUE._look(state).shown


def secrets(state: MarsState) -> set[str]:
    """Codes of every card nobody but its holder may know about in `state`."""
    deck = UNIQUE.deck
    hidden = {c for s in state.seats for c in s.hand}
    for t in state.threats:
        revealed = set(t.good) | set(t.bad) | set(t.wild)
        hidden |= {c for _, c in t.cards if c not in revealed}
    if state.phase == "accuse":
        hidden |= {c for _, _, c in state.accusations}
    return {deck.skills[c].code for c in hidden}


def check_step(before: MarsState, after: MarsState, events: list[Event]) -> None:
    now = shown(after)
    view = UNIQUE.view(after, None)
    public = " ".join(
        [repr(view), describe_marsvsearth(view), *(e.text for e in events if e.to is None)]
    )
    leaked = secrets(now) & set(CODE.findall(public))
    assert not leaked, f"secret cards in public: {leaked}"
    if UNIQUE.outcome(after) is None:
        for i, s in enumerate(now.seats):
            if s.status == "agent":
                assert all(d is None for d in view.seats[i].dna), "face-down DNA shown"
    for event in events:
        if event.to is None:
            if "DNA card:" in event.text:
                name = event.text.split("'")[0].split(" ")[0]
                seat = now.players.index(name)
                assert now.seats[seat].status != "agent" or UNIQUE.outcome(after), event.text
            continue
        knew = {c for c in shown(before).seats[event.to].hand} | set(now.seats[event.to].hand)
        codes = set(CODE.findall(event.text))
        assert codes <= {UNIQUE.deck.skills[c].code for c in knew}, event


@pytest.mark.parametrize(("players", "seed"), GAMES)
def test_no_secret_leaks_in_random_games(players: int, seed: int) -> None:
    chooser = random.Random(seed * 1000 + players)
    state = UNIQUE.new_game([f"Agent{n}" for n in range(players)], {}, seed)
    for _ in range(10_000):
        if UNIQUE.outcome(state) is not None:
            break
        seat = chooser.choice(sorted(UNIQUE.actors(state)))
        move = chooser.choice(UNIQUE.legal_moves(state, seat))
        after, events = UNIQUE.apply(state, seat, move)
        check_step(state, after, events)
        assert all(line.startswith("Your ") for line in UNIQUE.view(after, seat).private)
        state = after
    assert UNIQUE.outcome(state) is not None


def test_private_views_hold_only_their_own_secrets() -> None:
    state = UNIQUE.new_game(["Ann", "Bob", "Cat", "Dan", "Eve"], {}, 5)
    now = shown(state)
    for seat in range(5):
        private = " ".join(UNIQUE.view(state, seat).private)
        own = {UNIQUE.deck.skills[c].code for c in now.seats[seat].hand}
        assert set(CODE.findall(private)) == own
    assert UNIQUE.view(state, None).private == ()
