"""The effect vocabulary of the Mars vs. Earth skill and threat cards (the project's own).

A skill card may carry one effect; a threat card may carry one extra effect on success and one on
failure. An effect is written `name` or `name:resource` (for the two that name a resource) in the
deck file. Each effect has one fixed trigger:

- immediate (`!`): after all cards of a threat are revealed and sorted, before totalling;
- success / failure: after the outcome, before the threat's gains or losses;
- trial (gavel): when the card is revealed in a trial (as an accusation or as the defence).

Cards added by New Information count only for their symbols. A card's effect fires only at
its own trigger (an immediate effect on an accusation card does nothing). Effects marked
"leader" need a leader and are ignored on an un-led threat. Several effects with the same
trigger resolve one at a time in the order the leader chooses (the initiative holder for an
un-led threat); identical ones each resolve.

| name | trigger | leader | what it does |
| --- | --- | --- | --- |
| new_info | immediate | | "New Information": the top 2 draw cards join the threat |
| sabotage | immediate | | the strongest good card of the threat is discarded unscored |
| shield | immediate | | the strongest bad card of the threat is discarded unscored |
| supply:R | success | | resource R rises by 1 |
| reinstate | success | yes | the leader reinstates a Civilian of their choice |
| seize | success | yes | the leader takes the initiative pog, overridden |
| momentum | success | | the next unresolved threat of this round gets +2 to its total |
| intel | success | yes | the leader secretly sees a chosen player's newest face-down DNA card |
| drain:R | failure | | resource R falls by 1 |
| setback | failure | | the next unresolved threat of this round gets -2 to its total |
| acquit | trial | | 2 fewer symbols count against the accused, whoever played it |
| convict | trial | | 2 more symbols count against the accused, whoever played it |
"""

from __future__ import annotations

from dataclasses import dataclass

RESOURCES = ("food", "people", "tech", "defense")
"""The four resources, in track order."""

IMMEDIATE, SUCCESS, FAILURE, TRIAL = "immediate", "success", "failure", "trial"

NEW_INFO_CARDS = 2
"""Draw cards New Information adds to a threat."""
NEXT_THREAT_BONUS = 2
"""What momentum adds to (and setback takes from) the next threat's total."""
TRIAL_SWING = 2
"""Symbols acquit takes from (and convict adds to) the count against the accused."""


@dataclass(frozen=True)
class EffectKind:
    """One entry of the vocabulary: when it fires, whether it needs a leader or a resource."""

    name: str
    trigger: str
    tag: str
    """The suffix of a card code carrying it (`sci3-info`)."""
    text: str
    leader: bool = False
    resource: bool = False


VOCABULARY: dict[str, EffectKind] = {
    kind.name: kind
    for kind in (
        EffectKind(
            "new_info",
            IMMEDIATE,
            "info",
            f"New Information: adds the top {NEW_INFO_CARDS} draw cards",
        ),
        EffectKind("sabotage", IMMEDIATE, "sabot", "discards the strongest good card"),
        EffectKind("shield", IMMEDIATE, "shield", "discards the strongest bad card"),
        EffectKind("supply", SUCCESS, "", "on success, +1 {r}", resource=True),
        EffectKind(
            "reinstate",
            SUCCESS,
            "recall",
            "on success, the leader reinstates a Civilian",
            leader=True,
        ),
        EffectKind(
            "seize", SUCCESS, "seize", "on success, the leader takes the initiative", leader=True
        ),
        EffectKind(
            "momentum", SUCCESS, "push", f"on success, +{NEXT_THREAT_BONUS} to the next threat"
        ),
        EffectKind(
            "intel",
            SUCCESS,
            "intel",
            "on success, the leader sees a player's newest DNA",
            leader=True,
        ),
        EffectKind("drain", FAILURE, "no", "on failure, -1 {r}", resource=True),
        EffectKind(
            "setback", FAILURE, "drag", f"on failure, -{NEXT_THREAT_BONUS} to the next threat"
        ),
        EffectKind(
            "acquit",
            TRIAL,
            "acquit",
            f"at a trial, {TRIAL_SWING} fewer symbols against the accused",
        ),
        EffectKind(
            "convict",
            TRIAL,
            "convict",
            f"at a trial, {TRIAL_SWING} more symbols against the accused",
        ),
    )
}


@dataclass(frozen=True)
class Effect:
    """An effect as printed on a card: a vocabulary entry and, for supply/drain, a resource."""

    name: str
    resource: str | None = None

    @property
    def kind(self) -> EffectKind:
        return VOCABULARY[self.name]

    @property
    def trigger(self) -> str:
        return self.kind.trigger

    @property
    def key(self) -> str:
        """Its written form, `momentum` or `supply:food`; also how a leader names it."""
        return self.name if self.resource is None else f"{self.name}:{self.resource}"

    @property
    def token(self) -> str:
        """A notation token: `momentum`, `supply-food`."""
        return self.key.replace(":", "-")

    @property
    def tag(self) -> str:
        """The suffix of a card code carrying it: `info`, `food` (supply), `nofood` (drain)."""
        return self.kind.tag + (self.resource or "")

    def describe(self) -> str:
        return self.kind.text.format(r=self.resource.capitalize() if self.resource else "")


def parse_effect(text: str) -> Effect:
    """`name` or `name:resource` to an Effect; ValueError naming the problem."""
    name, _, resource = text.strip().lower().partition(":")
    kind = VOCABULARY.get(name)
    if kind is None:
        raise ValueError(f"unknown effect {text!r} (known: {', '.join(VOCABULARY)})")
    if kind.resource and resource not in RESOURCES:
        raise ValueError(f"effect {name} needs a resource: {name}:food, :people, :tech, :defense")
    if not kind.resource and resource:
        raise ValueError(f"effect {name} takes no resource")
    return Effect(name, resource or None)
