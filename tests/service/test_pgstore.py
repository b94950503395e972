"""Storage on PostgreSQL: the guarantees kept by the database between processes. Each race runs
two storages on one database (two connection pools, or two SQLite connections), as two bot
processes would, on both databases."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import asyncpg
import pytest

from club.service import TableService
from club.storage import Storage
from club.storage.migrations import MIGRATIONS
from club.storage.postgres import DatabaseUnreachable, PgDatabase, changed, numbered
from club.storage.rows import ChannelBusy, Commit, GameRow, PhaseTimer
from tests.conftest import Backend
from tests.postgres import Cluster, free_port
from tests.service.fixtures import ANN, BOB, CAT, CHANNEL, seat

ROUNDS = 5
"""How many moves the two stores race for in one game."""


@pytest.fixture
async def stores(backend: Backend) -> AsyncIterator[tuple[Storage, Storage]]:
    """Two stores open on one fresh database."""
    first, second = backend.store(), backend.store()
    await first.open()
    await second.open()
    yield first, second
    await first.close()
    await second.close()


async def active_game(store: Storage) -> GameRow:
    """A started game of Ann and Bob in `CHANNEL` (its state is not read by the store)."""
    game_id = await store.games.create_lobby(
        guild_id=1,
        channel_id=CHANNEL,
        game_key="leylines",
        options={},
        seed=1,
        creator_id=ANN.user_id,
        creator_name=ANN.name,
    )
    lobby = await store.games.get(game_id)
    assert lobby is not None
    await store.games.add_seat(lobby, BOB.user_id, BOB.name)
    seated = await store.games.get(game_id)
    assert seated is not None
    await store.games.start(seated, "{}", None, PhaseTimer(), outbox={})
    game = await store.games.get(game_id)
    assert game is not None
    return game


async def record(store: Storage, game: GameRow, notation: str) -> None:
    await store.moves.record(
        game, Commit(0, "move", notation, "{}", None, notation, {"said": notation})
    )


async def test_two_processes_recording_a_move_on_one_version_apply_it_once(
    stores: tuple[Storage, Storage],
) -> None:
    first, second = stores
    game = await active_game(first)
    for number in range(1, ROUNDS + 1):
        raced = await asyncio.gather(
            record(first, game, f"first {number}"),
            record(second, game, f"second {number}"),
            return_exceptions=True,
        )
        assert sorted(type(outcome).__name__ for outcome in raced) == ["NoneType", "StaleGame"]
        winner = "first" if raced[0] is None else "second"
        moves = await second.moves.of(game.id)
        assert [m.seq for m in moves] == list(range(1, number + 1))
        assert moves[-1].notation == f"{winner} {number}"
        game = await first.games.get(game.id) or pytest.fail()
        assert game.version == number + 2  # a seat, the start, then one per move
    queued = [row.payload for row in await first.outbox.pending(game.id)]
    assert queued[1:] == [{"said": move.notation} for move in await first.moves.of(game.id)]


async def test_two_processes_opening_a_lobby_in_one_channel_open_one(
    stores: tuple[Storage, Storage],
) -> None:
    opened = await asyncio.gather(
        *(
            store.games.create_lobby(
                guild_id=1,
                channel_id=CHANNEL,
                game_key="leylines",
                options={},
                seed=1,
                creator_id=player.user_id,
                creator_name=player.name,
            )
            for store, player in zip(stores, (ANN, BOB), strict=True)
        ),
        return_exceptions=True,
    )
    [game_id] = [outcome for outcome in opened if isinstance(outcome, int)]
    assert [type(outcome) for outcome in opened if not isinstance(outcome, int)] == [ChannelBusy]
    lobby = await stores[1].games.open_in(CHANNEL)
    assert lobby is not None and lobby.id == game_id
    assert lobby.creator_id == (ANN if opened[0] == game_id else BOB).user_id


async def test_two_processes_finishing_games_at_once_number_and_count_both(
    stores: tuple[Storage, Storage],
) -> None:
    first, second = (TableService(store, seed_source=lambda: 7) for store in stores)
    await seat(first, 10, "leylines", (ANN, BOB))
    await seat(second, 11, "leylines", (ANN, CAT))
    await asyncio.gather(first.play.resign(10, BOB), second.play.resign(11, CAT))
    [ann] = await stores[0].ledger.ratings(1, ANN.user_id)
    assert (ann.games, ann.wins, ann.streak) == (2, 2, 2)
    finished = await stores[0].db.execute_fetchall(
        "SELECT finished_seq FROM games ORDER BY finished_seq"
    )
    assert [seq for (seq,) in finished] == [1, 2]


async def test_an_unreachable_database_is_named_in_one_line_without_its_password(
    postgres_server: Cluster,
) -> None:
    port = free_port()
    closed = PgDatabase(f"postgresql://bot:secret@127.0.0.1:{port}/mars")
    with pytest.raises(DatabaseUnreachable) as refused:
        await closed.open()
    assert f"cannot connect to PostgreSQL 127.0.0.1:{port}/mars" in str(refused.value)
    missing = PgDatabase(postgres_server.url("nowhere"))
    with pytest.raises(DatabaseUnreachable, match='database "nowhere" does not exist'):
        await missing.open()
    assert "secret" not in str(refused.value) and "\n" not in str(refused.value)


def test_placeholders_are_numbered_outside_quotes() -> None:
    assert numbered("SELECT '?', \"a?\" FROM t WHERE a = ? AND b IN (?, ?)") == (
        "SELECT '?', \"a?\" FROM t WHERE a = $1 AND b IN ($2, $3)"
    )
    assert numbered("UPDATE t SET s = 'it''s ?' WHERE id = ?") == (
        "UPDATE t SET s = 'it''s ?' WHERE id = $1"
    )
    assert (changed("UPDATE 3"), changed("INSERT 0 1"), changed("CREATE TABLE")) == (3, 1, -1)


async def test_migrations_are_recorded_once_when_processes_start_together(
    postgres_server: Cluster,
) -> None:
    url = await postgres_server.new_database(migrated=False)
    databases = [PgDatabase(url, pool_size=1) for _ in range(3)]
    await asyncio.gather(*(database.open() for database in databases[:2]))
    await databases[2].open()  # a restart finds nothing left to do
    for database in databases:
        await database.close()
    connection = await asyncpg.connect(url)
    numbers = await connection.fetch("SELECT number FROM schema_version ORDER BY number")
    await connection.close()
    assert [number for (number,) in numbers] == list(range(1, len(MIGRATIONS) + 1))
    await postgres_server.drop_database(url)
