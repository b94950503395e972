"""A mutable working copy of a Mars vs. Earth state, with the small operations every step uses.

`thaw` copies a frozen `MarsState` into a `Work`; the rules change the copy; `freeze` makes a new
frozen state. The input state is never touched.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field, fields
from typing import Any

from engine.core import Event, draw_rng
from engine.marsvsearth.deck import Deck
from engine.marsvsearth.effects import RESOURCES
from engine.marsvsearth.setup import Setup, setup_for
from engine.marsvsearth.state import (
    ADDED,
    AGENT,
    CIVILIAN,
    CLONE,
    COUNTERS,
    HAND,
    TRACK_TOP,
    ActiveThreat,
    MarsState,
    PastThreat,
    SeatState,
    clone_level,
)

RESERVED = {"to", "on", "with", "for", "none", "good", "bad", "threat", "all", "done", "pass"}


@functools.lru_cache(maxsize=64)
def slugs(players: tuple[str, ...]) -> tuple[str, ...]:
    """Each player's name as one lowercase word for the notation (`p3` when that fails)."""
    words = [
        "".join(ch for ch in name.lower() if ch.isascii() and ch.isalnum())[:16] for name in players
    ]
    out = []
    for seat, word in enumerate(words):
        if (
            not word
            or not word[0].isalpha()
            or word in RESERVED
            or words.count(word) > 1
            or (word[0] in "pt" and word[1:].isdigit())
        ):
            word = f"p{seat + 1}"
        out.append(word)
    return tuple(out)


class Ended(Exception):
    """A side has won (or the table broke up): stop whatever step is running."""


@dataclass
class SeatWork:
    status: str
    agent: int | None
    dna: list[bool]
    hand: list[int]
    resigned: bool
    ousted: bool
    done: bool


@dataclass
class ThreatWork:
    threat: int
    leader: int | None
    cards: list[tuple[int, int]]
    counters: list[int]
    bonus: int
    good: list[int]
    bad: list[int]
    wild: list[int]
    cancelled: list[int]
    wild_good: bool | None
    skill: str | None
    skill_value: int
    total: int | None
    result: str | None
    agent: int | None


def public(t: ThreatWork) -> PastThreat:
    """Resolved threat `t` as the whole table saw it."""
    given = [(giver, c) for giver, c in t.cards if giver != ADDED]
    return PastThreat(
        t.threat,
        t.leader,
        t.agent,
        tuple(sorted(giver for giver, _ in given)),
        tuple(sorted(c for _, c in given)),
        tuple(sorted(c for _, c in given if c in t.wild)),
        t.wild_good,
        t.skill,
        t.skill_value,
    )


_KEPT = {"players", "choices"}
"""Fields that stay tuples in a Work."""


@dataclass
class Work:
    """The fields of MarsState, mutable, plus the deck, the events said so far and the seats
    gone during the running step."""

    deck: Deck
    players: tuple[str, ...]
    seed: int
    digest: str
    coop: bool
    promotion: bool
    contribution: int
    timer: int
    answer: int
    counter: int
    round: int
    step: int
    phase: str
    sub: int
    resources: list[int]
    wave: int
    successes: int
    failures: int
    pog: int
    pog_override: bool
    seats: list[SeatWork]
    draw: list[int]
    discard: list[int]
    threat_deck: list[int]
    threat_discard: list[int]
    agent_deck: list[int]
    dna_deck: list[bool]
    threats: list[ThreatWork]
    order: list[int]
    current: int | None
    accusations: list[tuple[int, int, int]]
    trials: list[str]
    promotions: list[tuple[int, int]]
    choices: tuple[str, ...]
    winner: str | None
    reason: str
    leaving: list[int]
    shown_at_trials: list[tuple[int, tuple[int, ...], int | None]]
    looks: list[tuple[int, int, int]]
    past: list[PastThreat]
    events: list[Event] = field(default_factory=list)
    out: set[int] = field(default_factory=set)
    """Seats that left while the running scripted step was replayed up to here (see script.run);
    from that point on they count as gone, like resigned seats."""

    # --- narration -----------------------------------------------------------------------
    def say(self, text: str) -> None:
        self.events.append(Event(text))

    def tell(self, seat: int, text: str) -> None:
        self.events.append(Event(text, to=seat))

    def name(self, seat: int) -> str:
        return self.players[seat]

    def slug(self, seat: int) -> str:
        """`seat`'s name as a notation word."""
        return slugs(self.players)[seat]

    def seat_of(self, slug: str) -> int:
        return slugs(self.players).index(slug)

    def card(self, card: int) -> str:
        """A skill card in words, with its code: `Science 2 [sci2]`."""
        skill = self.deck.skills[card]
        return f"{skill.describe()} [{skill.code}]"

    def threat_name(self, slot: int) -> str:
        return f"Threat {slot + 1} ({self.deck.threats[self.threats[slot].threat].name})"

    # --- chance --------------------------------------------------------------------------
    def shuffle(self, items: list[Any]) -> None:
        draw_rng(self.seed, self.counter).shuffle(items)
        self.counter += 1

    def sample(self, items: list[Any], count: int) -> list[Any]:
        chosen = draw_rng(self.seed, self.counter).sample(items, count)
        self.counter += 1
        return chosen

    # --- table facts ---------------------------------------------------------------------
    @property
    def size(self) -> int:
        return len(self.players)

    @property
    def setup(self) -> Setup:
        return setup_for(self.size, self.coop)

    def live(self, seat: int) -> bool:
        """Still playing: neither resigned nor gone during the running step."""
        return not self.seats[seat].resigned and seat not in self.out

    def initiative(self) -> list[int]:
        """Every seat, from the initiative holder round the table (clockwise = next seat)."""
        return [(self.pog + i) % self.size for i in range(self.size)]

    def holder(self) -> int:
        """Who acts for the initiative: its holder, or the next player still playing after a
        holder who left."""
        return next((s for s in self.initiative() if self.live(s)), self.pog)

    def unlead(self, seat: int) -> None:
        """A leader who left: their threats not yet being resolved go to the centre."""
        for slot, t in enumerate(self.threats):
            if t.leader != seat or t.result is not None or slot == self.current:
                continue
            t.leader = None
            self.say(f"{self.threat_name(slot)} has lost its leader and goes to the centre.")

    def resolution_order(self) -> list[int]:
        """The threats in the order they are resolved: the led ones in the order their leaders
        chose them, then those in the centre (a threat whose leader left joins them)."""
        led = [s for s in self.order if self.threats[s].leader is not None]
        return led + [s for s in self.order if self.threats[s].leader is None]

    def level(self, seat: int) -> int:
        return clone_level(tuple(self.seats[seat].dna))

    def is_agent(self, seat: int) -> bool:
        return self.live(seat) and self.seats[seat].status == AGENT

    def hand_size(self, seat: int) -> int:
        s = self.seats[seat]
        return self.deck.level(self.level(seat)).hand if s.status == CLONE else HAND

    def can_lead(self, seat: int) -> bool:
        s = self.seats[seat]
        if not self.live(seat) or s.status == CIVILIAN:
            return False
        return s.status == AGENT or self.deck.level(self.level(seat)).lead

    def counters_left(self, seat: int) -> int:
        """+1 counters a revealed clone may still place this round (the box holds `COUNTERS`)."""
        if self.seats[seat].status != CLONE or not self.live(seat):
            return 0
        placed = self.placed()
        own = self.deck.level(self.level(seat)).counters - placed.count(seat)
        return max(0, min(own, COUNTERS - len(placed)))

    def placed(self) -> list[int]:
        """The owner of every +1 counter lying on a threat this round."""
        return [s for t in self.threats for s in t.counters]

    def promotable(self) -> list[int]:
        """Civilians who may be reinstated by a field promotion (not those ousted this round)."""
        return [
            s
            for s in range(self.size)
            if self.live(s) and self.seats[s].status == CIVILIAN and not self.seats[s].ousted
        ]

    def symbols(self, cards: list[int]) -> int:
        return sum(self.deck.skills[c].strength for c in cards)

    def distinct(self, cards: list[int]) -> list[int]:
        """One card of each code among `cards`, in hand order (identical cards are one choice)."""
        seen: set[str] = set()
        out = []
        for c in cards:
            code = self.deck.skills[c].code
            if code not in seen:
                seen.add(code)
                out.append(c)
        return out

    def give_up_cards(self, seat: int) -> int | None:
        """`seat` discards their hand, and their Agent to the bottom of the Agent deck (which
        Agent that was is returned)."""
        s = self.seats[seat]
        self.discard.extend(s.hand)
        s.hand.clear()
        agent, s.agent = s.agent, None
        if agent is not None:
            self.agent_deck.append(agent)
        return agent

    def from_hand(self, seat: int, code: str) -> int:
        """Take the first card with `code` out of `seat`'s hand."""
        hand = self.seats[seat].hand
        card = next(c for c in hand if self.deck.skills[c].code == code)
        hand.remove(card)
        return card

    def remember(self) -> None:
        """The round ends: its resolved threats join the public record `past`."""
        self.past.extend(public(t) for t in self.threats if t.result is not None)

    # --- piles ---------------------------------------------------------------------------
    def draw_cards(self, count: int) -> list[int]:
        """Up to `count` skill cards from the top; the discards are reshuffled when it runs out."""
        drawn: list[int] = []
        for _ in range(count):
            if not self.draw and self.discard:
                self.draw, self.discard = self.discard, []
                self.shuffle(self.draw)
                self.say("The skill discard pile is shuffled into a new draw pile.")
            if not self.draw:
                break
            drawn.append(self.draw.pop(0))
        return drawn

    def refill(self, seat: int) -> None:
        """Draw `seat` up to their hand size, telling them what they drew."""
        s = self.seats[seat]
        drawn = self.draw_cards(self.hand_size(seat) - len(s.hand))
        s.hand.extend(drawn)
        if drawn:
            self.tell(seat, "You drew " + ", ".join(self.card(c) for c in drawn) + ".")

    # --- resources and victory -----------------------------------------------------------
    def change(self, resource: str, amount: int) -> None:
        """Move a resource; at 0 or lower the Martians win at once."""
        i = RESOURCES.index(resource)
        before = self.resources[i]
        self.resources[i] = min(TRACK_TOP, before + amount)
        word = "rises" if amount > 0 else "falls"
        self.say(f"{resource.capitalize()} {word} from {before} to {self.resources[i]}.")
        if self.resources[i] <= 0:
            self.end("martians", f"{resource.capitalize()} ran out")

    def score_success(self) -> None:
        self.successes += 1
        needed = self.setup.needed
        if self.successes >= needed:
            self.end("humans", f"{needed} threats were overcome")

    def end(self, winner: str, reason: str) -> None:
        self.winner, self.reason = winner, reason
        side = {"humans": "The Humans win", "martians": "The Martians win"}.get(winner, "Game over")
        self.say(f"{side}: {reason}.")
        raise Ended


_STATE_FIELDS = tuple(f.name for f in fields(MarsState))
_THREAT_FIELDS = tuple(f.name for f in fields(ActiveThreat))
"""The fields thawed and frozen, read once (`dataclasses.fields` is slow to ask each move)."""


def thaw(deck: Deck, state: MarsState) -> Work:
    values: dict[str, Any] = {}
    for name in _STATE_FIELDS:
        value = getattr(state, name)
        if name == "seats":
            value = [
                SeatWork(s.status, s.agent, list(s.dna), list(s.hand), s.resigned, s.ousted, s.done)
                for s in value
            ]
        elif name == "threats":
            value = [ThreatWork(**_recast(t, _THREAT_FIELDS, tuple, list)) for t in value]
        elif name not in _KEPT and isinstance(value, tuple):
            value = list(value)
        values[name] = value
    return Work(deck=deck, **values)


def _recast(value: Any, names: tuple[str, ...], old: type, new: type) -> dict[str, Any]:
    """The fields `names` of `value`, each of type `old` made a `new` (in one loop: thawing and
    freezing are the computer players' busiest steps in Mars vs. Earth)."""
    found = {}
    for name in names:
        field = getattr(value, name)
        found[name] = new(field) if isinstance(field, old) else field
    return found


def freeze(work: Work) -> MarsState:
    values: dict[str, Any] = {}
    for name in _STATE_FIELDS:
        value = getattr(work, name)
        if name == "seats":
            value = tuple(
                SeatState(
                    s.status, s.agent, tuple(s.dna), tuple(s.hand), s.resigned, s.ousted, s.done
                )
                for s in value
            )
        elif name == "threats":
            value = tuple(ActiveThreat(**_recast(t, _THREAT_FIELDS, list, tuple)) for t in value)
        elif isinstance(value, list):
            value = tuple(value)
        values[name] = value
    return MarsState(**values)
