"""The Mars vs. Earth deck: DNA, Agents, Skill cards, Threats and the Clone level table.

The deck is data (`deck.toml` beside this module, the project's own cards), read with `load_deck`,
which checks counts, fields and effect names and raises `DeckError` naming the file, the card and
the problem. A game stores the deck's `digest`, so a saved game is never read against a deck that
changed under it.
"""

from __future__ import annotations

import hashlib
import json
import re
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engine.core import GameError
from engine.marsvsearth.effects import FAILURE, RESOURCES, SUCCESS, Effect, parse_effect
from engine.marsvsearth.state import COUNTERS

DEFAULT_DECK_PATH = Path(__file__).with_name("deck.toml")

GROUPS = ("science", "diplomacy", "military")
"""The three skill groups of an Agent (and the skills a threat may require)."""
SKILLS = (*GROUPS, "wild")
SKILL_PREFIX = {"science": "sci", "diplomacy": "dip", "military": "mil", "wild": "wild"}

COUNTS = {"dna": 30, "agent": 12, "skill": 86, "threat": 20, "clone_level": 6}
HUMAN_DNA, CLONE_DNA = 25, 5
MOST_SYMBOLS = 3
"""The most symbols one skill card carries."""
CODE = re.compile(r"[a-z][a-z0-9-]{0,23}")


class DeckError(GameError):
    """The deck file cannot be used; the message names the file, the card and the problem."""


@dataclass(frozen=True)
class Agent:
    code: str
    name: str
    skills: tuple[int, int, int]
    """Science, Diplomacy, Military."""

    def skill(self, group: str) -> int:
        return self.skills[GROUPS.index(group)]

    def describe(self) -> str:
        """In words: `Dr. Vera Lindqvist (Science 4, Diplomacy 2, Military 1)`."""
        sci, dip, mil = self.skills
        return f"{self.name} (Science {sci}, Diplomacy {dip}, Military {mil})"


@dataclass(frozen=True)
class SkillCard:
    code: str
    skill: str
    strength: int
    effect: Effect | None

    def describe(self) -> str:
        text = f"{self.skill.capitalize()} {self.strength}"
        return text if self.effect is None else f"{text} ({self.effect.describe()})"


@dataclass(frozen=True)
class Threat:
    name: str
    skills: tuple[str, ...]
    target: int
    gain: tuple[tuple[str, int], ...]
    loss: tuple[tuple[str, int], ...]
    success_effect: Effect | None
    failure_effect: Effect | None


@dataclass(frozen=True)
class CloneLevel:
    level: int
    hand: int
    lead: bool
    counters: int
    extra_bad: bool


@dataclass(frozen=True)
class Deck:
    human_dna: int
    clone_dna: int
    agents: tuple[Agent, ...]
    skills: tuple[SkillCard, ...]
    """Every skill card, one entry per physical card; a card is its index here."""
    threats: tuple[Threat, ...]
    levels: tuple[CloneLevel, ...]
    small_players: tuple[int, ...]
    small_adjustment: int
    digest: str

    def level(self, level: int) -> CloneLevel:
        return self.levels[min(max(level, 1), len(self.levels)) - 1]

    def target(self, threat: int, players: int, coop: bool, counters: int) -> int:
        """A threat's target this round: printed, the 3-4 player change, +1 per counter."""
        adjust = self.small_adjustment if not coop and players in self.small_players else 0
        return self.threats[threat].target + adjust + counters


class _Reader:
    """Field access with errors that say where the problem is."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def fail(self, where: str, problem: str) -> DeckError:
        return DeckError(f"Deck file {self.path}: {where}: {problem}.")

    def field(self, table: Any, where: str, name: str, kind: type, default: Any = ...) -> Any:
        if not isinstance(table, dict):
            raise self.fail(where, "is not a table")
        if name not in table:
            if default is ...:
                raise self.fail(where, f"missing field `{name}`")
            return default
        value = table[name]
        if kind is int and (isinstance(value, bool) or not isinstance(value, int)):
            raise self.fail(where, f"`{name}` must be a whole number, not {value!r}")
        if not isinstance(value, kind):
            raise self.fail(where, f"`{name}` must be a {kind.__name__}, not {value!r}")
        return value

    def number(self, table: Any, where: str, name: str, low: int, high: int) -> int:
        value: int = self.field(table, where, name, int)
        if not low <= value <= high:
            raise self.fail(where, f"`{name}` must be from {low} to {high}, not {value}")
        return value

    def effect(
        self, table: Any, where: str, name: str, trigger: str | None = None
    ) -> Effect | None:
        text = self.field(table, where, name, str, None)
        if text is None:
            return None
        try:
            effect = parse_effect(text)
        except ValueError as error:
            raise self.fail(where, str(error)) from error
        if trigger is not None and effect.trigger != trigger:
            raise self.fail(where, f"`{name}` must be a {trigger} effect, not {effect.key}")
        return effect

    def resources(self, table: Any, where: str, name: str) -> tuple[tuple[str, int], ...]:
        amounts = self.field(table, where, name, dict)
        for resource, amount in amounts.items():
            if resource not in RESOURCES:
                raise self.fail(where, f"`{name}` names an unknown resource {resource!r}")
            if isinstance(amount, bool) or not isinstance(amount, int) or not 1 <= amount <= 5:
                raise self.fail(where, f"`{name}.{resource}` must be from 1 to 5")
        return tuple((r, amounts[r]) for r in RESOURCES if r in amounts)


def load_deck(path: Path | str = DEFAULT_DECK_PATH) -> Deck:
    """Read and check a deck file; raises DeckError naming the file, card and problem."""
    path = Path(path)
    read = _Reader(path)
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except OSError as error:
        raise DeckError(f"Deck file {path}: cannot be read ({error.strerror}).") from error
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as error:
        raise DeckError(f"Deck file {path}: is not valid TOML ({error}).") from error

    dna = read.field(data, "[dna]", "dna", dict)
    human = read.field(dna, "[dna]", "human", int)
    clone = read.field(dna, "[dna]", "clone", int)
    if (human, clone) != (HUMAN_DNA, CLONE_DNA):
        raise read.fail(
            "[dna]", f"needs {HUMAN_DNA} human and {CLONE_DNA} clone cards, has {human} and {clone}"
        )

    agents = tuple(_agent(read, i, t) for i, t in enumerate(_list(read, data, "agent"), 1))
    _unique(read, "agent", [a.code for a in agents], "id")
    skills = _skills(read, _list(read, data, "skill", counted=True))
    threats = tuple(_threat(read, i, t) for i, t in enumerate(_list(read, data, "threat"), 1))
    levels = tuple(_level(read, i, t) for i, t in enumerate(_list(read, data, "clone_level"), 1))
    adjustment = read.field(data, "[adjustment]", "adjustment", dict)
    players = read.field(adjustment, "[adjustment]", "players", list)
    if not all(isinstance(p, int) and 3 <= p <= 10 for p in players):
        raise read.fail("[adjustment]", "`players` must list player counts from 3 to 10")
    change = read.number(adjustment, "[adjustment]", "target", -5, 5)
    digest = hashlib.sha256(json.dumps(data, sort_keys=True).encode()).hexdigest()[:16]
    return Deck(human, clone, agents, skills, threats, levels, tuple(players), change, digest)


def _list(read: _Reader, data: dict[str, Any], name: str, counted: bool = False) -> list[Any]:
    entries: list[Any] = read.field(data, f"[[{name}]]", name, list)
    total = (
        sum(read.field(e, f"{name} {i}", "count", int) for i, e in enumerate(entries, 1))
        if counted
        else len(entries)
    )
    if total != COUNTS[name]:
        raise read.fail(f"[[{name}]]", f"needs {COUNTS[name]} cards, has {total}")
    return entries


def _unique(read: _Reader, name: str, codes: list[str], field: str) -> None:
    for code in codes:
        if not CODE.fullmatch(code):
            raise read.fail(
                f"{name} {code!r}",
                f"`{field}` must be a short lowercase word (letters, digits, hyphens)",
            )
    seen: set[str] = set()
    for code in codes:
        if code in seen:
            raise read.fail(f"{name} {code!r}", f"`{field}` is used twice")
        seen.add(code)


def _agent(read: _Reader, number: int, table: Any) -> Agent:
    where = f"agent {number}"
    code = read.field(table, where, "id", str)
    name = read.field(table, where, "name", str)
    where = f"agent {name!r}"
    skills = tuple(read.number(table, where, group, 1, 4) for group in GROUPS)
    if sum(skills) != 7:
        raise read.fail(where, f"skills must total 7, not {sum(skills)}")
    return Agent(code, name, (skills[0], skills[1], skills[2]))


def _skills(read: _Reader, entries: list[Any]) -> tuple[SkillCard, ...]:
    kinds: list[tuple[SkillCard, int]] = []
    for number, table in enumerate(entries, 1):
        where = f"skill {number}"
        skill = read.field(table, where, "skill", str)
        if skill not in SKILLS:
            raise read.fail(where, f"`skill` must be one of {', '.join(SKILLS)}, not {skill!r}")
        strength = read.number(table, where, "strength", 1, MOST_SYMBOLS)
        effect = read.effect(table, where, "effect")
        count = read.number(table, where, "count", 1, 86)
        code = f"{SKILL_PREFIX[skill]}{strength}" + (f"-{effect.tag}" if effect else "")
        code = read.field(table, where, "code", str, code)
        kinds.append((SkillCard(code, skill, strength, effect), count))
    _unique(read, "skill", [card.code for card, _ in kinds], "code")
    return tuple(card for card, count in kinds for _ in range(count))


def _threat(read: _Reader, number: int, table: Any) -> Threat:
    name = read.field(table, f"threat {number}", "name", str)
    where = f"threat {name!r}"
    skills = read.field(table, where, "skills", list)
    if (
        not 1 <= len(skills) <= 2
        or any(s not in GROUPS for s in skills)
        or len(set(skills)) != len(skills)
    ):
        raise read.fail(where, "`skills` must list one or two of science, diplomacy, military")
    return Threat(
        name=name,
        skills=tuple(skills),
        target=read.number(table, where, "target", 5, 12),
        gain=read.resources(table, where, "gain"),
        loss=read.resources(table, where, "loss"),
        success_effect=read.effect(table, where, "success_effect", SUCCESS),
        failure_effect=read.effect(table, where, "failure_effect", FAILURE),
    )


def _level(read: _Reader, number: int, table: Any) -> CloneLevel:
    where = f"clone_level {number}"
    if read.field(table, where, "level", int) != number:
        raise read.fail(where, f"levels must be listed 1 to 6 in order (expected {number})")
    return CloneLevel(
        level=number,
        hand=read.number(table, where, "hand", 1, 10),
        lead=read.field(table, where, "lead", bool),
        counters=read.number(table, where, "counters", 0, COUNTERS),
        extra_bad=read.field(table, where, "extra_bad", bool),
    )
