"""Why a Mars vs. Earth move is refused: the rule it breaks, in words fit for the player.

`explain` is asked when the player's words match none of their legal moves, or come from a
player who may not act now; it looks at the table as they may see it (their own hand included,
since the answer goes to them alone) and names the first rule the move breaks, or returns None
when it finds none. Then the game falls back on `waiting` (whom the table waits for), the
reading's own refusal (what is allowed) or `not_legal`.
"""

from __future__ import annotations

import re

from engine.marsvsearth.moves import ANSWERS, Move, Prompt
from engine.marsvsearth.phases import OPEN, TITLES, open_slots, pending, takes_part
from engine.marsvsearth.proximity import distance, limit
from engine.marsvsearth.state import AGENT, CIVILIAN, CLONE, COUNTERS, PROMOTION_COST, MarsState
from engine.marsvsearth.work import Work, slugs
from engine.words import Unit

PHASE_OF = {
    "submit": ("clone", "human"),
    "counter": ("clone",),
    "accuse": ("accuse",),
    "second": ("accuse",),
    "promote": ("promote",),
    "discard": ("endround",),
    "reveal": ("endround",),
}
WHEN = {
    "submit": "Skill cards go to threats only in steps 5 and 6 (Influence).",
    "counter": "+1 counters are placed only in step 5 (Martian Clone Influence).",
    "accuse": "Accusations are made only in step 8.",
    "second": "Accusations are made only in step 8.",
    "promote": "Field promotions are asked for only in step 9.",
    "discard": "Cards are discarded only at the end of the round (steps 11-12).",
    "reveal": "A hidden Martian Clone may reveal only at the end of the round (step 11).",
}
_SLOT = re.compile(r"t?(\d{1,2})")
NAME_PLAYERS = ("accuse", "second", "promote")
"""Moves whose second word names a player."""
STANDING = {AGENT: "an Agent", CIVILIAN: "a Civilian", CLONE: "a revealed Martian Clone"}
LEFT = "You have left this game."
LEFT_ALREADY = "You have already left this game."


def waiting(state: MarsState, seat: int, actors: frozenset[int]) -> str:
    """Why `seat` may not act now, whatever they meant to do."""
    if state.gone(seat):
        return LEFT
    names = ", ".join(state.players[s] for s in sorted(actors))
    return f"Nothing for you to do now; waiting for {names}."


def not_legal(state: MarsState, seat: int, move: Move) -> str:
    """The last word on a move `explain` finds no rule against."""
    return f"`{move}` is not a legal move for {state.players[seat]} now."


def explain(w: Work, seat: int, words: list[str], prompt: Prompt | None) -> str | None:
    """The rule that `words` (canonical, see moves.words_of) break for `seat` now, or None."""
    kind = words[0]
    if not w.live(seat):
        return LEFT
    if prompt is not None:
        return _question(w, seat, words, prompt)
    if kind in ANSWERS:
        return f"`{kind}` answers a question put to one player; nobody is asking you one now."
    if kind in PHASE_OF and w.phase not in PHASE_OF[kind]:
        return WHEN[kind]
    waiting = w.phase in OPEN and seat not in pending(w)
    if waiting and (w.seats[seat].done or not takes_part(w, seat)):
        return _not_pending(w, seat)
    reason = {
        "submit": _submit,
        "counter": _counter,
        "accuse": _accuse,
        "second": _accuse,
        "promote": _promote,
        "discard": _discard,
        "reveal": _reveal,
    }.get(kind)
    if kind in NAME_PLAYERS and len(words) > 1 and words[1] not in slugs(w.players):
        return f"There is no player `{words[1]}`."
    found = reason(w, seat, words) if reason else None
    return found or (_not_pending(w, seat) if waiting else None)


def _question(w: Work, seat: int, words: list[str], prompt: Prompt) -> str | None:
    if prompt.seat != seat:
        return f"Waiting for {w.name(prompt.seat)}: {prompt.ask}."
    kind = words[0]
    if kind not in {m.kind for m in prompt.moves}:
        return f"Answer the question first: {prompt.ask}."
    if kind == "lead" and len(words) > 1:
        slot = _slot(w, words[1])
        if slot is None:
            return _no_threat(w, words[1])
        leader = w.threats[slot].leader
        if leader is not None:
            return (
                f"Threat {slot + 1} is already led by {w.name(leader)}; each threat has one leader."
            )
    if kind == "defend" and len(words) > 1 and words[1] != "none" and not _holds(w, seat, words[1]):
        return _not_held(words[1])
    return None


def _not_pending(w: Work, seat: int) -> str:
    if w.seats[seat].done:
        return f"You pressed Done for {TITLES[w.phase]}."
    status = w.seats[seat].status
    if not takes_part(w, seat):
        if w.phase == "human" and w.contribution == 2 and status != CLONE:
            return "One player at a time: it is not your turn to give cards."
        if w.phase == "clone":
            return "Only revealed Martian Clones act in step 5."
        if w.phase == "human":
            return "Revealed Martian Clones give their cards in step 5, not step 6."
        return f"You are {STANDING[status]} and take no part in {TITLES[w.phase]}."
    return f"You have nothing left to do in {TITLES[w.phase]}."


def _submit(w: Work, seat: int, words: list[str]) -> str | None:
    if len(words) > 1 and not _holds(w, seat, words[1]):
        return _not_held(words[1])
    if len(words) < 3:
        return None
    slot = _slot(w, words[2])
    if slot is None:
        return _no_threat(w, words[2])
    if (
        w.phase == "human"
        and w.contribution == 1
        and slot not in open_slots(w, seat)
        and w.sub < len(w.order)
        and w.order[w.sub] != slot
    ):
        return f"One threat at a time: cards go to Threat {w.order[w.sub] + 1} now."
    leader = w.threats[slot].leader
    allowed = limit(w, seat, slot)
    given = sum(1 for giver, _ in w.threats[slot].cards if giver == seat)
    if leader is None:
        if w.promotion and allowed == 0:
            return "Field Promotion Variant: only Civilians give cards to un-led threats."
        return (
            f"An un-led threat takes at most {Unit('card').of(allowed)} from each player; "
            f"you have given {given} to Threat {slot + 1}."
        )
    gap = distance(seat, leader, w.size)
    where = (
        "you lead it" if gap == 0 else f"led by {w.name(leader)}, {Unit('seat').of(gap)} from you"
    )
    if allowed == 0:
        return (
            f"Proximity limit: Threat {slot + 1} is {where}; only its leader and the two "
            "players on each side of them may give it cards."
        )
    return (
        f"Proximity limit: Threat {slot + 1} ({where}) takes at most "
        f"{Unit('card').of(allowed)} from you, and you have given {given}."
    )


def _counter(w: Work, seat: int, words: list[str]) -> str | None:
    if len(words) > 1 and _slot(w, words[1]) is None:
        return _no_threat(w, words[1])
    placed = w.placed()
    own = w.deck.level(w.level(seat)).counters
    if placed.count(seat) >= own:
        return (
            f"A level {w.level(seat)} Martian Clone has {Unit('+1 counter').of(own)} a "
            "round, and yours are placed."
        )
    if w.counters_left(seat) == 0:
        return f"All {COUNTERS} +1 counters are already on threats."
    return None


def _accuse(w: Work, seat: int, words: list[str]) -> str | None:
    if len(words) < 2:
        return None
    target = w.seat_of(words[1])
    if target == seat:
        return "You cannot accuse yourself."
    if not w.is_agent(target):
        return f"Only Agents can be accused; {_standing(w, target)}."
    givers = [giver for accused, giver, _ in w.accusations if accused == target]
    if seat in givers:
        return (
            f"You already put a card against {w.name(target)}; the second card must come "
            "from another Agent."
        )
    if words[0] == "accuse" and givers:
        return (
            f"{w.name(target)} is already accused this round (once a round); second it "
            f"with `second {words[1]} <card>`."
        )
    if words[0] == "second" and not givers:
        return (
            f"Nobody has accused {w.name(target)} yet; accuse first with "
            f"`accuse {words[1]} <card>`."
        )
    if len(words) > 2 and not _holds(w, seat, words[2]):
        return _not_held(words[2])
    return None


def _promote(w: Work, seat: int, words: list[str]) -> str | None:
    if len(words) < 2:
        return None
    target = w.seat_of(words[1])
    if not w.live(target) or w.seats[target].status != CIVILIAN:
        return f"Only Civilians can be field promoted; {_standing(w, target)}."
    if w.seats[target].ousted:
        return (
            f"{w.name(target)} was ousted this round and cannot be field promoted until the "
            "next one."
        )
    asked = [civilian for agent, civilian in w.promotions if agent == seat]
    if target in asked:
        return f"You already asked to promote {w.name(target)}."
    have = w.symbols(w.seats[seat].hand)
    return (
        f"A field promotion costs {PROMOTION_COST} symbols of skill cards for each Civilian; "
        f"your hand has {Unit('symbol').of(have)} and you have asked for {len(asked)}."
    )


def _discard(w: Work, seat: int, words: list[str]) -> str | None:
    if len(words) > 1 and not _holds(w, seat, words[1]):
        return _not_held(words[1])
    return None


def _reveal(w: Work, seat: int, words: list[str]) -> str | None:
    if w.seats[seat].status != AGENT:
        return "Only an Agent can reveal."
    if not any(w.seats[seat].dna):
        return "Only a hidden Martian Clone can reveal, and your DNA is all Human."
    return None


def _standing(w: Work, seat: int) -> str:
    """`Eve is a Civilian`, `Eve has left the game`."""
    if not w.live(seat):
        return f"{w.name(seat)} has left the game"
    return f"{w.name(seat)} is {STANDING[w.seats[seat].status]}"


def _holds(w: Work, seat: int, code: str) -> bool:
    return any(w.deck.skills[c].code == code for c in w.seats[seat].hand)


def _not_held(code: str) -> str:
    return f"You hold no `{code}` card; `/secret` shows your hand."


def _slot(w: Work, word: str) -> int | None:
    found = _SLOT.fullmatch(word)
    if found is None:
        return None
    slot = int(found[1]) - 1
    return slot if 0 <= slot < len(w.threats) else None


def _no_threat(w: Work, word: str) -> str:
    count = len(w.threats)
    return f"There is no threat `{word}` this round; the threats are t1 to t{count}."
