"""Mars vs. Earth moves: lowercase words, the keyword first, and the prompts that ask for them.

Every move is a tuple of words (`submit sci2 t1`, `accuse ann dip1`, `done`); what is legal is
always a list of such moves, so parsing matches the player's words against that list.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from engine.core import AmbiguousMove, BadNotation, IllegalMove

DONE = "done"


@dataclass(frozen=True)
class Move:
    words: tuple[str, ...]

    @property
    def kind(self) -> str:
        return self.words[0]

    def arg(self, index: int) -> str:
        return self.words[index]

    def __str__(self) -> str:
        return " ".join(self.words)


def move(*words: str) -> Move:
    return Move(tuple(words))


@dataclass(frozen=True)
class Prompt:
    """A question one player must answer before the scripted step goes on."""

    seat: int
    moves: tuple[Move, ...]
    ask: str
    """In words, for everyone: "Ann decides how the wild symbols count for Threat 2"."""
    default: Move
    """The answer given when the question's timer runs out or the player has left."""
    secret: bool = False
    """The choices are the player's secret (their hand, the Agents they drew), so they are never
    shown as public buttons."""


SYNONYMS = {
    "pass": "pass",
    "skip": "pass",
    "ready": DONE,
    "end": DONE,
    "finish": DONE,
    "finished": DONE,
    "play": "submit",
    "give": "submit",
    "add": "submit",
    "lower": "lower",
    "reduce": "lower",
    "raise": "raise",
    "boost": "raise",
}
KEYWORDS = (
    "submit",
    "counter",
    "lead",
    "pass",
    "done",
    "wild",
    "skill",
    "effect",
    "accuse",
    "second",
    "defend",
    "promote",
    "discard",
    "reveal",
    "lower",
    "raise",
    "agent",
    "extra",
    "reinstate",
    "intel",
)
_THREAT = re.compile(r"(?:t|threat)?(\d{1,2})")


def words_of(text: str) -> list[str]:
    """The player's text as canonical words: lowercase, synonyms mapped, `threat 2` -> `t2`."""
    raw = text.strip().lower().replace(",", " ").split()
    out: list[str] = []
    skip = False
    for i, word in enumerate(raw):
        if skip:
            skip = False
            continue
        if not out:
            out.append(SYNONYMS.get(word, word))
            continue
        if word == "threat" and i + 1 < len(raw) and raw[i + 1].isdigit():
            out.append(f"t{raw[i + 1]}")
            skip = True
            continue
        if word in ("to", "on", "with", "for"):
            continue
        out.append(word)
    return out


def _matches(words: list[str], candidate: Move) -> bool:
    """Do the player's words name `candidate` (threats may be written `2`, `t2`, `threat2`)?"""
    if len(words) > len(candidate.words):
        return False
    for said, real in zip(words, candidate.words, strict=False):
        if said == real:
            continue
        number = _THREAT.fullmatch(said)
        if number and real == f"t{int(number[1])}":
            continue
        return False
    return True


def match(text: str, legal: list[Move], help_text: str) -> Move:
    """The legal move `text` names; a full match first, else a unique prefix (`done`, `submit
    sci2` with one threat open). Raises BadNotation / IllegalMove / AmbiguousMove."""
    words = words_of(text)
    if not words:
        raise BadNotation(f"Write a move. {help_text}")
    if words[0] not in KEYWORDS:
        raise BadNotation(f"`{text.strip()}` is not a Mars vs. Earth move. {help_text}")
    exact = [m for m in legal if _matches(words, m) and len(words) == len(m.words)]
    if len(exact) == 1:
        return exact[0]
    found = [m for m in legal if _matches(words, m)]
    if len(found) == 1:
        return found[0]
    if found:
        shown = ", ".join(f"`{m}`" for m in found[:8])
        more = "" if len(found) <= 8 else f" (and {len(found) - 8} more)"
        raise AmbiguousMove(f"Which one? {shown}{more}.")
    same_kind = [m for m in legal if m.kind == words[0]]
    if same_kind:
        shown = ", ".join(f"`{m}`" for m in same_kind[:8])
        raise IllegalMove(f"`{' '.join(words)}` is not allowed now. You may: {shown}.")
    if legal:
        kinds = ", ".join(sorted({f"`{m.kind}`" for m in legal}))
        raise IllegalMove(f"You cannot `{words[0]}` now. You may: {kinds}.")
    raise IllegalMove("You have nothing to do at the moment.")
