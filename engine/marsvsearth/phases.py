"""The open phases of a round: several players act at once and each ends with `done`.

- "clone" (step 5): revealed Martian Clones submit cards and place their +1 counters.
- "human" (step 6): Agents (hidden clones among them) and Civilians submit cards. Contribution
  variant 1 opens one threat at a time (sub = index in the resolution order), variant 2 one
  player at a time (sub = index among the humans in initiative order).
- "accuse" (step 8): Agents accuse and second.
- "promote" (step 9): Agents ask to field promote a Civilian.
- "endround" (steps 11-12): hidden clones may reveal; humans may discard.

A player is pending while they have not pressed Done and could still do something; the phase
ends when nobody is pending. A player with nothing to do is skipped, but only for a public reason
(hand sizes, standings, leaders, counters, what was asked), never for one that would tell a
secret:
- "promote": an Agent waits while a Civilian they have not asked for may be promoted and their
  hand's size could pay for it (3 symbols a card at most), whatever the cards really are;
- "endround": every Agent with DNA waits until Done, even with no cards, since only a hidden
  clone could reveal.
"""

from __future__ import annotations

from engine.marsvsearth.deck import MOST_SYMBOLS
from engine.marsvsearth.moves import DONE, Move, move
from engine.marsvsearth.proximity import limit
from engine.marsvsearth.state import AGENT, CIVILIAN, CLONE, PROMOTION_COST
from engine.marsvsearth.work import Work
from engine.words import Unit

CARDS = Unit("card")

OPEN = ("clone", "human", "accuse", "promote", "endround")
NEXT = {
    "clone": "human",
    "human": "resolve",
    "accuse": "trials",
    "promote": "promotions",
    "endround": "cleanup",
}
"""The phase (open or scripted) that follows each open phase."""
TITLES = {
    "clone": "Martian Clone Influence",
    "human": "Human Influence",
    "accuse": "Accusations",
    "promote": "Field Promotions",
    "endround": "Reveal and Discard",
}
STEPS = {"clone": 5, "human": 6, "accuse": 8, "promote": 9, "endround": 11}


def open_phase(w: Work, phase: str) -> None:
    """Start open phase `phase` (or skip it, and any that follow, while nobody can act)."""
    w.phase, w.sub, w.step = phase, 0, STEPS[phase]
    for s in w.seats:
        s.done = False
    seats = pending(w)
    if seats:
        w.say(
            f"Step {w.step}, {TITLES[phase]}: waiting for "
            + ", ".join(w.name(s) for s in seats)
            + "."
            + _stage(w)
        )
    advance(w, quiet=True)


def _stage(w: Work) -> str:
    """Which threat or player a contribution variant has opened, in words."""
    if w.phase != "human" or not w.contribution or w.sub >= _stages(w):
        return ""
    if w.contribution == 1:
        return f" Cards go to Threat {w.order[w.sub] + 1} now."
    return f" {w.name(_humans(w)[w.sub])} gives cards now."


def advance(w: Work, quiet: bool = False) -> None:
    """End the running sub-stage or phase while nobody is pending in it."""
    while w.phase in OPEN and not anyone_pending(w):
        if w.phase == "human" and w.contribution and w.sub + 1 < _stages(w):
            w.sub += 1
            for s in w.seats:
                s.done = False
            if anyone_pending(w):
                w.say(_stage(w).strip())
            continue
        following = NEXT[w.phase]
        if not quiet:
            w.say(f"{TITLES[w.phase]} is over.")
        quiet = False
        if following in OPEN:
            open_phase(w, following)
            return
        w.phase = following


def _stages(w: Work) -> int:
    return len(w.order) if w.contribution == 1 else len(_humans(w))


def _humans(w: Work) -> list[int]:
    return [s for s in w.initiative() if w.live(s) and w.seats[s].status in (AGENT, CIVILIAN)]


def takes_part(w: Work, seat: int) -> bool:
    if not w.live(seat):
        return False
    status = w.seats[seat].status
    if w.phase == "clone":
        return status == CLONE
    if w.phase == "human":
        if w.contribution == 2:
            humans = _humans(w)
            return w.sub < len(humans) and humans[w.sub] == seat
        return status in (AGENT, CIVILIAN)
    if w.phase == "endround":
        return status in (AGENT, CIVILIAN)
    return status == AGENT


def pending(w: Work) -> list[int]:
    """The seats the open phase still waits for."""
    return [s for s in range(w.size) if is_pending(w, s)]


def anyone_pending(w: Work) -> bool:
    """Whether the open phase still waits for a seat (asking the seats until one is)."""
    return any(is_pending(w, s) for s in range(w.size))


def is_pending(w: Work, seat: int) -> bool:
    if w.phase not in OPEN or w.seats[seat].done or not takes_part(w, seat):
        return False
    if w.phase == "endround" and w.seats[seat].status == AGENT and w.seats[seat].dna:
        return True
    if w.phase == "promote":
        return may_promote(w, seat)
    return bool(options(w, seat))


def may_promote(w: Work, seat: int) -> bool:
    """Whether an Agent could still ask for a field promotion, judged on public facts only."""
    asked = [civilian for agent, civilian in w.promotions if agent == seat]
    if not [c for c in w.promotable() if c not in asked]:
        return False
    return len(w.seats[seat].hand) * MOST_SYMBOLS >= PROMOTION_COST * (len(asked) + 1)


def open_slots(w: Work, seat: int) -> list[int]:
    """The threats `seat` may still give a card to now."""
    slots = range(len(w.threats))
    if w.phase == "human" and w.contribution == 1:
        slots = range(0) if w.sub >= len(w.order) else range(w.order[w.sub], w.order[w.sub] + 1)
    return [
        slot
        for slot in slots
        if sum(1 for giver, _ in w.threats[slot].cards if giver == seat) < limit(w, seat, slot)
    ]


def options(w: Work, seat: int) -> list[Move]:
    """What `seat` may do in the open phase, besides pressing Done."""
    hand = w.distinct(w.seats[seat].hand)
    codes = [w.deck.skills[c].code for c in hand]
    phase = w.phase
    if phase in ("clone", "human"):
        slots = open_slots(w, seat)
        out = [move("submit", code, f"t{slot + 1}") for code in codes for slot in slots]
        if phase == "clone" and w.counters_left(seat):
            out += [move("counter", f"t{slot + 1}") for slot in range(len(w.threats))]
        return out
    if phase == "accuse":
        return _accusations(w, seat, codes)
    if phase == "promote":
        return _promotions(w, seat)
    if phase == "endround":
        out = [move("discard", code) for code in codes]
        if w.seats[seat].status == AGENT and any(w.seats[seat].dna):
            out.append(move("reveal"))
        return out
    return []


def _accusations(w: Work, seat: int, codes: list[str]) -> list[Move]:
    out = []
    for target in range(w.size):
        if target == seat or not w.is_agent(target):
            continue
        givers = [giver for accused, giver, _ in w.accusations if accused == target]
        if seat in givers:
            continue
        kind = "second" if givers else "accuse"
        out += [move(kind, w.slug(target), code) for code in codes]
    return out


def _promotions(w: Work, seat: int) -> list[Move]:
    asked = [civilian for agent, civilian in w.promotions if agent == seat]
    if w.symbols(w.seats[seat].hand) < PROMOTION_COST * (len(asked) + 1):
        return []
    return [move("promote", w.slug(c)) for c in w.promotable() if c not in asked]


def legal(w: Work, seat: int) -> list[Move]:
    """Everything `seat` may do in the open phase: nothing unless pending, else Done besides."""
    if not is_pending(w, seat):
        return []
    return [*options(w, seat), move(DONE)]


def play(w: Work, seat: int, chosen: Move) -> None:
    """Apply an open-phase move (already checked legal), then end the phase if it is over."""
    name = w.name(seat)
    kind = chosen.kind
    if kind == DONE:
        w.seats[seat].done = True
        w.say(f"{name} is done.")
    elif kind == "submit":
        slot = int(chosen.arg(2)[1:]) - 1
        card = w.from_hand(seat, chosen.arg(1))
        t = w.threats[slot]
        t.cards.append((seat, card))
        there = CARDS.of(len(t.cards))
        w.say(f"{name} submitted a card to Threat {slot + 1} ({there} there now).")
        w.tell(seat, f"You submitted {w.card(card)} to Threat {slot + 1}.")
    elif kind == "counter":
        slot = int(chosen.arg(1)[1:]) - 1
        t = w.threats[slot]
        t.counters.append(seat)
        target = w.deck.target(t.threat, w.size, w.coop, len(t.counters))
        w.say(f"{name} puts a +1 counter on {w.threat_name(slot)}: its target is now {target}.")
    elif kind in ("accuse", "second"):
        target = w.seat_of(chosen.arg(1))
        card = w.from_hand(seat, chosen.arg(2))
        w.accusations.append((target, seat, card))
        count = sum(1 for accused, _, _ in w.accusations if accused == target)
        verb = "accuses" if kind == "accuse" else "seconds the accusation against"
        w.say(f"{name} {verb} {w.name(target)} ({CARDS.of(count)} against them).")
        w.tell(seat, f"You put {w.card(card)} against {w.name(target)}.")
    elif kind == "promote":
        civilian = w.seat_of(chosen.arg(1))
        w.promotions.append((seat, civilian))
        w.say(f"{name} will field promote {w.name(civilian)} if they still can.")
    elif kind == "discard":
        card = w.from_hand(seat, chosen.arg(1))
        w.discard.append(card)
        w.say(f"{name} discarded a card.")
        w.tell(seat, f"You discarded {w.card(card)}.")
    elif kind == "reveal":
        reveal(w, seat)
    advance(w)


def reveal(w: Work, seat: int) -> None:
    """Step 11: a hidden clone reveals: hand and Agent discarded, DNA flipped, pog taken."""
    s = w.seats[seat]
    name = w.name(seat)
    w.give_up_cards(seat)
    s.status = CLONE
    w.say(f"{name} reveals themselves as a Martian Clone, discarding their cards and Agent!")
    for wave, clone in enumerate(s.dna, start=1):
        w.say(f"{name}'s wave-{wave} DNA card: {'Martian Clone' if clone else 'Human'}.")
    w.say(
        f"{name} is a level {w.level(seat)} Martian Clone and takes the initiative pog "
        "(overridden)."
    )
    w.pog, w.pog_override = seat, True


def leave(w: Work, seats: list[int]) -> None:
    """`seats` resign for good: skipped from now on, their threats not yet resolved go to the
    centre; then the phase ends if nobody else is pending."""
    for seat in seats:
        w.seats[seat].resigned = True
        w.unlead(seat)
    advance(w)


def timeout(w: Work) -> None:
    """Everyone still pending in the running (sub-)phase presses Done."""
    late = pending(w)
    for seat in late:
        w.seats[seat].done = True
    w.say("Time is up: " + ", ".join(w.name(s) for s in late) + " counted as done.")
    advance(w)
