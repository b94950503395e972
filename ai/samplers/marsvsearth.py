"""Mars vs. Earth from one seat's side: the others' DNA and hands, the cards lying face down,
the order of every pile, and the seed.

Kept: everything public (resources, standings, face-up DNA, leaders, how many cards each player
gave each threat, revealed cards, piles' sizes, the Agent deck's contents) and the seat's own DNA,
hand and cards on the table. Re-drawn:
- the face-down DNA of the other Agents and the DNA deck, from the DNA cards the seat has not
  seen (so the table keeps its set-up's number of clones), the roles weighed by how well they
  explain the game's public record so far (`ai.samplers.roles`);
- every skill card the seat has not seen (the others' hands, their face-down cards on threats
  and accusations, Fate cards, the draw pile and the discards not shown this round), dealt from
  the cards it has not seen; the draw and discard piles in a random order;
- who gave which revealed card (only the counts are public), and the order of the threat and
  Agent decks;
- the seed, so every future shuffle and draw is unknown.
The state never records which older discards were shown, or what an Intel look or a trial
showed in an earlier round, so the sample forgets those too.

A scripted step is stored as its start plus the answers given (engine.marsvsearth.script), so a
seat asked a question in the middle of one needs a start that replays to what it has seen:
- choosing leaders: the start of the round's deal, with the cards dealt put back on top of the
  draw pile (the seat's own where it drew them) and the threats back on the threat deck;
- resolving threats: the threats resolved so far keep their revealed cards, laid out so that
  the new seed's shuffle reveals them in the order seen, and New Information's cards lie on top
  of the draw pile;
- a reinstated player's kept Agent lies where it was drawn from.
- a trial held so far shows the cards the narration named, where the new seed draws them, and
  each defence played is in the defender's hand.
Field promotions re-draw freely. A sample of a running step is drawn again (at most `TRIES`
times) until its public view, its question and the seat's choices are the ones seen; failing
that, the last one that offers the seat its choices is taken, drawing up to `PATIENCE` samples
for one (in random games about one sample in a thousand of a running step needs this, in trials
and in resolutions after a reshuffle).
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field, replace
from typing import Any

from ai.samplers import Unsampled
from ai.samplers.chance import SEED_BITS
from ai.samplers.roles import CANDIDATES, Record, record
from engine.core import BadState, Game, Seat, draw_rng, remembered
from engine.marsvsearth.deck import Deck
from engine.marsvsearth.game import MarsVsEarth
from engine.marsvsearth.moves import Prompt
from engine.marsvsearth.script import CARDS_FOR_TRIAL, SEGMENTS, look, run
from engine.marsvsearth.state import ADDED, AGENT, CIVILIAN, CLONE, TRIAL_CARDS, MarsState
from engine.marsvsearth.work import Work, freeze, thaw

SHOWN = "Accusation card against {name}: "
"""How the narration of a trial begins a card it shows (engine.marsvsearth.script.trial)."""
CODE = re.compile(r"\[([a-z0-9-]+)\]\.$")
"""A card's code at the end of a line of narration."""
TRIES = 12
"""Samples of a running scripted step drawn until one replays to what the seat has seen."""
PATIENCE = 100
"""Samples drawn, beyond `TRIES`, until one at least offers the seat its choices."""
PHYSICAL_ACCUSATIONS = ("accuse", "trials")
"""Phases in which accusation cards lie apart; later they are in the discard pile."""


@dataclass
class Fixed:
    """What a starting point already holds in place for the running step to replay as seen:
    draw pile and Agent deck positions, threat slots whose cards are laid out, how many threats
    on top of the threat deck, and the cards trials showed."""

    draw: set[int] = field(default_factory=set)
    agents: set[int] = field(default_factory=set)
    threats: set[int] = field(default_factory=set)
    threat_deck: int = 0
    codes: dict[int, str] = field(default_factory=dict)
    """Accusations (by index) whose card a trial showed: the code it showed."""
    holds: dict[int, list[str]] = field(default_factory=dict)
    """Codes of cards a player must hold (a defence the step has already shown)."""


@dataclass(frozen=True)
class MarsVsEarthSampler:
    """`weighed`: the other Agents' roles are drawn in proportion to how well they explain what
    the table has seen them do (`ai.samplers.roles`), in every round so far (`earlier`) or in
    this round only, and the DNA cards the seat looked at this round are kept; without it, every
    deal of the unseen DNA is as likely as any other."""

    weighed: bool = True
    earlier: bool = True

    def sample(self, game: Game[Any, Any], state: Any, seat: Seat, rng: random.Random) -> Any:
        assert isinstance(game, MarsVsEarth) and isinstance(state, MarsState)
        deck = game.deck
        beliefs = None
        if self.weighed:
            beliefs = remembered(
                state,
                ("record", seat, self.earlier),
                lambda: record(look(deck, state).work, seat, self.earlier),
            )
        if state.phase not in SEGMENTS or state.winner is not None:
            seed = rng.getrandbits(SEED_BITS)
            return redrawn(deck, replace(state, seed=seed), seat, Fixed(), rng, beliefs)
        shown = run(deck, state)
        wanted = _public(game.view(state, seat)), game.legal_moves(state, seat)
        playable = None
        for tried in range(PATIENCE):
            if tried >= TRIES and playable is not None:
                break
            base, fixed = starting_point(deck, state, shown.state, shown.prompt, seat, rng)
            candidate = redrawn(deck, base, seat, fixed, rng, beliefs)
            try:
                seen = _public(game.view(candidate, seat)), game.legal_moves(candidate, seat)
            except BadState:  # an answer given in the step does not fit this sample
                continue
            if seen == wanted:
                return candidate
            if seen[1] == wanted[1]:
                playable = candidate
        if playable is None:
            raise Unsampled(f"No sample of {game.title} replays to what seat {seat} has seen.")
        return playable


def _public(view: Any) -> Any:
    """A view without its private lines (the order of the seat's own cards there may differ)."""
    return replace(view, private=())


def starting_point(
    deck: Deck,
    state: MarsState,
    shown: MarsState,
    prompt: Prompt | None,
    seat: Seat,
    rng: random.Random,
) -> tuple[MarsState, Fixed]:
    """A start of the running step, with a fresh seed, that replays to what `seat` has seen in
    `shown` (the table as the step has left it), and what in it must stay in place."""
    seed = rng.getrandbits(SEED_BITS)
    if state.phase in ("round", "cleanup"):
        return before_dealing(state, shown, seat, seed)
    fixed = Fixed()
    agents = kept_agents(deck, state, shown, prompt, seat, fixed)
    base = replace(state, seed=seed, agent_deck=agents)
    if state.phase == "resolve":
        base = before_resolving(deck, base, shown, seat, fixed, rng)
    if state.phase == "trials":
        tried(deck, state, base, shown, seat, fixed)
    return base, fixed


def tried(
    deck: Deck, state: MarsState, base: MarsState, shown: MarsState, seat: Seat, fixed: Fixed
) -> None:
    """The trials held so far showed two cards against each accused (all of them when there
    were two, else two drawn at random: laid where the base's seed draws them) and each defence
    played; the step's public narration says which."""
    size = len(base.players)
    order = [(base.pog + i) % size for i in range(size)]
    accused = [p for p in order if sum(a == p for a, _, _ in base.accusations) >= CARDS_FOR_TRIAL]
    told = [e.text for e in run(deck, state).events if e.to is None]
    draws = 0
    for player in accused[: len(shown.trials) - len(base.trials)]:
        entries = [i for i, (a, _, _) in enumerate(base.accusations) if a == player]
        places = list(range(len(entries)))
        if len(entries) > TRIAL_CARDS:
            places = draw_rng(base.seed, base.counter + draws).sample(places, TRIAL_CARDS)
            draws += 1
        said = SHOWN.format(name=base.players[player])
        codes = [CODE.findall(line)[0] for line in told if line.startswith(said)]
        chosen = [entries[place] for place in places]
        for index in chosen:
            _, giver, c = base.accusations[index]
            if giver == seat and deck.skills[c].code in codes:
                codes.remove(deck.skills[c].code)
        others = [index for index in chosen if base.accusations[index][1] != seat]
        fixed.codes.update(zip(others, codes, strict=False))
    defenders = [p for p in accused if base.seats[p].hand and base.seats[p].status == AGENT]
    defences = [a.split()[1] for a in base.choices if a.startswith("defend ")]
    for player, code in zip(defenders, defences, strict=False):
        if code != "none" and player != seat:
            fixed.holds[player] = [code]


def before_dealing(
    state: MarsState, shown: MarsState, seat: Seat, seed: int
) -> tuple[MarsState, Fixed]:
    """The start of the round's deal: each hand as before the deal, the cards dealt back on the
    draw pile in the order they were drawn (initiative order), the threats on the deck."""
    kept = [0 if s.status == CLONE or state.phase == "round" else len(s.hand) for s in state.seats]
    size = len(state.players)
    draw: list[int] = []
    fixed = Fixed(threat_deck=len(shown.threats))
    for player in ((shown.pog + i) % size for i in range(size)):
        dealt = shown.seats[player].hand[kept[player] :]
        if player == seat:
            fixed.draw.update(range(len(draw), len(draw) + len(dealt)))
        draw.extend(dealt)
    seats = tuple(replace(s, hand=s.hand[: kept[player]]) for player, s in enumerate(shown.seats))
    base = replace(
        shown,
        seed=seed,
        phase="round",
        round=shown.round - 1,
        seats=seats,
        draw=(*draw, *shown.draw),
        threat_deck=(*(t.threat for t in shown.threats), *shown.threat_deck),
        threats=(),
        order=(),
        choices=state.choices,
    )
    return base, fixed


def kept_agents(
    deck: Deck, state: MarsState, shown: MarsState, prompt: Prompt | None, seat: Seat, fixed: Fixed
) -> tuple[int, ...]:
    """The Agent deck at the step's start with each Agent kept at a reinstatement so far on top
    (the one drawn with it is unknown), then the two offered to `seat` now, if any."""
    top: list[int | None] = []
    for player, s in enumerate(shown.seats):
        if state.seats[player].status == CIVILIAN and s.status == AGENT and s.agent is not None:
            top += [s.agent, None]
    if prompt is not None and prompt.seat == seat and prompt.moves[0].kind == "agent":
        offered = {m.arg(1) for m in prompt.moves}
        top += [a for a in state.agent_deck if deck.agents[a].code in offered]
    fixed.agents.update(i for i, a in enumerate(top) if a is not None)
    rest = iter(sorted(a for a in state.agent_deck if a not in top))
    return (*(next(rest) if a is None else a for a in top), *rest)


def before_resolving(
    deck: Deck, base: MarsState, shown: MarsState, seat: Seat, fixed: Fixed, rng: random.Random
) -> MarsState:
    """The threats resolved so far (and the one resolving) hold their revealed cards, laid out
    so that the base's seed reveals them in the order seen; New Information's cards lie on top
    of the draw pile. Only when no pile was reshuffled meanwhile are the draws the seat saw
    known to be these (else the cards are kept but not their order)."""
    order = thaw(deck, shown).resolution_order()
    started = [s for s in order if shown.threats[s].result is not None or s == shown.current]
    exact = shown.counter == base.counter + len(started)
    threats = list(base.threats)
    added: list[int] = []
    for number, slot in enumerate(started):
        after, before = shown.threats[slot], base.threats[slot]
        new = [c for giver, c in after.cards if giver == ADDED]
        added += new
        revealed = [c for c in (*after.good, *after.bad, *after.wild) if c not in new]
        if len(revealed) != len(before.cards):
            continue
        shuffler = draw_rng(base.seed, base.counter + number) if exact else None
        threats[slot] = replace(before, cards=laid_out(before.cards, revealed, seat, shuffler, rng))
        fixed.threats.add(slot)
    if not exact:
        return replace(base, threats=tuple(threats))
    fixed.draw.update(range(len(added)))
    return replace(base, threats=tuple(threats), draw=(*added, *base.draw[len(added) :]))


def laid_out(
    entries: tuple[tuple[int, int], ...],
    revealed: list[int],
    seat: Seat,
    shuffler: random.Random | None,
    rng: random.Random,
) -> tuple[tuple[int, int], ...]:
    """A threat's (giver, card) entries holding the `revealed` cards so that `shuffler` (the
    resolution's shuffle) reveals them in that order; the seat's own cards stay its own, the
    other givers (Fate among them) get the others at random."""
    places = list(range(len(revealed)))
    if shuffler is not None:
        shuffler.shuffle(places)
    cards = [0] * len(revealed)
    for shown_at, place in enumerate(places):
        cards[place] = revealed[shown_at]
    own = {c for giver, c in entries if giver == seat}
    givers = sorted(giver for giver, _ in entries if giver != seat)
    rng.shuffle(givers)
    others = iter(givers)
    return tuple((seat if c in own else next(others), c) for c in cards)


def redrawn(
    deck: Deck,
    base: MarsState,
    seat: Seat,
    fixed: Fixed,
    rng: random.Random,
    seen: Record | None = None,
) -> MarsState:
    """`base` with everything `seat` has not seen re-drawn, `fixed` staying in place; the DNA
    weighed by the record `seen`, if given."""
    w = thaw(deck, base)
    _redraw_dna(w, seat, rng, seen)
    _redraw_skills(w, seat, fixed, rng)
    w.threat_deck[fixed.threat_deck :] = _mixed(w.threat_deck[fixed.threat_deck :], rng)
    kept = {i: a for i, a in enumerate(w.agent_deck) if i in fixed.agents}
    loose = iter(_mixed([a for i, a in enumerate(w.agent_deck) if i not in fixed.agents], rng))
    w.agent_deck = [kept[i] if i in kept else next(loose) for i in range(len(w.agent_deck))]
    return freeze(w)


def _mixed(items: list[Any], rng: random.Random) -> list[Any]:
    """`items` in a random order that does not depend on the order they came in."""
    out = sorted(items)
    rng.shuffle(out)
    return out


def _redraw_dna(w: Work, seat: Seat, rng: random.Random, seen: Record | None) -> None:
    """The other Agents' face-down DNA and the DNA deck, dealt afresh from the cards among them;
    with a record `seen`, the cards the seat looked at stay, and one of `CANDIDATES` deals is
    kept by how well its roles explain the record."""
    looked = seen.looked if seen is not None else frozenset()
    places = [
        (player, wave)
        for player, s in enumerate(w.seats)
        if player != seat and s.status == AGENT
        for wave in range(len(s.dna))
        if (player, wave) not in looked
    ]
    cards = _mixed([w.seats[p].dna[wave] for p, wave in places] + w.dna_deck, rng)
    if seen is not None and seen.telling:
        deals = [cards, *(rng.sample(cards, len(cards)) for _ in range(CANDIDATES - 1))]
        known = {player for player, wave in looked if w.seats[player].dna[wave]}
        roles = [
            frozenset(known.union(p for (p, _), card in zip(places, deal, strict=False) if card))
            for deal in deals
        ]
        cards = deals[seen.pick(roles, rng)]
    for (player, wave), card in zip(places, cards, strict=False):
        w.seats[player].dna[wave] = card
    w.dna_deck = cards[len(places) :]


def _redraw_skills(w: Work, seat: Seat, fixed: Fixed, rng: random.Random) -> None:
    """Every skill card the seat has not seen, dealt afresh to the places such cards lie."""
    known = set(w.seats[seat].hand) | {w.draw[i] for i in fixed.draw}
    for slot, t in enumerate(w.threats):
        seen = t.result is not None or slot in fixed.threats
        known.update(c for giver, c in t.cards if seen or giver in (seat, ADDED))
    known.update(c for _, giver, c in w.accusations if giver == seat)
    pool = _mixed([c for c in range(len(w.deck.skills)) if c not in known], rng)
    held = {
        player: [_take(w.deck, pool, code) for code in codes]
        for player, codes in fixed.holds.items()
    }
    taken = {i: _take(w.deck, pool, code) for i, code in fixed.codes.items()}
    shown_at_trial = {i: c for i, c in taken.items() if c is not None}
    unseen = iter(pool)
    for player, s in enumerate(w.seats):
        if player != seat:
            defence = [c for c in held.get(player, []) if c is not None]
            s.hand = defence + [next(unseen) for _ in s.hand[len(defence) :]]
    for slot, t in enumerate(w.threats):
        if t.result is None and slot not in fixed.threats:
            t.cards = [
                (giver, c if giver in (seat, ADDED) else next(unseen)) for giver, c in t.cards
            ]
    apart = w.phase in PHYSICAL_ACCUSATIONS
    if apart:
        w.accusations = [
            (
                accused,
                giver,
                c if giver == seat else shown_at_trial[i] if i in shown_at_trial else next(unseen),
            )
            for i, (accused, giver, c) in enumerate(w.accusations)
        ]
    loose = [i for i in range(len(w.draw)) if i not in fixed.draw]
    pile = _mixed(
        [w.draw[i] for i in loose if w.draw[i] in known]
        + [next(unseen) for i in loose if w.draw[i] not in known],
        rng,
    )
    for i, c in zip(loose, pile, strict=True):
        w.draw[i] = c
    discarded = [c for c in w.discard if c in known]
    fresh = [next(unseen) for c in w.discard if c not in known]
    w.discard = _mixed(discarded + fresh, rng)
    for t in w.threats:
        if t.result is not None:
            t.cards = _repaired(t.cards, seat, rng)
    if not apart:
        stand_ins = iter(rng.sample(sorted(fresh), len(fresh)))
        w.accusations = [
            (accused, giver, c if giver == seat else next(stand_ins))
            for accused, giver, c in w.accusations
        ]


def _take(deck: Deck, pool: list[int], code: str) -> int | None:
    """The first card with `code` in `pool`, taken out of it (None: there is none, so the
    sample cannot replay as seen)."""
    card = next((c for c in pool if deck.skills[c].code == code), None)
    if card is not None:
        pool.remove(card)
    return card


def _repaired(
    entries: list[tuple[int, int]], seat: Seat, rng: random.Random
) -> list[tuple[int, int]]:
    """A revealed threat's entries with the cards of the other givers (Fate among them) handed
    out among those givers at random: only how many each gave is public."""
    cards = _mixed([c for giver, c in entries if giver not in (seat, ADDED)], rng)
    handed = iter(cards)
    return [(giver, c if giver in (seat, ADDED) else next(handed)) for giver, c in entries]
