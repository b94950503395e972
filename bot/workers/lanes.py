"""Which work runs next, in bounded shares: one small scheduler, without transport.

Work comes in kinds, the most urgent first (`KINDS`): a table's work (a move, its board picture, a
computer player's reply), then lessons, reviews and replays. Work waits for its turn with a
`Ticket` (`async with lanes.ticket(kind, server, person): ...` holds the turn inside). In the bot,
the tables' work has worker pools of its own; lessons, reviews and replays each wait in their
cog's lane (`bot.learn.cog`, `bot.review.cog`, `bot.workers.replays`) and run in worker processes
of their own behind the tables (`bot.workers.behind`), so their share of the machine is bounded
twice.

Rules:
- At most `slots` turns are held at once (None: no bound on the whole; the limits of a kind still
  hold).
- A kind may have `Limits`: `at_once` turns of the kind held at once (its share of the slots),
  `per_server` of them held at once in one server; `per_person` tickets of one person, waiting or
  holding a turn, and `waiting` tickets of the kind waiting in all. A ticket beyond `per_person`
  or `waiting` is refused as it is asked for (`Full`, one line for the asker); one that only has
  to wait for a turn waits.
- A free turn goes to the first waiting ticket that may take it within its kind's limits, the
  most urgent kind first and first come first within a kind: a table's work never waits for a
  lesson, review or replay that has not begun, only for the turns they hold.
- A waiting ticket with `told` is told how many of its kind are ahead of it (waiting before it or
  holding a turn) as it starts waiting and whenever that number changes, in order, never twice
  the same number (`ahead_text` words it), at most once every `tell_every` seconds (the
  latest number then): fifty people waiting behind a queue that moves ten times a second cost
  Discord a few edits each, not one per step. And the lanes' words to all their waiting
  together go out at most `words_per_second` (the latest number when its time comes; a ticket
  whose turn comes first is not told): fifty people asking at once are told over ten seconds,
  not in one burst that the tables' messages queue behind. Telling runs beside the wait, one
  word at a time, the latest number only: a slow word (Discord's rate limits) never holds up a
  turn, and the word under way when the turn comes is out before the holder goes on.
- A ticket leaves when its holder's `async with` ends, when its waiter is cancelled, or when it
  is closed (`Ticket.close`, which is idempotent).
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field
from types import TracebackType

from engine.core import GameError
from engine.words import Unit

TABLE, LESSON, REVIEW, REPLAY = KINDS = ("table", "lesson", "review", "replay")
"""The kinds of work, the most urgent first."""
UNITS = {
    TABLE: Unit("move"),
    LESSON: Unit("lesson"),
    REVIEW: Unit("review"),
    REPLAY: Unit("replay"),
}
"""What a ticket of each kind is called to the people waiting."""

Told = Callable[[int], Awaitable[None]]
"""Told how many tickets of its kind are ahead of a waiting one."""
TELL_EVERY = 3.0
"""Seconds between two words to one waiting ticket at least (see the module's rules)."""
WORDS_PER_SECOND = 5.0
"""Words to the waiting, all tickets together, at most (see the module's rules)."""


@dataclass(frozen=True)
class Limits:
    """A kind's bounds (None: none; see the module)."""

    at_once: int | None = None
    per_server: int | None = None
    per_person: int | None = None
    waiting: int | None = None


class Full(GameError):
    """A ticket refused: its asker already has `per_person`, or too many wait (the message is
    for the asker, privately)."""


def ahead_text(kind: str, ahead: int) -> str:
    """`3 reviews ahead of yours; this message changes as they go.`, or that it is next."""
    if ahead <= 0:
        return f"Your {UNITS[kind].one} is next."
    return f"{UNITS[kind].of(ahead)} ahead of yours; this message changes as they go."


def person_full_text(kind: str, held: int) -> str:
    """The refusal of a ticket beyond its kind's `per_person`."""
    unit = UNITS[kind]
    return f"You already have {unit.of(held)} on the way; ask again once one is done."


def waiting_full_text(kind: str) -> str:
    """The refusal of a ticket beyond its kind's `waiting`."""
    return f"Too many {UNITS[kind].plural} are waiting right now; try again in a few minutes."


class Lanes:
    """Turns for `slots` at once, the kinds bounded by `limits`, each waiting ticket told at most
    every `tell_every` seconds and all of them at most `words_per_second` (see the module)."""

    def __init__(
        self,
        slots: int | None = None,
        limits: Mapping[str, Limits] | None = None,
        tell_every: float = TELL_EVERY,
        words_per_second: float = WORDS_PER_SECOND,
    ):
        self.slots = slots
        self.limits = dict(limits or {})
        self.tell_every = tell_every
        self.word_spacing = 1.0 / words_per_second
        self._next_word = 0.0
        """When the next word to a waiting ticket may go out (the event loop's clock)."""
        self._numbers = itertools.count()
        self._waiting: list[Ticket] = []
        """The tickets waiting, in the order they take turns (kind, then first come)."""
        self._holding: list[Ticket] = []
        self._moved = asyncio.Event()
        """Set, and replaced, whenever a turn was taken or given back."""

    def ticket(
        self, kind: str, server: int = 0, person: int = 0, told: Told | None = None
    ) -> Ticket:
        """A place in the queue for work of `kind` asked for by `person` in `server`; raises
        `Full` (see the module). Enter it (`async with`) to wait for the turn and hold it."""
        limits = self.limits.get(kind, Limits())
        mine = [t for t in (*self._waiting, *self._holding) if t.kind == kind]
        held = sum(t.person == person for t in mine)
        if limits.per_person is not None and held >= limits.per_person:
            raise Full(person_full_text(kind, held))
        waiting = sum(t in self._waiting for t in mine)
        if limits.waiting is not None and waiting >= limits.waiting:
            raise Full(waiting_full_text(kind))
        ticket = Ticket(self, kind, server, person, told, next(self._numbers))
        self._waiting.append(ticket)
        self._waiting.sort(key=Ticket.order)
        return ticket

    def waiting(self, kind: str | None = None) -> int:
        """Tickets waiting (of `kind`, or of every kind)."""
        return sum(kind is None or t.kind == kind for t in self._waiting)

    def holding(self, kind: str | None = None) -> int:
        """Turns held (of `kind`, or of every kind)."""
        return sum(kind is None or t.kind == kind for t in self._holding)

    def ahead(self, ticket: Ticket) -> int:
        """How many of `ticket`'s kind are ahead of it: holding a turn, or waiting before it."""
        before = itertools.takewhile(lambda t: t is not ticket, self._waiting)
        return self.holding(ticket.kind) + sum(t.kind == ticket.kind for t in before)

    async def _word_slot(self, turn: asyncio.Event) -> bool:
        """Wait for the next free slot for a word to the waiting (see the module); whether it is
        still wanted (False: `turn` came first)."""
        now = asyncio.get_running_loop().time()
        slot = max(now, self._next_word)
        self._next_word = slot + self.word_spacing
        if slot > now:
            with contextlib.suppress(TimeoutError):  # the wait ends early with the turn
                await asyncio.wait_for(turn.wait(), slot - now)
        return not turn.is_set()

    def _may_take(self, ticket: Ticket) -> bool:
        if self.slots is not None and len(self._holding) >= self.slots:
            return False
        limits = self.limits.get(ticket.kind, Limits())
        same = [t for t in self._holding if t.kind == ticket.kind]
        if limits.at_once is not None and len(same) >= limits.at_once:
            return False
        in_server = sum(t.server == ticket.server for t in same)
        return limits.per_server is None or in_server < limits.per_server

    def _hand_out(self) -> None:
        """Give free turns to the waiting tickets that may take them, in their order."""
        for ticket in list(self._waiting):
            if self._may_take(ticket):
                self._waiting.remove(ticket)
                self._holding.append(ticket)
                ticket.turn.set()
        self._moved.set()
        self._moved = asyncio.Event()

    def _leave(self, ticket: Ticket) -> None:
        if ticket in self._waiting:
            self._waiting.remove(ticket)
        elif ticket in self._holding:
            self._holding.remove(ticket)
        else:
            return
        self._hand_out()


@dataclass(eq=False)
class Ticket:
    """A place in `lanes`' queue (see `Lanes.ticket`); `async with` waits for the turn and holds
    it."""

    lanes: Lanes
    kind: str
    server: int
    person: int
    told: Told | None
    number: int
    turn: asyncio.Event = field(default_factory=asyncio.Event)

    def order(self) -> tuple[int, int]:
        return KINDS.index(self.kind), self.number

    async def __aenter__(self) -> None:
        self.lanes._hand_out()
        if self.turn.is_set():
            return
        teller = None if self.told is None else asyncio.ensure_future(self._tell(self.told))
        try:
            await self.turn.wait()
        except BaseException:
            self.close()
            if teller is not None:
                teller.cancel()
            raise
        if teller is not None:
            await teller  # its word under way is out before the work's own

    async def _tell(self, told: Told) -> None:
        """Tell how many are ahead until the turn comes: the latest number only, one word at a
        time, at most every `tell_every` seconds and in the lanes' pace of words, beside the wait
        (a slow word never holds up a turn)."""
        said = None
        while not self.turn.is_set():
            moved = self.lanes._moved
            ahead = self.lanes.ahead(self)
            if ahead != said:
                if not await self.lanes._word_slot(self.turn):
                    return  # the turn came first: no word
                said = ahead = self.lanes.ahead(self)  # the latest number
                with contextlib.suppress(Exception):  # a lost word holds up nothing
                    await told(ahead)
                with contextlib.suppress(TimeoutError):  # the pause ends early with the turn
                    await asyncio.wait_for(self.turn.wait(), self.lanes.tell_every)
                continue  # the queue may have moved meanwhile
            await moved.wait()

    async def __aexit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.close()

    def close(self) -> None:
        """Leave the queue, or give the turn back (nothing if already done)."""
        self.lanes._leave(self)
