"""Mars vs. Earth: which hidden Agents are clones, weighed by what the table has seen them do
(belief-weighted determinization).

A sample deals the face-down DNA of the other Agents afresh (`ai.samplers.marsvsearth`). Dealt
uniformly, every seat is as likely a clone as any other, however it has played; here each deal
is weighed by how well its roles explain the public record of the whole game so far, as one seat
sees it, under a simple model of how each side plays (measured from the rules of thumb,
`ai.heuristics.marsvsearth`, and softened, since people and searches stray from them):
- a resolved threat's harmful cards (`ai.heuristics.marsvsearth.harmful`): only how many cards
  each player gave is public, and which cards were revealed; a human's card harms with
  probability `HUMAN_HARM`, a hidden clone's with `CLONE_HARM`, a revealed clone's with
  `REVEALED_HARM`, a Fate card's with `FATE_HARM`; the count of harmful cards among them is then
  Poisson-binomial. This round the seat knows its own cards and leaves them out; of earlier
  rounds the state keeps only the public record (`MarsState.past`), so there its own cards
  count among the others, harming as its role's do;
- a leader adds its Agent's best matching skill with probability `BEST_SKILL` by its side;
- a leader counts wild symbols good with probability `WILD_GOOD` by its side.
Every role is read as it stands now: a revealed clone stays known (its earlier cards weigh as a
revealed clone's), and a deal's hidden clones are taken to have been clones all game.
`Beliefs.pick` draws `CANDIDATES` deals and keeps one with probability in proportion to its
weight (sampling-importance-resampling), so its roles follow the posterior more closely the more
candidates are drawn. The record is read from the table as the seat sees it, never from a
hidden card.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from ai.heuristics.marsvsearth import FATE_HARM, harmful
from engine.core import Seat
from engine.marsvsearth.state import AGENT, CLONE, FATE, PastThreat
from engine.marsvsearth.work import ThreatWork, Work, public

HUMAN_HARM = 0.1
"""How often a human's card harms the threat it is given to (rules of thumb: 2%)."""
CLONE_HARM = 0.6
"""How often a hidden clone's card harms (rules of thumb: 87%: it gives few, mostly harmful)."""
REVEALED_HARM = 0.95
BEST_SKILL = {False: 0.9, True: 0.5}
"""How often a leader adds its Agent's best matching skill: human, clone (rules of thumb: 98%,
57%)."""
WILD_GOOD = {False: 0.95, True: 0.8}
"""How often a leader counts wild symbols good: human, clone (a hidden clone mostly does, to
stay hidden)."""
CANDIDATES = 24
"""Deals weighed for one sample."""


@dataclass(frozen=True)
class Record:
    """What the table saw that tells the sides apart, as one seat sees it: per resolved threat,
    the giver of each card counted (`FATE` for Fate) and how many of those cards harmed; the
    leaders who added their best matching skill or not; the leaders who counted wild symbols
    good or bad; and the revealed clones."""

    threats: tuple[tuple[tuple[int, ...], int], ...]
    skills: tuple[tuple[Seat, bool], ...]
    wilds: tuple[tuple[Seat, bool], ...]
    revealed: frozenset[Seat]
    looked: frozenset[tuple[Seat, int]] = frozenset()
    """The face-down DNA cards (player, wave index from 0) the seat looked at this round: it
    knows them, so a sample keeps them."""
    me: frozenset[Seat] = frozenset()
    """The seat itself if it is a hidden clone: its cards of earlier rounds harm as a clone's."""
    weights: dict[frozenset[Seat], float] = field(default_factory=dict, compare=False)

    @property
    def telling(self) -> bool:
        """Whether the record tells the sides apart at all (else every deal weighs the same)."""
        return bool(self.threats or self.skills or self.wilds)

    def weight(self, clones: frozenset[Seat]) -> float:
        """How likely the record is if the hidden clones are `clones` (up to a constant)."""
        if clones not in self.weights:
            self.weights[clones] = self._likelihood(clones)
        return self.weights[clones]

    def _likelihood(self, clones: frozenset[Seat]) -> float:
        found = 1.0
        for givers, harmed in self.threats:
            found *= harm_count(harmed, [self._harm(giver, clones) for giver in givers])
        for leader, best in self.skills:
            chance = BEST_SKILL[leader in clones]
            found *= chance if best else 1.0 - chance
        for leader, good in self.wilds:
            chance = WILD_GOOD[leader in clones]
            found *= chance if good else 1.0 - chance
        return found

    def _harm(self, giver: int, clones: frozenset[Seat]) -> float:
        if giver == FATE:
            return FATE_HARM
        if giver in self.revealed:
            return REVEALED_HARM
        return CLONE_HARM if giver in clones or giver in self.me else HUMAN_HARM

    def pick(self, deals: Sequence[frozenset[Seat]], rng: random.Random) -> int:
        """The index of one of `deals` (each deal's hidden clones), drawn in proportion to
        their weights (uniformly when none fits)."""
        weights = [self.weight(clones) for clones in deals]
        if not any(weights):
            return rng.randrange(len(deals))
        return rng.choices(range(len(deals)), weights)[0]


def harm_count(harmed: int, chances: Sequence[float]) -> float:
    """The probability that exactly `harmed` of independent cards harm, card n with
    probability `chances[n]` (Poisson-binomial)."""
    counts = [1.0]
    for chance in chances:
        counts = [
            (counts[k] if k < len(counts) else 0.0) * (1 - chance)
            + (counts[k - 1] * chance if k else 0.0)
            for k in range(len(counts) + 1)
        ]
    return counts[harmed] if harmed < len(counts) else 0.0


def record(w: Work, seat: Seat, earlier: bool = True) -> Record:
    """The public record of the table `w` (as the running step has left it) seen by `seat`:
    this round's resolved threats, less the seat's own cards, and (`earlier`) those of the
    earlier rounds. Only public fields (givers, revealed cards, leaders' choices, standings) and
    the seat's own cards and DNA are read."""
    now = [_unknown(t, seat) for t in w.threats if t.result is not None]
    threats, skills, wilds = [], [], []
    for t in [*w.past, *now] if earlier else now:
        needs = w.deck.threats[t.threat].skills
        harmed = sum(
            harmful(w.deck, c, needs, t.wild_good is False and c in t.wild) for c in t.cards
        )
        threats.append((t.givers, harmed))
        if t.leader is None or t.leader == seat:
            continue
        if t.skill is not None and t.agent is not None:
            best = max(w.deck.agents[t.agent].skill(g) for g in needs)
            skills.append((t.leader, t.skill_value == best))
        if t.wild_good is not None:
            wilds.append((t.leader, t.wild_good))
    revealed = frozenset(p for p, s in enumerate(w.seats) if s.status == CLONE)
    looked = frozenset(
        (target, wave - 1)
        for looker, target, wave in w.looks
        if looker == seat and w.seats[target].status == AGENT
    )
    own = w.seats[seat]
    me = frozenset({seat}) if own.status == AGENT and any(own.dna) else frozenset()
    return Record(tuple(threats), tuple(skills), tuple(wilds), revealed, looked, me)


def _unknown(t: ThreatWork, seat: Seat) -> PastThreat:
    """Resolved threat `t` as the table saw it, less the cards `seat` gave (it knows them)."""
    seen = public(t)
    mine = {c for giver, c in t.cards if giver == seat}
    return replace(
        seen,
        givers=tuple(giver for giver in seen.givers if giver != seat),
        cards=tuple(c for c in seen.cards if c not in mine),
    )
