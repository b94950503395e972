"""How Martian Merchants moves are written and read.

A move is a keyword followed by its details, space separated: planets by their coordinates `x,y`
(`0,0`, `-1,2`), colours by name (`blue`, `orange`, `green`, `yellow`). A ship is named by its
planet and, when it carries one, the colour of its good: `move 0,0 1,0 orange`. Examples:
`launch 0,0`, `move 0,0 1,0`, `deliver`, `trade`, `pickup`, `skip`, `discover green 2,0`,
`consume 1,0`, `produce orange 1,1`, `export 1,0 0,1`, `warp 2,0 0,0 blue`, `reposition 1,1 2,0`,
`offer green for blue to orange` (trading variant: your ship's green good for the blue good of
orange's ship; `nothing` for an empty ship), `accept`, `decline`.

A whole turn may be typed as one command: steps separated by `;`, and a stop's keyword may follow
the move directly (`move 0,0 1,0 deliver; produce orange 1,1`). Each step is read against the
position the earlier steps leave.

Reading is forgiving: any case, `(1, 0)` for `1,0`, a colour's first letter, `pick up`, `empty`
for a ship without a good, a few synonyms, and any unambiguous beginning of a legal move.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from engine.core import AmbiguousMove, BadNotation, IllegalMove
from engine.merchants.moves import Move, Steps
from engine.merchants.state import COLOUR_NAMES, Coord

VERBS = (
    "launch",
    "move",
    "warp",
    "deliver",
    "trade",
    "pickup",
    "offer",
    "accept",
    "decline",
    "discover",
    "consume",
    "produce",
    "export",
    "reposition",
    "skip",
)
SYNONYMS = {
    "fly": "move",
    "go": "move",
    "pick": "pickup",
    "load": "pickup",
    "swap": "trade",
    "explore": "discover",
    "eat": "consume",
    "make": "produce",
    "yes": "accept",
    "no": "decline",
    "done": "skip",
    "none": "skip",
    "pass": "skip",
}
COLOUR_WORDS = {
    **{name: name for name in COLOUR_NAMES},
    **{name[0]: name for name in COLOUR_NAMES},
}
EMPTY_WORDS = {"empty", "none", "nothing", "-"}
_COORD = re.compile(r"\(?\s*(-?\d+)\s*[,;]\s*(-?\d+)\s*\)?")
LONGEST = 100
"""Characters; no move is written longer, so longer text is refused before it is read."""
COMMAND_LONGEST = 400
"""Characters of a command of several steps at most (a whole turn is far shorter)."""
STEP_WORDS = frozenset(VERBS) | (frozenset(SYNONYMS) - EMPTY_WORDS)
"""Words that begin a step wherever they stand in a command."""
_STEP_BREAK = re.compile(r";(?!\s*-?\d)")
"""A `;` between steps (one followed by a number belongs to a coordinate such as `0;0`)."""
_EXAMPLES = "`launch 0,0`, `move 0,0 1,0`, `pickup`, `skip`, `discover green 2,0`, `consume 1,0`"


def place(at: Coord) -> str:
    """A planet's name: its coordinates, `x,y`."""
    return f"{at[0]},{at[1]}"


def notation(move: Move | Steps) -> str:
    """The canonical text of `move` (see the module docstring); steps joined by `; `."""
    if isinstance(move, Steps):
        return "; ".join(notation(step) for step in move.moves)
    if move.verb == "offer":
        assert move.owner is not None
        given, asked = (_good_word(c) for c in (move.given, move.colour))
        return f"offer {given} for {asked} to {COLOUR_NAMES[move.owner]}"
    words = [move.verb]
    if move.verb in ("discover", "produce"):
        assert move.colour is not None
        words.append(COLOUR_NAMES[move.colour])
    words += [place(at) for at in (move.at, move.to) if at is not None]
    if move.verb in ("move", "warp") and move.colour is not None:
        words.append(COLOUR_NAMES[move.colour])
    return " ".join(words)


def split_steps(text: str) -> list[str]:
    """The steps of a command: the parts between `;`, each cut again before every keyword after
    its first word (`move 0,0 1,0 deliver` is `move 0,0 1,0`, then `deliver`). Empty parts are
    dropped."""
    if len(text) > COMMAND_LONGEST:
        raise BadNotation(f"That is too long to be a turn. Moves look like {_EXAMPLES}.")
    steps = []
    for part in _STEP_BREAK.split(text):
        words = part.split()
        start = 0
        for n, word in enumerate(words):
            if n > start and word.lower() in STEP_WORDS:
                steps.append(" ".join(words[start:n]))
                start = n
        if words:
            steps.append(" ".join(words[start:]))
    return steps


def _good_word(colour: int | None) -> str:
    return "nothing" if colour is None else COLOUR_NAMES[colour]


def tokens(text: str) -> tuple[str, ...]:
    """`text` as canonical tokens: lowercase, coordinates as `x,y`, synonyms and colour letters
    replaced, words for "no good" dropped (in an offer, where a good may stand for nothing, they
    become `nothing`)."""
    text = _COORD.sub(lambda m: f" {int(m[1])},{int(m[2])} ", text.lower())
    text = re.sub(r"\bpick[\s-]+up\b", "pickup", text)
    words = text.split()
    if not words:
        return ()
    verb = SYNONYMS.get(words[0], words[0])
    if verb == "offer":
        rest = ["nothing" if word in EMPTY_WORDS else word for word in words[1:]]
    else:
        rest = [word for word in words[1:] if word not in EMPTY_WORDS]
    return (verb, *(COLOUR_WORDS.get(word, word) for word in rest))


def match(
    text: str,
    legal: Sequence[Move],
    step: str,
    explain: Callable[[tuple[str, ...]], str | None],
) -> Move:
    """The legal move `text` names: an exact match, else the only legal move it begins.

    Raises BadNotation for an unknown keyword, AmbiguousMove when several moves begin with it,
    IllegalMove otherwise, with the rule `explain` finds the words break (given the canonical
    tokens) or else `step` (what is decided now), and a few legal moves.
    """
    if len(text) > LONGEST:
        raise BadNotation(f"That is too long to be a move. Moves look like {_EXAMPLES}.")
    typed = tokens(text)
    if not typed or typed[0] not in VERBS:
        raise BadNotation(
            f"`{text.strip()}` is not a Martian Merchants move. Moves start with a keyword, "
            f"like {_EXAMPLES}."
        )
    written = {tuple(notation(move).split()): move for move in legal}
    if typed in written:
        return written[typed]
    begun = [move for words, move in written.items() if words[: len(typed)] == typed]
    if len(begun) == 1:
        return begun[0]
    if begun:
        shown = ", ".join(f"`{notation(m)}`" for m in begun[:6])
        more = ", ..." if len(begun) > 6 else ""
        raise AmbiguousMove(f"Which one? For example {shown}{more}.")
    hint = ", ".join(f"`{notation(m)}`" for m in legal[:5])
    reason = explain(typed) or f"`{' '.join(typed)}` is not possible now ({step})."
    raise IllegalMove(f"{reason} You could play {hint}{', ...' if len(legal) > 5 else '.'}")
