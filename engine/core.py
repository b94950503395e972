"""The contract every game satisfies, and the pieces all games share.

A game is a stateless object (see `Game`) whose methods take and return plain, immutable state.
The engine is pure and deterministic: no I/O, no clock, no global randomness. All chance flows
from the seed stored in the state together with a draw counter (see `draw_rng`), so replaying the
move log from the seed reproduces the game exactly.

Seats are numbered from 0 in joining order. Player names are given to `new_game` and kept in the
state only so that events and views can speak of people rather than numbers.
"""

from __future__ import annotations

import functools
import hashlib
import random
import weakref
from collections.abc import Callable, Hashable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, Literal, Protocol, TypedDict, TypeVar, runtime_checkable

from engine.words import Unit

Seat = int
JSON = dict[str, Any]


class GameError(Exception):
    """A player's input was refused; the message is fit to show that player."""


class BadNotation(GameError):
    """The text is not a move in this game's notation."""


class IllegalMove(GameError):
    """The move is well formed but not allowed now."""


class AmbiguousMove(GameError):
    """The text matches more than one legal move."""


class BadState(GameError):
    """A stored state could not be read (corrupt, or from an unknown format version)."""


@dataclass(frozen=True)
class Option:
    """One table option (a variant or setting) with its type, default and description.

    `choices` lists the allowed values for a str or int option; an empty tuple means any value of
    `kind` (bounded by `minimum`/`maximum` for ints).
    """

    name: str
    kind: type
    default: Any
    description: str
    choices: tuple[Any, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    labels: tuple[tuple[Any, str], ...] = ()
    """Words for special values, shown instead of the value (e.g. 0 -> "random")."""
    needs: Callable[[Mapping[str, Any]], bool] | None = None
    """Given every chosen option, whether this one matters (None: always); a lobby hides an
    option that does not (e.g. the fifth colour's value at a four-colour table)."""
    unit: Unit | None = None
    """What a number of this option counts (minutes, moves), named after it wherever it is
    shown; None for an option that is no quantity or whose name says what it counts."""

    def show(self, value: Any) -> str:
        """`name: value` as a lobby shows it, in words: `yes`/`no` for a yes-or-no option, the
        label of a special value, a number with its unit (`timer: 5 minutes`)."""
        if self.kind is bool:
            return f"{self.name}: {'yes' if value else 'no'}"
        label = dict(self.labels).get(value)
        if label is None and self.unit is not None:
            label = self.unit.of(value)
        return f"{self.name}: {value if label is None else label}"

    def applies(self, chosen: Mapping[str, Any]) -> bool:
        """Whether this option matters at a table with the `chosen` options."""
        return self.needs is None or self.needs(chosen)

    def check(self, value: Any) -> Any:
        """Return `value` if it is valid for this option; raise `GameError` otherwise."""
        if type(value) is not self.kind:
            raise GameError(f"Option {self.name} must be a {self.kind.__name__}.")
        if self.choices and value not in self.choices:
            allowed = ", ".join(str(c) for c in self.choices)
            raise GameError(f"Option {self.name} must be one of: {allowed}.")
        number = value if isinstance(value, int) else None
        if number is not None and self.minimum is not None and number < self.minimum:
            raise GameError(f"Option {self.name} must be at least {self.minimum}.")
        if number is not None and self.maximum is not None and number > self.maximum:
            raise GameError(f"Option {self.name} must be at most {self.maximum}.")
        return value


FIRST_PLAYER = Option(
    "first",
    int,
    0,
    "Who moves first: 0 = chosen at random, N = the N-th player to join.",
    minimum=0,
    labels=((0, "random"),),
)


def resolve_options(options: Sequence[Option], given: Mapping[str, Any]) -> dict[str, Any]:
    """Fill defaults and validate; unknown option names are refused."""
    known = {o.name: o for o in options}
    unknown = sorted(set(given) - set(known))
    if unknown:
        raise GameError(f"Unknown option: {', '.join(unknown)}.")
    return {name: o.check(given.get(name, o.default)) for name, o in known.items()}


@dataclass(frozen=True)
class Event:
    """A fact for narration. `to` is None for a public event, or the only seat that may see it."""

    text: str
    to: Seat | None = None


@dataclass(frozen=True)
class Outcome:
    """How a game ended. No winners means a draw (or no result, for an abandoned game)."""

    winners: tuple[Seat, ...]
    scores: tuple[int, ...] | None
    reason: str
    everyone_lost: bool = False
    """No winners because every player lost (e.g. a side won that nobody at the table was on),
    which is not a draw."""

    @property
    def is_draw(self) -> bool:
        return not self.winners and not self.everyone_lost


@dataclass(frozen=True)
class View:
    """What one seat (or, with `viewer=None`, a spectator) may see. Games extend this.

    `private` holds the viewer's secret information as lines of text (empty for spectators and in
    games without secrets); `/secret` shows exactly these lines.
    """

    players: tuple[str, ...]
    viewer: Seat | None
    actors: frozenset[Seat]
    outcome: Outcome | None
    private: tuple[str, ...] = field(default=())
    buttons: tuple[str, ...] = field(default=())
    """Notations of moves offered as buttons under the public board (e.g. "draw", "done"); a
    press is parsed as the presser's own move, so one button serves every actor."""


class Seen(TypedDict):
    """The fields every view has, to unpack into a game's view: `GameView(**seen(...), ...)`."""

    players: tuple[str, ...]
    viewer: Seat | None
    actors: frozenset[Seat]
    outcome: Outcome | None


def seen(
    players: tuple[str, ...], viewer: Seat | None, actors: frozenset[Seat], outcome: Outcome | None
) -> Seen:
    """The shared part of a view: who plays, who looks (None: a spectator), who may act, and
    the result once the game is over."""
    return Seen(players=players, viewer=viewer, actors=actors, outcome=outcome)


def document(version: int, state: Any, **fields: Any) -> JSON:
    """A state's JSON document: its format `version`, the players and the seed (which every
    state keeps), then the game's own `fields`."""
    return {"version": version, "players": list(state.players), "seed": state.seed, **fields}


def draw_rng(seed: int, counter: int) -> random.Random:
    """A generator for draw number `counter` of the game seeded with `seed`.

    Derived by hashing both, so each draw is independent of how many numbers earlier draws used.
    """
    digest = hashlib.sha256(f"{seed}:{counter}".encode()).digest()
    return random.Random(int.from_bytes(digest[:8], "big"))


def choose_first(seed: int, players: int, first: int) -> Seat:
    """The opening seat: `first` (1-based) if the table chose one, else a seeded random seat.

    A table that chose "the N-th player to join moves first" with fewer than N seated does not
    start: its players agreed who opens, so moving the first turn to someone else (or to a
    random seat) would surprise them. The refusal says how to fix it: seat more players, or
    open a new table with another first player.
    """
    if first:
        if first > players:
            raise GameError(
                f"There is no player {first} yet: this table chose player {first} to move first, "
                f"but only {players} are seated. Let more players join, or close this table and "
                "open a new one with another first player."
            )
        return first - 1
    return draw_rng(seed, 0).randrange(players)


S = TypeVar("S")
M = TypeVar("M")
V = TypeVar("V")

GAME_OVER = "The game is over."

_remembered: dict[int, tuple[weakref.ref[Any], dict[Hashable, Any]]] = {}


def remembered(state: object, key: Hashable, compute: Callable[[], V]) -> V:
    """`compute()`, worked out once per state object and `key` and kept while the state lives.

    States never change, so anything derived from one (its legal moves, a view, a scripted step)
    stays true for as long as the object exists; the answers go when the state is collected.
    """
    ident = id(state)
    entry = _remembered.get(ident)
    if entry is None or entry[0]() is not state:
        entry = (weakref.ref(state, functools.partial(_forget, ident)), {})
        _remembered[ident] = entry
    answers = entry[1]
    if key not in answers:
        answers[key] = compute()
    answer: V = answers[key]
    return answer


def _forget(ident: int, gone: weakref.ref[Any], table: dict[int, Any] = _remembered) -> None:
    """Drop the answers of a collected state (unless its id is already another state's).
    The callback holds this function and `table` itself, so states collected while the
    interpreter exits (when module names are already cleared) still find both."""
    entry = table.get(ident)
    if entry is not None and entry[0] is gone:
        del table[ident]


class Legal(Generic[M]):
    """The legal moves of one seat in one state: a sequence, a set and a table by notation.

    Built once per state and seat (see `BaseGame.legal`); the set and the notations are worked
    out the first time they are asked for. A move that is one of these very objects (as a
    computer player's move picked from them is) is found by its identity, without hashing
    every move.
    """

    def __init__(self, moves: Sequence[M], notation: Callable[[M], str]) -> None:
        self.moves: tuple[M, ...] = tuple(moves)
        self._notation = notation
        self._identities: set[int] | None = None
        self._allowed: frozenset[M] | None = None
        self._by_notation: dict[str, M] | None = None

    def __iter__(self) -> Iterator[M]:
        return iter(self.moves)

    def __len__(self) -> int:
        return len(self.moves)

    def __bool__(self) -> bool:
        return bool(self.moves)

    def __contains__(self, move: object) -> bool:
        if self._identities is None:
            self._identities = set(map(id, self.moves))
        if id(move) in self._identities:
            return True
        if self._allowed is None:
            self._allowed = frozenset(self.moves)
        return move in self._allowed

    @property
    def notations(self) -> dict[str, M]:
        """Every legal move by its canonical notation, in generation order."""
        if self._by_notation is None:
            self._by_notation = {self._notation(move): move for move in self.moves}
        return self._by_notation

    def named(self, text: str) -> M | None:
        """The legal move whose canonical notation is exactly `text`, if any."""
        return self.notations.get(text)


class Game(Protocol[S, M]):
    """The contract of a game. State `S` and moves `M` are immutable plain data."""

    key: str
    title: str
    min_players: int
    max_players: int
    options: tuple[Option, ...]
    information: Literal["open", "hidden"]
    """The game's nature, as OpenSpiel's games declare it: "open" when every seat may see the
    whole state (past chance included), "hidden" when players hold what others may not see
    (secrets, sent privately; players are test-DMed when they join; a search samples them)."""
    chance: bool
    """Whether chance (a die, a draw from a bag or deck) decides anything after the set-up."""

    def new_game(self, players: Sequence[str], options: Mapping[str, Any], seed: int) -> S:
        """Set up a game for the named players (seat order); all chance flows from `seed`."""
        ...

    def actors(self, state: S) -> frozenset[Seat]:
        """The seats that may act now (empty once the game is over)."""
        ...

    def legal(self, state: S, seat: Seat) -> Legal[M]:
        """Every move `seat` may make now, worked out once per state: the single source of truth
        for validation, autocomplete and buttons."""
        ...

    def legal_moves(self, state: S, seat: Seat) -> list[M]:
        """`legal(state, seat)` as a list."""
        ...

    def parse(self, state: S, seat: Seat, text: str) -> M:
        """Notation to a legal move; raises BadNotation, IllegalMove or AmbiguousMove."""
        ...

    def notation(self, move: M) -> str:
        """Canonical text of a move; `parse(notation(m)) == m` for every legal move."""
        ...

    def hidden(self, move: M) -> bool:
        """Whether the move's notation is secret: the channel sees only its public events, and
        the bot's records of the game show a secret action in its place, even after the end."""
        ...

    def chosen_privately(self, move: M) -> bool:
        """Whether the move is offered to its player in private (a menu by DM or `/secret`)
        rather than under the public board: every secret move, and moves a game keeps off
        the board's buttons."""
        ...

    def length(self, players: int) -> str | None:
        """How long a game runs at a table of `players`, in words for its lobby (None: a
        game that needs no word on it)."""
        ...

    def apply(self, state: S, seat: Seat, move: M) -> tuple[S, list[Event]]:
        """The next state and what happened; never mutates `state`; raises IllegalMove."""
        ...

    def resign(self, state: S, seat: Seat) -> tuple[S, list[Event]]:
        """`seat` leaves the game (see RULINGS: the others win, or the seat is skipped)."""
        ...

    def view(self, state: S, seat: Seat | None) -> View:
        """What `seat` may see; None is the public view."""
        ...

    def outcome(self, state: S) -> Outcome | None:
        """The result once the game is over, else None."""
        ...

    def to_json(self, state: S) -> JSON:
        """A lossless, versioned JSON document of the state."""
        ...

    def from_json(self, data: JSON) -> S:
        """The inverse of `to_json`; raises BadState for unreadable data."""
        ...


class Seated(Protocol):
    """What every state holds: the players' names, by seat."""

    @property
    def players(self) -> tuple[str, ...]: ...


T = TypeVar("T", bound=Seated)


class BaseGame(Game[T, M]):
    """What every game checks, once: the number of players, the options, game over, whose turn
    and whether a move is legal, before the game's own rules run.

    A game supplies `setup`, `actors`, `generate`, `read`, `notation`, `play`, `leave`,
    `build_view`, `outcome`, `to_json` and `from_json`; this class turns them into the `Game`
    contract. Legal moves and views are remembered per state (see `remembered`).
    """

    count_note: str = ""
    """Words added to the refusal of a wrong number of players, e.g. " (2 play co-operatively)"."""

    # --- what each game supplies ---------------------------------------------------------------
    def setup(self, players: tuple[str, ...], options: dict[str, Any], seed: int) -> T:
        """The opening state for `players` (already counted) with every option resolved."""
        raise NotImplementedError

    def actors(self, state: T) -> frozenset[Seat]:
        raise NotImplementedError

    def generate(self, state: T, seat: Seat) -> Sequence[M]:
        """Every move of `seat`, who is one of the actors of `state`."""
        raise NotImplementedError

    def read(self, state: T, seat: Seat, text: str) -> M:
        """Notation to a legal move of `seat`, who may act; raises BadNotation, IllegalMove or
        AmbiguousMove."""
        raise NotImplementedError

    def notation(self, move: M) -> str:
        raise NotImplementedError

    def play(self, state: T, seat: Seat, move: M) -> tuple[T, list[Event]]:
        """The game's own rules for `move`, already checked legal for `seat`."""
        raise NotImplementedError

    def leave(self, state: T, seat: Seat) -> tuple[T, list[Event]]:
        """The game's own rules for `seat` resigning from a game still running."""
        raise NotImplementedError

    def build_view(self, state: T, seat: Seat | None) -> View:
        raise NotImplementedError

    def outcome(self, state: T) -> Outcome | None:
        raise NotImplementedError

    def to_json(self, state: T) -> JSON:
        raise NotImplementedError

    def from_json(self, data: JSON) -> T:
        raise NotImplementedError

    def hidden(self, move: M) -> bool:
        """Whether the move is secret; none is unless a game says."""
        return False

    def chosen_privately(self, move: M) -> bool:
        """Secret moves are chosen in private; others too where a game says."""
        return self.hidden(move)

    def length(self, players: int) -> str | None:
        """Nothing to say of a game's length unless a game says."""
        return None

    def waiting(self, state: T, seat: Seat) -> str:
        """Why `seat` may not act now, while the game runs."""
        names = [state.players[s] for s in sorted(self.actors(state))]
        return f"It is {' and '.join(names)}'s turn." if names else "Nobody may act now."

    def refusal(self, state: T, seat: Seat, move: M) -> str:
        """Why `move` is not legal for `seat` now (games with better words override this)."""
        return f"{self.notation(move)} is not a legal move now."

    # --- the contract ----------------------------------------------------------------------------
    def new_game(self, players: Sequence[str], options: Mapping[str, Any], seed: int) -> T:
        if not self.min_players <= len(players) <= self.max_players:
            wanted = (
                f"exactly {self.min_players}"
                if self.min_players == self.max_players
                else f"{self.min_players} to {self.max_players}"
            )
            raise GameError(f"{self.title} is for {wanted} players{self.count_note}.")
        return self.setup(tuple(players), resolve_options(self.options, options), seed)

    def check_may_act(self, state: T, seat: Seat) -> None:
        """Raise IllegalMove unless the game runs and `seat` is one of its actors."""
        if self.outcome(state) is not None:
            raise IllegalMove(GAME_OVER)
        if seat not in self.actors(state):
            raise IllegalMove(self.waiting(state, seat))

    def legal(self, state: T, seat: Seat) -> Legal[M]:
        return remembered(state, ("legal", seat), lambda: self._legal(state, seat))

    def _legal(self, state: T, seat: Seat) -> Legal[M]:
        moves = self.generate(state, seat) if seat in self.actors(state) else ()
        return Legal(moves, self.notation)

    def legal_moves(self, state: T, seat: Seat) -> list[M]:
        return list(self.legal(state, seat).moves)

    def parse(self, state: T, seat: Seat, text: str) -> M:
        self.check_may_act(state, seat)
        return self.read(state, seat, text)

    def apply(self, state: T, seat: Seat, move: M) -> tuple[T, list[Event]]:
        self.check_may_act(state, seat)
        if move not in self.legal(state, seat):
            raise IllegalMove(self.refusal(state, seat, move))
        return self.play(state, seat, move)

    def resign(self, state: T, seat: Seat) -> tuple[T, list[Event]]:
        if self.outcome(state) is not None:
            raise IllegalMove(GAME_OVER)
        return self.leave(state, seat)

    def view(self, state: T, seat: Seat | None) -> View:
        return remembered(state, ("view", seat), lambda: self.build_view(state, seat))


@runtime_checkable
class TimedGame(Game[S, M], Protocol):
    """A game with open phases or questions that a timer may end (the bot keeps the clock)."""

    def timed_phase(self, state: S) -> tuple[str, int] | None:
        """(an id of the open phase or question now running, its length in seconds), or None
        when no timer runs. The id changes whenever a new phase or question begins, so the bot
        re-arms its deadline."""
        ...

    def timeout(self, state: S) -> tuple[S, list[Event]]:
        """Time is up: every player still pending gets their default (Done in an open phase, the
        game's stated default answer to a question); public events say what was decided."""
        ...


@runtime_checkable
class PreviewingGame(Game[S, M], Protocol):
    """A game that can picture an unfinished move (e.g. a square: where can this piece go?)."""

    def preview(self, state: S, seat: Seat, text: str) -> View | None:
        """`seat`'s view with the moves that `text` begins marked, or None when `text` names
        nothing to preview."""
        ...


@runtime_checkable
class SidedGame(Game[S, M], Protocol):
    """A game of sides: each player wins or loses with a side (hidden or not) rather than alone."""

    def sides(self, state: S) -> tuple[str, ...]:
        """Each seat's side (such as "humans"), final once the game is over; a secret of the
        game until then, so callers read it only at the end."""
        ...


@runtime_checkable
class UndoableGame(Game[S, M], Protocol):
    """A game whose moves may be taken back by agreement (see `undoable`). A game that is not
    one has no takebacks at all."""

    def undoable(self, before: S, move: M, after: S) -> str | None:
        """Why `move`, which led from `before` to `after`, cannot be taken back (it drew, dealt,
        rolled or revealed what was hidden), or None when it can."""
        ...


class OpenAndCertain:
    """For a game with nothing hidden and nothing left to chance: every move may be taken
    back (mixed into its class, it makes the game an `UndoableGame`)."""

    def undoable(self, before: Any, move: Any, after: Any) -> str | None:
        return None


@runtime_checkable
class CompletingGame(Game[S, M], Protocol):
    """A game whose commands may hold several steps, so that autocomplete must read the steps
    already typed to offer the next one."""

    def completions(self, state: S, seat: Seat, typed: str) -> list[str]:
        """Whole commands that go on from `typed` (its finished steps, then a legal next step),
        best first; empty when a finished step is refused."""
        ...
