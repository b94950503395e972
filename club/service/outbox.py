"""What the outbox keeps of an update, typed, and its one JSON form.

An entry is committed with its action and read back by the delivery that tells it (see
`club.service.deliveries`). It keeps only what cannot be made again later: the public narration,
who to ping, whether a new channel message is due, and each private notice's text with whether
it carries a private board or a picker; pictures, buttons and pickers are made again from the
game as it stands when it is delivered.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from club.service.computer_seats import is_computer
from club.service.tables import Table
from club.service.updates import Notice
from club.storage.privacy import is_former


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
                PrivateLine(p["user"], p["seat"], p["text"], bool(p["view"]), bool(p["picker"]))
                for p in data["private"]
            ),
        )


def entry(
    table: Table,
    said: str,
    mentions: tuple[int, ...],
    private: Iterable[Notice],
    *,
    fresh: bool | None,
) -> OutboxEntry:
    """The entry of an update at `table` (as it stands after it): `fresh` None means a new
    channel message is due when the update pings someone or the game is over. A computer player
    is sent nothing: it reads the state it is given."""
    seat_of = {p.user_id: seat for seat, p in enumerate(table.players)}
    return OutboxEntry(
        said,
        mentions,
        bool(mentions) or table.over if fresh is None else fresh,
        tuple(
            PrivateLine(
                n.user_id,
                seat_of.get(n.user_id),
                n.text,
                n.view is not None,
                n.controls is not None,
            )
            for n in private
            if n.user_id is not None and not is_computer(n.user_id) and not is_former(n.user_id)
        ),
    )
