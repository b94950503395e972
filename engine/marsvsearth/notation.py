"""Reading Mars vs. Earth moves: the player's words matched against the legal moves.

A move is written as its words (`str(move)`); reading is forgiving: any case, commas, filler
words (`to`, `on`, `with`, `for`), synonyms (`give` for `submit`, `ready` for `done`), threats as
`2`, `t2`, `threat 2` or `threat2`, and a unique beginning of a legal move (`done`, or `submit
sci2` while one threat is open).
"""

from __future__ import annotations

import re

from engine.core import AmbiguousMove, BadNotation, IllegalMove
from engine.marsvsearth.moves import ANSWERS, DONE, OPEN_MOVES, Move

HELP = (
    "For example `submit sci2 t1`, `lead t2`, `accuse ann dip1`, `defend none` or `done`; "
    "`/move` lists what you may do now."
)
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
KEYWORDS = frozenset((*OPEN_MOVES, *ANSWERS))
"""Every move's first word."""
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


def match(text: str, legal: list[Move]) -> Move:
    """The legal move `text` names; a full match first, else a unique prefix (`done`, `submit
    sci2` with one threat open). Raises BadNotation / IllegalMove / AmbiguousMove."""
    words = words_of(text)
    if not words:
        raise BadNotation(f"Write a move. {HELP}")
    if words[0] not in KEYWORDS:
        raise BadNotation(f"`{text.strip()}` is not a Mars vs. Earth move. {HELP}")
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
