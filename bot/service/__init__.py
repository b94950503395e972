"""The table service: lobbies, seats, turns and moves, with no Discord in it.

Commands and buttons call it; tests call it directly. Every method takes the channel and the
acting user, checks what may be done, asks the engine, persists through the store and returns what
should be said (`Notice`s), leaving delivery to the transport. Work on one channel is serialised by
a per-channel lock; the store's version guard catches anything that slips past it.

`TableService` is a thin front over one module per job: loading and locks (`tables`), lobbies
and rematches, play, claims on time, takebacks, computer players, looking, clocks (reminders
and timers), deliveries, leases (work claimed in a database several processes share), and the
wording of it all.
"""

from __future__ import annotations

from bot.service.claims import Claims
from bot.service.clocks import Clocks
from bot.service.computers import Computers, Turn
from bot.service.deliveries import Deliveries, Delivery, Post, view_digest
from bot.service.leases import Leases
from bot.service.lobbies import Lobby
from bot.service.looking import Looking
from bot.service.offers import narrower_prefixes
from bot.service.rematches import Rematch, Rematches
from bot.service.tables import new_seed
from bot.service.takebacks import TakebackAsked, Takebacks
from bot.service.updates import (
    Choice,
    ChooseFurther,
    Controls,
    Notice,
    Played,
    Player,
    TableError,
    TableUpdate,
)
from bot.service.wording import STALE


class TableService(Rematches, Computers, Claims, Takebacks, Looking, Clocks, Deliveries, Leases):
    """`remind_after` is how long (seconds) a turn may wait before the players to move are
    reminded, again every `remind_after`; 0 turns reminders off. `clock` gives Unix seconds.
    `holder` names this process on the work it claims in a database other processes share."""


__all__ = [
    "STALE",
    "Choice",
    "ChooseFurther",
    "Controls",
    "Delivery",
    "Lobby",
    "Notice",
    "Played",
    "Player",
    "Post",
    "Rematch",
    "TableError",
    "TableService",
    "TableUpdate",
    "TakebackAsked",
    "Turn",
    "narrower_prefixes",
    "new_seed",
    "view_digest",
]
