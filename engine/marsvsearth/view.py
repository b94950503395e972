"""What each seat of Mars vs. Earth may see: the public table plus the viewer's secrets.

The public part carries the threats (leader, how many cards each received, never which), the
cards revealed while resolving, the resources, the players' standings (face-up DNA only), who has
pressed Done, the trials with the cards each showed (until the round ends) and the question being
asked. `private` adds the viewer's own hand, face-down DNA, Agent, clone level, the cards they
gave this round, this round's trials again (so that `/secret` tells them too), the DNA cards they
looked at this round and, when they are to keep one of two Agents, those two.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine import core
from engine.core import Outcome, View
from engine.marsvsearth.deck import Deck
from engine.marsvsearth.effects import RESOURCES
from engine.marsvsearth.moves import Prompt
from engine.marsvsearth.phases import OPEN, TITLES, is_pending, takes_part
from engine.marsvsearth.script import Look
from engine.marsvsearth.state import AGENT, CLONE, MarsState, clone_level
from engine.marsvsearth.work import slugs

STEP_NAMES = (
    "Deal Skill Cards",
    "Reveal Threats",
    "Choose Threat Leaders",
    "Add Fate",
    "Martian Clone Influence",
    "Human Influence",
    "Resolve Threats",
    "Accusations & Trials",
    "Field Promotions",
    "New Cloning Wave",
    "Martians Reveal",
    "Discard & Pass Initiative",
)


@dataclass(frozen=True)
class CardShown:
    """A revealed skill card: its code and words, and whether it was discarded unscored."""

    code: str
    text: str
    cancelled: bool = False


@dataclass(frozen=True)
class TrialShown:
    """A trial held this round, as the table saw it."""

    verdict: str
    """"Bob: 6 against, 1 in defence, total 5: OUSTED"."""
    accusations: tuple[CardShown, ...] = ()
    """The accusation cards revealed (empty only for a trial held before the bot kept them)."""
    defence: CardShown | None = None
    """The card the accused defended with, if any."""


def trial_words(trial: TrialShown) -> str:
    """`Bob: 6 against, 1 in defence, total 5: OUSTED (accusation cards shown: Military 3
    [mil3] and Military 3 [mil3]; defence: Science 1 [sci1])`."""
    if not trial.accusations:
        return trial.verdict
    shown = " and ".join(card_words(c) for c in trial.accusations)
    defence = "none" if trial.defence is None else card_words(trial.defence)
    return f"{trial.verdict} (accusation cards shown: {shown}; defence: {defence})"


def card_words(card: CardShown) -> str:
    """`Military 3 [mil3]`, as the narration names a card."""
    return f"{card.text} [{card.code}]"


@dataclass(frozen=True)
class ThreatShown:
    slot: int
    """1-based, as in the notation (`t2`)."""
    name: str
    skills: tuple[str, ...]
    target: int
    """Printed target with the 3-4 player change and the +1 counters."""
    counters: int
    leader: int | None
    cards: int
    """How many cards lie on it (fate included); never which."""
    gain: tuple[tuple[str, int], ...]
    loss: tuple[tuple[str, int], ...]
    extra: str
    bonus: int
    position: int
    """Its place in the resolution order (1 = first)."""
    good: tuple[CardShown, ...] = ()
    bad: tuple[CardShown, ...] = ()
    wild: tuple[CardShown, ...] = ()
    wild_good: bool | None = None
    skill: str | None = None
    skill_value: int = 0
    total: int | None = None
    result: str | None = None


@dataclass(frozen=True)
class SeatShown:
    name: str
    slug: str
    status: str
    """"agent", "civilian" or "clone" (revealed)."""
    agent: str | None
    skills: tuple[int, int, int] | None
    dna: tuple[bool | None, ...]
    """Per wave: True clone, False human, None face down."""
    level: int | None
    """A revealed clone's level."""
    hand: int
    counters: int
    """+1 counters a revealed clone may still place."""
    done: bool | None
    """In an open phase: True once pressed Done (or nothing to do), False while pending; None
    when the seat takes no part."""
    resigned: bool


@dataclass(frozen=True, kw_only=True)
class MarsView(View):
    round: int
    step: int
    step_name: str
    phase: str
    """The open phase's title, or what the game waits for."""
    coop: bool
    promotion: bool
    contribution: int
    timer: int
    """Minutes an open phase lasts (0 = no timer)."""
    answer: int
    """Minutes a player has to answer a question put to them alone (0 = no timer)."""
    resources: tuple[tuple[str, int], ...]
    wave: int
    successes: int
    per_wave: int
    needed: int
    failures: int
    pog: int
    pog_override: bool
    seats: tuple[SeatShown, ...]
    threats: tuple[ThreatShown, ...]
    current: int | None
    """The slot (1-based) being resolved."""
    accused: tuple[tuple[int, int], ...]
    """(seat, cards against them) this round."""
    trials: tuple[TrialShown, ...]
    """This round's trials, in the order held."""
    promotions: tuple[tuple[int, int], ...]
    question: str | None
    """The prompt being asked, in words."""
    draw_pile: int
    discard_pile: int
    threats_left: int


def build_view(deck: Deck, now: Look, actors: frozenset[int], outcome: Outcome | None) -> MarsView:
    """The public view of the table as the running step has left it."""
    shown, w, prompt = now.shown, now.work, now.prompt
    over = outcome is not None
    names = slugs(shown.players)
    seats = []
    for i, s in enumerate(shown.seats):
        up = s.status != AGENT or over
        agent = deck.agents[s.agent] if s.agent is not None else None
        in_phase = shown.phase in OPEN and takes_part(w, i)
        seats.append(
            SeatShown(
                name=shown.players[i],
                slug=names[i],
                status=s.status,
                agent=agent.name if agent else None,
                skills=agent.skills if agent else None,
                dna=tuple(d if up else None for d in s.dna),
                level=clone_level(s.dna) if s.status == CLONE else None,
                hand=len(s.hand),
                counters=w.counters_left(i),
                done=(not is_pending(w, i)) if in_phase else None,
                resigned=s.resigned or i in shown.leaving,
            )
        )
    threats = []
    order = w.resolution_order()
    for slot, t in enumerate(shown.threats):
        card = deck.threats[t.threat]
        extras = [e.describe() for e in (card.success_effect, card.failure_effect) if e]

        def cards(
            pile: tuple[int, ...], cancelled: tuple[int, ...] = t.cancelled
        ) -> tuple[CardShown, ...]:
            return tuple(_card(deck, c, c in cancelled) for c in pile)

        threats.append(
            ThreatShown(
                slot=slot + 1,
                name=card.name,
                skills=card.skills,
                target=deck.target(t.threat, len(shown.players), shown.coop, len(t.counters)),
                counters=len(t.counters),
                leader=t.leader,
                cards=len(t.cards),
                gain=card.gain,
                loss=card.loss,
                extra="; ".join(extras),
                bonus=t.bonus,
                position=order.index(slot) + 1 if slot in order else 0,
                good=cards(t.good),
                bad=cards(t.bad),
                wild=cards(t.wild),
                wild_good=t.wild_good,
                skill=t.skill,
                skill_value=t.skill_value,
                total=t.total,
                result=t.result,
            )
        )
    accused: dict[int, int] = {}
    for target, _, _ in shown.accusations:
        accused[target] = accused.get(target, 0) + 1
    if over:
        phase = "Game over"
    elif prompt is not None:
        phase = f"Waiting: {prompt.ask}"
    else:
        phase = TITLES.get(shown.phase, shown.phase)
    per_wave = w.setup.per_wave
    return MarsView(
        **core.seen(shown.players, None, actors, outcome),
        buttons=_buttons(shown, prompt, over),
        round=shown.round,
        step=shown.step,
        step_name=STEP_NAMES[shown.step - 1] if 1 <= shown.step <= len(STEP_NAMES) else "",
        phase=phase,
        coop=shown.coop,
        promotion=shown.promotion,
        contribution=shown.contribution,
        timer=shown.timer,
        answer=shown.answer,
        resources=tuple(zip(RESOURCES, shown.resources, strict=True)),
        wave=shown.wave,
        successes=shown.successes,
        per_wave=per_wave,
        needed=w.setup.needed,
        failures=shown.failures,
        pog=shown.pog,
        pog_override=shown.pog_override,
        seats=tuple(seats),
        threats=tuple(threats),
        current=None if shown.current is None else shown.current + 1,
        accused=tuple(sorted(accused.items())),
        trials=_trials(deck, shown),
        promotions=shown.promotions,
        question=prompt.ask if prompt is not None and not over else None,
        draw_pile=len(shown.draw),
        discard_pile=len(shown.discard),
        threats_left=len(shown.threat_deck),
    )


def _card(deck: Deck, card: int, cancelled: bool = False) -> CardShown:
    skill = deck.skills[card]
    return CardShown(skill.code, skill.describe(), cancelled)


def _trials(deck: Deck, state: MarsState) -> tuple[TrialShown, ...]:
    """The round's trials with the cards each showed."""
    trials = []
    for index, verdict in enumerate(state.trials):
        if index >= len(state.shown_at_trials):  # held before the cards were kept
            trials.append(TrialShown(verdict))
            continue
        _, shown, defence = state.shown_at_trials[index]
        defended = None if defence is None else _card(deck, defence)
        trials.append(TrialShown(verdict, tuple(_card(deck, c) for c in shown), defended))
    return tuple(trials)


def _buttons(state: MarsState, prompt: Prompt | None, over: bool) -> tuple[str, ...]:
    """The moves anyone may press under the public board: every answer to a question that is
    not secret (however many: the bot shows more than a row of buttons as a menu), or Done in
    an open phase."""
    if over:
        return ()
    if prompt is not None:
        return () if prompt.secret else tuple(str(m) for m in prompt.moves)
    return ("done",) if state.phase in OPEN else ()


def private_lines(
    deck: Deck, state: MarsState, seat: int, asked: Prompt | None = None
) -> tuple[str, ...]:
    """The viewer's secrets, each line starting "Your" so that no public text repeats one;
    `asked` is a question put to the viewer now (the two Agents of a reinstatement are shown
    with their skills)."""
    s = state.seats[seat]
    lines = []
    if s.dna:
        waves = ", ".join(
            f"wave {i} {'Martian Clone' if d else 'Human'}" for i, d in enumerate(s.dna, start=1)
        )
        level = clone_level(s.dna)
        side = f"Martian Clone of level {level}" if level else "Human"
        hidden = " (hidden)" if s.status == AGENT and level else ""
        lines.append(f"Your DNA: {waves}. You are a {side}{hidden}.")
    elif state.coop:
        lines.append("Your side: Human (co-operative game, no Martians at the table).")
    if s.agent is not None:
        agent = deck.agents[s.agent]
        lines.append(f"Your Agent: {agent.describe()}.")
    else:
        lines.append(
            f"Your standing: {'revealed Martian Clone' if s.status == CLONE else s.status}"
            " (no Agent)."
        )
    if s.status == CLONE:
        row = deck.level(clone_level(s.dna))
        lines.append(
            f"Your clone level {row.level}: hand {row.hand}, "
            f"{'may' if row.lead else 'may not'} lead, {row.counters} counters"
            f"{', Extra Bad' if row.extra_bad else ''}."
        )
    hand = ", ".join(f"{deck.skills[c].describe()} [{deck.skills[c].code}]" for c in s.hand)
    lines.append(f"Your hand: {hand or 'no cards'}.")
    given = [
        f"{deck.skills[c].code} to t{slot + 1}"
        for slot, t in enumerate(state.threats)
        for giver, c in t.cards
        if giver == seat and t.result is None
    ]
    given += [
        f"{deck.skills[c].code} against {state.players[target]}"
        for target, giver, c in state.accusations
        if giver == seat
    ]
    if given:
        lines.append("Your cards on the table this round: " + ", ".join(given) + ".")
    trials = _trials(deck, state)
    if trials:
        lines.append(
            "Your notes of this round's trials: "
            + "; ".join(f"trial of {trial_words(t)}" for t in trials)
            + "."
        )
    for looker, target, wave in state.looks:
        if looker == seat:
            kind = "Martian Clone" if state.seats[target].dna[wave - 1] else "Human"
            lines.append(
                f"Your look this round at {state.players[target]}'s wave-{wave} DNA card: {kind}."
            )
    if asked is not None and asked.secret and asked.moves[0].kind == "agent":
        codes = {a.code: a for a in deck.agents}
        offered = [codes[m.arg(1)] for m in asked.moves]
        lines.append(
            "Your Agent choice (keep one): "
            + "; or ".join(f"`agent {a.code}` {a.describe()}" for a in offered)
            + "."
        )
    return tuple(lines)
