"""Mars vs. Earth: the frozen game state, the game's fixed numbers and the state's JSON form.

Cards are numbers: a skill card is its index in `Deck.skills`, an Agent its index in
`Deck.agents`, a threat its index in `Deck.threats`. Piles list their top card first. A DNA card
is a bool (True = Martian Clone), kept per player in the order of the waves.
"""

from __future__ import annotations

import functools
from dataclasses import MISSING, dataclass, fields
from types import UnionType
from typing import Any, Union, get_args, get_origin, get_type_hints

from engine.core import JSON, BadState

FORMAT_VERSION = 1

AGENT, CIVILIAN, CLONE = "agent", "civilian", "clone"
"""A player's standing: an Agent (human or hidden clone), a Civilian, or a revealed Clone."""

FATE = -1
"""The `seat` of a submission that nobody made: a Fate card."""
ADDED = -2
"""The `seat` of a card that New Information added to a threat (it counts only for symbols)."""
ANSWER_MINUTES = 2
"""The default time a player has to answer a question put to them alone."""

WAVES = 3
"""Cloning waves in a game; the Humans win with every wave's successes."""
TRACK_TOP = 20
"""Resources run on tracks 0-20; a gain beyond 20 is lost."""
HAND = 5
"""Humans (Agents and Civilians) draw up to this many skill cards each round."""
COUNTERS = 7
"""+1 threat counters in the box."""
PROMOTION_COST = 5
"""Symbols an Agent reveals and discards to field promote a Civilian."""
TRIAL_CARDS = 2
"""Accusation cards revealed at a trial."""
FATE_COOP = (2, 3, 4)
"""Co-operative variant: fate cards per threat in waves 1, 2, 3."""


def clone_level(dna: tuple[bool, ...]) -> int:
    """The sum of the waves (1, 2, 3) in which clone DNA arrived; 0 for a human."""
    return sum(wave for wave, clone in enumerate(dna, start=1) if clone)


@dataclass(frozen=True)
class SeatState:
    status: str
    agent: int | None
    dna: tuple[bool, ...]
    hand: tuple[int, ...]
    resigned: bool = False
    ousted: bool = False
    """Ousted during this round (cannot be field promoted this round)."""
    done: bool = False
    """Pressed Done in the open phase now running."""


@dataclass(frozen=True)
class ActiveThreat:
    threat: int
    leader: int | None = None
    cards: tuple[tuple[int, int], ...] = ()
    """(seat or FATE, card) in the order submitted; who gave what is secret."""
    counters: tuple[int, ...] = ()
    """The revealed clones whose +1 counters lie on it (one entry per counter)."""
    bonus: int = 0
    """Added to its total by momentum/setback effects of earlier threats."""
    good: tuple[int, ...] = ()
    bad: tuple[int, ...] = ()
    wild: tuple[int, ...] = ()
    cancelled: tuple[int, ...] = ()
    wild_good: bool | None = None
    skill: str | None = None
    skill_value: int = 0
    total: int | None = None
    result: str | None = None
    """None until resolved, then "success" or "failure"."""
    agent: int | None = None
    """The Agent whose skill its leader added (public)."""


@dataclass(frozen=True)
class PastThreat:
    """A threat resolved in an earlier round, as the whole table saw it (public): only how many
    cards each player gave is public, so the givers and the cards revealed are kept apart, each
    sorted; New Information's cards are left out (they count only for symbols)."""

    threat: int
    leader: int | None
    agent: int | None
    """The Agent whose skill its leader added."""
    givers: tuple[int, ...]
    """One entry per card given (`FATE` for a Fate card)."""
    cards: tuple[int, ...]
    wild: tuple[int, ...]
    """The cards among `cards` whose symbols were wild."""
    wild_good: bool | None
    skill: str | None
    skill_value: int


@dataclass(frozen=True)
class MarsState:
    players: tuple[str, ...]
    seed: int
    digest: str
    coop: bool
    promotion: bool
    contribution: int
    timer: int
    counter: int
    """Random draws made so far (see engine.core.draw_rng)."""
    round: int
    step: int
    phase: str
    sub: int
    """The sub-stage of a contribution variant: a threat (variant 1) or a player (variant 2)."""
    resources: tuple[int, ...]
    wave: int
    successes: int
    failures: int
    pog: int
    pog_override: bool
    seats: tuple[SeatState, ...]
    draw: tuple[int, ...]
    discard: tuple[int, ...]
    threat_deck: tuple[int, ...]
    threat_discard: tuple[int, ...]
    agent_deck: tuple[int, ...]
    dna_deck: tuple[bool, ...]
    threats: tuple[ActiveThreat, ...]
    order: tuple[int, ...]
    """The threats (slots) in the order they are resolved."""
    current: int | None
    accusations: tuple[tuple[int, int, int], ...]
    """(accused, accuser, card) for this round."""
    trials: tuple[str, ...]
    """This round's trials and their outcomes, in words (public)."""
    promotions: tuple[tuple[int, int], ...]
    """Field promotions asked for this round: (agent, civilian)."""
    choices: tuple[str, ...]
    """Answers given to the prompts of the scripted step now running (see script.py)."""
    winner: str | None = None
    """"humans", "martians", or "table" (ended by resignations)."""
    reason: str = ""
    leaving: tuple[int, ...] = ()
    """Seats that resigned while a scripted step ran: they count as resigned once it ends. The
    step is replayed as it began; a `left <seat>` entry in `choices` marks the point from which
    the replay treats the seat as gone (a question already put to them gets its default)."""
    answer: int = ANSWER_MINUTES
    """Minutes a player has to answer a question put to them alone (0 = no timer)."""
    shown_at_trials: tuple[tuple[int, tuple[int, ...], int | None], ...] = ()
    """This round's trials as the table saw them, in the order of `trials`: (the accused, the
    accusation cards revealed, the defence card or None). Public."""
    looks: tuple[tuple[int, int, int], ...] = ()
    """DNA cards looked at this round (intel): (who looked, whose card, its wave). Only the
    seat who looked may know what it showed."""
    past: tuple[PastThreat, ...] = ()
    """The threats resolved in earlier rounds, round by round, each round's in the order they
    were revealed (public), kept for the computer players' beliefs about who is a clone. A game
    saved before the record was kept loads with none."""

    def gone(self, seat: int) -> bool:
        """Whether `seat` has left: resigned, or resigned while the running scripted step runs."""
        return self.seats[seat].resigned or seat in self.leaving


def _plain(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    if hasattr(value, "__dataclass_fields__"):
        return {f.name: _plain(getattr(value, f.name)) for f in fields(value)}
    return value


@functools.cache
def _hints(cls: type) -> dict[str, Any]:
    return get_type_hints(cls)


def _read(value: Any, hint: Any) -> Any:
    """`value` (parsed JSON) as type `hint`; ValueError when it does not fit."""
    origin = get_origin(hint)
    if hint is Any:
        return value
    if origin in (Union, UnionType):
        for option in get_args(hint):
            try:
                return _read(value, option)
            except ValueError:
                continue
        raise ValueError(f"{value!r} fits no type of {hint}")
    if origin is tuple:
        if not isinstance(value, list):
            raise ValueError(f"{value!r} is not a list")
        args = get_args(hint)
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_read(v, args[0]) for v in value)
        if len(args) != len(value):
            raise ValueError(f"{value!r} has the wrong length")
        return tuple(_read(v, a) for v, a in zip(value, args, strict=True))
    if hint is type(None):
        if value is not None:
            raise ValueError(f"{value!r} is not null")
        return None
    if hint in (SeatState, ActiveThreat, PastThreat, MarsState):
        if not isinstance(value, dict):
            raise ValueError(f"{value!r} is not an object")
        hints = _hints(hint)
        return hint(
            **{
                f.name: _read(value[f.name], hints[f.name])
                for f in fields(hint)
                if f.name in value or f.default is MISSING
            }
        )
    if hint is int and isinstance(value, bool):
        raise ValueError(f"{value!r} is not a number")
    if not isinstance(value, hint):
        raise ValueError(f"{value!r} is not a {hint.__name__}")
    return value


def state_to_json(state: MarsState) -> JSON:
    data: JSON = _plain(state)
    data["version"] = FORMAT_VERSION
    return data


def state_from_json(data: JSON) -> MarsState:
    if not isinstance(data, dict) or data.get("version") != FORMAT_VERSION:
        raise BadState("This Mars vs. Earth game was saved in a format this bot cannot read.")
    try:
        state: MarsState = _read(data, MarsState)
    except (KeyError, ValueError) as error:
        raise BadState(f"This Mars vs. Earth game's saved state is damaged ({error}).") from error
    if len(state.seats) != len(state.players) or len(state.resources) != 4:
        raise BadState("This Mars vs. Earth game's saved state is damaged (wrong shape).")
    return state
