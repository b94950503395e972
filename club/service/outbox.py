"""What the outbox keeps of an update, typed, and its one JSON form.

An entry is committed with its action and read back by the delivery that tells it (see
`club.service.deliveries`). It keeps only what cannot be made again later: the public narration,
who to ping, whether a new channel message is due, and each private notice's text with whether
it carries a private board or a picker; pictures, buttons and pickers are made again from the
game as it stands when it is delivered.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from club.service import offers
from club.service.computer_seats import is_computer
from club.service.tables import Table
from club.storage.privacy import is_former
from engine.core import Event, Seat


@dataclass(frozen=True)
class PrivateLine:
    """A private notice to `user_id` (who plays `seat`, None for someone without a seat)."""

    user_id: int
    seat: int | None
    text: str
    view: bool
    """Whether it shows the player's private board."""
    picker: bool
    """Whether it offers a picker of the player's secret moves."""
    answered: bool = False
    """Whether it tells the player of their own action, in the answer to the request that made
    it (see `club.service.projection`): then it is never sent by DM."""


@dataclass(frozen=True)
class OutboxEntry:
    """One update: `said` in the channel, pinging `mentions`; `fresh` when it needs a new
    channel message (else it is edited into the living board message); `private` notices."""

    said: str
    mentions: tuple[int, ...]
    fresh: bool
    private: tuple[PrivateLine, ...]

    def to_json(self) -> dict[str, Any]:
        return {
            "said": self.said,
            "mentions": list(self.mentions),
            "fresh": self.fresh,
            "private": [
                {
                    "user": p.user_id,
                    "seat": p.seat,
                    "text": p.text,
                    "view": p.view,
                    "picker": p.picker,
                    **({"answered": True} if p.answered else {}),
                }
                for p in self.private
            ],
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> OutboxEntry:
        return cls(
            data["said"],
            tuple(data["mentions"]),
            bool(data["fresh"]),
            tuple(
                PrivateLine(
                    p["user"],
                    p["seat"],
                    p["text"],
                    bool(p["view"]),
                    bool(p["picker"]),
                    bool(p.get("answered", False)),
                )
                for p in data["private"]
            ),
        )


def entry(
    table: Table,
    said: str,
    mentions: tuple[int, ...],
    private: Iterable[PrivateLine] = (),
    *,
    fresh: bool | None,
) -> OutboxEntry:
    """The entry of an update at `table` (as it stands after it): `fresh` None means a new
    channel message is due when the update pings someone or the game is over. A computer player
    (or a former player) is sent nothing: it reads the state it is given."""
    return OutboxEntry(
        said,
        mentions,
        bool(mentions) or table.over if fresh is None else fresh,
        tuple(p for p in private if not is_computer(p.user_id) and not is_former(p.user_id)),
    )


def action_entry(
    before: Table, after: Table, events: Sequence[Event], answered: Seat | None = None
) -> OutboxEntry:
    """The entry of an action that took `before` to `after`: its public events as the
    narration, a ping for each player newly asked to act, its private events to their seats,
    and a picker for each newly asked seat whose moves are secret (engine work: legal moves).
    The private events to seat `answered` (whose player made the action and is answered by
    its request) are told in that answer."""
    waiting_before = set(before.actor_ids())
    mentions = tuple(u for u in after.actor_ids() if u not in waiting_before)
    newly = {s for s in after.actors() if after.players[s].user_id not in waiting_before}
    told = (
        PrivateLine(after.players[e.to].user_id, e.to, e.text, False, False, e.to == answered)
        for e in events
        if e.to is not None
    )
    private = (*told, *private_lines(after, newly))
    return entry(after, narration(events), mentions, private, fresh=None)


def narration(events: Sequence[Event]) -> str:
    """What the channel is told of `events`: the public ones, in order, on one line."""
    return " ".join(e.text for e in events if e.to is None)


def opening_entry(table: Table, said: str) -> OutboxEntry:
    """The entry of a game's start: `said`, pinging the players to act, a new channel message,
    and each seat's secret information (with a picker for a seat whose moves are secret)."""
    return entry(table, said, table.actor_ids(), private_lines(table, None), fresh=True)


def private_lines(table: Table, seats: set[Seat] | None) -> list[PrivateLine]:
    """Each seat's secret information, told when the game starts (`seats` None); later, a
    picker for each of `seats` (newly asked to act) whose moves are secret, such as choosing
    objectives."""
    lines = []
    for seat, player in enumerate(table.players):
        view = table.game.view(table.state, seat)
        asked = offers.secret_moves(table, seat) and (seats is None or seat in seats)
        if asked or (seats is None and view.private):
            text = "\n".join(view.private) or "Your choice:"
            lines.append(PrivateLine(player.user_id, seat, text, True, asked))
    return lines
