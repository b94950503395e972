"""Mars vs. Earth as a text board, and its reader.

What the picture shows, as lines: the players, who may act or the result, the round and its
step, the phase and the question asked, the resources, the wave and the successes and failures,
who holds the initiative, the piles, every player's standing (face-up DNA only, hand size, Done),
every threat (skills, target, leader, how many cards lie on it -- never which until revealed --
its gains and losses, the cards revealed while resolving and its result), this round's trials
with the cards shown, the accusations and the field promotions asked. The viewer's own secrets
are never on it (they are `/secret`'s lines).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from engine.marsvsearth import MarsView
from engine.marsvsearth.view import CardShown, SeatShown, ThreatShown, TrialShown, card_words
from engine.words import Unit
from render.captions import clean
from render.textboards import TextBoard
from render.textboards.layout import (
    NONE,
    Names,
    Reader,
    Table,
    TextBoardError,
    Writer,
    counted,
    listing,
    matched,
    number,
    table_of,
    uncount,
    unlist,
)

TITLE = "Mars vs. Earth"
SKILLS = ("science", "diplomacy", "military")
"""An Agent's three skills, in the order the view gives their values."""
CARDS = Unit("card")
COUNTERS = Unit("counter")
THREATS = Unit("threat")
REVEALED = ("good cards", "bad cards", "wild cards")
"""The lines of a resolving threat's revealed cards by kind, in order (after `Threat N `)."""


@dataclass(frozen=True)
class MarsPosition:
    """The public position a Mars vs. Earth text board holds."""

    table: Table
    round: int
    step: int
    step_name: str
    phase: str
    question: str | None
    coop: bool
    resources: tuple[tuple[str, int], ...]
    wave: int
    successes: int
    needed: int
    per_wave: int
    failures: int
    pog: int
    draw_pile: int
    discard_pile: int
    threats_left: int
    current: int | None
    seats: tuple[SeatShown, ...]
    threats: tuple[ThreatShown, ...]
    trials: tuple[TrialShown, ...]
    accused: tuple[tuple[int, int], ...]
    promotions: tuple[tuple[int, int], ...]


def position(view: MarsView) -> MarsPosition:
    """The public position of `view` (names cleaned to one line, as on every text board)."""
    return MarsPosition(
        table_of(view),
        view.round,
        view.step,
        view.step_name,
        clean(view.phase),
        None if view.question is None else clean(view.question),
        view.coop,
        view.resources,
        view.wave,
        view.successes,
        view.needed,
        view.per_wave,
        view.failures,
        view.pog,
        view.draw_pile,
        view.discard_pile,
        view.threats_left,
        view.current,
        tuple(replace(seat, name=clean(seat.name)) for seat in view.seats),
        view.threats,
        tuple(replace(trial, verdict=clean(trial.verdict)) for trial in view.trials),
        view.accused,
        view.promotions,
    )


def write(at: MarsPosition) -> str:
    out = Writer(TITLE, at.table)
    names = out.names
    out.add("Round", f"{at.round}, step {at.step} of 12: {at.step_name}")
    out.add("Phase", at.phase)
    if at.question is not None:
        out.add("Question", at.question)
    out.add("Game", "co-operative" if at.coop else "competitive")
    out.add("Resources", listing(f"{name} {value}" for name, value in at.resources))
    out.add(
        "Wave",
        f"{at.wave}, successes {at.successes} of {at.needed} ({at.per_wave} a wave), "
        f"failures {at.failures}",
    )
    out.add("Initiative", names.players[at.pog])
    out.add(
        "Piles",
        f"{at.draw_pile} to draw, {at.discard_pile} discarded, {THREATS.of(at.threats_left)}",
    )
    if at.current is not None:
        out.add("Resolving", f"threat {at.current}")
    for seat, shown in enumerate(at.seats):
        out.add(f"Player {seat + 1} handle", shown.slug)
        out.add(f"Player {seat + 1} standing", _seat_words(shown))
    for threat in at.threats:
        _write_threat(out, names, threat)
    for number_, trial in enumerate(at.trials, start=1):
        out.add(f"Trial {number_}", trial.verdict)
        out.add(f"Trial {number_} accusation cards", _cards(trial.accusations))
        out.add(
            f"Trial {number_} defence", _cards(() if trial.defence is None else (trial.defence,))
        )
    out.add("Accused this round", names.pairs(at.accused))
    promoted = (f"{names.players[a]} promotes {names.players[c]}" for a, c in at.promotions)
    out.add("Field promotions asked", listing(promoted, "; "))
    return out.text()


def _seat_words(seat: SeatShown) -> str:
    """`agent; Dr. Vera Lindqvist, science 4, diplomacy 2, military 1; DNA human, face down;
    5 cards; 1 counter; done`."""
    parts = [seat.status]
    if seat.agent is None or seat.skills is None:
        parts.append("no Agent")
    else:
        skills = ", ".join(
            f"{name} {value}" for name, value in zip(SKILLS, seat.skills, strict=True)
        )
        parts.append(f"Agent {seat.agent}, {skills}")
    parts.append("DNA " + listing(_DNA[d] for d in seat.dna))
    if seat.level is not None:
        parts.append(f"clone level {seat.level}")
    parts.append(CARDS.of(seat.hand))
    parts.append(COUNTERS.of(seat.counters))
    if seat.done is not None:
        parts.append("done" if seat.done else "not done")
    if seat.resigned:
        parts.append("resigned")
    return "; ".join(parts)


_DNA = {True: "clone", False: "human", None: "face down"}


def _write_threat(out: Writer, names: Names, threat: ThreatShown) -> None:
    label = f"Threat {threat.slot}"
    out.add(label, threat.name)
    out.add(
        f"{label} needs",
        f"{' or '.join(threat.skills)}, target {threat.target} with "
        f"{COUNTERS.of(threat.counters)}, {CARDS.of(threat.cards)} on it, "
        f"bonus {threat.bonus}, resolves {threat.position}",
    )
    out.add(f"{label} leader", NONE if threat.leader is None else names.players[threat.leader])
    out.add(f"{label} gives on success", listing(f"{name} {n}" for name, n in threat.gain))
    out.add(f"{label} costs on failure", listing(f"{name} {n}" for name, n in threat.loss))
    if threat.extra:
        out.add(f"{label} effects", threat.extra)
    for kind, cards in zip(REVEALED, (threat.good, threat.bad, threat.wild), strict=True):
        if cards:
            out.add(f"{label} {kind}", _cards(cards))
    if threat.wild_good is not None:
        out.add(f"{label} wild cards count as", "good" if threat.wild_good else "bad")
    if threat.skill is not None:
        out.add(f"{label} leader's skill", f"{threat.skill} {threat.skill_value}")
    if threat.total is not None:
        out.add(f"{label} total", threat.total)
    if threat.result is not None:
        out.add(f"{label} result", threat.result)


def _cards(cards: tuple[CardShown, ...]) -> str:
    """`Military 3 [mil3]; Science 1 (on success, +1 Tech) [sci1] cancelled`."""
    return listing((card_words(c) + (" cancelled" if c.cancelled else "") for c in cards), "; ")


_ROUND = re.compile(r"(\d+), step (\d+) of 12: (.*)")
_WAVE = re.compile(r"(\d+), successes (\d+) of (\d+) \((\d+) a wave\), failures (\d+)")
_PILES = re.compile(rf"(\d+) to draw, (\d+) discarded, {counted(THREATS)}")
_NEEDS = re.compile(
    rf"(.+), target (-?\d+) with {counted(COUNTERS)}, {counted(CARDS)} on it, "
    r"bonus (-?\d+), resolves (\d+)"
)
_CARD = re.compile(r"(.+) \[([\w-]+)\]( cancelled)?")
_AGENT = re.compile(r"Agent (.+), science (\d+), diplomacy (\d+), military (\d+)")


def read(text: str) -> MarsPosition:
    """The position a text board written by `write` holds; TextBoardError if it is not one."""
    into = Reader(text, TITLE)
    names = into.names
    turn = matched(_ROUND, into.take("Round"))
    phase = into.take("Phase")
    question = into.maybe("Question")
    coop = into.take("Game") == "co-operative"
    resources = tuple(_named_numbers(into.take("Resources")))
    wave = matched(_WAVE, into.take("Wave"))
    pog = names.seat(into.take("Initiative"))
    piles = matched(_PILES, into.take("Piles"))
    resolving = into.maybe("Resolving")
    seats = []
    for seat, name in enumerate(names.players):
        slug = into.take(f"Player {seat + 1} handle")
        seats.append(_seat(name, slug, into.take(f"Player {seat + 1} standing")))
    threats = []
    while (label := into.peek()) is not None and re.fullmatch(r"Threat \d+", label):
        threats.append(_threat(into, names, int(label.removeprefix("Threat "))))
    trials = []
    while (label := into.peek()) is not None and re.fullmatch(r"Trial \d+", label):
        verdict = into.take(label)
        shown = _uncards(into.take(f"{label} accusation cards"))
        defence = _uncards(into.take(f"{label} defence"))
        trials.append(TrialShown(verdict, shown, defence[0] if defence else None))
    accused = names.unpairs(into.take("Accused this round"))
    promotions = []
    for item in unlist(into.take("Field promotions asked"), "; "):
        agent, rest = names.take(item)
        promotions.append((agent, names.seat(rest.removeprefix(" promotes "))))
    into.end()
    return MarsPosition(
        into.table,
        number(turn[1]),
        number(turn[2]),
        turn[3],
        phase,
        question,
        coop,
        resources,
        number(wave[1]),
        number(wave[2]),
        number(wave[3]),
        number(wave[4]),
        number(wave[5]),
        pog,
        number(piles[1]),
        number(piles[2]),
        uncount(THREATS, piles[3]),
        None if resolving is None else number(resolving.removeprefix("threat ")),
        tuple(seats),
        tuple(threats),
        tuple(trials),
        accused,
        tuple(promotions),
    )


def _named_numbers(text: str) -> list[tuple[str, int]]:
    """`food 3, people 4` as pairs."""
    pairs = []
    for item in unlist(text):
        name, _, value = item.rpartition(" ")
        pairs.append((name, number(value)))
    return pairs


def _seat(name: str, slug: str, text: str) -> SeatShown:
    parts = text.split("; ")
    status, said_agent, dna = parts[0], parts[1], parts[2]
    agent, skills = None, None
    if said_agent != "no Agent":
        match = matched(_AGENT, said_agent)
        agent, skills = match[1], (int(match[2]), int(match[3]), int(match[4]))
    rest = parts[3:]
    level = None
    if rest and rest[0].startswith("clone level "):
        level = number(rest.pop(0).removeprefix("clone level "))
    hand = uncount(CARDS, rest.pop(0))
    counters = uncount(COUNTERS, rest.pop(0))
    done = None
    if rest and rest[0] in ("done", "not done"):
        done = rest.pop(0) == "done"
    resigned = rest == ["resigned"]
    if rest and not resigned:
        raise TextBoardError(f"unexpected {'; '.join(rest)!r} in a standing")
    faces = {words: face for face, words in _DNA.items()}
    return SeatShown(
        name,
        slug,
        status,
        agent,
        skills,
        tuple(faces[d] for d in unlist(dna.removeprefix("DNA "))),
        level,
        hand,
        counters,
        done,
        resigned,
    )


def _threat(into: Reader, names: Names, slot: int) -> ThreatShown:
    label = f"Threat {slot}"
    name = into.take(label)
    needs = matched(_NEEDS, into.take(f"{label} needs"))
    leader = into.take(f"{label} leader")
    gain = tuple(_named_numbers(into.take(f"{label} gives on success")))
    loss = tuple(_named_numbers(into.take(f"{label} costs on failure")))
    extra = into.maybe(f"{label} effects") or ""
    good, bad, wild = (_uncards(into.maybe(f"{label} {kind}") or NONE) for kind in REVEALED)
    counts_as = into.maybe(f"{label} wild cards count as")
    skill, skill_value = None, 0
    said_skill = into.maybe(f"{label} leader's skill")
    if said_skill is not None:
        skill, _, value = said_skill.partition(" ")
        skill_value = number(value)
    total = into.maybe(f"{label} total")
    return ThreatShown(
        slot=slot,
        name=name,
        skills=tuple(needs[1].split(" or ")),
        target=number(needs[2]),
        counters=uncount(COUNTERS, needs[3]),
        leader=None if leader == NONE else names.seat(leader),
        cards=uncount(CARDS, needs[4]),
        gain=gain,
        loss=loss,
        extra=extra,
        bonus=number(needs[5]),
        position=number(needs[6]),
        good=good,
        bad=bad,
        wild=wild,
        wild_good=None if counts_as is None else counts_as == "good",
        skill=skill,
        skill_value=skill_value,
        total=None if total is None else number(total),
        result=into.maybe(f"{label} result"),
    )


def _uncards(text: str) -> tuple[CardShown, ...]:
    cards = []
    for item in unlist(text, "; "):
        match = matched(_CARD, item)
        cards.append(CardShown(match[2], match[1], match[3] is not None))
    return tuple(cards)


TEXT_BOARD = TextBoard(MarsView, position, write, read)
