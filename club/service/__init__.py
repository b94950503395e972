"""The table service: lobbies, seats, turns and moves, with no Discord in it.

Commands and buttons call it; tests call it directly. Every method takes the channel and the
acting user, checks what may be done, asks the engine, persists through the store and returns what
should be said (`Notice`s), leaving delivery to the transport. Work on one channel is serialised by
a per-channel lock; the store's version guard catches anything that slips past it.

`TableService` is a plain container of one service per job, each given exactly the collaborators
it uses, the store's repositories among them (nothing here keeps the whole store: whoever made
it keeps it, the composition root, the command line or a test): what happened, told to whoever the
bot declares reacts to it (`effects`), the tables (loading, locks, the clock and seeds, `tables`),
the servers' settings, the committer (`commits`, each request's unit of work: the channel's lock,
its table loaded once and one transaction per action), lobbies and rematches, play, claims on
time and stand-ins, takebacks, computer players, looking, times away, each player's tables and
digests (`waiting`), clocks (reminders and timers), the outbox as this process tells it
(`telling`), deliveries, leases (work claimed in a database several processes share), games'
records and replays (`history`), stats and ratings (`ratings`), seasons (`seasons`) and each
person's data (`privacy`). Callers name the service they use: `service.play.move(...)`.
"""

from __future__ import annotations

import functools
import time
from collections.abc import Callable
from typing import TYPE_CHECKING

from club.catalogue import CATALOGUE, Catalogue
from club.service.away import Away
from club.service.claims import Claims
from club.service.clocks import Clocks
from club.service.commits import Committer
from club.service.computers import Computers, Turn
from club.service.deliveries import Deliveries
from club.service.effects import Effects, GameChanged, TableTold
from club.service.glances import Glances
from club.service.leases import Leases
from club.service.lobbies import Lobbies, Lobby
from club.service.looking import Looking
from club.service.offers import narrower_prefixes
from club.service.play import Play
from club.service.privacy import PrivacyService
from club.service.projection import view_digest
from club.service.ratings import Ratings
from club.service.records import History
from club.service.rematches import Rematch, Rematches
from club.service.seasons import SeasonsService
from club.service.servers import Servers
from club.service.standins import StandIns
from club.service.tables import Tables, new_seed
from club.service.takebacks import TakebackAsked, Takebacks
from club.service.telling import Telling
from club.service.textmode import TextMode
from club.service.updates import (
    Choice,
    ChooseFurther,
    Controls,
    Delivery,
    Notice,
    Played,
    Player,
    Post,
    Queued,
    TableError,
    TableUpdate,
)
from club.service.waiting import Waiting
from club.service.wording import STALE
from club.storage import Storage
from club.storage.database import SaveUncertain
from club.storage.rows import Living

if TYPE_CHECKING:
    from club.leagues.service import LeagueService


class TableService:
    """The services over one store. `remind_after` is how long (seconds) a turn may wait before
    the players to move are reminded, again every `remind_after` (a server may choose its own,
    see `servers`); 0 turns reminders off. `clock` gives Unix seconds. `holder` names this
    process on the work it claims in a database other processes share."""

    def __init__(
        self,
        store: Storage,
        seed_source: Callable[[], int] | None = None,
        *,
        remind_after: float = 0,
        clock: Callable[[], float] = time.time,
        holder: str = "bot",
        catalogue: Catalogue = CATALOGUE,
    ) -> None:
        games, moves, people = store.games, store.moves, store.people
        self.effects = Effects()
        """What happened, told to the reactions the bot declares (`bot.client.after_commit`)."""
        self.tables = tables = Tables(
            games, moves, seed_source, clock=clock, catalogue=catalogue, effects=self.effects
        )
        self.servers = servers = Servers(store.servers, remind_after=remind_after, clock=clock)
        self.telling = telling = Telling(store.outbox)
        committer = Committer(tables, servers, games, moves, telling)
        self.lobbies = lobbies = Lobbies(tables, games, store.ledger, people, servers, committer)
        self.rematches = Rematches(tables, games, committer, lobbies)
        self.play = play = Play(tables, games, committer)
        self.away = away = Away(tables, games, people)
        self.waiting = waiting = Waiting(tables, games, people, servers, away)
        self.claims = Claims(tables, games, moves, committer, servers, away)
        self.standins = StandIns(tables, games, committer)
        self.takebacks = Takebacks(tables, moves, store.takebacks, committer)
        self.computers = Computers(tables, games, committer)
        self.looking = Looking(tables, games, store.outbox, committer)
        self.clocks = Clocks(tables, games, committer, servers, away, waiting)
        self.deliveries = Deliveries(tables, games, telling, committer)
        self.leases = Leases(store.leases, holder=holder, clock=clock)
        self.history = History(games, moves, catalogue)
        self.text_mode = TextMode(store.readers, clock)
        self.glances = Glances(tables, games, catalogue)
        self.ratings = Ratings(store.ledger, catalogue)
        self.privacy = PrivacyService(
            tables, games, moves, store.privacy, play, lobbies, self.leases
        )
        self.seasons = SeasonsService(
            store.seasons, catalogue, self.ratings.stored_ending, clock=clock
        )
        self._committer = committer
        self._league_rows = (store.leagues, games, moves)

    @functools.cached_property
    def leagues(self) -> LeagueService:
        """The server leagues, built on these services (made when first used: the leagues'
        package imports this one)."""
        from club.leagues.service import LeagueService

        tables = self.tables
        return LeagueService(
            *self._league_rows, tables, self.lobbies, self._committer,
            self.away, self.servers, self.leases, tables.catalogue,
        )  # fmt: skip


__all__ = [
    "STALE",
    "Choice",
    "ChooseFurther",
    "Controls",
    "Delivery",
    "Effects",
    "GameChanged",
    "Living",
    "Lobby",
    "Notice",
    "Played",
    "Player",
    "Post",
    "Queued",
    "Rematch",
    "SaveUncertain",
    "TableError",
    "TableService",
    "TableTold",
    "TableUpdate",
    "TakebackAsked",
    "Turn",
    "narrower_prefixes",
    "new_seed",
    "view_digest",
]
