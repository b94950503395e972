"""The scripted (automatic) parts of a round, between its open phases, and how the table stands.

A round alternates between open phases (several players act freely and press Done; see
phases.py) and scripted steps, which run by themselves and stop only to ask one player a question
(a `Prompt`). A scripted step is a generator over a `Work`. The state keeps the point where the
step began plus the answers given so far (`choices`); `run` replays the step from there with those
answers, which makes every prompt a plain move and the state plain data.

Segments (keyed by the phase name stored while they run):
- "round": steps 1-4 (deal, reveal threats, choose leaders, add fate), then the influence phases.
- "resolve": step 7 (resolve threats), then accusations (step 8), or straight on in co-op.
- "trials": step 8's trials, then field promotions (step 9) or the new wave (step 10).
- "promotions": the field promotions asked for, then step 10, then steps 11-12 (open).
- "cleanup": the end of step 12 (revealed clones discard, the pog passes), then a new round.

`settle` runs the steps after a move until someone must act; `look` is what the table looks like
to everyone now. Both replays are worked out once per state (see `engine.core.remembered`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

from engine.core import BadState, Event, remembered
from engine.marsvsearth.deck import Deck
from engine.marsvsearth.effects import TRIAL, TRIAL_SWING
from engine.marsvsearth.moves import Move, Prompt, move
from engine.marsvsearth.phases import leave, open_phase
from engine.marsvsearth.resolve import Script, reinstate, resolve_all, shift_resource
from engine.marsvsearth.state import (
    AGENT,
    CIVILIAN,
    CLONE,
    FATE,
    FATE_COOP,
    PROMOTION_COST,
    TRIAL_CARDS,
    WAVES,
    MarsState,
)
from engine.marsvsearth.work import Ended, ThreatWork, Work, freeze, thaw
from engine.words import Unit

CARDS_FOR_TRIAL = 2
"""Cards against an Agent (an accusation and a second) that put them on trial."""


def new_round(w: Work) -> Script:
    """Steps 1 to 4, then the first open phase of the round."""
    w.round += 1
    w.remember()
    w.threats, w.order, w.current = [], [], None
    w.accusations, w.trials, w.promotions = [], [], []
    w.shown_at_trials, w.looks = [], []
    for s in w.seats:
        s.ousted = False
    w.say(f"Round {w.round} begins; {w.name(w.pog)} holds the initiative.")
    w.step = 1
    for seat in w.initiative():
        if w.live(seat):
            w.refill(seat)
    w.step = 2
    reveal_threats(w)
    w.step = 3
    yield from choose_leaders(w)
    w.step = 4
    fate = FATE_COOP[w.wave - 1] if w.coop else 1
    for t in w.threats:
        t.cards.extend((FATE, c) for c in w.draw_cards(fate))
    w.say(f"{Unit('face-down Fate card').of(fate)} added to each threat.")
    has_clones = any(w.live(s) and w.seats[s].status == CLONE for s in range(w.size))
    open_phase(w, "clone" if has_clones else "human")


def reveal_threats(w: Work) -> None:
    wanted = w.setup.threats
    if len(w.threat_deck) < wanted and w.threat_discard:
        w.threat_deck.extend(w.threat_discard)
        w.threat_discard.clear()
        w.shuffle(w.threat_deck)
        w.say("The failed threats are shuffled back into the threat deck.")
    drawn = w.threat_deck[:wanted]
    del w.threat_deck[:wanted]
    w.threats = [
        ThreatWork(t, None, [], [], 0, [], [], [], [], None, None, 0, None, None, None)
        for t in drawn
    ]
    for slot, t in enumerate(w.threats):
        card = w.deck.threats[t.threat]
        skills = " or ".join(s.capitalize() for s in card.skills)
        target = w.deck.target(t.threat, w.size, w.coop, 0)
        w.say(
            f"{w.name(w.pog)} reveals Threat {slot + 1}: {card.name} ({skills}, target {target})."
        )


def choose_leaders(w: Work) -> Script:
    """In initiative order each player who may lead takes one open threat or passes; un-led
    threats (and those of a leader who has left) go to the centre in a random order and are
    resolved last."""
    leaders: list[int] = []
    for seat in w.initiative():
        open_slots = [i for i, t in enumerate(w.threats) if t.leader is None]
        if not open_slots:
            break
        if not w.can_lead(seat):
            continue
        answer = yield Prompt(
            seat,
            (*(move("lead", f"t{i + 1}") for i in open_slots), move("pass")),
            f"{w.name(seat)} chooses a threat to lead, or passes",
            default=move("pass"),
        )
        if answer.kind == "lead":
            slot = int(answer.arg(1)[1:]) - 1
            w.threats[slot].leader = seat
            leaders.append(slot)
            w.say(f"{w.name(seat)} leads {w.threat_name(slot)}.")
        else:
            w.say(f"{w.name(seat)} leads no threat.")
    for seat in range(w.size):
        if not w.live(seat):
            w.unlead(seat)
    leaders = [slot for slot in leaders if w.threats[slot].leader is not None]
    centre = [i for i, t in enumerate(w.threats) if t.leader is None]
    w.shuffle(centre)
    if centre:
        w.say(
            "Un-led threats in the centre, resolved last in this order: "
            + ", ".join(f"Threat {i + 1}" for i in centre)
            + "."
        )
    w.order = leaders + centre


def after_human(w: Work) -> Script:
    """Step 7, then the accusations (open) or, in co-op, straight to steps 9-12."""
    yield from resolve_all(w)
    if w.coop:
        yield from after_trials(w)
        return
    w.step = 8
    open_phase(w, "accuse")


def trials(w: Work) -> Script:
    """Step 8's trials in initiative order (nobody who has left is tried), then step 9."""
    w.step = 8
    for seat in w.initiative():
        cards = [c for accused, _, c in w.accusations if accused == seat]
        if len(cards) >= CARDS_FOR_TRIAL and w.live(seat):
            yield from trial(w, seat, cards)
    w.discard.extend(c for _, _, c in w.accusations)
    yield from after_trials(w)


def trial(w: Work, seat: int, cards: list[int]) -> Script:
    name = w.name(seat)
    w.say(f"{name} is on trial ({len(cards)} accusation cards).")
    defence: int | None = None
    hand = w.seats[seat].hand
    if hand and w.is_agent(seat):
        answer = yield Prompt(
            seat,
            (
                *(move("defend", w.deck.skills[c].code) for c in w.distinct(hand)),
                move("defend", "none"),
            ),
            f"{name} may defend with one skill card",
            default=move("defend", "none"),
            secret=True,
        )
        if not w.live(seat):
            w.say(f"{name} has left, so the trial ends.")
            return
        if answer.arg(1) != "none":
            defence = w.from_hand(seat, answer.arg(1))
            w.discard.append(defence)
            w.say(f"{name} defends with {w.card(defence)}.")
    if defence is None:
        w.say(f"{name} offers no defence.")
    shown = w.sample(cards, TRIAL_CARDS) if len(cards) > TRIAL_CARDS else list(cards)
    for c in shown:
        w.say(f"Accusation card against {name}: {w.card(c)}.")
    against = w.symbols(shown)
    defended = w.symbols([defence]) if defence is not None else 0
    total = against - defended
    for c in [*shown, *([defence] if defence is not None else [])]:
        effect = w.deck.skills[c].effect
        if effect is not None and effect.trigger == TRIAL:
            change = TRIAL_SWING if effect.name == "convict" else -TRIAL_SWING
            total += change
            w.say(f"{w.card(c)}: {change:+d} against {name}.")
    verdict = total >= 1
    line = f"{name}: {against} against, {defended} in defence, total {total}: " + (
        "OUSTED" if verdict else "not ousted"
    )
    w.trials.append(line)
    w.shown_at_trials.append((seat, tuple(shown), defence))
    w.say(f"Trial of {line}.")
    if verdict:
        yield from oust(w, seat)


def oust(w: Work, seat: int) -> Script:
    """Out of the Agency: cards and Agent discarded, DNA flipped in wave order."""
    s = w.seats[seat]
    name = w.name(seat)
    agent = w.give_up_cards(seat)
    if agent is not None:
        w.say(f"{name} discards their hand and their Agent, {w.deck.agents[agent].name}.")
    s.ousted = True
    for wave, clone in enumerate(s.dna, start=1):
        w.say(f"{name} flips their wave-{wave} DNA card: {'Martian Clone' if clone else 'Human'}.")
    if any(s.dna):
        s.status = CLONE
        w.say(f"{name} is a revealed Martian Clone of level {w.level(seat)}!")
        return
    s.status = CIVILIAN
    w.say(f"{name} is Human and becomes a Civilian; they must lower a resource by 1.")
    yield from shift_resource(w, seat, "lower")


def after_trials(w: Work) -> Script:
    """Step 9: an open phase for field promotions when a Civilian may be promoted; else on."""
    w.step = 9
    agents = [s for s in range(w.size) if w.is_agent(s)]
    if not w.promotion and w.promotable() and agents:
        open_phase(w, "promote")
        return
    yield from new_wave_and_end(w)


def promotions(w: Work) -> Script:
    """The field promotions asked for, in initiative order of the Agents who asked."""
    w.step = 9
    rank = {seat: i for i, seat in enumerate(w.initiative())}
    for agent, civilian in sorted(w.promotions, key=lambda p: rank[p[0]]):
        if w.seats[civilian].status != CIVILIAN or not w.live(civilian) or not w.is_agent(agent):
            w.say(f"{w.name(agent)}'s promotion of {w.name(civilian)} no longer applies.")
            continue
        paid = payment(w, w.seats[agent].hand)
        if paid is None:
            w.say(f"{w.name(agent)} can no longer pay for a field promotion.")
            continue
        for c in paid:
            w.seats[agent].hand.remove(c)
        w.discard.extend(paid)
        w.say(
            f"{w.name(agent)} reveals and discards "
            + ", ".join(w.card(c) for c in paid)
            + f" to field promote {w.name(civilian)}."
        )
        yield from reinstate(w, civilian)
    yield from new_wave_and_end(w)


def payment(w: Work, hand: list[int]) -> list[int] | None:
    """The cards a field promotion costs: the fewest symbols reaching 5, then the fewest cards,
    keeping cards with effects where possible; None when the hand cannot pay."""
    best: tuple[int, int, int] | None = None
    chosen: list[int] | None = None
    for mask in range(1, 1 << len(hand)):
        cards = [c for i, c in enumerate(hand) if mask >> i & 1]
        symbols = w.symbols(cards)
        if symbols < PROMOTION_COST:
            continue
        effects = sum(w.deck.skills[c].effect is not None for c in cards)
        key = (symbols, len(cards), effects)
        if best is None or key < best:
            best, chosen = key, cards
    return chosen


def new_wave_and_end(w: Work) -> Script:
    """Step 10 when the wave's successes are met, then steps 11-12 (open)."""
    w.step = 10
    if w.wave < WAVES and w.successes >= w.wave * w.setup.per_wave:
        new_wave(w)
    w.step = 11
    open_phase(w, "endround")
    yield from ()


def new_wave(w: Work) -> None:
    w.wave += 1
    w.say(f"Cloning wave {w.wave}!" + ("" if w.coop else " Everyone receives a new DNA card."))
    if w.coop:
        return
    for seat in range(w.size):
        if not w.live(seat) or not w.dna_deck:
            continue
        clone = w.dna_deck.pop(0)
        s = w.seats[seat]
        s.dna.append(clone)
        kind = "Martian Clone" if clone else "Human"
        if s.status == AGENT:
            w.tell(seat, f"Your wave-{w.wave} DNA card (face down): {kind}.")
            continue
        w.say(f"{w.name(seat)} receives a face-up wave-{w.wave} DNA card: {kind}.")
        if clone and s.status == CIVILIAN:
            s.status = CLONE
            w.say(f"{w.name(seat)} is now a revealed Martian Clone of level {w.level(seat)}!")
        elif clone:
            w.say(f"{w.name(seat)} is now a level {w.level(seat)} Martian Clone.")


def cleanup(w: Work) -> Script:
    """The end of step 12, then the next round."""
    w.step = 12
    for seat in range(w.size):
        s = w.seats[seat]
        if s.status == CLONE and s.hand:
            w.discard.extend(s.hand)
            s.hand.clear()
            w.say(f"{w.name(seat)} (revealed Martian Clone) discards their hand.")
    if w.pog_override and w.live(w.pog):
        w.pog_override = False
        w.say(f"The initiative pog stays with {w.name(w.pog)} and is flipped back.")
    else:
        w.pog_override = False
        nxt = next(
            (w.pog + i) % w.size for i in range(1, w.size + 1) if w.live((w.pog + i) % w.size)
        )
        w.pog = nxt
        w.say(f"The initiative pog passes to {w.name(w.pog)}.")
    yield from new_round(w)


SEGMENTS: dict[str, Callable[[Work], Script]] = {
    "round": new_round,
    "resolve": after_human,
    "trials": trials,
    "promotions": promotions,
    "cleanup": cleanup,
}


@dataclass(frozen=True)
class Run:
    """Where a scripted step stands: the state so far, the open question (None once the step
    has finished and `state` is at the next open phase or the end), and everything said."""

    state: MarsState
    prompt: Prompt | None
    events: tuple[Event, ...]


def run(deck: Deck, state: MarsState) -> Run:
    """`replay`, once per state."""
    return remembered(state, "run", lambda: replay(deck, state))


def replay(deck: Deck, state: MarsState) -> Run:
    """Replay the scripted step `state.phase` from its start with the answers in
    `state.choices`, up to its next unanswered question or its end; a `left <seat>` entry
    makes that seat gone from that point of the replay on."""
    w = thaw(deck, state)
    script = SEGMENTS[state.phase](w)
    try:
        prompt = next(script)
        for answer in state.choices:
            if answer.startswith(LEFT):
                w.out.add(int(answer.removeprefix(LEFT)))
                continue
            chosen = next((m for m in prompt.moves if str(m) == answer), None)
            if chosen is None:
                raise BadState(f"A saved answer ({answer}) does not fit the game.")
            prompt = script.send(chosen)
    except StopIteration:
        w.choices = ()
        return Run(freeze(w), None, tuple(w.events))
    except Ended:
        w.choices, w.phase = (), "over"
        return Run(freeze(w), None, tuple(w.events))
    w.choices = state.choices
    return Run(freeze(w), prompt, tuple(w.events))


@dataclass(frozen=True)
class Look:
    """The table as the running step has left it (`shown`, with a read-only working copy), and
    the question it waits for, if any."""

    shown: MarsState
    prompt: Prompt | None
    work: Work


def look(deck: Deck, state: MarsState) -> Look:
    """How the table stands now: views, parsing and move lists all ask, so the replay and the
    working copy are worked out once per state (a `Look` holds `state` itself when no step
    runs, so it is not kept with it)."""
    shown, prompt = state, None
    if state.phase in SEGMENTS and state.winner is None:
        result = run(deck, state)
        shown, prompt = result.state, result.prompt
    return Look(shown, prompt, remembered(shown, "work", lambda: thaw(deck, shown)))


def settle(deck: Deck, state: MarsState, seen: int) -> tuple[MarsState, list[Event]]:
    """Run scripted steps until an open phase with someone pending, a question for a player
    still at the table, or the end. `seen` events of the running step were told already."""
    events: list[Event] = []
    while state.phase in SEGMENTS and state.winner is None:
        result = run(deck, state)
        events += result.events[seen:]
        if result.prompt is None:
            state, seen = result.state, 0
            if state.leaving:
                state, more = _resign_leaving(deck, state)
                events += more
            continue
        if state.gone(result.prompt.seat):
            state, seen = answered(state, result.prompt.default), len(result.events)
            continue
        break
    return state, events


def _resign_leaving(deck: Deck, state: MarsState) -> tuple[MarsState, list[Event]]:
    """Seats that left during a scripted step now resign for good."""
    w = thaw(deck, state)
    seats, w.leaving = w.leaving, []
    leave(w, seats)
    return freeze(w), w.events


def answered(state: MarsState, answer: Move) -> MarsState:
    return replace(state, choices=(*state.choices, str(answer)))


LEFT = "left "
"""A `choices` entry `left 3` marks where seat 3 resigned during the running step."""


def resigned_during(state: MarsState, seat: int) -> MarsState:
    """`seat` resigns during the running step: gone from this point of its replay on, and
    resigned for good once it ends."""
    return replace(state, leaving=(*state.leaving, seat), choices=(*state.choices, f"{LEFT}{seat}"))
