"""Mars vs. Earth's public record of earlier rounds (`MarsState.past`): as a round ends, each
threat resolved in it is kept as the whole table saw it (who gave how many cards, the cards
revealed, the leader's choices), holding no card a player could not see; it survives the JSON
round trip, and a game saved before the record loads with an empty one."""

from __future__ import annotations

import random
import re
from collections import Counter
from dataclasses import replace

import pytest

from bench.playouts import first_state
from engine.marsvsearth import GAME, MarsState
from engine.marsvsearth.state import FATE, PastThreat
from tests.engine.test_marsvsearth_secrets import UNIQUE, shown

SUBMITTED = re.compile(r"^(\w+) submitted a card to Threat (\d+) ")
CODE = re.compile(r"\[(card\d\dx)\]")


def recorded_rounds(players: int, seed: int) -> int:
    """Play a seeded random game (cards with codes of their own) and check each round's record
    against what was said in the channel that round; the rounds recorded."""
    chooser = random.Random(seed)
    state = UNIQUE.new_game([f"Agent{n}" for n in range(players)], {}, seed)
    said: list[str] = []
    rounds = 0
    while UNIQUE.outcome(state) is None:
        seat = chooser.choice(sorted(UNIQUE.actors(state)))
        after, events = UNIQUE.apply(state, seat, chooser.choice(UNIQUE.legal_moves(state, seat)))
        public = [e.text for e in events if e.to is None]
        begins = next(
            (i for i, text in enumerate(public) if re.match(r"Round \d+ begins", text)), None
        )
        said += public if begins is None else public[:begins]
        before, now = shown(state), shown(after)
        new = now.past[len(before.past) :]
        assert now.past[: len(before.past)] == before.past
        if new:
            check_round(before, new, said)
            rounds += 1
        if begins is not None:
            said = public[begins:]
        state = after
    return rounds


def check_round(before: MarsState, new: tuple[PastThreat, ...], said: list[str]) -> None:
    """The threats of the round `before` ends, recorded in `new`, hold only what `said` told."""
    deck = UNIQUE.deck
    named = {code for text in said for code in CODE.findall(text)}
    gave = Counter(m.groups() for text in said if (m := SUBMITTED.match(text)))
    assert len(new) == len(before.threats)
    for slot, (t, past) in enumerate(zip(before.threats, new, strict=True)):
        assert past.threat == t.threat and past.leader == t.leader
        assert {deck.skills[c].code for c in past.cards} <= named
        assert set(past.wild) <= set(past.cards) and len(past.givers) == len(past.cards)
        players = Counter(giver for giver in past.givers if giver != FATE)
        assert players == Counter(
            {before.players.index(name): n for (name, at), n in gave.items() if at == str(slot + 1)}
        )
        if past.agent is not None:
            assert past.skill is not None
            adds = f"adds {deck.agents[past.agent].name}'s {past.skill.capitalize()}"
            assert any(adds in text for text in said)


@pytest.mark.parametrize(("players", "seed"), [(5, 21), (7, 22)])
def test_each_round_is_recorded_as_the_table_saw_it(players: int, seed: int) -> None:
    assert recorded_rounds(players, seed) >= 2


def later_round() -> MarsState:
    """A seeded random 5-player game once two rounds are recorded and a skill was added."""
    state = first_state(
        GAME, 5, {}, lambda s: s.round >= 3 and any(t.agent is not None for t in s.threats)
    )
    assert isinstance(state, MarsState) and len(state.past) >= 2
    return state


def test_the_record_survives_the_json_round_trip() -> None:
    state = later_round()
    saved = GAME.to_json(state)
    assert saved["past"] and all(set(t) >= {"givers", "cards", "agent"} for t in saved["past"])
    assert GAME.from_json(saved) == state


def test_a_game_saved_before_the_record_loads_with_an_empty_one() -> None:
    state = later_round()
    saved = GAME.to_json(state)
    del saved["past"]
    for t in saved["threats"]:
        del t["agent"]
    loaded = GAME.from_json(saved)
    threats = tuple(replace(t, agent=None) for t in state.threats)
    assert loaded == replace(state, past=(), threats=threats)
    seat = min(GAME.actors(loaded))
    after, _ = GAME.apply(loaded, seat, GAME.legal_moves(loaded, seat)[0])
    assert GAME.outcome(after) is not None or GAME.legal_moves(after, min(GAME.actors(after)))
