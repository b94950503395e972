"""Mars vs. Earth moves: lowercase words, the keyword first, and the questions that ask for them.

Every move is a tuple of words (`submit sci2 t1`, `accuse ann dip1`, `done`), written as those
words (see notation.py for reading them). Moves of the open phases (phases.py) are made by anyone
pending there; the others answer a question (`Prompt`) a scripted step puts to one player.
"""

from __future__ import annotations

from dataclasses import dataclass

DONE = "done"
OPEN_MOVES = ("submit", "counter", "accuse", "second", "promote", "discard", "reveal", DONE)
"""The keywords of the moves made in open phases."""
ANSWERS = (
    "lead",
    "pass",
    "wild",
    "skill",
    "effect",
    "defend",
    "lower",
    "raise",
    "agent",
    "extra",
    "reinstate",
    "intel",
)
"""The keywords of the moves that answer a question put to one player."""
HIDDEN_KINDS = frozenset({"submit", "accuse", "second", "discard", "defend", "agent"})
"""Moves whose choice stays secret: cards (a defence shows only at the trial) and the Agent kept
at a reinstatement (the channel learns which one from the narration, never the other)."""
PRIVATE_KINDS = frozenset({"promote", "reveal"})
"""Public moves offered in private all the same (a menu by DM or `/secret`): the board's buttons
offer only `done` while they may be made."""


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
