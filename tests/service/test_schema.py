"""The schema, written once (`club.storage.migrations`): a fresh SQLite file and a fresh PostgreSQL
database get the same tables column by column, and a database that an older bot made, at any
schema version, is brought up to date by today's bot."""

from __future__ import annotations

import re
import sqlite3
from pathlib import Path
from typing import Any

import asyncpg
import pytest

from club.storage import migrations
from club.storage.postgres import PgDatabase
from club.storage.sqlite import SqliteDatabase
from tests.postgres import Cluster
from tests.service import old_migrations

TYPE_CLASSES = {
    "INTEGER": "integer",
    "BIGINT": "integer",
    "REAL": "real",
    "DOUBLE PRECISION": "real",
    "TEXT": "text",
}
"""Each dialect's column types by what they hold (SQLite's INTEGER is 64 bits, as BIGINT is)."""
ROWIDS = {
    ("servers", "guild_id"),
    ("takeback_requests", "game_id"),
    ("guild_commands", "guild_id"),
    ("former_players", "number"),
    ("departed_servers", "guild_id"),
    ("league_organisers", "guild_id"),
    ("text_readers", "user_id"),
}
"""Columns that SQLite would number if a row came without them (an INTEGER PRIMARY KEY is its
rowid), unlike PostgreSQL; the bot always gives them (a server's id, a game's id)."""


def default(text: str | None) -> str | None:
    """A column default as written, without PostgreSQL's cast (`'[]'::text`: `'[]'`)."""
    return None if text is None else re.sub(r"::[a-z ]+$", "", text)


def sqlite_schema(path: Path) -> dict[str, Any]:
    """Every column as (table, name, type class, nullable, default, place in the primary key,
    numbered by the database), every index as (table, name, columns, unique, partial) and every
    reference as (table, column, table referred to, its column)."""
    columns, indexes, references = set(), set(), set()
    with sqlite3.connect(path) as db:
        tables = [
            name
            for (name,) in db.execute(
                "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
            )
        ]
        for table in tables:
            info = db.execute(f"PRAGMA table_info({table})").fetchall()
            keys = sum(1 for row in info if row[5])
            for _, name, kind, notnull, value, key in info:
                numbered = key == 1 and keys == 1 and kind == "INTEGER"  # SQLite's rowid
                numbered = numbered and (table, name) not in ROWIDS
                nullable = not (notnull or key)  # a primary key column is never null
                columns.add(
                    (table, name, TYPE_CLASSES[kind], nullable, default(value), key, numbered)
                )
            for _, name, unique, origin, partial in db.execute(f"PRAGMA index_list({table})"):
                if origin == "pk":
                    continue
                named = tuple(row[2] for row in db.execute(f"PRAGMA index_info({name})"))
                indexes.add((table, name, named, bool(unique), bool(partial)))
            for row in db.execute(f"PRAGMA foreign_key_list({table})"):
                references.add((table, row[3], row[2], row[4]))
    return {"columns": columns, "indexes": indexes, "references": references}


async def postgresql_schema(url: str) -> dict[str, Any]:
    """The same description of a PostgreSQL database (its `schema_version` table left out)."""
    connection = await asyncpg.connect(url)
    try:
        keys = {
            (table, column): place
            for table, column, place in await connection.fetch(
                "SELECT tc.table_name, k.column_name, k.ordinal_position "
                "FROM information_schema.table_constraints AS tc "
                "JOIN information_schema.key_column_usage AS k "
                "USING (constraint_schema, constraint_name, table_name) "
                "WHERE tc.constraint_type = 'PRIMARY KEY' AND tc.table_schema = 'public'"
            )
        }
        columns = {
            (
                table,
                name,
                TYPE_CLASSES[kind.upper()],
                nullable == "YES",
                default(value),
                keys.get((table, name), 0),
                identity == "YES",
            )
            for table, name, kind, nullable, value, identity in await connection.fetch(
                "SELECT table_name, column_name, data_type, is_nullable, column_default, "
                "is_identity FROM information_schema.columns WHERE table_schema = 'public' "
                "AND table_name <> 'schema_version'"
            )
        }
        indexes = {
            (table, name, tuple(named), unique, partial)
            for table, name, named, unique, partial in await connection.fetch(
                "SELECT t.relname, i.relname, ARRAY(SELECT a.attname FROM unnest(x.indkey) "
                "WITH ORDINALITY AS k(number, place) JOIN pg_attribute AS a "
                "ON a.attrelid = t.oid AND a.attnum = k.number ORDER BY k.place), "
                "x.indisunique, x.indpred IS NOT NULL FROM pg_index AS x "
                "JOIN pg_class AS i ON i.oid = x.indexrelid "
                "JOIN pg_class AS t ON t.oid = x.indrelid "
                "JOIN pg_namespace AS n ON n.oid = t.relnamespace "
                "WHERE n.nspname = 'public' AND NOT x.indisprimary"
            )
        }
        references = {
            tuple(row)
            for row in await connection.fetch(
                "SELECT c.conrelid::regclass::text, a.attname, c.confrelid::regclass::text, "
                "f.attname FROM pg_constraint AS c "
                "CROSS JOIN LATERAL unnest(c.conkey, c.confkey) AS k(number, referred) "
                "JOIN pg_attribute AS a ON a.attrelid = c.conrelid AND a.attnum = k.number "
                "JOIN pg_attribute AS f ON f.attrelid = c.confrelid AND f.attnum = k.referred "
                "WHERE c.contype = 'f'"
            )
        }
    finally:
        await connection.close()
    return {"columns": columns, "indexes": indexes, "references": references}


async def migrated_sqlite(path: Path) -> Path:
    database = SqliteDatabase(path)
    await database.open()
    await database.close()
    return path


async def test_sqlite_and_postgresql_migrate_to_the_same_columns_indexes_and_references(
    postgres_server: Cluster, tmp_path: Path
) -> None:
    url = await postgres_server.new_database()
    sqlite = sqlite_schema(await migrated_sqlite(tmp_path / "bot.sqlite3"))
    postgresql = await postgresql_schema(url)
    await postgres_server.drop_database(url)
    assert sorted(postgresql["columns"]) == sorted(sqlite["columns"])
    assert sorted(postgresql["indexes"]) == sorted(sqlite["indexes"])
    assert sorted(postgresql["references"]) == sorted(sqlite["references"])
    assert len(sqlite["columns"]) > 80 and len(sqlite["indexes"]) == 7


def test_the_schema_comparison_sees_a_type_a_default_and_a_null_that_differ(
    tmp_path: Path,
) -> None:
    with sqlite3.connect(tmp_path / "a.sqlite3") as a, sqlite3.connect(tmp_path / "b.sqlite3") as b:
        a.execute("CREATE TABLE t (x INTEGER NOT NULL DEFAULT 0, y REAL, z TEXT)")
        b.execute("CREATE TABLE t (x INTEGER DEFAULT 0, y TEXT, z TEXT DEFAULT '')")
    first, second = sqlite_schema(tmp_path / "a.sqlite3"), sqlite_schema(tmp_path / "b.sqlite3")
    assert first["columns"] ^ second["columns"] == {
        ("t", "x", "integer", False, "0", 0, False),
        ("t", "x", "integer", True, "0", 0, False),
        ("t", "y", "real", True, None, 0, False),
        ("t", "y", "text", True, None, 0, False),
        ("t", "z", "text", True, None, 0, False),
        ("t", "z", "text", True, "''", 0, False),
    }


def old_sqlite(path: Path, version: int) -> None:
    """A SQLite file as the bot before `club.storage` left it at schema `version`, holding a
    finished game with a move."""
    with sqlite3.connect(path, isolation_level=None) as db:
        for number, script in enumerate(old_migrations.SQLITE[:version], start=1):
            db.executescript(f"BEGIN; {script}; PRAGMA user_version = {number}; COMMIT;")
        if version:
            db.execute(
                "INSERT INTO games (id, channel_id, game_key, options, seed, status, creator_id, "
                "created_at, updated_at) VALUES (7, 1, 'leylines', '{}', 1, 'finished', 2, 1, 1)"
            )
            db.execute(
                "INSERT INTO moves (game_id, seq, seat, kind, notation, created_at) "
                "VALUES (7, 1, 0, 'resign', 'resign', 1)"
            )


def sqlite_tables(path: Path) -> list[tuple[str, str]]:
    """Each table's and index's SQL as the database keeps it, spaces collapsed."""
    with sqlite3.connect(path) as db:
        rows = db.execute(
            "SELECT name, sql FROM sqlite_master WHERE sql IS NOT NULL ORDER BY name"
        ).fetchall()
    return [(name, " ".join(sql.split())) for name, sql in rows]


@pytest.mark.parametrize("version", range(len(old_migrations.SQLITE) + 1))
async def test_a_sqlite_file_of_any_older_schema_is_brought_up_to_date(
    tmp_path: Path, version: int
) -> None:
    old_sqlite(tmp_path / "old.sqlite3", version)
    await migrated_sqlite(tmp_path / "old.sqlite3")
    fresh = await migrated_sqlite(tmp_path / "fresh.sqlite3")
    assert sqlite_tables(tmp_path / "old.sqlite3") == sqlite_tables(fresh)
    with sqlite3.connect(tmp_path / "old.sqlite3") as db:
        assert db.execute("PRAGMA user_version").fetchone() == (len(migrations.MIGRATIONS),)
        if version:
            assert db.execute("SELECT seq, kind, said, undoes FROM moves").fetchall() == [
                (1, "resign", "", 1)
            ]
            assert db.execute("SELECT finished_seq FROM games").fetchall() == [
                (1 if version < 6 else None,)
            ]


def test_sqlite_is_migrated_by_the_statements_it_always_was() -> None:
    def spaced(script: str) -> str:
        return " ".join(script.split()).rstrip("; ")

    released = len(old_migrations.SQLITE)  # those written before the one list; more follow
    assert [spaced(script) for script in migrations.rendered("sqlite")[:released]] == [
        spaced(script) for script in old_migrations.SQLITE
    ]


async def postgresql_checks(url: str) -> list[tuple[str, str]]:
    connection = await asyncpg.connect(url)
    try:
        rows = await connection.fetch(
            "SELECT conrelid::regclass::text, pg_get_constraintdef(oid) FROM pg_constraint "
            "WHERE contype = 'c' ORDER BY 1, 2"
        )
    finally:
        await connection.close()
    return [tuple(row) for row in rows]


@pytest.mark.parametrize("version", [0, 2, 5, 7, 8, 12, 13])
async def test_a_postgresql_database_of_an_older_schema_is_brought_up_to_date(
    postgres_server: Cluster, version: int
) -> None:
    old = await postgres_server.new_database(migrated=False)
    connection = await asyncpg.connect(old)
    try:
        await connection.execute(
            "CREATE TABLE schema_version "
            "(number INTEGER PRIMARY KEY, applied_at DOUBLE PRECISION NOT NULL)"
        )
        for number, script in enumerate(old_migrations.POSTGRESQL[:version], start=1):
            await connection.execute(script)
            await connection.execute("INSERT INTO schema_version VALUES ($1, 0)", number)
    finally:
        await connection.close()
    database = PgDatabase(old, pool_size=1)
    await database.open()
    versions = await database.rows("SELECT number FROM schema_version ORDER BY number")
    await database.close()
    fresh = await postgres_server.new_database()
    try:
        assert [number for (number,) in versions] == list(range(1, len(migrations.MIGRATIONS) + 1))
        assert await postgresql_schema(old) == await postgresql_schema(fresh)
        assert await postgresql_checks(old) == await postgresql_checks(fresh)
    finally:
        await postgres_server.drop_database(old)
        await postgres_server.drop_database(fresh)
