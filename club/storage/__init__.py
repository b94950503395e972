"""Storage: repositories per group of tables over one database.

`Storage` holds the repositories (`games`, `moves`, `outbox`, `leases`, `takebacks`, `ledger`,
`people`, `readers`, `servers`, `operations`, `guild_commands`, `privacy`, `leagues`, `seasons`),
each of plain SQL written once, over one `club.storage.database.Database` that holds what differs
between SQLite (`club.storage.sqlite`, the embedded default) and PostgreSQL
(`club.storage.postgres`, for several processes on one database): placeholders, the JSON
aggregate of seats, row locks, the ledger's lock, the error a taken channel raises and the errors
that say nothing can be saved. The schema is `club.storage.migrations`, written once for both.
"""

from __future__ import annotations

from pathlib import Path

from club.storage.commands import GuildCommands
from club.storage.database import Connection, Database
from club.storage.games import Games
from club.storage.leagues import Leagues
from club.storage.leases import LeaseHolders
from club.storage.ledger import Ledger
from club.storage.moves import Moves
from club.storage.operations import Operations
from club.storage.outbox import Outbox
from club.storage.people import People
from club.storage.postgres import PgDatabase, described
from club.storage.privacy import Privacy
from club.storage.readers import TextReaders
from club.storage.seasons import Seasons
from club.storage.servers import GuildSettings
from club.storage.sqlite import SqliteDatabase
from club.storage.takebacks import TakebackRequests


class Storage:
    """The repositories over `database`."""

    def __init__(self, database: Database) -> None:
        self.database = database
        self.games = Games(database)
        self.moves = Moves(database)
        self.outbox = Outbox(database)
        self.leases = LeaseHolders(database)
        self.takebacks = TakebackRequests(database)
        self.ledger = Ledger(database)
        self.people = People(database)
        self.readers = TextReaders(database)
        self.servers = GuildSettings(database)
        self.operations = Operations(database)
        self.guild_commands = GuildCommands(database)
        self.privacy = Privacy(database)
        self.leagues = Leagues(database)
        self.seasons = Seasons(database)

    @property
    def shared(self) -> bool:
        """Whether other processes may use the same database (`Database.shared`)."""
        return self.database.shared

    async def open(self, *, read_only: bool = False) -> None:
        """Connect, creating and migrating the schema (`read_only`: only read it as it is);
        raises `club.storage.database.DatabaseProblem`, with one line for the administrator, if
        the database cannot be used."""
        await self.database.open(read_only=read_only)

    async def close(self) -> None:
        await self.database.close()

    @property
    def db(self) -> Connection:
        """Statements outside any transaction, each committed at once (for tests and tools)."""
        return self.database.db


def storage_for(path: Path, url: str | None) -> Storage:
    """A new, unopened storage: on the PostgreSQL database at `url` (DATABASE_URL), or else the
    SQLite file at `path` (DATABASE_PATH, the default, which needs no database server)."""
    return Storage(SqliteDatabase(path) if url is None else PgDatabase(url))


def cannot_save(error: BaseException) -> bool:
    """Whether `error` is a database of either kind saying it cannot save anything now
    (`Database.cannot_save`)."""
    return SqliteDatabase.cannot_save(error) or PgDatabase.cannot_save(error)


def where(path: Path, url: str | None) -> str:
    """Where that storage keeps its data, fit for a log: the file, or PostgreSQL's host, port
    and database (never the user or password)."""
    return str(path) if url is None else described(url)
