"""How a seat of Mars vs. Earth plays by rule of thumb, from what it may see: its own DNA, hand
and cards on the table, and the public table (how many cards each player gave each threat, the
cards revealed, the leaders' choices).

- A human helps threats: it gives cards whose symbols the threat needs (more while the threat
  still falls short of its target), leads threats its Agent is good at, adds the Agent's best
  matching skill, counts wild symbols good, promotes Civilians and accuses only on evidence.
- A hidden clone sabotages while staying hidden: it gives harmful cards where many others gave
  cards too (so nothing points at it), prefers cards that look helpful (New Information,
  Sabotage), helps now and then, adds its Agent's weakest matching skill, and reveals itself once
  its level lets it lead (3) or in the last wave. A revealed clone harms openly and places its +1
  counters on the threats nearest their targets.
- Evidence (`suspicion`): a threat of this round revealed harmful cards (symbols it does not
  need, Sabotage, New Information, wild symbols counted bad) that neither the observer nor Fate
  explains; each other player who gave cards to it is suspected in proportion to the cards they
  gave; a leader
  who added a skill the threat does not need, or counted wild symbols bad, is suspected more;
  evidence e gives a suspicion of 1 - e^-e. Older rounds are not in the state.

`score` rates one legal move (higher is better); `guide` picks a rollout move with probability
proportional to e^(3 score); `shortlist` keeps the root moves worth searching; `standing` judges a
cut-off rollout: the Humans' chances grow with their successes and their lowest resource, and
with hidden clones the table suspects.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import Any

from ai.rewards import Rewards
from engine.core import Game, Seat, remembered
from engine.marsvsearth.deck import Deck, SkillCard
from engine.marsvsearth.game import MarsVsEarth
from engine.marsvsearth.moves import Move
from engine.marsvsearth.script import look
from engine.marsvsearth.state import ADDED, AGENT, CIVILIAN, CLONE, MarsState, clone_level
from engine.marsvsearth.work import ThreatWork, Work

HARMFUL_EFFECTS = {"sabotage": 3.0, "new_info": 1.5, "setback": 1.0}
"""What an effect is worth against a threat, in symbols (Sabotage discards its best card, New
Information adds two cards that mostly do not match, Setback hurts the next one)."""
HELPFUL_EFFECTS = {"shield": 2.0, "momentum": 1.0}
FATE_HARM = 0.55
"""How often a random card harms a threat (it matches one skill in three, or is wild)."""
OTHERS_CARD = 1.0
"""What a card another player gave is expected to add to a threat, in symbols."""
LEAD_LEVEL = 3
"""The clone level that may lead: a hidden clone reveals from here."""
SHARPNESS = 3.0
"""How strongly a rollout prefers better-scored moves: a move scored 1 higher is e^3 (20) times
as likely."""
SHORTLIST = 6
"""Root moves the search weighs, the best-scored first (Done always among them)."""
MARGIN = 1.0
"""Root moves scored further than this below the best are not searched: a small search's noise
would otherwise pick a card the rules of thumb call harmful."""
TRIAL_SWING = {"convict": 2.0, "acquit": -2.0}


def card_value(deck: Deck, card: SkillCard, skills: tuple[str, ...]) -> float:
    """What `card` adds to a threat needing `skills`, in symbols (wild symbols counted good)."""
    sign = 1.0 if card.skill in skills or card.skill == "wild" else -1.0
    value = sign * card.strength
    if card.effect is not None:
        value -= HARMFUL_EFFECTS.get(card.effect.name, 0.0)
        value += HELPFUL_EFFECTS.get(card.effect.name, 0.0)
    return value


def harmful(deck: Deck, card: int, skills: tuple[str, ...], counted_bad: bool) -> bool:
    """Whether skill card `card` harmed a threat needing `skills`: it is worth less than nothing
    there (`card_value`), or its wild symbols were counted bad (`counted_bad`)."""
    return counted_bad or card_value(deck, deck.skills[card], skills) < 0


def shortfall(w: Work, slot: int, seat: Seat) -> float:
    """How far threat `slot` is expected to fall short of its target (negative: to pass it), as
    `seat` sees it: its own cards counted at their value, everyone else's at `OTHERS_CARD`, the
    leader's best matching skill."""
    t = w.threats[slot]
    threat = w.deck.threats[t.threat]
    mine = sum(
        card_value(w.deck, w.deck.skills[c], threat.skills) for giver, c in t.cards if giver == seat
    )
    others = OTHERS_CARD * sum(1 for giver, _ in t.cards if giver != seat)
    agent = w.seats[t.leader].agent if t.leader is not None else None
    skill = max(w.deck.agents[agent].skill(g) for g in threat.skills) if agent is not None else 0
    target = w.deck.target(t.threat, w.size, w.coop, len(t.counters))
    return target - mine - others - skill - t.bonus


def suspicion(w: Work, observer: Seat | None) -> list[float]:
    """How much each seat is suspected of being a clone (0 to 1) from this round's revealed
    threats, as `observer` (None: anyone) sees them (worked out once per table and observer)."""
    return remembered(w, ("suspicion", observer), lambda: _suspicion(w, observer))


def _suspicion(w: Work, observer: Seat | None) -> list[float]:
    evidence = [0.0] * w.size
    for t in w.threats:
        if t.result is None:
            continue
        for seat, weight in _blame(w, t, observer).items():
            evidence[seat] += weight
        if t.leader is not None and t.skill_value < 0:
            evidence[t.leader] += 1.5
        if t.leader is not None and t.wild_good is False:
            evidence[t.leader] += 1.0
    return [1.0 - math.exp(-e) for e in evidence]


def _blame(w: Work, t: ThreatWork, observer: Seat | None) -> dict[int, float]:
    """The harmful cards of a revealed threat that `observer` did not give and Fate does not
    explain (a Fate card harms about as often as `FATE_HARM`), shared among the other players
    by how many cards each gave."""
    skills = w.deck.threats[t.threat].skills
    entries = [(giver, c) for giver, c in t.cards if giver not in (ADDED, observer)]
    harmed = sum(
        harmful(w.deck, c, skills, c in t.wild and t.wild_good is False) for _, c in entries
    )
    players = [giver for giver, _ in entries if giver >= 0]
    unexplained = harmed - FATE_HARM * (len(entries) - len(players))
    if unexplained <= 0 or not players:
        return {}
    blame: dict[int, float] = {}
    for giver in players:
        blame[giver] = blame.get(giver, 0.0) + unexplained / len(players)
    return blame


def score(w: Work, seat: Seat, move: Move) -> float:
    """How much `seat` likes `move`, by the rules of thumb above (0 is indifferent)."""
    s = w.seats[seat]
    clone = any(s.dna)
    hidden = clone and s.status == AGENT
    kind = move.kind
    if kind == "submit":
        slot = int(move.arg(2)[1:]) - 1
        card = _card(w, seat, move.arg(1))
        value = card_value(w.deck, card, w.deck.threats[w.threats[slot].threat].skills)
        short = shortfall(w, slot, seat)
        if not clone:
            return value * (1.0 if short > 0 else 0.3) - 0.5
        if not hidden:
            return -value
        crowd = sum(1 for giver, _ in w.threats[slot].cards if giver not in (seat, ADDED))
        looks_good = card.skill in w.deck.threats[w.threats[slot].threat].skills
        return -value * 0.6 - 2.0 / max(1, crowd) + (1.0 if looks_good else 0.0) - 0.5
    if kind == "counter":
        slot = int(move.arg(1)[1:]) - 1
        return 2.0 - 0.3 * abs(shortfall(w, slot, seat))
    if kind in ("accuse", "second"):
        return _accusation(w, seat, move, clone)
    if kind == "defend":
        if move.arg(1) == "none":
            return 0.0
        card = _card(w, seat, move.arg(1))
        return card.strength - TRIAL_SWING.get(card.effect.name if card.effect else "", 0.0)
    if kind == "lead":
        threat = w.deck.threats[w.threats[int(move.arg(1)[1:]) - 1].threat]
        agent = w.deck.agents[s.agent] if s.agent is not None else None
        return 1.0 + (max(agent.skill(g) for g in threat.skills) if agent else 2.0)
    if kind == "skill":
        return _skill(w, seat, move, hidden)
    if kind == "wild":
        return 2.0 if (move.arg(1) == "good") != (clone and not hidden) else 0.0
    if kind == "promote":
        return -2.0 if clone else 2.0
    if kind == "reveal":
        level = clone_level(tuple(s.dna))
        exposed = suspicion(w, None)[seat]
        return 3.0 if level >= LEAD_LEVEL or w.wave == 3 else 4.0 * exposed - 2.5
    if kind == "discard":
        card = _card(w, seat, move.arg(1))
        harmful = card.effect is not None and card.effect.name in HARMFUL_EFFECTS
        return 1.0 if harmful != clone else -1.5
    if kind in ("lower", "extra"):
        return 0.3 * _resource(w, move.arg(1)) * (-1.0 if clone else 1.0)
    if kind == "raise":
        return -0.3 * _resource(w, move.arg(1))
    return 0.0


def _accusation(w: Work, seat: Seat, move: Move, clone: bool) -> float:
    """A human accuses on evidence (seconds more readily); a clone piles onto accusations and
    points at the suspected. Strong cards and Convict are worth more against the accused."""
    target = w.seat_of(move.arg(1))
    card = _card(w, seat, move.arg(2))
    weight = card.strength + TRIAL_SWING.get(card.effect.name if card.effect else "", 0.0)
    suspected = suspicion(w, seat)[target]
    second = move.kind == "second"
    if clone:
        return 3.0 * suspected - (0.5 if second else 1.5) + 0.2 * weight
    return 6.0 * suspected - (3.0 if second else 4.0) + 0.2 * weight


def _skill(w: Work, seat: Seat, move: Move, hidden: bool) -> float:
    """A human adds its best matching skill; a hidden clone its weakest matching one."""
    t = w.threats[w.current] if w.current is not None else None
    agent = w.seats[seat].agent
    if t is None or agent is None:
        return 0.0
    value = w.deck.agents[agent].skill(move.arg(1))
    matches = move.arg(1) in w.deck.threats[t.threat].skills
    if not matches:
        return -value
    return (5.0 - value) if hidden else float(value)


def _card(w: Work, seat: Seat, code: str) -> SkillCard:
    return next(w.deck.skills[c] for c in w.seats[seat].hand if w.deck.skills[c].code == code)


def _resource(w: Work, name: str) -> int:
    return w.resources[("food", "people", "tech", "defense").index(name)]


def _work(game: Game[Any, Any], state: Any) -> Work:
    assert isinstance(game, MarsVsEarth) and isinstance(state, MarsState)
    return look(game.deck, state).work


def guide(
    game: Game[Any, Any], state: Any, seat: Seat, moves: Sequence[Any], rng: random.Random
) -> Any:
    """A rollout move: each legal move with probability proportional to e^(SHARPNESS score)."""
    w = _work(game, state)
    weights = [math.exp(min(20.0, SHARPNESS * score(w, seat, m))) for m in moves]
    return rng.choices(moves, weights)[0]


def shortlist(game: Game[Any, Any], state: Any, seat: Seat, moves: Sequence[Any]) -> list[Any]:
    """The root moves worth searching: the `SHORTLIST` best scored, and Done where legal."""
    w = _work(game, state)
    scored = sorted(((score(w, seat, m), n) for n, m in enumerate(moves)), reverse=True)
    best = scored[0][0]
    kept = [moves[n] for value, n in scored[:SHORTLIST] if value >= best - MARGIN]
    kept += [m for m in moves if m.kind == "done" and m not in kept]
    return kept


def standing(game: Game[Any, Any], state: Any, players: int) -> Rewards:
    """The Humans' chances (to each human seat; the rest to each clone) of a running game."""
    w = _work(game, state)
    start = w.setup.resources
    x = 4.0 * min(w.resources) / start + 4.0 * w.successes / w.setup.needed - 3.0
    exposed = suspicion(w, None)
    for seat, s in enumerate(w.seats):
        if s.status == CIVILIAN:
            x -= 0.4
        elif s.status == CLONE and clone_level(tuple(s.dna)) < LEAD_LEVEL:
            x += 0.3
        elif s.status == AGENT:
            x += 0.5 * exposed[seat] if any(s.dna) else -0.2 * exposed[seat]
    humans = 1.0 / (1.0 + math.exp(-x))
    return tuple(1.0 - humans if any(s.dna) else humans for s in w.seats)
