"""Step 7, Resolve Threats: one threat at a time, card by card, as scripted steps.

A scripted step is a generator over a `Work`: it yields a `Prompt` whenever a player must choose
(wild symbols, the leader's skill group, the order of effects, whom an effect picks) and is sent
the chosen `Move` back. See script.py for how a step is replayed from its answers.
"""

from __future__ import annotations

from collections.abc import Generator

from engine.marsvsearth.deck import GROUPS
from engine.marsvsearth.effects import FAILURE, IMMEDIATE, RESOURCES, SUCCESS, Effect
from engine.marsvsearth.moves import Move, Prompt, move
from engine.marsvsearth.rules import target_of
from engine.marsvsearth.state import AGENT, CIVILIAN, CLONE
from engine.marsvsearth.work import ThreatWork, Work

Script = Generator[Prompt, Move, None]

NEW_INFO_CARDS = 2
NEXT_THREAT_BONUS = 2


def resolve_all(w: Work) -> Script:
    """Every active threat in the resolution order (led ones by initiative, then un-led)."""
    w.step = 7
    for slot in w.order:
        w.current = slot
        yield from resolve_threat(w, slot)
    w.current = None


def resolve_threat(w: Work, slot: int) -> Script:
    t = w.threats[slot]
    card = w.deck.threats[t.threat]
    leader = t.leader
    chooser = leader if leader is not None else w.pog
    name = w.threat_name(slot)
    cards = [c for _, c in t.cards]
    w.shuffle(cards)
    by = f"its leader {w.name(leader)}" if leader is not None else f"{w.name(w.pog)} (initiative)"
    w.say(f"Resolving {name}: {len(cards)} cards shuffled by {by}.")
    for c in cards:
        sort_card(w, t, c, card.skills, reveal=True, label=name)
    immediate = [
        w.deck.skills[c].effect
        for c in t.good + t.bad + t.wild
        if c not in t.cancelled
    ]
    yield from run_effects(w, slot, _firing(immediate, IMMEDIATE, leader), chooser)

    wild = sum(w.deck.skills[c].strength for c in t.wild if c not in t.cancelled)
    if t.wild:
        if leader is None:
            t.wild_good = True
            w.say(f"{name} has no leader, so its wild symbols ({wild}) count as good.")
        else:
            answer = yield Prompt(
                leader,
                (move("wild", "good"), move("wild", "bad")),
                f"{w.name(leader)} decides whether the wild symbols ({wild}) on {name} count as "
                "good or bad",
            )
            t.wild_good = answer.arg(1) == "good"
            w.say(f"{w.name(leader)} counts the wild symbols on {name} as {answer.arg(1)}.")
    good = w.symbols([c for c in t.good if c not in t.cancelled])
    bad = w.symbols([c for c in t.bad if c not in t.cancelled])
    total = good - bad + (wild if t.wild_good else -wild)
    w.say(f"{name}: the cards total {total:+d}.")

    agent = w.seats[leader].agent if leader is not None else None
    if leader is not None and agent is not None:
        skills = w.deck.agents[agent]
        answer = yield Prompt(
            leader,
            tuple(move("skill", g) for g in GROUPS),
            f"{w.name(leader)} chooses which skill group of {skills.name} to add to {name}",
        )
        t.skill = answer.arg(1)
        value = skills.skill(t.skill)
        t.skill_value = value if t.skill in card.skills else -value
        w.say(f"{w.name(leader)} adds {skills.name}'s {t.skill.capitalize()} "
              f"({t.skill_value:+d}).")
    total += t.skill_value + t.bonus
    if t.bonus:
        w.say(f"{name}: {t.bonus:+d} from earlier threats.")
    t.total = total
    target = target_of(w.deck, t.threat, w.size, w.coop, len(t.counters))
    success = total >= target
    t.result = "success" if success else "failure"
    w.say(f"{name}: total {total} against target {target}: "
          + ("SUCCESS." if success else "FAILURE."))

    played = [w.deck.skills[c].effect for c in t.good + t.bad + t.wild if c not in t.cancelled]
    if success:
        yield from run_effects(w, slot, _firing(played, SUCCESS, leader), chooser)
        for resource, amount in card.gain:
            w.change(resource, amount)
        extra = card.success_effect
    else:
        yield from run_effects(w, slot, _firing(played, FAILURE, leader), chooser)
        for resource, amount in card.loss:
            w.change(resource, -amount)
        extra = card.failure_effect
        yield from extra_bad(w, slot)
    if extra is not None and (leader is not None or not extra.kind.leader):
        w.say(f"{name} also has: {extra.describe()}.")
        yield from apply_effect(w, slot, extra)

    w.discard.extend(c for _, c in t.cards)
    if success:
        w.say(f"{name} joins the successful threats (wave {w.wave}).")
        w.score_success()
        if leader is None and w.promotion:
            yield from promote_from_unled(w)
    else:
        w.failures += 1
        w.threat_discard.append(t.threat)


def sort_card(w: Work, t: ThreatWork, c: int, skills: tuple[str, ...], reveal: bool,
              label: str) -> None:
    """Put a revealed card on the good, bad or wild pile of threat `t`."""
    skill = w.deck.skills[c].skill
    pile, word = (t.wild, "wild") if skill == "wild" else \
        (t.good, "good") if skill in skills else (t.bad, "bad")
    pile.append(c)
    if reveal:
        w.say(f"{label}: revealed {w.card(c)}: {word}.")


def _firing(effects: list[Effect | None], trigger: str, leader: int | None) -> list[Effect]:
    """The effects with `trigger`, less those that need a leader when there is none."""
    return [
        e for e in effects
        if e is not None and e.trigger == trigger and (leader is not None or not e.kind.leader)
    ]


def run_effects(w: Work, slot: int, effects: list[Effect], chooser: int) -> Script:
    """Resolve `effects` one at a time, `chooser` picking the order when it could matter."""
    remaining = list(effects)
    while remaining:
        keys = list(dict.fromkeys(e.key for e in remaining))
        pick = remaining[0]
        if len(keys) > 1:
            answer = yield Prompt(
                chooser,
                tuple(move("effect", k.replace(":", "-")) for k in keys),
                f"{w.name(chooser)} chooses which effect on {w.threat_name(slot)} resolves next",
            )
            pick = next(e for e in remaining if e.token == answer.arg(1))
        remaining.remove(pick)
        w.say(f"{w.threat_name(slot)}: effect {pick.describe()}.")
        yield from apply_effect(w, slot, pick)


def apply_effect(w: Work, slot: int, effect: Effect) -> Script:
    """One effect of the vocabulary (see effects.py), for the threat in `slot`."""
    t = w.threats[slot]
    leader = t.leader
    name = effect.name
    if name == "new_info":
        drawn = w.draw_cards(NEW_INFO_CARDS)
        skills = w.deck.threats[t.threat].skills
        for c in drawn:
            t.cards.append((-1, c))
            sort_card(w, t, c, skills, reveal=True, label=f"New Information on Threat {slot + 1}")
    elif name in ("sabotage", "shield"):
        pile = [c for c in (t.good if name == "sabotage" else t.bad) if c not in t.cancelled]
        if pile:
            strongest = max(pile, key=lambda c: w.deck.skills[c].strength)
            t.cancelled.append(strongest)
            w.say(f"{w.card(strongest)} on Threat {slot + 1} is discarded unscored.")
    elif name == "supply" and effect.resource:
        w.change(effect.resource, 1)
    elif name == "drain" and effect.resource:
        w.change(effect.resource, -1)
    elif name in ("momentum", "setback"):
        later = w.order[w.order.index(slot) + 1:] if slot in w.order else []
        if later:
            nxt = w.threats[later[0]]
            change = NEXT_THREAT_BONUS if name == "momentum" else -NEXT_THREAT_BONUS
            nxt.bonus += change
            w.say(f"Threat {later[0] + 1} gets {change:+d} to its total.")
        else:
            w.say("There is no unresolved threat left, so it does nothing.")
    elif name == "seize" and leader is not None:
        w.pog, w.pog_override = leader, True
        w.say(f"{w.name(leader)} takes the initiative pog (overridden).")
    elif name == "reinstate" and leader is not None:
        yield from choose_and_reinstate(w, leader, "reinstates")
    elif name == "intel" and leader is not None:
        yield from intel(w, leader)


def intel(w: Work, leader: int) -> Script:
    targets = [s for s in range(w.size) if s != leader and w.is_agent(s) and w.seats[s].dna]
    if not targets:
        w.say("Nobody has face-down DNA to look at.")
        return
    seat = targets[0]
    if len(targets) > 1:
        answer = yield Prompt(
            leader,
            tuple(move("intel", w.slug(s)) for s in targets),
            f"{w.name(leader)} chooses whose newest DNA card to look at",
        )
        seat = w.seat_of(answer.arg(1))
    dna = w.seats[seat].dna
    kind = "Martian Clone" if dna[-1] else "Human"
    w.say(f"{w.name(leader)} secretly looks at {w.name(seat)}'s newest DNA card.")
    w.tell(leader, f"You saw {w.name(seat)}'s wave-{len(dna)} DNA card: {kind}.")


def extra_bad(w: Work, slot: int) -> Script:
    """A failed threat led by a revealed clone of a high enough level loses 1 more resource."""
    t = w.threats[slot]
    leader = t.leader
    if leader is None or w.seats[leader].status != CLONE:
        return
    if not w.deck.level(w.level(leader)).extra_bad:
        return
    named = [r for r, _ in w.deck.threats[t.threat].loss]
    if not named:
        return
    pick = named[0]
    if len(named) > 1:
        answer = yield Prompt(
            leader, tuple(move("extra", r) for r in named),
            f"{w.name(leader)} (Extra Bad) chooses a resource to lose 1 more",
        )
        pick = answer.arg(1)
    w.say(f"Extra Bad: {w.name(leader)} removes 1 more {pick.capitalize()}.")
    w.change(pick, -1)


def choose_and_reinstate(w: Work, chooser: int, verb: str) -> Script:
    civilians = [s for s in range(w.size) if w.live(s) and w.seats[s].status == CIVILIAN]
    if not civilians:
        w.say("There is no Civilian to reinstate.")
        return
    seat = civilians[0]
    if len(civilians) > 1:
        answer = yield Prompt(
            chooser, tuple(move("reinstate", w.slug(s)) for s in civilians),
            f"{w.name(chooser)} chooses a Civilian to reinstate",
        )
        seat = w.seat_of(answer.arg(1))
    w.say(f"{w.name(chooser)} {verb} {w.name(seat)}.")
    yield from reinstate(w, seat)


def promote_from_unled(w: Work) -> Script:
    """Field Promotion Variant: a successful un-led threat reinstates a Civilian, chosen by the
    initiative holder."""
    if any(w.live(s) and w.seats[s].status == CIVILIAN for s in range(w.size)):
        yield from choose_and_reinstate(w, w.pog, "(initiative) reinstates")


def reinstate(w: Work, seat: int) -> Script:
    """The Civilian draws two Agents and keeps one, turns their DNA face down, raises a
    resource by 1, and is a full Agent again."""
    offered = w.agent_deck[:2]
    del w.agent_deck[:2]
    keep = offered[0]
    if len(offered) > 1:
        answer = yield Prompt(
            seat, tuple(move("agent", w.deck.agents[a].code) for a in offered),
            f"{w.name(seat)} chooses one of two Agent cards",
        )
        keep = next(a for a in offered if w.deck.agents[a].code == answer.arg(1))
    w.agent_deck.extend(a for a in offered if a != keep)
    s = w.seats[seat]
    s.status, s.agent = AGENT, keep
    w.say(f"{w.name(seat)} is reinstated as {w.deck.agents[keep].name}; their DNA is turned "
          "face down.")
    answer = yield Prompt(
        seat, tuple(move("raise", r) for r in RESOURCES),
        f"{w.name(seat)} chooses a resource to raise by 1",
    )
    w.change(answer.arg(1), 1)
