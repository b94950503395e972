"""Mars vs. Earth refusals name the rule a move breaks: one case for every rule that refuses."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

import pytest

from engine.core import IllegalMove
from engine.marsvsearth import GAME, MarsState
from engine.marsvsearth.moves import Move
from engine.marsvsearth.state import ActiveThreat
from tests.engine.test_marsvsearth_rounds import accusing, end_of_round, on_trial
from tests.engine.test_marsvsearth_support import cards, humans, new, play, seat, threat
from tests.engine.test_marsvsearth_threats import MILK, WATER


def influence(
    players: int = 5, leaders: tuple[int | None, ...] = (0, None), **options: object
) -> MarsState:
    """Step 6 with one threat per entry of `leaders`; everyone holds sci1, sci1, dip1."""
    state = humans(new(players, **options))
    names = (WATER, MILK, WATER)
    state = replace(
        state,
        phase="human",
        step=6,
        round=1,
        sub=0,
        threats=tuple(
            ActiveThreat(threat(names[i]), leader=lead) for i, lead in enumerate(leaders)
        ),
        order=tuple(range(len(leaders))),
    )
    for s in range(players):
        state = seat(state, s, hand=cards("sci1", "sci1", "dip1"))
    return state


def clones(counters: tuple[int, ...] = ()) -> MarsState:
    """Step 5: Cat is a level 2 revealed clone (1 counter), Eve a level 6 one (3 counters)."""
    state = influence()
    state = seat(state, 2, status="clone", agent=None, dna=(False, True))
    state = seat(state, 4, status="clone", agent=None, dna=(True, True, True))
    threats = (replace(state.threats[0], counters=counters), *state.threats[1:])
    return replace(state, phase="clone", step=5, threats=threats)


def promotions() -> MarsState:
    """Step 9: Dan is a Civilian, Eve one ousted this round; Ann holds 2 symbols, Bob 6."""
    state = humans(new(5))
    state = seat(state, 3, status="civilian", agent=None)
    state = seat(state, 4, status="civilian", agent=None, ousted=True)
    state = seat(state, 0, hand=cards("sci1", "dip1"))
    state = seat(state, 1, hand=cards("mil3", "mil3"))
    state = replace(state, phase="promote", step=9, round=1)
    return state


def played(state: MarsState, *moves: tuple[int, str]) -> MarsState:
    for who, text in moves:
        state, _ = play(state, who, text)
    return state


CASES: dict[str, tuple[Callable[[], MarsState], int, str, str]] = {
    # influence
    "card not in hand": (influence, 1, "submit mil3 t1", "You hold no `mil3` card"),
    "no such threat": (influence, 1, "submit sci1 t7", "There is no threat `t7` this round"),
    "proximity: out of reach": (
        lambda: influence(7),
        3,
        "submit sci1 t1",
        "Proximity limit: Threat 1 is led by Ann, 3 seats from you",
    ),
    "proximity: limit reached": (
        lambda: played(influence(), (2, "submit sci1 t1")),
        2,
        "submit sci1 t1",
        "Proximity limit: Threat 1 (led by Ann, 2 seats from you) takes at most 1 card from you",
    ),
    "un-led: one card each": (
        lambda: played(influence(), (1, "submit sci1 t2")),
        1,
        "submit dip1 t2",
        "An un-led threat takes at most 1 card",
    ),
    "variant: civilians only": (
        lambda: influence(promotion=True),
        1,
        "submit sci1 t2",
        "Field Promotion Variant: only Civilians",
    ),
    "variant: one threat at a time": (
        lambda: replace(influence(contribution=1), order=(1, 0)),
        1,
        "submit sci1 t1",
        "One threat at a time: cards go to Threat 2 now",
    ),
    "variant: one player at a time": (
        lambda: influence(contribution=2),
        1,
        "submit sci1 t1",
        "One player at a time",
    ),
    "not the influence step": (accusing, 0, "submit sci1 t1", "only in steps 5 and 6"),
    "clones give in step 5": (
        lambda: seat(influence(), 2, status="clone", agent=None, dna=(True, True)),
        2,
        "submit sci1 t1",
        "Revealed Martian Clones give their cards in step 5",
    ),
    "pressed done": (
        lambda: played(influence(), (1, "done")),
        1,
        "submit sci1 t1",
        "You pressed Done for Human Influence",
    ),
    # counters
    "counters of the level": (
        lambda: played(clones(), (2, "counter t1")),
        2,
        "counter t2",
        "A level 2 Martian Clone has 1 +1 counter a round",
    ),
    "seven counters in all": (
        lambda: clones((4, 4, 4, 0, 0, 0, 0)),
        2,
        "counter t2",
        "All 7 +1 counters are already on threats",
    ),
    "counters in step 5 only": (influence, 1, "counter t1", "only in step 5"),
    # accusations
    "accuse yourself": (accusing, 0, "accuse ann mil3", "You cannot accuse yourself"),
    "accuse a civilian": (
        lambda: seat(accusing(), 4, status="civilian", agent=None),
        0,
        "accuse eve mil3",
        "Only Agents can be accused; Eve is a Civilian",
    ),
    "accuse a player who left": (
        lambda: seat(accusing(), 4, resigned=True),
        0,
        "accuse eve mil3",
        "Eve has left the game",
    ),
    "accused once a round": (
        lambda: played(accusing(), (0, "accuse bob mil3")),
        2,
        "accuse bob mil3",
        "Bob is already accused this round",
    ),
    "second needs an accusation": (accusing, 0, "second bob mil3", "Nobody has accused Bob"),
    "two different agents": (
        lambda: played(accusing(), (0, "accuse bob mil3")),
        0,
        "second bob sci1",
        "You already put a card against Bob",
    ),
    "accuse with a card not held": (accusing, 0, "accuse bob wild2", "You hold no `wild2`"),
    "accuse nobody": (accusing, 0, "accuse zed mil3", "There is no player `zed`"),
    "civilians do not accuse": (
        lambda: seat(accusing(), 4, status="civilian", agent=None),
        4,
        "accuse ann mil3",
        "You are a Civilian and take no part",
    ),
    "accusations in step 8": (influence, 1, "accuse ann sci1", "only in step 8"),
    # field promotion
    "promote an agent": (promotions, 1, "promote cat", "Only Civilians can be field promoted"),
    "promote the ousted": (promotions, 1, "promote eve", "Eve was ousted this round"),
    "promote twice": (
        lambda: played(promotions(), (1, "promote dan")),
        1,
        "promote dan",
        "You already asked to promote Dan",
    ),
    "promotion costs 5 symbols": (
        promotions,
        0,
        "promote dan",
        "A field promotion costs 5 symbols",
    ),
    "promotions in step 9": (influence, 1, "promote dan", "only in step 9"),
    # end of round
    "discard a card not held": (end_of_round, 0, "discard mil3", "You hold no `mil3` card"),
    "discard at the end": (influence, 1, "discard sci1", "only at the end of the round"),
    "reveal as a human": (end_of_round, 0, "reveal", "your DNA is all Human"),
    "reveal at the end": (influence, 1, "reveal", "only at the end of the round"),
    # questions
    "threat already led": (
        lambda: played(new(5, first=1), (0, "lead t1")),
        1,
        "lead t1",
        "Threat 1 is already led by Ann",
    ),
    "lead no such threat": (lambda: new(5, first=1), 0, "lead t9", "There is no threat `t9`"),
    "answer the question asked": (
        lambda: new(5, first=1),
        0,
        "wild good",
        "Answer the question first: Ann chooses a threat to lead",
    ),
    "someone else's question": (
        lambda: new(5, first=1),
        1,
        "lead t1",
        "Waiting for Ann: Ann chooses a threat to lead",
    ),
    "no question asked": (influence, 1, "skill science", "nobody is asking you one now"),
    "defend with a card not held": (
        lambda: on_trial(("sci1",), ("mil3", "mil3")),
        1,
        "defend mil3",
        "You hold no `mil3` card",
    ),
    "left the game": (
        lambda: GAME.resign(influence(), 1)[0],
        1,
        "submit sci1 t1",
        "You have left this game",
    ),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_a_refusal_names_the_rule(case: str) -> None:
    build, who, text, reason = CASES[case]
    state = build()
    with pytest.raises(IllegalMove) as refused:
        GAME.parse(state, who, text)
    assert reason in str(refused.value)


def test_apply_refuses_with_the_same_reason() -> None:
    with pytest.raises(IllegalMove, match="You hold no `mil3` card"):
        GAME.apply(influence(), 1, Move(("submit", "mil3", "t1")))
