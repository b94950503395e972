"""Step 7, Resolve Threats: one threat at a time, card by card, as scripted steps.

A scripted step is a generator over a `Work`: it yields a `Prompt` whenever a player must choose
(wild symbols, the leader's skill group, the order of effects, whom an effect picks) and is sent
the chosen `Move` back. See script.py for how a step is replayed from its answers.
"""

from __future__ import annotations

from collections.abc import Generator

from engine.marsvsearth import effects
from engine.marsvsearth.deck import GROUPS
from engine.marsvsearth.effects import FAILURE, IMMEDIATE, RESOURCES, SUCCESS, Effect
from engine.marsvsearth.moves import Move, Prompt, move
from engine.marsvsearth.state import ADDED, AGENT, CIVILIAN, CLONE
from engine.marsvsearth.work import ThreatWork, Work

Script = Generator[Prompt, Move, None]

AGENTS_OFFERED = 2
"""Agents a reinstated Civilian draws to keep one."""


def resolve_all(w: Work) -> Script:
    """Every active threat in the resolution order (led ones by initiative, then un-led); a
    leader who has left loses their threats to the centre before the next one is resolved."""
    w.step = 7
    while True:
        for seat in range(w.size):
            if not w.live(seat):
                w.unlead(seat)
        left = [slot for slot in w.resolution_order() if w.threats[slot].result is None]
        if not left:
            break
        w.current = left[0]
        yield from resolve_threat(w, left[0])
    w.current = None


def resolve_threat(w: Work, slot: int) -> Script:
    t = w.threats[slot]
    card = w.deck.threats[t.threat]
    leader = t.leader
    chooser = leader if leader is not None else w.holder()
    name = w.threat_name(slot)
    cards = [c for _, c in t.cards]
    w.shuffle(cards)
    by = f"its leader {w.name(leader)}" if leader is not None else f"{w.name(chooser)} (initiative)"
    w.say(f"Resolving {name}: {len(cards)} cards shuffled by {by}.")
    for c in cards:
        sort_card(w, t, c, card.skills, reveal=True, label=name)
    yield from run_effects(w, slot, IMMEDIATE, chooser)

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
                default=move("wild", "good"),
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
        best = max(card.skills, key=skills.skill)
        answer = yield Prompt(
            leader,
            tuple(move("skill", g) for g in GROUPS),
            f"{w.name(leader)} chooses which skill group of {skills.name} to add to {name}",
            default=move("skill", best),
        )
        t.skill, t.agent = answer.arg(1), agent
        value = skills.skill(t.skill)
        t.skill_value = value if t.skill in card.skills else -value
        w.say(f"{w.name(leader)} adds {skills.name}'s {t.skill.capitalize()} ({t.skill_value:+d}).")
    total += t.skill_value + t.bonus
    if t.bonus:
        w.say(f"{name}: {t.bonus:+d} from earlier threats.")
    t.total = total
    target = w.deck.target(t.threat, w.size, w.coop, len(t.counters))
    success = total >= target
    t.result = "success" if success else "failure"
    w.say(
        f"{name}: total {total} against target {target}: " + ("SUCCESS." if success else "FAILURE.")
    )

    if success:
        yield from run_effects(w, slot, SUCCESS, chooser)
        for resource, amount in card.gain:
            w.change(resource, amount)
        extra = card.success_effect
    else:
        yield from run_effects(w, slot, FAILURE, chooser)
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


def sort_card(
    w: Work, t: ThreatWork, c: int, skills: tuple[str, ...], reveal: bool, label: str
) -> None:
    """Put a revealed card on the good, bad or wild pile of threat `t`."""
    skill = w.deck.skills[c].skill
    pile, word = (
        (t.wild, "wild")
        if skill == "wild"
        else (t.good, "good")
        if skill in skills
        else (t.bad, "bad")
    )
    pile.append(c)
    if reveal:
        w.say(f"{label}: revealed {w.card(c)}: {word}.")


def _firing(w: Work, t: ThreatWork, trigger: str) -> list[tuple[int, Effect]]:
    """(card, effect) for the cards on `t` whose effect has `trigger`: not those discarded
    unscored, not those New Information added, not those needing a leader when there is none."""
    added = {c for giver, c in t.cards if giver == ADDED}
    out = []
    for c in t.good + t.bad + t.wild:
        effect = w.deck.skills[c].effect
        if effect is None or effect.trigger != trigger or c in t.cancelled or c in added:
            continue
        if t.leader is not None or not effect.kind.leader:
            out.append((c, effect))
    return out


def run_effects(w: Work, slot: int, trigger: str, chooser: int) -> Script:
    """Resolve the effects with `trigger` one card at a time, `chooser` picking the order when
    it could matter. A card discarded unscored before its turn loses its effect."""
    t = w.threats[slot]
    resolved: set[int] = set()
    while True:
        remaining = [(c, e) for c, e in _firing(w, t, trigger) if c not in resolved]
        if not remaining:
            return
        keys = list(dict.fromkeys(e.token for _, e in remaining))
        source, pick = remaining[0]
        if len(keys) > 1:
            moves = tuple(move("effect", k) for k in keys)
            answer = yield Prompt(
                chooser,
                moves,
                f"{w.name(chooser)} chooses which effect on {w.threat_name(slot)} resolves next",
                default=moves[0],
            )
            source, pick = next(p for p in remaining if p[1].token == answer.arg(1))
        resolved.add(source)
        w.say(f"{w.threat_name(slot)}: effect {pick.describe()}.")
        yield from apply_effect(w, slot, pick, source)


def apply_effect(w: Work, slot: int, effect: Effect, source: int | None = None) -> Script:
    """One effect of the vocabulary (see effects.py), for the threat in `slot`; `source` is the
    skill card carrying it (None for a threat's own effect)."""
    t = w.threats[slot]
    leader = t.leader
    name = effect.name
    if name == "new_info":
        drawn = w.draw_cards(effects.NEW_INFO_CARDS)
        skills = w.deck.threats[t.threat].skills
        for c in drawn:
            t.cards.append((ADDED, c))
            sort_card(w, t, c, skills, reveal=True, label=f"New Information on Threat {slot + 1}")
    elif name in ("sabotage", "shield"):
        pile = [
            c
            for c in (t.good if name == "sabotage" else t.bad)
            if c not in t.cancelled and c != source
        ]
        if pile:
            strongest = max(pile, key=lambda c: w.deck.skills[c].strength)
            t.cancelled.append(strongest)
            w.say(f"{w.card(strongest)} on Threat {slot + 1} is discarded unscored.")
        else:
            w.say("There is no other card for it to discard.")
    elif name == "supply" and effect.resource:
        w.change(effect.resource, 1)
    elif name == "drain" and effect.resource:
        w.change(effect.resource, -1)
    elif name in ("momentum", "setback"):
        later = [s for s in w.resolution_order() if w.threats[s].result is None and s != slot]
        if later:
            nxt = w.threats[later[0]]
            bonus = effects.NEXT_THREAT_BONUS
            change = bonus if name == "momentum" else -bonus
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


def clockwise(w: Work, seat: int) -> list[int]:
    """The other seats, from the one after `seat` round the table."""
    return [(seat + i) % w.size for i in range(1, w.size)]


def choose(chooser: int, kind: str, words: list[str], ask: str) -> Generator[Prompt, Move, str]:
    """The only one of `words`, or the one `chooser` picks with `<kind> <word>` when there are
    several (the first by default)."""
    if len(words) == 1:
        return words[0]
    moves = tuple(move(kind, word) for word in words)
    answer = yield Prompt(chooser, moves, ask, default=moves[0])
    return answer.arg(1)


def intel(w: Work, leader: int) -> Script:
    targets = [s for s in clockwise(w, leader) if w.is_agent(s) and w.seats[s].dna]
    if not targets:
        w.say("Nobody has face-down DNA to look at.")
        return
    ask = f"{w.name(leader)} chooses whose newest DNA card to look at"
    seat = w.seat_of((yield from choose(leader, "intel", [w.slug(s) for s in targets], ask)))
    dna = w.seats[seat].dna
    kind = "Martian Clone" if dna[-1] else "Human"
    w.looks.append((leader, seat, len(dna)))
    w.say(f"{w.name(leader)} secretly looks at {w.name(seat)}'s newest DNA card.")
    w.tell(leader, f"You saw {w.name(seat)}'s wave-{len(dna)} DNA card: {kind}.")


def extra_bad(w: Work, slot: int) -> Script:
    """A failed threat led by a revealed clone of a high enough level loses 1 more resource (not
    when that clone has left the game)."""
    t = w.threats[slot]
    leader = t.leader
    if leader is None or w.seats[leader].status != CLONE or not w.live(leader):
        return
    if not w.deck.level(w.level(leader)).extra_bad:
        return
    named = [r for r, _ in w.deck.threats[t.threat].loss]
    if not named:
        return
    ask = f"{w.name(leader)} (Extra Bad) chooses a resource to lose 1 more"
    pick = yield from choose(leader, "extra", named, ask)
    if not w.live(leader):
        w.say(f"{w.name(leader)} has left, so there is no Extra Bad.")
        return
    w.say(f"Extra Bad: {w.name(leader)} removes 1 more {pick.capitalize()}.")
    w.change(pick, -1)


def choose_and_reinstate(w: Work, chooser: int, verb: str) -> Script:
    civilians = [s for s in clockwise(w, chooser) if w.live(s) and w.seats[s].status == CIVILIAN]
    if not civilians:
        w.say("There is no Civilian to reinstate.")
        return
    ask = f"{w.name(chooser)} chooses a Civilian to reinstate"
    seat = w.seat_of((yield from choose(chooser, "reinstate", [w.slug(s) for s in civilians], ask)))
    w.say(f"{w.name(chooser)} {verb} {w.name(seat)}.")
    yield from reinstate(w, seat)


def promote_from_unled(w: Work) -> Script:
    """Field Promotion Variant: a successful un-led threat reinstates a Civilian, chosen by the
    initiative holder."""
    if any(w.live(s) and w.seats[s].status == CIVILIAN for s in range(w.size)):
        yield from choose_and_reinstate(w, w.holder(), "(initiative) reinstates")


def reinstate(w: Work, seat: int) -> Script:
    """The Civilian draws two Agents and keeps one in private (the other goes to the bottom of
    the Agent deck unseen), turns their DNA face down, raises a resource by 1, and is a full
    Agent again."""
    offered = w.agent_deck[:AGENTS_OFFERED]
    del w.agent_deck[:AGENTS_OFFERED]
    keep = offered[0]
    if len(offered) > 1:
        moves = tuple(move("agent", w.deck.agents[a].code) for a in offered)
        w.tell(
            seat,
            "You drew two Agents: "
            + " and ".join(
                f"{w.deck.agents[a].describe()} (`agent {w.deck.agents[a].code}`)" for a in offered
            )
            + "; keep one.",
        )
        answer = yield Prompt(
            seat,
            moves,
            f"{w.name(seat)} chooses one of two Agent cards",
            default=moves[0],
            secret=True,
        )
        keep = next(a for a in offered if w.deck.agents[a].code == answer.arg(1))
    w.agent_deck.extend(a for a in offered if a != keep)
    s = w.seats[seat]
    s.status, s.agent = AGENT, keep
    w.say(
        f"{w.name(seat)} is reinstated as {w.deck.agents[keep].name}; their DNA is turned "
        "face down."
    )
    yield from shift_resource(w, seat, "raise")


def shift_resource(w: Work, seat: int, kind: str) -> Script:
    """`seat` raises (`kind` "raise") or lowers ("lower") a resource of their choice by 1; by
    default the lowest is raised and the highest lowered (ties: food, people, tech, defense).
    Nothing changes when the player has left meanwhile."""
    up = kind == "raise"
    level = dict(zip(RESOURCES, w.resources, strict=True))
    default = (min if up else max)(RESOURCES, key=level.__getitem__)
    answer = yield Prompt(
        seat,
        tuple(move(kind, r) for r in RESOURCES),
        f"{w.name(seat)} chooses a resource to {kind} by 1",
        default=move(kind, default),
    )
    if not w.live(seat):
        w.say(f"{w.name(seat)} has left, so no resource is {'raised' if up else 'lowered'}.")
        return
    w.change(answer.arg(1), 1 if up else -1)
